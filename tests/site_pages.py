"""The list of pages every site-wide test walks through (names for ``reverse``)."""

from rules.views import RULES_PAGES

PAGE_NAMES = (
    ["home"]
    + [f"rules:{slug}" for slug in RULES_PAGES]
    + ["tutorial:index", "practice:start", "puzzles:index", "scoresheet:index", "bots"]
)
LANGUAGE_CODES = ["en", "tr", "de", "ru"]
