"""A solution's line: the best card, then what the table does next, for the puzzles and
"your puzzles" alike. The line is made from the whole state (every hand: the others reply
with the cards they really held), so a page shows it only once the solution is shown.

A line is stored as plain data: ``{"plays": [[seat, card, captured, kind], ...],
"leftover": [side, count] or None, "points": [each side's deal points won over the line]}``;
:func:`line_steps` turns it into the steps the table script animates, told from the
solver's chair. A puzzle keeps one line for its answer and one for each other card of the
hand (:func:`other_lines`), so a wrong try can be shown going on as well.
"""

from __future__ import annotations

from pisti.bots import make_bot
from pisti.cards import card_name, parse_card
from pisti.state import Event
from pisti.view import view_for

from .table import (
    event_step,
    names_seen_from,
    shown_deal_points,
    side_names_seen_from,
    sweep_step,
)

LINE_TURNS = 2  # two turns of the table at most, but the deal's last round whole
LINE_LEVEL = "master"  # the bots that reply


def solution_line(state, answer: int, seed: int) -> dict:
    """The plays the solution shows: the answer, then the bots' replies with their real
    hands for up to two turns of the table, ending with the round (no new hand is shown);
    in the deal's last round to its end, the leftover sweep included, so that a last-capture
    puzzle shows who makes the last capture. Only cards laid face up on the table."""
    state = state.copy()
    before = shown_deal_points(state)
    bots = [make_bot(LINE_LEVEL, seed + seat) for seat in range(state.players)]
    rounds = state.rounds_dealt
    last_round = not state.stock_left
    plays = [state.play(answer)]
    while (
        (last_round or len(plays) < LINE_TURNS * state.players)
        and not state.is_over
        and state.rounds_dealt == rounds
    ):
        view = view_for(state, state.current_player)
        plays.append(state.play(bots[view.seat].choose(view)))
    return {
        "plays": [[e.seat, card_name(e.card), e.captured, e.kind] for e in plays],
        "leftover": list(state.leftover) if state.is_over and state.leftover else None,
        # what each side won over these plays (a deal's end adds its most-cards bonus)
        "points": [
            after - earlier for after, earlier in zip(shown_deal_points(state), before, strict=True)
        ],
    }


def other_lines(state, answer: int, seed: int) -> dict[str, dict]:
    """The line of every other card of the mover's hand, by card name, with the same bots
    as the answer's: what a wrong try runs into with the cards the others really held."""
    hand = state.hands[state.current_player]
    return {card_name(card): solution_line(state, card, seed) for card in hand if card != answer}


def line_steps(line: dict, seat: int, rules) -> list[dict]:
    """The line as the table script plays it, each play told from ``seat``'s chair, then
    the leftover sweep if the line ends the deal."""
    names = names_seen_from(seat, rules)
    steps = [
        event_step(Event(player, parse_card(card), captured, kind), names, rules.side_of)
        for player, card, captured, kind in line.get("plays", [])
    ]
    if line.get("leftover"):
        side, count = line["leftover"]
        steps.append(sweep_step(rules, side, count, side_names_seen_from(seat, rules)))
    return steps
