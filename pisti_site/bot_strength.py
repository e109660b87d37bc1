"""The measured strength of the bots, for the Bots page and the practice form.

``bot_strength.json`` next to this module is written by ``benchmarks/bot_strength.py``: the
duel table, move times per level and an Elo-style rating fitted to the table. The site only
reads it, so the numbers shown are always the ones measured.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from django.utils.formats import number_format
from django.utils.translation import gettext_lazy as _

DATA_PATH = Path(__file__).with_name("bot_strength.json")

# How each bot plays, in the order the page lists them (practice levels, then references).
HOW_THEY_PLAY = {
    "beginner": _("Takes a card that matches the top card; otherwise plays at random, jacks "
                  "included."),
    "easy": _("Greedy: the most valuable capture now, otherwise its cheapest card, keeping "
              "jacks."),
    "medium": _("Counts cards: weighs what each card takes now against the chance that the "
                "next player holds a matching card or a jack, keeps jacks for piles worth "
                "them and lays lone cards nobody can match."),
    "hard": _("Deals the cards it has not seen 16 ways that fit what it knows, plays every "
              "card of its hand out to the end of the deal in each, and changes the medium "
              "choice only when another card is clearly better."),
    "expert": _("Deals the cards it has not seen 96 ways, favouring the deals that best "
                "explain what its opponents played (a card laid instead of a capture, the "
                "card chosen to throw away), plays every card out with the counting bot's "
                "play, searches the last three cards exactly and plays for the match score."),
    "master": _("The expert's method with 768 deals, spent on the close calls; it plays the "
                "card with the best average and searches the whole last round exactly, "
                "against every hand the opponent can still hold."),
    "counting": _("Reference bot, never tuned: greedy captures, and when it cannot capture it "
                  "lays the rank with the fewest unseen copies."),
    "pimc": _("Reference bot, never tuned: textbook Monte Carlo search with 120 sampled "
              "deals, every card played out by the counting bot."),
}
LEVEL_NAMES = {
    "random": _("Random"),
    "beginner": _("Beginner"),
    "easy": _("Easy"),
    "medium": _("Medium"),
    "hard": _("Hard"),
    "expert": _("Expert"),
    "master": _("Master"),
    "counting": _("Counting (reference)"),
    "pimc": _("PIMC (reference)"),
}


@lru_cache(maxsize=1)
def strength_data() -> dict:
    return json.loads(DATA_PATH.read_text(encoding="utf-8"))


def rating(level: str) -> int | None:
    return strength_data()["ratings"].get(level)


def signed(value: float) -> str:
    """A margin with its sign and the language's decimal separator: +1,30 in German."""
    sign = "+" if value > 0 else "−" if value < 0 else ""
    return sign + number_format(abs(value), 2)


def level_rows() -> list[dict]:
    data = strength_data()
    rows = []
    for level, how in HOW_THEY_PLAY.items():
        times = data["times"].get(level)
        rows.append({
            "level": level, "name": LEVEL_NAMES[level], "how": how,
            "rating": data["ratings"].get(level),
            "p50": number_format(times["p50_ms"], 2) if times else None,
            "p99": number_format(times["p99_ms"], 2) if times else None,
        })
    return rows


def duel_rows() -> list[dict]:
    return [
        {"a": LEVEL_NAMES.get(r["a"], r["a"]), "b": LEVEL_NAMES.get(r["b"], r["b"]),
         "pairs": r["pairs"], "mean": signed(r["mean"]), "lo": signed(r["lo"]),
         "hi": signed(r["hi"]), "win_rate": number_format(100 * r["win_rate"], 1)}
        for r in strength_data()["rows"]
    ]
