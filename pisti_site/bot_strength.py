"""The measured strength of the bots, for the Bots page and the practice form.

``bot_strength.json`` next to this module is written by ``benchmarks/bot_strength.py``: the
duel table, move times per level and an Elo-style rating fitted to the table. The site only
reads it, so the numbers shown are always the ones measured. The levels' names and texts
are in :mod:`pisti_site.levels`.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from django.utils.formats import number_format

DATA_PATH = Path(__file__).with_name("bot_strength.json")


@lru_cache(maxsize=1)
def strength_data() -> dict:
    return json.loads(DATA_PATH.read_text(encoding="utf-8"))


def rating(level: str) -> int | None:
    return strength_data()["ratings"].get(level)


def signed(value: float) -> str:
    """A margin with its sign and the language's decimal separator: +1,30 in German."""
    sign = "+" if value > 0 else "−" if value < 0 else ""
    return sign + number_format(abs(value), 2)
