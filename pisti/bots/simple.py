"""The two simple bots: uniformly random, and greedy (best capture now, cheapest discard)."""

from __future__ import annotations

import random

from ..cards import JACK
from ..view import PlayerView
from .heuristics import card_points, pisti_value


def capture_value(view: PlayerView, card: int) -> float:
    """Points in sight for capturing with ``card``: the pile's known cards, a pişti, a
    little per card. The played card's own value is left out: it is kept either way."""
    rules = view.rules
    bonus = pisti_value(view.capture_kind(card), rules)
    known = sum(card_points(c, rules) for c in view.pile_face_up)
    return bonus + known + 0.1 * (view.pile_size + 1)


class RandomBot:
    """A uniformly random legal card."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView) -> int:
        return self.rng.choice(sorted(view.hand))


class GreedyBot:
    """Takes the most valuable capture (a non-jack when it is worth as much), otherwise
    throws away its least valuable card, keeping jacks."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: PlayerView) -> int:
        hand = sorted(view.hand)
        options = [c for c in hand if view.capture_kind(c) is not None]
        if options:
            return max(options, key=lambda c: (capture_value(view, c), c >> 2 != JACK, -c))
        return min(hand, key=lambda c: (c >> 2 == JACK, card_points(c, view.rules), c))
