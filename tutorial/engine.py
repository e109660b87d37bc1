"""Where lessons meet the engine: positions, goals, wrong moves and quiz answers.

Nothing here decides by comparing strings: a move is right when the engine, playing it,
produces what the step's goal asks for.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from pisti import GameState, Rules, Tally, match_outcome, score_tallies, view_for
from pisti.bots import make_bot
from pisti.cards import JACK, parse_card
from pisti.scenario import arrange_deck
from pisti.state import JACK_PISTI, NO_PISTI, PISTI, Event
from pisti_site.cardwords import card_words

LEARNER = 0


class StepError(ValueError):
    """A step whose data the engine refuses (caught by the tests, never shown)."""


def deal_deck(deal: dict, rules: Rules) -> list[int]:
    """The 52-card order of a lesson's deal: given in full, or arranged from its table and
    the hands per seat (every other card in a fixed order, ``stock_rest`` first)."""
    if deal.get("deck"):
        return [parse_card(c) for c in deal["deck"]]
    hands = {int(seat): cards for seat, cards in deal.get("hands", {}).items()}
    return arrange_deck(
        deal["table"],
        hands,
        rules=rules,
        dealer=deal["dealer"],
        stock_rest=deal.get("stock_rest", ()),
    )


def build_state(spec: dict) -> GameState | None:
    """The engine state a step starts from, or ``None`` for a step with no table.

    A step's table is never written by hand: it is a real deal (a full deck order) and the
    plays made before the step, replayed card by card by the engine, so every card is
    accounted for and every count on the page is the engine's.
    """
    deal = spec.get("deal")
    if not deal:
        return None
    rules = Rules.from_dict(deal.get("rules"))
    state = GameState(rules, deal_deck(deal, rules), deal["dealer"])
    for number, card in enumerate(spec.get("plays", []), start=1):
        try:
            state.play(card)
        except ValueError as error:
            raise StepError(f"earlier play {number} ({card}): {error}") from None
    return state


@dataclass
class MoveResult:
    card: int
    right: bool
    event: Event
    replies: list[Event] = field(default_factory=list)
    state: GameState | None = None  # after the move (and the replies, when right)

    @property
    def events(self) -> list[Event]:
        """The learner's play first, then each reply in the order it was made."""
        return [self.event, *self.replies]


def _side_captured(state: GameState) -> int:
    return len(state.captured[state.side_of(LEARNER)])


REPLY_BOT = "greedy"


def _play_replies(state: GameState, replies) -> list[Event]:
    """Play the other seats until it is the learner's turn again or the deal is over.

    ``replies`` is either the other seats' cards, scripted for a step with one right move,
    or ``"engine"``: a deterministic bot chooses each reply from what that seat may see, so a
    step with several right moves plays on from the move actually made. The learner's own
    cards are never played for them.
    """
    events = []
    bot = make_bot(REPLY_BOT) if replies == "engine" else None
    queue = [] if bot else list(replies)
    while state.current_player is not None and state.current_player != LEARNER:
        seat = state.current_player
        if bot:
            card = bot.choose(view_for(state, seat))
        elif queue:
            card = parse_card(queue.pop(0))
        else:
            break
        if card not in state.hands[seat]:
            raise StepError(f"reply {card} is not in the hand of seat {seat}")
        events.append(state.play(card))
    return events


def _next_seat_can_pisti(state: GameState) -> bool:
    seat = state.current_player
    if seat is None:
        return False
    for card in state.hands[seat]:
        trial = state.copy()
        if trial.play(card).kind != NO_PISTI:
            return True
    return False


def goal_met(goal: dict, before: GameState, after: GameState, event: Event) -> bool:
    kind = goal["type"]
    if kind == "card":
        return event.card in [parse_card(c) for c in goal["cards"]]
    if kind == "capture":
        return event.captured > 0
    if kind == "no_capture":
        return event.captured == 0
    if kind == "pisti":
        return event.kind == PISTI
    if kind == "jack_pisti":
        return event.kind == JACK_PISTI
    if kind == "jack_capture":
        return event.card >> 2 == JACK and event.captured > 0
    if kind == "no_pisti_for_next":
        return not _next_seat_can_pisti(after)
    if kind == "last_capture":
        return after.is_over and after.last_capture_side == after.side_of(LEARNER)
    if kind == "side_capture":
        return _side_captured(after) > _side_captured(before)
    raise StepError(f"unknown goal type {kind!r}")


_AFTER_REPLIES = {"last_capture", "side_capture"}


def play_move(spec: dict, card) -> MoveResult:
    """Play the learner's card on the step's position and judge it by the goal."""
    before = build_state(spec)
    card = parse_card(card) if isinstance(card, str) else card
    if before is None or before.current_player != LEARNER:
        raise StepError("this step has no move for the learner")
    if card not in before.hands[LEARNER]:
        raise ValueError("that card is not in your hand")
    after = before.copy()
    event = after.play(card)
    goal = spec["goal"]
    if goal["type"] in _AFTER_REPLIES:
        replies = _play_replies(after, spec.get("replies", []))
        right = goal_met(goal, before, after, event)
    else:
        right = goal_met(goal, before, after, event)
        replies = _play_replies(after, spec.get("replies", [])) if right else []
    return MoveResult(card, right, event, replies, after)


def quiz_answer(question: dict) -> str:
    """The engine's answer to a quiz question, as the string a choice holds."""
    rules = Rules.from_dict(question.get("rules"))
    if question["type"] == "deal_points":
        tallies = [Tally(**t) for t in question["tallies"]]
        return str(score_tallies(tallies, rules)[question["side"]].points)
    if question["type"] == "match_result":
        outcome = match_outcome(question["totals"], question["deals"], rules)
        if not outcome.over:
            return "continue"
        return "shared" if outcome.shared else str(outcome.winners[0])
    raise StepError(f"unknown question type {question['type']!r}")


def fill_text(text: str, result: MoveResult | None, before: GameState | None) -> str:
    """Fill {captured}, {card}, {top} and {points} from what the engine did."""
    if result is None:
        return text
    rules = result.state.rules
    points = {PISTI: rules.pisti_points, JACK_PISTI: rules.jack_pisti_points}.get(
        result.event.kind, 0
    )
    top = before.pile[-1] if before and before.pile else None
    values = {
        "captured": str(result.event.captured),
        "card": card_words(result.card),
        "top": card_words(top) if top is not None else "",
        "points": str(points),
    }
    for name, value in values.items():
        text = text.replace("{" + name + "}", value)
    return text


def explain_wrong(spec: dict, result: MoveResult) -> str:
    """An engine-made explanation for a wrong card that has no scripted text."""
    before = build_state(spec)
    top = before.pile[-1] if before.pile else None
    card, event = card_words(result.card), result.event
    goal = spec["goal"]["type"]
    if event.captured == 0 and goal in (
        "capture",
        "pisti",
        "jack_pisti",
        "jack_capture",
        "side_capture",
        "last_capture",
    ):
        if top is None:
            return _("The table is empty, so the %(card)s takes nothing.") % {"card": card}
        return _("The %(card)s does not match the %(top)s on top, so it takes nothing.") % {
            "card": card,
            "top": card_words(top),
        }
    if goal in ("pisti", "jack_pisti") and event.kind == NO_PISTI:
        return _("The %(card)s takes the pile, but that is not a pişti.") % {"card": card}
    if goal == "no_capture" and event.captured:
        return _("The %(card)s would take the pile; this step asks you to keep it.") % {
            "card": card
        }
    if goal == "no_pisti_for_next":
        return _("After the %(card)s the next player could make a pişti.") % {"card": card}
    return _("That is not the move this step asks for. Look at the goal and try again.")
