"""Load the generated puzzles (``make_puzzles`` writes them) into the database."""

from __future__ import annotations

import json
from pathlib import Path

from django.db import transaction

from .models import Puzzle

CONTENT = Path(__file__).resolve().parent / "content" / "puzzles.json"


def load_puzzles(path: Path = CONTENT) -> dict[str, int]:
    if not path.exists():
        return {"puzzles": 0}
    rows = json.loads(path.read_text())
    with transaction.atomic():
        Puzzle.objects.all().delete()
        Puzzle.objects.bulk_create(
            [
                Puzzle(
                    number=r["number"],
                    theme=r["theme"],
                    view=r["view"],
                    answer=r["answer"],
                    values=r["values"],
                    exact=r["exact"],
                    samples=r["samples"],
                    facts=r["facts"],
                )
                for r in rows
            ]
        )
    return {"puzzles": len(rows)}
