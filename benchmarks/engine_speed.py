"""Engine speed: random-play complete deals per second and the cost of one move.

Run: ``make bench`` or ``.venv/bin/python -m benchmarks.engine_speed``. One process, one
core. The figure that matters is deals per second with the public API
(``legal_plays`` + ``play``), since that is what search bots pay for every rollout.
A baseline in the same run (shuffling a 52-card list) shows the machine's speed.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from pisti import Rules, new_deal


def random_deals(count: int, rules: Rules, seed: int) -> int:
    """Play ``count`` complete deals by uniformly random legal play; return the moves made."""
    rng = random.Random(seed)
    choice = rng.choice
    moves = 0
    for _ in range(count):
        state = new_deal(rules, rng=rng)
        while state.current_player is not None:
            state.play(choice(state.legal_plays()))
            moves += 1
    return moves


def shuffle_baseline(count: int, seed: int) -> None:
    rng = random.Random(seed)
    deck = list(range(52))
    for _ in range(count):
        rng.shuffle(deck)


def best_of(repeats: int, fn, *args) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn(*args)
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20_000)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    rules = Rules()
    seconds = best_of(args.repeats, random_deals, args.deals, rules, 1)
    moves = random_deals(args.deals, rules, 1)
    baseline = best_of(args.repeats, shuffle_baseline, args.deals, 1)
    per_move_us = seconds / moves * 1e6
    print(f"python {sys.version.split()[0]}, {args.deals} deals x best of {args.repeats}")
    print(f"random complete deals per second (2 players): {args.deals / seconds:,.0f}")
    print(
        f"legal_plays + play per move: {per_move_us:.2f} us ({moves / args.deals:.0f} moves a deal)"
    )
    print(f"baseline: shuffling 52 cards per second: {args.deals / baseline:,.0f}")
    print(f"deal cost in shuffles: {seconds / baseline:.1f}")
    for players, partnerships in ((3, False), (4, True)):
        r = Rules(players=players, partnerships=partnerships)
        s = best_of(args.repeats, random_deals, args.deals // 4, r, 2)
        print(f"random complete deals per second ({players} players): {args.deals / 4 / s:,.0f}")


if __name__ == "__main__":
    main()
