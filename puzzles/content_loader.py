"""Load the generated puzzles (``make_puzzles`` writes them) into the database."""

from __future__ import annotations

import json
from pathlib import Path

from django.db import transaction

from pisti_site.glicko2 import DEFAULT_DEVIATION, DEFAULT_VOLATILITY

from .models import Puzzle
from .rating import SEED_DEVIATION, seed_rating

FIELDS = (
    "theme",
    "view",
    "answer",
    "values",
    "exact",
    "samples",
    "facts",
    "line",
    "other_lines",
)
CONTENT = Path(__file__).resolve().parent / "content" / "puzzles.json"


def load_puzzles(path: Path = CONTENT) -> dict[str, int]:
    """Every puzzle of the file, by number. A puzzle whose position and answer are what
    they were keeps the rating its answers gave it; a new or changed one starts from its
    seeded rating (:func:`~puzzles.rating.seed_rating`). Numbers no longer in the file go."""
    if not path.exists():
        return {"puzzles": 0}
    rows = json.loads(path.read_text())
    with transaction.atomic():
        kept = {p.number: p for p in Puzzle.objects.all()}
        Puzzle.objects.exclude(number__in=[r["number"] for r in rows]).delete()
        changed, new = [], []
        for r in rows:
            fields = {name: r.get(name, {}) for name in FIELDS}
            fields["first_rating"] = seed_rating(r["values"], r["theme"])
            puzzle = kept.get(r["number"])
            same = puzzle is not None and (puzzle.view, puzzle.answer) == (r["view"], r["answer"])
            if same and puzzle.deviation != DEFAULT_DEVIATION:
                # the same position, already seeded: its rating stays, the rest is the file's
                seeded = {}
            else:
                seeded = {
                    "rating": seed_rating(r["values"], r["theme"]),
                    "deviation": SEED_DEVIATION,
                    "volatility": DEFAULT_VOLATILITY,
                }
            if puzzle is None:
                new.append(Puzzle(number=r["number"], **fields, **seeded))
            else:
                for name, value in {**fields, **seeded}.items():
                    setattr(puzzle, name, value)
                changed.append(puzzle)
        Puzzle.objects.bulk_create(new)
        Puzzle.objects.bulk_update(
            changed, [*FIELDS, "first_rating", "rating", "deviation", "volatility"]
        )
    return {"puzzles": len(rows)}
