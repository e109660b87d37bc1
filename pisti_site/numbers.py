"""Numbers as every page shows them, in the visitor's format."""

from __future__ import annotations

from django.template.defaultfilters import floatformat


def points_text(points: float) -> str:
    """A number of points as the review and the puzzles show it: one decimal, rounded half
    up, in the visitor's format (a header, a sentence and a chart agree)."""
    return floatformat(points, 1)
