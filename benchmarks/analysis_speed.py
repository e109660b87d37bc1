"""Analysis speed and strength: CPU time per analysed deal, moves analysed per second, and a
duplicate duel between a bot that always plays the analysis' best card and a fixed
opponent (``--against``, the card-counting reference bot by default).

Run: ``.venv/bin/python -m benchmarks.analysis_speed [--deals 10] [--pairs 40]``. One
process, one core, CPU time (``time.process_time``), so a busy machine does not inflate it.
The deals are two-player deals between ``master`` bots (the strongest level); the analysis
judges seat 0's decisions (the last card of each hand is no decision), so the share of
them labelled best or good says how rarely a strong player is told off.
"""

from __future__ import annotations

import argparse
import random
import time

from pisti import Rules, new_deal, view_for
from pisti.analysis import FIRST_WORLDS, MOST_WORLDS, analyse_deal, best_card_bot
from pisti.bots import make_bot
from pisti.duel import duel

PLAYERS = "master"


def level_deal(seed: int):
    state = new_deal(Rules(), rng=random.Random(seed))
    bots = [make_bot(PLAYERS, seed * 10 + seat) for seat in range(2)]
    while not state.is_over:
        state.play(bots[state.current_player].choose(view_for(state, state.current_player)))
    return state


def speed(deals: int) -> None:
    seconds, moves, labels = 0.0, 0, {}
    for seed in range(deals):
        state = level_deal(seed)
        started = time.process_time()
        reviews = analyse_deal(state, 0)
        seconds += time.process_time() - started
        moves += len(reviews)
        for review in reviews:
            labels[review.label] = labels.get(review.label, 0) + 1
    good = (labels.get("best", 0) + labels.get("good", 0)) / moves
    print(
        f"analysis ({FIRST_WORLDS} to {MOST_WORLDS} worlds): {deals} deals, {moves} decisions, "
        f"{seconds / deals:.2f} s CPU per deal, {moves / seconds:.1f} decisions per second"
    )
    print(f"the {PLAYERS} level's moves: {labels}; best or good: {good:.1%}")


def strength(pairs: int, against: str) -> None:
    started = time.process_time()
    result = duel(best_card_bot(), lambda seed: make_bot(against, seed), pairs=pairs, seed=16)
    low, high = result.ci95
    print(
        f"analysis-best bot vs {against}, {pairs} deal pairs: margin {result.mean_margin:+.2f} "
        f"points per deal, 95% CI [{low:+.2f}, {high:+.2f}], win rate {result.win_rate:.3f} "
        f"({time.process_time() - started:.0f} s CPU)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--pairs", type=int, default=0)
    parser.add_argument("--against", default="counting", help="the duel's opponent level")
    args = parser.parse_args()
    speed(args.deals)
    if args.pairs:
        strength(args.pairs, args.against)


if __name__ == "__main__":
    main()
