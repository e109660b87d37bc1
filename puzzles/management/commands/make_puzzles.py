import json
import math
import time
from multiprocessing import Pool
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from puzzles.generate import generate, remade

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
            return self._remake(Path(out), started, jobs)
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

    def _remake(self, path: Path, started: float, jobs: int):
        stored = json.loads(path.read_text())
        try:
            with Pool(jobs) as pool:
                puzzles = pool.map(remade, stored, chunksize=8)
        except ValueError as error:
            raise CommandError(str(error)) from error
        for puzzle, again in zip(stored, puzzles, strict=True):
            if again is None:
                raise CommandError(f"puzzle {puzzle['number']}: its deal is not found")
        path.write_text(json.dumps(puzzles, ensure_ascii=False, separators=(",", ":")))
        self.stdout.write(f"{len(puzzles)} puzzles remade in {time.time() - started:.0f} s")
