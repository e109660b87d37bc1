"""Fixed reference opponents: a card-counting bot and plain PIMC, never tuned.

The ladder is measured against these so that its yardstick does not move. They follow the
descriptions in issue 15 literally:

- ``counting``: greedy captures (the most valuable capture now, a non-jack when it is worth
  as much), otherwise it discards the card whose rank has the fewest copies it has not
  seen, so a lone card is least likely to be matched for a pişti (jacks kept, then the
  cheapest card).
- ``pimc``: plain perfect-information Monte Carlo. 120 worlds dealt uniformly from the
  cards it has not seen (hand sizes, stock and face-down count only, no inference), every
  card in hand played out to the end of the deal by the counting policy for every seat,
  and the counting choice kept unless another card's mean beats it by more than one
  standard error of the paired difference.

Both decide from their :class:`~pisti.view.PlayerView` alone and are deterministic for a
seed.
"""

from __future__ import annotations

import random

from ..cards import JACK
from ..state import pisti_kind
from ..view import PlayerView
from .heuristics import capture_kind_from, pisti_value, points_table, unseen_cards
from .search import _margin, _world, fast_roll_out, outcome_gains

PIMC_SAMPLES = 120
PIMC_CONFIDENCE = 1.0  # standard errors of the paired difference


def counting_choice(hand, pile_face_up, pile_size: int, unseen_ranks, plays_left: int,
                    rules, points) -> int:
    """The counting policy: shared by the bot and by PIMC's play-outs, so both are one
    policy. ``unseen_ranks[r]`` counts the rank-``r`` cards the player to move has not
    seen."""
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
        value = pisti_value(kind, rules) + sum(points[c] for c in pile_face_up) + 0.1 * (
            pile_size + 1
        )
        key = (value, not jack, -card)
        if best_key is None or key > best_key:
            best, best_key = card, key
    if best is not None:
        return best
    return min(hand, key=lambda c: (c >> 2 == JACK, unseen_ranks[c >> 2], points[c], c))


def view_unseen_ranks(view: PlayerView) -> list[int]:
    counts = [0] * 13
    for card in unseen_cards(view):
        counts[card >> 2] += 1
    return counts


class CountingBot:
    """Greedy captures; discards the rank least likely to be matched."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: PlayerView) -> int:
        hand = sorted(view.hand)
        if len(hand) == 1:
            return hand[0]
        return counting_choice(hand, view.pile_face_up, view.pile_size, view_unseen_ranks(view),
                               view.plays_left, view.rules, points_table(view.rules))


class PimcBot:
    """Plain PIMC over the counting policy (see the module docstring)."""

    samples = PIMC_SAMPLES
    confidence = PIMC_CONFIDENCE

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView) -> int:
        hand = sorted(view.hand)
        if len(hand) == 1:
            return hand[0]
        points = points_table(view.rules)
        default = counting_choice(hand, view.pile_face_up, view.pile_size, view_unseen_ranks(view),
                                  view.plays_left, view.rules, points)
        unseen = unseen_cards(view)
        differences = {card: [] for card in hand if card != default}
        for _ in range(self.samples):
            cards = list(unseen)
            self.rng.shuffle(cards)
            world = _world(view, cards)
            baseline = self._play_out(world, default, view, points)
            for card in differences:
                differences[card].append(self._play_out(world, card, view, points) - baseline)
        best, best_margin = default, 0.0
        for card, diffs in differences.items():
            count = len(diffs)
            mean = sum(diffs) / count
            spread = (sum((d - mean) ** 2 for d in diffs) / max(count - 1, 1)) ** 0.5
            margin = mean - self.confidence * spread / count**0.5
            if margin > best_margin:
                best, best_margin = card, margin
        return best

    @staticmethod
    def _play_out(world, card: int, view: PlayerView, points) -> float:
        gains = outcome_gains(*counting_outcome(world, view, card, points), view, points)
        return _margin(gains, view.side)


def counting_roll_out(state, view: PlayerView, played: int, points) -> None:
    """Finish the deal with every seat on the counting policy, each counting what is
    public (everything ``view`` has seen but its own hand, and the plays since) and its
    own hand; on the search bots' fast loop, which follows the engine step for step."""
    ranks = list(_public_ranks(view))
    ranks[played >> 2] += 1
    fast_roll_out(state, points, None, lean_counting_choice, lean=True, ranks=ranks)


def counting_outcome(world, view: PlayerView, card: int, points) -> tuple:
    """``card`` played in ``world`` (left untouched) and the deal finished as
    :func:`counting_roll_out` would: the captured cards and piştis of each side."""
    ranks = list(_public_ranks(view))
    return fast_roll_out(world, points, None, lean_counting_choice, lean=True, ranks=ranks,
                         first=card)


_last_counted: list = [None, None]  # (view, its public ranks): one view, many play-outs


def _public_ranks(view: PlayerView) -> list[int]:
    """Copies of each rank everybody has seen: what ``view`` has seen but its own hand.
    A search plays hundreds of play-outs from one view, so the last count is kept."""
    if _last_counted[0] is not view:
        hand = set(view.hand)
        counts = [0] * 13
        for card in set(view.seen):
            if card not in hand:
                counts[card >> 2] += 1
        _last_counted[:] = [view, counts]
    return _last_counted[1]


def lean_counting_choice(hand, pile, face_down: int, public_ranks, face_up_points: int,
                         plays_left: int, rules, points) -> int:
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
        key = ((((rank == JACK) * 8 + 4 - public_ranks[rank] - held[rank]) * 64
                + points[card]) * 64 + card)
        if best is None or key < best_key:
            best, best_key = card, key
    return best
