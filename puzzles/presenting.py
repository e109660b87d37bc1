"""A puzzle as the page shows it, and its explanation in the visitor's language."""

from __future__ import annotations

import datetime
import hashlib
import json

from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from pisti import PlayerView
from pisti.cards import JACK, parse_card
from pisti.scoring import majority_side
from pisti.state import JACK_PISTI, PISTI
from pisti_site.cardwords import ACCUSATIVE, card_words
from pisti_site.lines import line_steps
from pisti_site.numbers import count_text, loss_against_best, points_text
from pisti_site.seen import seen_context
from pisti_site.svg import card_svg
from pisti_site.table import names_seen_from, pile_taken, present_view, side_names_seen_from
from pisti_site.verdicts import best_card_facts, counting_fact, reason, what_it_gives_away

from . import generate
from .models import Puzzle


def theme_names() -> dict[str, str]:
    return {
        "pisti": pgettext("puzzle theme", "Pişti"),
        "jack": _("Jack timing"),
        # the positions of the last round, where the stock is gone (generate.theme_of): not
        # all of them turn on the last capture, so the name says the round
        "last_capture": _("The last round"),
        "counting": _("Card counting"),
        "partnership": _("Partnership"),
    }


def theme_abouts() -> dict[str, str]:
    """One line per theme on the puzzles page: what its positions ask of you."""
    return {
        "pisti": _(
            "A lone card on the table: take it for a pişti, or leave the next player none to take."
        ),
        "jack": _("When to spend a jack: on the pile now, or kept for a bigger one."),
        "last_capture": _(
            "The final round, with the stock gone: count what is left; the last capture also "
            "takes every card still on the table."
        ),
        "counting": _("Count the cards gone by to know which card is safe to lay."),
        "partnership": _(
            "Two against two: set up your partner and keep cards from your opponents."
        ),
    }


def harder_half() -> list[int]:
    """The numbers of the harder half of the puzzles by their first rating (how hard the
    position is to see, :func:`rating.seed_rating`): fixed by the content, where the live
    ratings move with every answer and would move the day's puzzle with them."""
    seeded = sorted(
        (rating, number) for number, rating in Puzzle.objects.values_list("number", "first_rating")
    )
    if not seeded:
        return []
    median = seeded[len(seeded) // 2][0]
    return sorted(number for rating, number in seeded if rating >= median)


def puzzle_of_the_day(today: datetime.date | None = None) -> Puzzle | None:
    """The same puzzle for everyone on a given date (UTC), a different one each day, drawn
    from the harder half by first rating."""
    numbers = harder_half()
    if not numbers:
        return None
    today = today or datetime.datetime.now(datetime.UTC).date()
    digest = hashlib.sha256(today.isoformat().encode()).digest()
    return Puzzle.objects.get(number=numbers[int.from_bytes(digest[:8], "big") % len(numbers)])


def _card(name: str) -> dict:
    card = parse_card(name)
    return {"code": name, "name": card_words(card), "svg": card_svg(card, card_words(card))}


def view_of(puzzle: Puzzle) -> PlayerView:
    """The stored view (``PlayerView.to_dict``) as the engine's object again."""
    return generate.stored_view(puzzle.view)


def present(puzzle: Puzzle, form=None, tried=()) -> dict:
    """Hand, pile, what has been seen and the score: the view, nothing more, on the shared
    card table (its hand posts the answer when ``form`` is given, the cards ``tried``
    already marked so)."""
    view = puzzle.view
    seat = view["seat"]
    sides = 2 if view["partnerships"] or view["players"] == 2 else view["players"]
    my_side = seat % 2 if view["partnerships"] else seat
    player_view = view_of(puzzle)
    return {
        "table": present_view(
            player_view,
            playable=form is not None,
            form=form,
            marks={parse_card(card): ("tried",) for card in tried},
        ),
        "puzzle": puzzle,
        "theme_name": theme_names()[puzzle.theme],
        "hand": _hand(view),
        "pile": [_card(c) for c in view["pile_face_up"][-4:]],
        "pile_size": view["pile_size"],
        "face_down": view["pile_size"] - len(view["pile_face_up"]),
        "stock": view["stock"],
        **seen_context(player_view),
        "players": view["players"],
        "partnerships": view["partnerships"],
        "captured": [
            {
                "mine": side == my_side,
                "cards": view["captured_cards"][side],
                "pisti": view["pisti"][side] + view["jack_pisti"][side],
            }
            for side in range(sides)
        ],
    }


def glance(puzzle: Puzzle) -> dict:
    """A puzzle at a glance (the puzzles page's card of the day): the face-up card on top of
    the pile, how many cards lie there, and your hand, all from your view."""
    view = puzzle.view
    top = view["pile_face_up"][-1] if view["pile_face_up"] else None
    return {
        "top": _card(top) if top else None,
        "pile_size": view["pile_size"],
        "hand": _hand(view),
    }


def _hand(view: dict) -> list[dict]:
    """The solver's hand in card order, as the puzzle pages name and draw it."""
    return [_card(c) for c in sorted(view["hand"], key=parse_card)]


def solution_steps(puzzle: Puzzle) -> list[dict]:
    """The solution's line as the table script plays it, told from the solver's chair.
    Only for a page that shows the solution: the replies are cards the others really held."""
    view = view_of(puzzle)
    return line_steps(puzzle.line or {}, view.seat, view.rules)


def solution_points(puzzle: Puzzle) -> str:
    """What each side won over the answer's line ("Points in these plays: …"), or nothing
    for a line stored without its points."""
    line = puzzle.line or {}
    return line_points(view_of(puzzle), line) if "points" in line else ""


def chosen_line(puzzle: Puzzle, card: str | None) -> dict | None:
    """The line of a wrong first card (the same table, the same bots, the others' real
    cards): its steps, what each side won over it and how that compares with the answer's
    line. ``None`` for the answer, or a puzzle stored without other lines."""
    line = (puzzle.other_lines or {}).get(card or "")
    best = puzzle.line or {}
    if not line or "points" not in line or "points" not in best:
        return None
    view = view_of(puzzle)
    steps = line_steps(line, view.seat, view.rules)
    return {
        "card": card_words(parse_card(card)),
        "steps": steps,
        "json": json.dumps(steps),
        "points": line_points(view, line),
        "verdict": line_verdict(puzzle, view, card, best, line),
        "parting_note": parting_note(view, best, line),
    }


def line_points(view: PlayerView, line: dict) -> str:
    """ "You +3 · Your opponent +10": what each side won over a line's plays, yours first;
    a line that ends the deal names the most-cards bonus in its side's points (a player
    adding up the cards taken came 3 short and could not tell why)."""
    names = side_names_seen_from(view.seat, view.rules)
    mine = view.rules.side_of(view.seat)
    order = [mine] + [side for side in range(len(names)) if side != mine]
    bonus_side = _most_cards_side(view, line)
    shown = " · ".join(
        f"{names[side]} +{line['points'][side]}"
        + (
            " " + _("(%(n)s of them for the most cards)") % {"n": view.rules.majority_bonus}
            if side == bonus_side
            else ""
        )
        for side in order
    )
    return _("Points in these plays: %(points)s") % {"points": shown}


def _most_cards_side(view: PlayerView, line: dict) -> int | None:
    """The side a line that ends the deal gives the most-cards bonus (``None``: the line
    stops before the deal's end, nobody has the most, or the rules give no bonus). A line
    from the last round plays to the deal's end (:func:`pisti_site.lines.solution_line`)."""
    if view.stock or not view.rules.majority_bonus:
        return None
    counts = list(view.captured_cards)
    for seat, _card, captured, _kind in line.get("plays", []):
        counts[view.rules.side_of(seat)] += captured
    if line.get("leftover"):
        side, count = line["leftover"]
        counts[side] += count
    return majority_side(counts, view.rules.majority_rule)


def _net(view: PlayerView, line: dict) -> int:
    """The solver's side's points over a line less everybody else's."""
    mine = view.rules.side_of(view.seat)
    return sum(p if side == mine else -p for side, p in enumerate(line["points"]))


def _pistis(view: PlayerView, line: dict, mine: bool) -> list[tuple[int, str]]:
    """The piştis of a line's plays made by the solver's side (``mine``) or the others':
    (seat, card)."""
    side = view.rules.side_of(view.seat)
    return [
        (seat, card)
        for seat, card, _captured, kind in line.get("plays", [])
        if kind in (PISTI, JACK_PISTI) and (view.rules.side_of(seat) == side) == mine
    ]


def parting_note(view: PlayerView, best: dict, line: dict) -> str:
    """Where the two lines part, said as it happened: over a pişti (the other side's after
    the card chosen, or the solver's side's after the best card, when the other line has
    fewer), else over a capture (:func:`capture_note`). Much of what a wrong card gives away
    is piştis ("pişti chances given away") or captures later on, which read as abstract
    until the table shows one."""
    given = _pistis(view, line, mine=False)
    if len(given) > len(_pistis(view, best, mine=False)):
        seat, card = given[0]
        # the seat's name leads: a chair's name ("Your opponent") is capitalised
        return _("%(name)s makes a pişti with the %(card)s after your card in these plays.") % {
            "name": names_seen_from(view.seat, view.rules)[seat],
            "card": card_words(parse_card(card)),
        }
    made = _pistis(view, best, mine=True)
    if len(made) > len(_pistis(view, line, mine=True)):
        seat, card = made[0]
        words = {"card": card_words(parse_card(card))}
        if seat == view.seat:
            return _("After the best card, you make a pişti with the %(card)s in these plays.") % (
                words
            )
        return (
            _("After the best card, your partner makes a pişti with the %(card)s in these plays.")
            % words
        )
    return capture_note(view, best, line)


# a difference of a card or two in what is taken reads as noise beside the average
CAPTURE_NOTE_CARDS = 3


def _takes(view: PlayerView, line: dict, mine: bool) -> list[tuple[int, int, str]]:
    """The captures of a line's plays by the solver's side (``mine``) or the others':
    (cards taken, seat, card), the biggest first."""
    side = view.rules.side_of(view.seat)
    return sorted(
        (
            (captured, seat, card)
            for seat, card, captured, _kind in line.get("plays", [])
            if captured and (view.rules.side_of(seat) == side) == mine
        ),
        key=lambda take: -take[0],
    )


def capture_note(view: PlayerView, best: dict, line: dict) -> str:
    """Where no pişti parts the two lines, a capture may: the other side taking at least
    :data:`CAPTURE_NOTE_CARDS` cards more after the card chosen (its biggest capture named),
    or the solver's side after the best card. A plain "keeps about 2 points more" gave a new
    player nothing to see; this points at the play in the list above it."""
    given, before = _takes(view, line, mine=False), _takes(view, best, mine=False)
    if given and sum(t[0] for t in given) >= sum(t[0] for t in before) + CAPTURE_NOTE_CARDS:
        count, seat, card = given[0]
        count = pile_taken(count)  # as the list of plays above it says "takes N"
        return ngettext(
            "%(name)s takes %(count)d card with the %(card)s after your card in these plays.",
            "%(name)s takes %(count)d cards with the %(card)s after your card in these plays.",
            count,
        ) % {
            "name": names_seen_from(view.seat, view.rules)[seat],
            "count": count,
            "card": card_words(parse_card(card)),
        }
    made, after = _takes(view, best, mine=True), _takes(view, line, mine=True)
    if made and sum(t[0] for t in made) >= sum(t[0] for t in after) + CAPTURE_NOTE_CARDS:
        count, seat, card = made[0]
        count = pile_taken(count)  # as the list of plays above it says "takes N"
        words = {"count": count, "card": card_words(parse_card(card))}
        if seat == view.seat:
            return (
                ngettext(
                    "After the best card, you take %(count)d card with the %(card)s in these "
                    "plays.",
                    "After the best card, you take %(count)d cards with the %(card)s in these "
                    "plays.",
                    count,
                )
                % words
            )
        return (
            ngettext(
                "After the best card, your partner takes %(count)d card with the %(card)s in "
                "these plays.",
                "After the best card, your partner takes %(count)d cards with the %(card)s in "
                "these plays.",
                count,
            )
            % words
        )
    return ""


def line_verdict(puzzle: Puzzle, view: PlayerView, card: str, best: dict, line: dict) -> str:
    """How the wrong card's line compares with the answer's, honestly: one deal with the
    cards the others really held can go either way (even in the wrong card's favour); the
    verdict is the average over every deal the player could be in."""
    behind = _net(view, best) - _net(view, line)
    average = points_text(points_lost(puzzle, card))
    if behind > 0:
        return ngettext(
            "In these plays your card comes out %(n)s point behind the best card (counting "
            "what your side wins less what the others win).",
            "In these plays your card comes out %(n)s points behind the best card (counting "
            "what your side wins less what the others win).",
            behind,
        ) % {"n": behind}
    if behind < 0:
        return ngettext(
            "With the cards the others really held, your card comes out %(n)s point ahead in "
            "these plays; over every deal you could be in, it loses about %(points)s points "
            "on average.",
            "With the cards the others really held, your card comes out %(n)s points ahead in "
            "these plays; over every deal you could be in, it loses about %(points)s points "
            "on average.",
            -behind,
        ) % {"n": -behind, "points": average}
    return _(
        "With the cards the others really held, your card costs nothing in these plays; "
        "over every deal you could be in, it loses about %(points)s points on average."
    ) % {"points": average}


def explanation(puzzle: Puzzle, chosen: str | None = None, *, one_try: bool = False) -> list[str]:
    """Sentences from the position's facts: why the answer beats the card the player chose
    first (when it was another) or else the next best card, with the review's own reason
    (:func:`generate.why_not`); the theme's rule; then the numbers."""
    facts = puzzle.facts
    best = card_words(parse_card(puzzle.answer))
    runner_up = card_words(parse_card(facts["runner_up"]))
    other = chosen if chosen in facts["why_not"] else facts["runner_up"]
    why = facts["why_not"][other]
    lines = []
    best_facts = best_card_facts(view_of(puzzle), puzzle.answer)
    makes_pisti = best_facts["best_pisti"]
    # the reason says it for a missed pişti, and for a jack laid on the lone card
    jack_on_it = parse_card(other) >> 2 == JACK and (other == chosen or why["kind"] != "value")
    if makes_pisti and why["kind"] != "pisti_missed" and not jack_on_it:
        lines.append(_("The %(card)s takes the lone card on the table: a pişti.") % {"card": best})
    if other == chosen:  # the player's own card, be it the next best one or not
        question = (
            _("Why not the %(card)s, your card?")  # a run gives one try
            if one_try
            else _("Why not the %(card)s, your first card?")
        )
    elif why["kind"] != "value" or counting_fact({**why, **best_facts}):
        # a plain "keeps more points" is what the numbers say; a count of the unseen
        # cards says more
        question = _("Why not the %(card)s, the next best card?")
    else:
        question = None
    if question:
        lines.append(question % {"card": card_words(parse_card(other))})
        move = {**why, "exact": puzzle.exact, "loss": points_lost(puzzle, other)}
        lines.append(reason({**move, **best_facts}))
    if puzzle.theme == "last_capture":
        lines.append(
            _("Whoever makes the last capture also takes the cards left on the table at the end.")
        )
    if puzzle.theme == "partnership":
        lines.append(
            _("Your partner plays after your left-hand opponent: think of what you leave for them.")
        )
    # the shares are stored for the next best card only; the reason may have given them
    told = other != facts["runner_up"] or why["kind"] in ("lone_card", "feeds_pile")
    if not told and facts["runner_up_next_takes"] > facts["next_takes"] + 10:
        lines.append(
            _(
                "After playing the %(other)s, the next player could take the pile in about "
                "%(percent)s%% of the deals you could be in."
            )
            % {
                "other": card_words(parse_card(facts["runner_up"]), ACCUSATIVE),  # played
                "percent": facts["runner_up_next_takes"],
            }
        )
    if puzzle.exact:
        lines.append(
            _(
                "Solved exactly over every hand the opponent can hold: on average the "
                "%(card)s wins %(margin)s points more than the %(other)s."
            )
            % {
                "card": best,
                "margin": points_text(points_lost(puzzle, facts["runner_up"])),
                "other": runner_up,
            }
        )
    else:
        lines.append(
            ngettext(
                "Played out over %(n)s random deals of the unseen cards, the %(card)s wins "
                "%(margin)s points more on average than the next best card, the %(other)s.",
                "Played out over %(n)s random deals of the unseen cards, the %(card)s wins "
                "%(margin)s points more on average than the next best card, the %(other)s.",
                puzzle.samples,
            )
            % {
                "n": count_text(puzzle.samples),
                "card": best,
                "margin": points_text(points_lost(puzzle, facts["runner_up"])),
                "other": runner_up,
            }
        )
    # a sentence may open with a card's name, lower case inside a sentence ("kupa dokuzlusu")
    return [capfirst(line) for line in lines]


def loss_line(puzzle: Puzzle, card: str) -> str:
    """What a wrong card is likely to cost (the stored values' mean difference), then what
    it gives away in plain words, a hint that does not name the best card ("One of your
    cards takes the pile of 5 cards; this one takes nothing.")."""
    line = loss_against_best(parse_card(card), points_lost(puzzle, card))
    why = puzzle.facts["why_not"].get(card)  # none for the answer
    facts = best_card_facts(view_of(puzzle), puzzle.answer)
    given = what_it_gives_away({**why, "exact": puzzle.exact, **facts}) if why else ""
    return f"{line} {given}" if given else line


def points_lost(puzzle: Puzzle, card: str) -> float:
    """The deal points ``card`` loses against the answer on average (the stored values)."""
    return puzzle.values[puzzle.answer][0] - puzzle.values[card][0]


def values_table(puzzle: Puzzle) -> list[dict]:
    """Each card of the hand, best first, with the points it gives away against the best
    card on average (the standard errors stay in the data: the generator kept only puzzles
    whose best card is ahead by several of them)."""
    ranked = sorted(puzzle.values, key=lambda card: points_lost(puzzle, card))
    return [
        {
            "name": card_words(parse_card(card)),
            "lost": points_text(points_lost(puzzle, card)),
            "best": card == puzzle.answer,
        }
        for card in ranked
    ]
