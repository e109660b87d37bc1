"""Numbers as every page shows them, in the visitor's format."""

from __future__ import annotations

from django.template.defaultfilters import floatformat
from django.utils.text import capfirst
from django.utils.translation import gettext as _

from .cardwords import ACCUSATIVE, card_words


def points_text(points: float) -> str:
    """A number of points as the review and the puzzles show it: one decimal, rounded half
    up, in the visitor's format (a header, a sentence and a chart agree)."""
    return floatformat(points, 1)


def count_text(count: int) -> str:
    """A count as a sentence shows it, grouped in the visitor's format ("2,048", "2.048",
    "2 048"): "over 2048 ways" read as a year."""
    return floatformat(count, "0g")


def loss_against_best(card: int, points: float) -> str:
    """What a wrong card is likely to cost, in plain words, without naming the best card
    (the player may want another try): the puzzles' and the player's own puzzles' line."""
    return capfirst(
        _("The %(card)s loses about %(points)s points against the best card, on average.")
        % {"card": card_words(card, ACCUSATIVE), "points": points_text(points)}
    )
