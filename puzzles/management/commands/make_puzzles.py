import json
import math
import time
from multiprocessing import Pool
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from pisti.cards import card_name, parse_card
from pisti_site.lines import solution_line
from puzzles.generate import (
    card_takes,
    dealt_state,
    generate,
    line_seed,
    search_again,
    stored_view,
    why_not,
)

DEFAULT_OUT = Path(__file__).resolve().parents[2] / "content" / "puzzles.json"


def _batch(args):
    count, seed = args
    return generate(count, seed)


def merged(batches: list[list[dict]]) -> list[dict]:
    """Batches in seed order, numbered 1, 2, ... across all of them."""
    puzzles = [p for batch in batches for p in batch]
    for number, puzzle in enumerate(puzzles, start=1):
        puzzle["number"] = number
    return puzzles


class Command(BaseCommand):
    help = (
        "Generate 'find the best card' puzzles from analysed bot-vs-bot deals and store "
        "them as JSON (load_content loads them). The stored set was made with the "
        "defaults: --count 1050 --seed 1 --jobs 2 (seeds 1 and 2, 525 puzzles each)."
    )

    def add_arguments(self, parser):
        parser.add_argument("--count", type=int, default=1050)
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument(
            "--jobs",
            type=int,
            default=2,
            help="processes, each with its own seed (seed, seed+1, ...)",
        )
        parser.add_argument("--out", default=str(DEFAULT_OUT))
        parser.add_argument(
            "--remake",
            action="store_true",
            help="remake the stored puzzles' solution lines (from their deals found again) "
            "and reasons (the first verifying search run again: its values must be the "
            "stored ones) as the code makes them now",
        )

    def handle(self, *args, count, seed, jobs, out, remake, **options):
        started = time.time()
        if remake:
            return self._remake(Path(out), started)
        per_job = math.ceil(count / jobs)
        work = [(per_job, seed + job) for job in range(jobs)]
        if jobs == 1:
            batches = [_batch(work[0])]
        else:
            with Pool(jobs) as pool:
                batches = pool.map(_batch, work)
        puzzles = merged(batches)
        Path(out).write_text(json.dumps(puzzles, ensure_ascii=False, separators=(",", ":")))
        self.stdout.write(f"{len(puzzles)} puzzles in {time.time() - started:.0f} s -> {out}")

    def _remake(self, path: Path, started: float):
        puzzles = json.loads(path.read_text())
        for puzzle in puzzles:
            found = dealt_state(puzzle)
            if found is None:
                raise CommandError(f"puzzle {puzzle['number']}: its deal is not found")
            state, deal = found
            view = stored_view(puzzle["view"])
            puzzle["line"] = solution_line(
                state, parse_card(puzzle["answer"]), line_seed(deal, view)
            )
            evaluation = search_again(puzzle, deal)
            values = {
                card_name(v.card): [round(v.value, 2), round(v.stderr, 2)]
                for v in evaluation.values.values()
            }
            if values != puzzle["values"]:
                raise CommandError(f"puzzle {puzzle['number']}: the search gives other values")
            puzzle["facts"]["card_takes"] = card_takes(evaluation)
            puzzle["facts"]["why_not"] = why_not(puzzle)
        path.write_text(json.dumps(puzzles, ensure_ascii=False, separators=(",", ":")))
        self.stdout.write(f"{len(puzzles)} puzzles remade in {time.time() - started:.0f} s")
