"""Duplicate duels: each deck is played twice with the seats swapped, so luck cancels."""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Callable
from dataclasses import dataclass

from .dealing import shuffled_deck
from .rules import Rules
from .scoring import deal_points
from .state import GameState
from .view import view_for


class DuelError(ValueError):
    pass


def play_deal(state: GameState, bots_by_seat, match_totals=()) -> GameState:
    """Play ``state`` to the end, each seat's bot choosing from that seat's view only."""
    while not state.is_over:
        seat = state.current_player
        state.play(bots_by_seat[seat].choose(view_for(state, seat, match_totals)))
    return state


@dataclass(frozen=True)
class DuelResult:
    deals: int
    mean_margin: float
    ci95: tuple[float, float]
    win_rate: float
    pair_margins: tuple[float, ...]

    def to_dict(self) -> dict:
        return {
            "deals": self.deals,
            "mean_margin": round(self.mean_margin, 4),
            "ci95": [round(self.ci95[0], 4), round(self.ci95[1], 4)],
            "win_rate": round(self.win_rate, 4),
        }


def mean_ci95(values: list[float]) -> tuple[float, tuple[float, float]]:
    """Mean and normal-approximation 95% confidence interval."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, (mean, mean)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values))
    return mean, (mean - half, mean + half)


def duel(
    make_a: Callable[[int], object],
    make_b: Callable[[int], object],
    pairs: int,
    seed: int = 0,
    rules: Rules | None = None,
    on_deal: Callable[[GameState], None] | None = None,
) -> DuelResult:
    """Play ``pairs`` deal pairs; A's margin is A's side points minus B's side points.

    With four players in partnerships A holds seats 0 and 2, B seats 1 and 3, then swapped.
    """
    rules = rules or Rules()
    if rules.sides != 2:
        raise DuelError("a duel needs two sides: 2 players, or 4 players in partnerships")
    rng = random.Random(seed)
    pair_margins, wins = [], 0.0
    for pair in range(pairs):
        deck = shuffled_deck(rng, rules)
        dealer = pair % rules.players
        margins = []
        seed_a, seed_b = rng.randrange(2**32), rng.randrange(2**32)
        for a_side in (0, 1):
            a, b = make_a(seed_a), make_b(seed_b)
            seats = [a if rules.side_of(s) == a_side else b for s in range(rules.players)]
            state = play_deal(GameState(rules, deck, dealer), seats)
            if on_deal:
                on_deal(state)
            points = deal_points(state)
            margin = points[a_side] - points[1 - a_side]
            margins.append(margin)
            wins += 1.0 if margin > 0 else 0.5 if margin == 0 else 0.0
        pair_margins.append(statistics.fmean(margins))
    mean, ci = mean_ci95(pair_margins)
    return DuelResult(2 * pairs, mean, ci, wins / (2 * pairs), tuple(pair_margins))
