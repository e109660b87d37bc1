"""Card diagrams and score tables for the rules pages, computed by the engine.

Every outcome a caption states (cards captured, pişti or not, points) is read from the
engine's event or score, never typed in, and ``tests`` re-check each claim against the
engine. Positions are reached the honest way: an arranged deck and real plays.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from pisti import GameState, Rules, Tally, score_deal, score_tallies
from pisti.bots.simple import GreedyBot
from pisti.dealing import shuffled_deck
from pisti.duel import play_deal
from pisti.scenario import arrange_deck
from pisti.state import JACK_PISTI, PISTI
from pisti_site.cardwords import card_words, cards_words
from pisti_site.svg import row_svg

RULES = Rules()
YOU, OPPONENT = 0, 1
# The opponent deals, so "you" (seat 0) lead and every diagram starts with your card.
TABLE = ["4S", "KD", "3C", "9H"]
HANDS = {YOU: ["9C", "5D", "7S", "JC"], OPPONENT: ["QH", "7H", "JH", "8D"]}


@dataclass
class Diagram:
    name: str
    before_face_down: int
    before_face_up: list[int]
    played: int | None
    caption: str
    facts: dict = field(default_factory=dict)  # what the caption claims, for the tests

    @property
    def svg(self) -> str:
        groups = [("pile", self.before_face_down, self.before_face_up)]
        if self.played is not None:
            groups.append(("played", 0, [self.played]))
        return row_svg(groups, self.alt_text)

    @property
    def alt_text(self) -> str:
        pile = ngettext(
            "Table: %(down)d face-down card, face up: %(up)s.",
            "Table: %(down)d face-down cards, face up: %(up)s.",
            self.before_face_down,
        ) % {
            "down": self.before_face_down,
            "up": cards_words(self.before_face_up),
        }
        if self.played is None:
            return pile
        return pile + " " + _("Card played: %(card)s.") % {"card": card_words(self.played)}


def _state(plays=()) -> GameState:
    state = GameState(RULES, arrange_deck(TABLE, HANDS, dealer=OPPONENT), dealer=OPPONENT)
    for card in plays:
        state.play(card)
    return state


def _show_play(name: str, plays_before, card, caption_for) -> Diagram:
    """Play ``card`` after ``plays_before`` and describe what the engine did."""
    state = _state(plays_before)
    down = state.pile_face_down
    up = list(state.pile[down:])
    top = state.pile[-1] if state.pile else None
    event = state.play(card)
    facts = {
        "captured": event.captured,
        "pisti": event.kind == PISTI,
        "jack_pisti": event.kind == JACK_PISTI,
        "pile_after": len(state.pile),
    }
    caption = caption_for(event, top, facts)
    return Diagram(name, down, up, event.card, caption, facts)


def opening_table() -> Diagram:
    state = _state()
    top = state.pile[-1]
    caption = _(
        "A new deal: three cards face down with the %(top)s face up on top, "
        "and four cards in each hand."
    ) % {"top": card_words(top)}
    return Diagram(
        "opening-table",
        state.pile_face_down,
        list(state.pile[state.pile_face_down :]),
        None,
        caption,
        {"face_down": state.pile_face_down, "hand_size": len(state.hands[YOU])},
    )


def capture_by_rank() -> Diagram:
    return _show_play(
        "capture-by-rank",
        [],
        "9C",
        lambda e, top, f: (
            ngettext(
                "The %(card)s matches the %(top)s on top, so it takes the whole pile: "
                "%(count)d card, the face-down ones included.",
                "The %(card)s matches the %(top)s on top, so it takes the whole pile: "
                "%(count)d cards, the face-down ones included.",
                e.captured,
            )
            % {"card": card_words(e.card), "top": card_words(top), "count": e.captured}
        ),
    )


def no_match() -> Diagram:
    return _show_play(
        "no-match",
        [],
        "5D",
        lambda e, top, f: (
            ngettext(
                "The %(card)s does not match the %(top)s: it takes nothing and becomes the new "
                "top card of a pile of %(count)d card.",
                "The %(card)s does not match the %(top)s: it takes nothing and becomes the new "
                "top card of a pile of %(count)d cards.",
                f["pile_after"],
            )
            % {"card": card_words(e.card), "top": card_words(top), "count": f["pile_after"]}
        ),
    )


def jack_capture() -> Diagram:
    return _show_play(
        "jack-capture",
        ["5D", "8D"],
        "JC",
        lambda e, top, f: (
            ngettext(
                "The %(top)s is on top and the %(card)s takes the pile anyway: %(count)d card.",
                "The %(top)s is on top and the %(card)s takes the pile anyway: %(count)d cards.",
                e.captured,
            )
            % {"card": card_words(e.card), "top": card_words(top), "count": e.captured}
        ),
    )


def jack_empty_table() -> Diagram:
    return _show_play(
        "jack-empty-table",
        ["9C"],
        "JH",
        lambda e, top, f: (
            (
                _("On an empty table the %(card)s captures nothing: it starts a new pile.")
                if e.captured == 0
                else _("On an empty table the %(card)s is taken at once.")
            )
            % {"card": card_words(e.card)}
        ),
    )


def pisti() -> Diagram:
    return _show_play(
        "pisti",
        ["9C", "7H"],
        "7S",
        lambda e, top, f: (
            _(
                "Only the %(top)s lies on the table and the %(card)s takes it: a pişti, "
                "worth %(points)d points."
            )
            % {"top": card_words(top), "card": card_words(e.card), "points": RULES.pisti_points}
            if f["pisti"]
            else _("No pişti.")
        ),
    )


def jack_pisti() -> Diagram:
    return _show_play(
        "jack-pisti",
        ["9C", "JH"],
        "JC",
        lambda e, top, f: (
            _("A lone %(top)s taken with the %(card)s: a jack pişti, worth %(points)d points.")
            % {
                "top": card_words(top),
                "card": card_words(e.card),
                "points": RULES.jack_pisti_points,
            }
            if f["jack_pisti"]
            else _("No jack pişti.")
        ),
    )


def jack_on_lone_card() -> Diagram:
    return _show_play(
        "jack-on-lone-card",
        ["9C", "7H"],
        "JC",
        lambda e, top, f: (
            ngettext(
                "The %(card)s takes the lone %(top)s (%(count)d card), but under the standard "
                "rules that is an ordinary capture, not a pişti.",
                "The %(card)s takes the lone %(top)s (%(count)d cards), but under the standard "
                "rules that is an ordinary capture, not a pişti.",
                e.captured,
            )
            % {"card": card_words(e.card), "top": card_words(top), "count": e.captured}
            if not (f["pisti"] or f["jack_pisti"])
            else _("A pişti.")
        ),
    )


def _deal_with_leftover(seed: int = 0) -> GameState:
    """The first greedy-versus-greedy deal (from ``seed`` on) whose last card takes nothing."""
    while True:
        rng = random.Random(seed)
        state = GameState(RULES, shuffled_deck(rng, RULES), dealer=OPPONENT)
        play_deal(state, [GreedyBot(seed), GreedyBot(seed + 1)])
        last = state.events[-1]
        if last.captured == 0 and state.leftover and state.last_capture_side is not None:
            return state
        seed += 1


def last_cards() -> Diagram:
    state = _deal_with_leftover()
    side, count = state.leftover
    # Rebuild the table as it was before the last card.
    replay = state.replayed(len(state.events) - 1)
    down, up = replay.pile_face_down, list(replay.pile[replay.pile_face_down :])
    last = state.events[-1]
    who = _("you") if side == YOU else _("your opponent")
    caption = ngettext(
        "The last card of the deal, the %(card)s, takes nothing. The %(count)d card left "
        "on the table goes to %(who)s, who made the last capture; this is never a pişti.",
        "The last card of the deal, the %(card)s, takes nothing. The %(count)d cards left "
        "on the table go to %(who)s, who made the last capture; this is never a pişti.",
        count,
    ) % {"card": card_words(last.card), "count": count, "who": who}
    facts = {
        "leftover": count,
        "leftover_side": side,
        "last_capture_side": state.last_capture_side,
        "captured": last.captured,
    }
    return Diagram("last-cards", down, up, last.card, caption, facts)


DIAGRAMS = {
    "opening-table": opening_table,
    "capture-by-rank": capture_by_rank,
    "no-match": no_match,
    "jack-capture": jack_capture,
    "jack-empty-table": jack_empty_table,
    "pisti": pisti,
    "jack-pisti": jack_pisti,
    "jack-on-lone-card": jack_on_lone_card,
    "last-cards": last_cards,
}


# -- score tables --------------------------------------------------------------------


def worked_21():
    """The sources' example: 30 cards, three jacks, two aces, the ten of diamonds, a pişti."""
    yours = Tally(cards=30, aces=2, jacks=3, ten_of_diamonds=True, pisti=1)
    theirs = Tally(cards=22, aces=2, jacks=1, two_of_clubs=True)
    return score_tallies([yours, theirs], RULES)


def full_deal():
    """A whole deal between two greedy bots, scored by the engine."""
    state = GameState(RULES, shuffled_deck(random.Random(2026), RULES), OPPONENT)
    play_deal(state, [GreedyBot(1), GreedyBot(2)])
    return score_deal(state)


# The worked examples' tallies as the text describes them; the engine scores them.
PARTNERSHIP_TALLIES = [
    # you (14 cards, one ace) and your partner (16 cards: an ace, two jacks, the ten of
    # diamonds, one pişti) count as one side; the opponents share the other 22 cards
    Tally(cards=14 + 16, aces=1 + 1, jacks=2, ten_of_diamonds=True, pisti=1),
    Tally(cards=22, aces=2, jacks=2, two_of_clubs=True),
]
THREE_PLAYER_TALLIES = [
    Tally(cards=20, aces=2, jacks=1, two_of_clubs=True),
    Tally(cards=18, aces=1, jacks=2, ten_of_diamonds=True, pisti=1),
    Tally(cards=14, aces=1, jacks=1),
]
HOUSE_VALUES = Rules(two_of_clubs_points=3, ten_of_diamonds_points=4, majority_bonus=4)


def partnership():
    """Two partners' captures pooled into one side."""
    return score_tallies(PARTNERSHIP_TALLIES, Rules(players=4))


def three_players():
    """Three players, each a side; the one with the most cards takes the bonus."""
    return score_tallies(THREE_PLAYER_TALLIES, Rules(players=3))


def house_values():
    """The first worked example again, under the house values of source 000."""
    yours = Tally(cards=30, aces=2, jacks=3, ten_of_diamonds=True, pisti=1)
    theirs = Tally(cards=22, aces=2, jacks=1, two_of_clubs=True)
    return score_tallies([yours, theirs], HOUSE_VALUES)


EXAMPLES = {
    "worked-21": worked_21,
    "full-deal": full_deal,
    "partnership": partnership,
    "three-players": three_players,
    "house-values": house_values,
}


def side_labels(count: int) -> list[str]:
    """Column headings for a score table of ``count`` sides."""
    return [_("Side A"), _("Side B"), _("Side C"), _("Side D")][:count]


def scoring_rows(rules: Rules = RULES):
    """The scoring-at-a-glance table, values from the rules object."""
    return [
        (_("Each ace"), 1),
        (_("Each jack"), 1),
        (_("Two of clubs"), rules.two_of_clubs_points),
        (_("Ten of diamonds"), rules.ten_of_diamonds_points),
        (_("Most cards (strictly more than every other side)"), rules.majority_bonus),
        (_("Each pişti"), rules.pisti_points),
        (_("Each jack pişti"), rules.jack_pisti_points),
    ]
