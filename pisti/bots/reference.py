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
seed. Their policy is a frozen copy owned by this module (:func:`reference_choice`), not
the counting policy the playing levels use (:mod:`pisti.bots.policies`), so tuning a level
cannot move its yardstick; ``tests/engine/test_reference_choices.py`` pins the card each
chooses at 216 fixed positions. The play-outs (:mod:`pisti.bots.playout`) only follow the
rules of the game.
"""

from __future__ import annotations

import random

from ..cards import JACK
from ..state import capture_kind, pisti_kind
from ..view import PlayerView
from .heuristics import pisti_value, points_table, unseen_cards
from .playout import fast_roll_out, outcome_gains, side_margin, world_from

PIMC_SAMPLES = 120
PIMC_CONFIDENCE = 1.0  # standard errors of the paired difference


def reference_choice(
    hand, pile_face_up, pile_size: int, unseen_ranks, plays_left: int, rules, points
) -> int:
    """``counting``'s policy, frozen: greedy captures (the most valuable now, a non-jack when it is
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
        kind = capture_kind(rules, pile_size, top, card, plays_left)
        value = (
            pisti_value(kind, rules) + sum(points[c] for c in pile_face_up) + 0.1 * (pile_size + 1)
        )
        key = (value, not jack, -card)
        if best_key is None or key > best_key:
            best, best_key = card, key
    if best is not None:
        return best
    return min(hand, key=lambda c: (c >> 2 == JACK, unseen_ranks[c >> 2], points[c], c))


def unseen_ranks(view: PlayerView) -> list[int]:
    """Copies of each rank ``view``'s seat has not seen: :func:`reference_choice`'s count."""
    counts = [0] * 13
    for card in unseen_cards(view):
        counts[card >> 2] += 1
    return counts


def seen_ranks(view: PlayerView) -> list[int]:
    """Copies of each rank everybody has seen: what ``view`` has seen but its own hand."""
    hand = set(view.hand)
    counts = [0] * 13
    for card in set(view.seen):
        if card not in hand:
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
        return reference_choice(
            hand,
            view.pile_face_up,
            view.pile_size,
            unseen_ranks(view),
            view.plays_left,
            view.rules,
            points_table(view.rules),
        )


class PimcBot:
    """Plain PIMC over the frozen counting policy (see the module docstring)."""

    samples = PIMC_SAMPLES
    confidence = PIMC_CONFIDENCE

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView) -> int:
        hand = sorted(view.hand)
        if len(hand) == 1:
            return hand[0]
        points = points_table(view.rules)
        default = reference_choice(
            hand,
            view.pile_face_up,
            view.pile_size,
            unseen_ranks(view),
            view.plays_left,
            view.rules,
            points,
        )
        unseen = unseen_cards(view)
        public = seen_ranks(view)  # counted once for every play-out of this decision
        differences = {card: [] for card in hand if card != default}
        for _ in range(self.samples):
            cards = list(unseen)
            self.rng.shuffle(cards)
            world = world_from(view, cards)
            baseline = self._play_out(world, default, view, points, public)
            for card in differences:
                differences[card].append(
                    self._play_out(world, card, view, points, public) - baseline
                )
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
    def _play_out(world, card: int, view: PlayerView, points, public: list[int]) -> float:
        """``card`` played in ``world`` (left untouched), every seat then on the frozen
        policy: ``view``'s side's margin over the rest of the deal."""
        outcome = fast_roll_out(
            world, points, None, lean_reference_choice, lean=True, ranks=list(public), first=card
        )
        return side_margin(outcome_gains(*outcome, view, points), view.side)


def lean_reference_choice(
    hand, pile, face_down: int, seen_ranks, face_up_points: int, plays_left: int, rules, points
) -> int:
    """:func:`reference_choice` for the play-out loop, from its running totals: the same card every
    time (the same arithmetic in the same order; a test holds the two together), without
    recounting the unseen ranks for every play. ``seen_ranks[r]`` counts the rank-``r``
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
    # reference_choice's key (jack, unseen copies, points, card) packed into one integer:
    # each part is small and non-negative (points at most 10, cards below 64), so the
    # order is the same and no tuple is built.
    for card in hand:
        rank = card >> 2
        key = (
            ((rank == JACK) * 8 + 4 - seen_ranks[rank] - held[rank]) * 64 + points[card]
        ) * 64 + card
        if best is None or key < best_key:
            best, best_key = card, key
    return best
