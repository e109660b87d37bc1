"""Exact search of the last round of a two-player deal, on plain tuples.

With the stock gone and nothing face down, a seat has seen every card but the other hand
(and the opening's face-down cards, never shown even once taken), so each world, one hand
for the other seat, is a perfect-information position of at most eight cards: alpha-beta
finds the value of best play for both seats. ``expert`` searches its last three cards this
way and the analysis solves every position of the last round (with ``master``'s four
cards), so this runs thousands of times a deal; it keeps running totals in small tuples
instead of copying a :class:`~pisti.state.GameState` at every node. It follows
``GameState.play`` step for step (a test holds it to a search through the engine).
"""

from __future__ import annotations

from collections.abc import Callable

from ..cards import JACK
from ..scoring import side_gains
from ..state import JACK_PISTI, PISTI, GameState
from .heuristics import points_table, unseen_cards
from .playout import world_from

INFINITY = float("inf")


def value_after(
    world: GameState,
    card: int,
    me: int,
    points,
    captured_before,
    value_of: Callable[[list[int]], float],
) -> float:
    """The value for seat ``me`` of playing ``card`` in ``world`` (the seat to move is
    ``me``; the stock is empty and nothing lies face down), both seats then playing their
    best to the end. ``value_of`` turns each side's points from the rest of the deal into
    the searcher's value; ``captured_before`` counts each side's cards taken before, for
    the majority."""
    rules = world.rules
    side_of = world.seat_sides
    sides = rules.sides
    jack_on_jack, jack_on_card = world.jack_on_jack_kind, world.jack_on_card_kind
    last_card_pisti = rules.last_card_pisti
    jack_takes_empty = rules.jack_on_empty_table
    dealer_side = side_of[world.dealer]
    players = world.players

    def play(hands, pile, taken, cards, pisti, jack_pisti, last, seat, remaining, card):
        """The position after ``seat`` plays ``card``: new tuples, the old ones untouched."""
        hands = tuple(
            tuple(c for c in h if c != card) if s == seat else h for s, h in enumerate(hands)
        )
        remaining -= 1
        side = side_of[seat]
        jack = card >> 2 == JACK
        kind = None
        if pile:
            if jack or pile[-1] >> 2 == card >> 2:
                if len(pile) == 1 and (remaining or last_card_pisti):
                    if not jack:
                        kind = PISTI
                    else:
                        kind = jack_on_jack if pile[0] >> 2 == JACK else jack_on_card
                taken, cards = _add(taken, cards, side, pile + (card,), points)
                pile, last = (), side
            else:
                pile += (card,)
        elif jack and jack_takes_empty:
            taken, cards = _add(taken, cards, side, (card,), points)
            last = side
            if remaining or last_card_pisti:
                kind = PISTI
        else:
            pile += (card,)
        if kind == PISTI:
            pisti = _bump(pisti, side)
        elif kind == JACK_PISTI:
            jack_pisti = _bump(jack_pisti, side)
        return hands, pile, taken, cards, pisti, jack_pisti, last, (seat + 1) % players, remaining

    def end_value(pile, taken, cards, pisti, jack_pisti, last) -> float:
        if pile:
            taken, cards = _add(taken, cards, dealer_side if last is None else last, pile, points)
        counts = [captured_before[s] + cards[s] for s in range(sides)]
        return value_of(side_gains(taken, counts, pisti, jack_pisti, rules))

    def search(
        hands, pile, taken, cards, pisti, jack_pisti, last, seat, remaining, alpha, beta
    ) -> float:
        if not remaining:
            return end_value(pile, taken, cards, pisti, jack_pisti, last)
        mine = seat == me
        best = -INFINITY if mine else INFINITY
        for card in sorted(set(hands[seat])):
            value = search(
                *play(hands, pile, taken, cards, pisti, jack_pisti, last, seat, remaining, card),
                alpha,
                beta,
            )
            if mine:
                best = max(best, value)
                alpha = max(alpha, best)
            else:
                best = min(best, value)
                beta = min(beta, best)
            if alpha >= beta:
                break
        return best

    start = (
        tuple(tuple(h) for h in world.hands),
        tuple(world.pile),
        tuple(sum(points[c] for c in side) for side in world.captured),
        tuple(len(side) for side in world.captured),
        tuple(world.pisti),
        tuple(world.jack_pisti),
        world.last_capture_side,
        world.current_player,
        world.remaining,
    )
    return search(*play(*start, card), -INFINITY, INFINITY)


def _add(taken, cards, side, pile, points):
    """Each side's captured points and card counts with ``pile`` added to ``side``'s."""
    gain = sum(points[c] for c in pile)
    return (
        tuple(t + gain if s == side else t for s, t in enumerate(taken)),
        tuple(n + len(pile) if s == side else n for s, n in enumerate(cards)),
    )


def _bump(counts, side):
    return tuple(n + 1 if s == side else n for s, n in enumerate(counts))


def totals_over_hands(view, hand, their_hands, value_of: Callable[[list[int]], float]) -> dict:
    """Each card of ``hand`` (``view``'s seat to move in the last round of a two-player
    deal) summed over ``their_hands``, the other seat's possible hands, each position
    searched to the end by :func:`value_after`. The expert's endgame and the analysis'
    exact last round differ only in which hands they pass."""
    unseen = unseen_cards(view)
    points = points_table(view.rules)
    totals = dict.fromkeys(hand, 0.0)
    for their_hand in their_hands:
        world = world_from(view, list(their_hand) + [c for c in unseen if c not in their_hand])
        for card in hand:
            totals[card] += value_after(
                world, card, view.seat, points, view.captured_cards, value_of
            )
    return totals
