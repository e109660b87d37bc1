"""The card-choosing policies the playing levels use as their default card and in their
play-outs: the counting policy, on a view (:func:`counting_choice`) and on the play-out
loop's running totals (:func:`lean_counting_choice`).

These belong to the playing levels and may be tuned with them. The reference bots
(:mod:`pisti.bots.reference`) keep their own frozen copy, so tuning a level never moves
the yardstick it is measured against. The analysis plays :func:`counting_outcome` on its
own faster loop (:mod:`pisti.bots.counting_playouts`); a test holds the two together, so
a change here is made there too.
"""

from __future__ import annotations

from ..cards import JACK
from ..state import pisti_kind
from ..view import PlayerView
from .heuristics import capture_kind_from, pisti_value, unseen_cards
from .playout import fast_roll_out


def counting_choice(
    hand, pile_face_up, pile_size: int, unseen_ranks, plays_left: int, rules, points
) -> int:
    """The counting policy: greedy captures (the most valuable now, a non-jack when it is
    worth as much), otherwise the card whose rank has the fewest copies unseen (jacks
    kept, then the cheapest). ``unseen_ranks[r]`` counts the rank-``r`` cards the player
    to move has not seen."""
    top = pile_face_up[-1] if pile_face_up else None
    best, best_key = None, None
    for card in hand:
        rank = card >> 2
        jack = rank == JACK
        if top is not None:
            takes = jack or rank == top >> 2
        else:
            takes = jack and pile_size == 0 and rules.jack_on_empty_table
        if not takes:
            continue
        kind = capture_kind_from(rules, pile_size, top, card, plays_left)
        value = (
            pisti_value(kind, rules) + sum(points[c] for c in pile_face_up) + 0.1 * (pile_size + 1)
        )
        key = (value, not jack, -card)
        if best_key is None or key > best_key:
            best, best_key = card, key
    if best is not None:
        return best
    return min(hand, key=lambda c: (c >> 2 == JACK, unseen_ranks[c >> 2], points[c], c))


def view_unseen_ranks(view: PlayerView) -> list[int]:
    """Copies of each rank ``view``'s seat has not seen: :func:`counting_choice`'s count."""
    counts = [0] * 13
    for card in unseen_cards(view):
        counts[card >> 2] += 1
    return counts


def counting_roll_out(
    state, view: PlayerView, played: int, points, public: list[int] | None = None
) -> None:
    """Finish the deal with every seat on the counting policy, each counting what is
    public (everything ``view`` has seen but its own hand, and the plays since) and its
    own hand; on the search bots' fast loop, which follows the engine step for step.
    ``public``: :func:`public_ranks` of ``view``, when the caller has counted it."""
    ranks = list(public_ranks(view) if public is None else public)
    ranks[played >> 2] += 1
    fast_roll_out(state, points, None, lean_counting_choice, lean=True, ranks=ranks)


def counting_outcome(
    world, view: PlayerView, card: int, points, public: list[int] | None = None
) -> tuple:
    """``card`` played in ``world`` (left untouched) and the deal finished as
    :func:`counting_roll_out` would: the captured cards and piştis of each side."""
    ranks = list(public_ranks(view) if public is None else public)
    return fast_roll_out(
        world, points, None, lean_counting_choice, lean=True, ranks=ranks, first=card
    )


def public_ranks(view: PlayerView) -> list[int]:
    """Copies of each rank everybody has seen: what ``view`` has seen but its own hand.
    A search plays hundreds of play-outs from one view: it counts once and passes the
    count to :func:`counting_outcome` and :func:`counting_roll_out`."""
    hand = set(view.hand)
    counts = [0] * 13
    for card in set(view.seen):
        if card not in hand:
            counts[card >> 2] += 1
    return counts


def lean_counting_choice(
    hand, pile, face_down: int, public_ranks, face_up_points: int, plays_left: int, rules, points
) -> int:
    """``counting_choice`` for the fast loop, from its running totals: the same card every
    time (the same arithmetic in the same order; a test holds the two together), without
    recounting the unseen ranks for every play. ``public_ranks[r]`` counts the rank-``r``
    cards everybody has seen."""
    pile_size = len(pile)
    best, best_key = None, None
    if pile_size > face_down:
        top = pile[-1]
        top_rank = top >> 2
        lone = pile_size == 1 and not (plays_left == 1 and not rules.last_card_pisti)
        base = 0.1 * (pile_size + 1)
        for card in hand:
            rank = card >> 2
            jack = rank == JACK
            if not (jack or rank == top_rank):
                continue
            bonus = pisti_value(pisti_kind(rules, top, card), rules) if lone else 0
            key = (bonus + face_up_points + base, not jack, -card)
            if best is None or key > best_key:
                best, best_key = card, key
    elif pile_size == 0 and rules.jack_on_empty_table:
        bonus = 0 if plays_left == 1 and not rules.last_card_pisti else rules.pisti_points
        for card in hand:
            if card >> 2 == JACK:
                key = (bonus + face_up_points + 0.1, False, -card)
                if best is None or key > best_key:
                    best, best_key = card, key
    if best is not None:
        return best
    held = [0] * 13
    for card in hand:
        held[card >> 2] += 1
    # counting_choice's key (jack, unseen copies, points, card) packed into one integer:
    # each part is small and non-negative (points at most 10, cards below 64), so the
    # order is the same and no tuple is built.
    for card in hand:
        rank = card >> 2
        key = (
            ((rank == JACK) * 8 + 4 - public_ranks[rank] - held[rank]) * 64 + points[card]
        ) * 64 + card
        if best is None or key < best_key:
            best, best_key = card, key
    return best
