"""Duplicate duels between neighbouring bot levels, and each level's move time.

Run: ``.venv/bin/python benchmarks/bot_strength.py --pairs 1000 --write docs/bots.md``
Each deck is played twice with the seats swapped, so the luck of the deal cancels. Work is
split over the machine's cores in chunks with their own seeds; move times are measured per
call on whichever core ran it (one move is always one core).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pisti.bots import make_bot  # noqa: E402
from pisti.duel import duel, mean_ci95  # noqa: E402

MATCHUPS = [
    ("beginner", "random"),
    ("easy", "beginner"),
    ("medium", "easy"),
    ("hard", "medium"),
    ("expert", "hard"),
    ("expert", "easy"),
]


class Timed:
    """A bot whose every decision is timed."""

    def __init__(self, level: str, seed: int, times: list[float]) -> None:
        self.bot = make_bot(level, seed)
        self.times = times

    def choose(self, view):
        start = time.perf_counter()
        card = self.bot.choose(view)
        self.times.append(time.perf_counter() - start)
        return card


def run_chunk(args):
    a, b, pairs, seed = args
    times = {a: [], b: []}
    result = duel(lambda s: Timed(a, s, times[a]), lambda s: Timed(b, s, times[b]), pairs,
                  seed=seed)
    return a, b, list(result.pair_margins), result.win_rate * result.deals, result.deals, times


def percentile(values, q):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=1000, help="deal pairs per matchup")
    parser.add_argument("--chunk", type=int, default=50)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--write", help="write the results as Markdown to this file")
    args = parser.parse_args()

    jobs = []
    for a, b in MATCHUPS:
        for i, start in enumerate(range(0, args.pairs, args.chunk)):
            jobs.append((a, b, min(args.chunk, args.pairs - start), 1000 * i + 17))
    margins, wins, deals, times = {}, {}, {}, {}
    began = time.time()
    with ProcessPoolExecutor(args.workers) as pool:
        for a, b, pair_margins, won, played, chunk_times in pool.map(run_chunk, jobs):
            margins.setdefault((a, b), []).extend(pair_margins)
            wins[(a, b)] = wins.get((a, b), 0) + won
            deals[(a, b)] = deals.get((a, b), 0) + played
            for level, values in chunk_times.items():
                times.setdefault(level, []).extend(values)
    elapsed = time.time() - began

    lines = [
        "| A | B | deal pairs | mean margin for A (points per deal) | 95% CI | A's win rate |",
        "|---|---|---:|---:|---|---:|",
    ]
    for a, b in MATCHUPS:
        mean, (lo, hi) = mean_ci95(margins[(a, b)])
        lines.append(
            f"| {a} | {b} | {len(margins[(a, b)])} | {mean:+.2f} | [{lo:+.2f}, {hi:+.2f}] | "
            f"{wins[(a, b)] / deals[(a, b)]:.3f} |"
        )
    lines += ["", "| level | moves timed | p50 | p95 | p99 |", "|---|---:|---:|---:|---:|"]
    for level in ["random", "beginner", "easy", "medium", "hard", "expert"]:
        values = times.get(level, [])
        if values:
            lines.append(
                f"| {level} | {len(values)} | {percentile(values, .5) * 1e3:.2f} ms | "
                f"{percentile(values, .95) * 1e3:.2f} ms | {percentile(values, .99) * 1e3:.2f} ms |"
            )
    lines += ["", f"{args.workers} worker processes, {elapsed:.0f} s in all, "
              f"Python {sys.version.split()[0]}."]
    table = "\n".join(lines)
    print(table)
    if args.write:
        write_doc(Path(args.write), table, args)


def write_doc(path: Path, table: str, args) -> None:
    command = f"python benchmarks/bot_strength.py --pairs {args.pairs} --write {args.write}"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(
        "# Bot levels: strength and speed\n\n"
        "Duplicate duels (every deck played twice with the seats swapped) between neighbouring "
        "levels, 2 players, default rules. The margin is A's deal points minus B's, averaged "
        "per deal; the interval is a normal 95% confidence interval over the pair means. "
        "Move times are per decision on one core.\n\n"
        f"Produced by:\n\n```sh\n{command}\n```\n\n{table}\n\n"
        + Path(__file__).with_name("bots_levels.md").read_text(encoding="utf-8"),
        encoding="utf-8",
    )


if __name__ == "__main__":
    main()
