"""Duplicate duels between the bot levels and fixed reference bots, each level's move time,
and an Elo-style rating fitted to the duel table.

Run: ``.venv/bin/python -m benchmarks.bot_strength --pairs 1000 --write docs/bots.md``
Each deck is played twice with the seats swapped, so the luck of the deal cancels. Work is
split into chunks with their own seeds, interleaved over the matchups so that every row
grows together; after every chunk the results so far are written out, so a run stopped
early still leaves honest (smaller) rows. Move times are CPU time of the deciding process
per call: one move is always one core, whatever else the machine is doing.

``--matchups expert:pimc,master:pimc`` runs only those rows; ``--data`` (the JSON the site's
Bots page reads) keeps the other rows from earlier runs, so the table can be extended row
by row. Every finished chunk's pair margins are kept in ``--chunks`` (JSON lines), and a
later run with the same ``--chunk`` size skips the chunks already there: a long measurement
can be stopped and resumed without losing or repeating a deal.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from pisti.bots import make_bot
from pisti.duel import duel, mean_ci95

MATCHUPS = [
    ("beginner", "random"),
    ("easy", "beginner"),
    ("medium", "easy"),
    ("hard", "medium"),
    ("expert", "hard"),
    ("expert", "easy"),
    ("counting", "easy"),
    ("pimc", "counting"),
    ("expert", "pimc"),
    ("master", "pimc"),
    ("master", "expert"),
]
TIMED_LEVELS = [
    "random",
    "beginner",
    "easy",
    "medium",
    "hard",
    "expert",
    "master",
    "counting",
    "pimc",
]
RATING_ANCHOR = ("beginner", 1000.0)
DEFAULT_DATA = Path(__file__).resolve().parent.parent / "pisti_site" / "bot_strength.json"
DEFAULT_CHUNKS = Path(__file__).resolve().parent / "data" / "bot_strength_chunks.jsonl"


class Timed:
    """A bot whose every decision is timed in CPU seconds."""

    def __init__(self, level: str, seed: int, times: list[float]) -> None:
        self.bot = make_bot(level, seed)
        self.times = times

    def choose(self, view):
        start = time.process_time()
        card = self.bot.choose(view)
        self.times.append(time.process_time() - start)
        return card


def run_chunk(args):
    a, b, pairs, seed = args
    times = {a: [], b: []}
    result = duel(
        lambda s: Timed(a, s, times[a]), lambda s: Timed(b, s, times[b]), pairs, seed=seed
    )
    return a, b, list(result.pair_margins), result.win_rate * result.deals, result.deals, times


def percentile(values, q):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def elo_difference(win_rate: float) -> float:
    """The Elo gap that predicts ``win_rate`` (ties count half), kept finite."""
    p = min(max(win_rate, 0.005), 0.995)
    return 400.0 * math.log10(p / (1.0 - p))


def fit_ratings(rows: list[dict]) -> dict[str, float]:
    """Ratings whose differences best match every row's Elo gap, each row weighted by its
    deal pairs (weighted least squares, solved by repeated averaging over neighbours),
    with ``RATING_ANCHOR`` fixing the scale's zero point."""
    edges: dict[str, list[tuple[str, float, float]]] = {}
    for row in rows:
        gap, weight = elo_difference(row["win_rate"]), row["pairs"]
        edges.setdefault(row["a"], []).append((row["b"], gap, weight))
        edges.setdefault(row["b"], []).append((row["a"], -gap, weight))
    ratings = dict.fromkeys(edges, 0.0)
    for _ in range(2000):
        for level, links in edges.items():
            total = sum(w for _, _, w in links)
            ratings[level] = sum((ratings[o] + g) * w for o, g, w in links) / total
    anchor, value = RATING_ANCHOR
    shift = value - ratings.get(anchor, 0.0)
    return {level: round(r + shift) for level, r in sorted(ratings.items(), key=lambda kv: -kv[1])}


def load_chunks(path: Path, matchups, chunk: int) -> dict:
    """Chunks finished by earlier runs, keyed by (A, B, seed), for the chosen matchups and
    chunk size only (another size deals other decks)."""
    done = {}
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            c = json.loads(line)
            if (c["a"], c["b"]) in matchups and c["chunk"] == chunk:
                done[(c["a"], c["b"], c["seed"])] = c
    return done


def summarise(margins, wins, deals, times) -> tuple[list[dict], dict]:
    rows = []
    for (a, b), values in margins.items():
        mean, (lo, hi) = mean_ci95(values)
        rows.append(
            {
                "a": a,
                "b": b,
                "pairs": len(values),
                "mean": round(mean, 2),
                "lo": round(lo, 2),
                "hi": round(hi, 2),
                "win_rate": round(wins[(a, b)] / deals[(a, b)], 3),
            }
        )
    timing = {
        level: {
            "moves": len(values),
            "p50_ms": round(percentile(values, 0.5) * 1e3, 2),
            "p95_ms": round(percentile(values, 0.95) * 1e3, 2),
            "p99_ms": round(percentile(values, 0.99) * 1e3, 2),
        }
        for level, values in times.items()
        if values
    }
    return rows, timing


def merge(old: dict, rows: list[dict], timing: dict, notes: dict[str, str]) -> dict:
    """The earlier data with this run's rows, timings and notes in place of theirs."""
    fresh = {(r["a"], r["b"]) for r in rows}
    kept = [r for r in old.get("rows", []) if (r["a"], r["b"]) not in fresh]
    order = {m: i for i, m in enumerate(MATCHUPS)}
    merged = sorted(kept + rows, key=lambda r: order.get((r["a"], r["b"]), len(order)))
    times = {**old.get("times", {}), **timing}
    times = {level: times[level] for level in TIMED_LEVELS if level in times}
    notes = {**old.get("notes", {}), **notes}
    return {"rows": merged, "times": times, "ratings": fit_ratings(merged), "notes": notes}


def markdown(data: dict) -> str:
    lines = [
        "| A | B | deal pairs | mean margin for A (points per deal) | 95% CI | A's win rate |",
        "|---|---|---:|---:|---|---:|",
    ]
    for r in data["rows"]:
        lines.append(
            f"| {r['a']} | {r['b']} | {r['pairs']} | {r['mean']:+.2f} | "
            f"[{r['lo']:+.2f}, {r['hi']:+.2f}] | {r['win_rate']:.3f} |"
        )
    lines += ["", "| level | moves timed | p50 | p95 | p99 |", "|---|---:|---:|---:|---:|"]
    for level, t in data["times"].items():
        lines.append(
            f"| {level} | {t['moves']} | {t['p50_ms']:.2f} ms | {t['p95_ms']:.2f} ms "
            f"| {t['p99_ms']:.2f} ms |"
        )
    lines += ["", "| level | rating |", "|---|---:|"]
    lines += [f"| {level} | {rating} |" for level, rating in data["ratings"].items()]
    lines += ["", "Runs behind the rows:", ""]
    lines += [f"- `{row}`: {note}" for row, note in data["notes"].items()]
    return "\n".join(lines)


def parse_matchups(text: str | None) -> list[tuple[str, str]]:
    if not text:
        return MATCHUPS
    chosen = [tuple(item.split(":")) for item in text.split(",")]
    for pair in chosen:
        if len(pair) != 2:
            raise SystemExit(f"--matchups: expected A:B, got {':'.join(pair)!r}")
        for level in pair:
            make_bot(level)  # fails early with a clear message on an unknown level
    return chosen


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=1000, help="deal pairs per matchup")
    parser.add_argument("--chunk", type=int, default=50)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--matchups", help="comma-separated A:B rows (default: all)")
    parser.add_argument("--data", default=str(DEFAULT_DATA), help="JSON results to update")
    parser.add_argument(
        "--chunks", default=str(DEFAULT_CHUNKS), help="JSON lines of finished chunks, for resuming"
    )
    parser.add_argument("--write", help="write the results as Markdown to this file")
    args = parser.parse_args()
    matchups = parse_matchups(args.matchups)

    all_jobs = [
        (a, b, min(args.chunk, args.pairs - start), 1000 * i + 17)
        for i, start in enumerate(range(0, args.pairs, args.chunk))
        for a, b in matchups
    ]
    chunks_path = Path(args.chunks)
    done = load_chunks(chunks_path, matchups, args.chunk)
    jobs = [job for job in all_jobs if (job[0], job[1], job[3]) not in done]
    data_path = Path(args.data)
    old = json.loads(data_path.read_text(encoding="utf-8")) if data_path.exists() else {}
    margins, wins, deals, times = {}, {}, {}, {}
    for job in all_jobs:
        c = done.get((job[0], job[1], job[3]))
        if c and c["pairs"] == job[2]:
            margins.setdefault((c["a"], c["b"]), []).extend(c["margins"])
            wins[(c["a"], c["b"])] = wins.get((c["a"], c["b"]), 0) + c["won"]
            deals[(c["a"], c["b"])] = deals.get((c["a"], c["b"]), 0) + c["deals"]
    print(
        f"{len(all_jobs) - len(jobs)} chunks already measured, {len(jobs)} to run", file=sys.stderr
    )
    began = time.time()
    data = old
    with ProcessPoolExecutor(args.workers) as pool:
        for job, result in zip(jobs, pool.map(run_chunk, jobs), strict=True):
            a, b, pair_margins, won, played, chunk_times = result
            with chunks_path.open("a", encoding="utf-8") as out:
                out.write(
                    json.dumps(
                        {
                            "a": a,
                            "b": b,
                            "seed": job[3],
                            "chunk": args.chunk,
                            "pairs": job[2],
                            "margins": pair_margins,
                            "won": won,
                            "deals": played,
                        }
                    )
                    + "\n"
                )
            margins.setdefault((a, b), []).extend(pair_margins)
            wins[(a, b)] = wins.get((a, b), 0) + won
            deals[(a, b)] = deals.get((a, b), 0) + played
            for level, values in chunk_times.items():
                times.setdefault(level, []).extend(values)
            rows, timing = summarise(margins, wins, deals, times)
            note = (
                f"{len(margins[(a, b)])} pairs; this run: {args.workers} worker "
                f"process(es), {time.time() - began:.0f} s so far, Python "
                f"{sys.version.split()[0]}, chunks of {args.chunk} pairs, seeds 17, 1017, ..."
            )
            data = merge(old, rows, timing, {f"{a}:{b}": note})
            old = data
            data_path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
            if args.write:
                write_doc(Path(args.write), markdown(data), args)
    if args.write:  # also when every chunk was already measured: re-render the page
        write_doc(Path(args.write), markdown(data), args)
    print(markdown(data))


def write_doc(path: Path, table: str, args) -> None:
    command = "python -m benchmarks.bot_strength --pairs 1000 --write docs/bots.md"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(
        "# Bot levels: strength and speed\n\n"
        "Duplicate duels (every deck played twice with the seats swapped), 2 players, default "
        "rules. The margin is A's deal points minus B's, averaged per deal; the interval is a "
        "normal 95% confidence interval over the pair means. Move times are CPU time per "
        "decision on one core. The rating is an Elo-style number: each row's win rate gives "
        "an Elo gap, and the ratings are the weighted least-squares fit to every gap "
        f"(weights: deal pairs), with {RATING_ANCHOR[0]} fixed at {RATING_ANCHOR[1]:.0f}.\n\n"
        f"Produced by:\n\n```sh\n{command}\n```\n\n{table}\n\n"
        + Path(__file__).with_name("bots_levels.md").read_text(encoding="utf-8"),
        encoding="utf-8",
    )


if __name__ == "__main__":
    main()
