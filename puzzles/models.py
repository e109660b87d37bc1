"""'Find the best card' puzzles, loaded from ``puzzles/content/puzzles.json``.

A row holds the position as the player to move saw it (a ``PlayerView`` as JSON: never a
hidden card), the answer and every card's value; the explanation's words are chosen per
language when the page is shown, from ``facts``.
"""

from django.db import models


class Puzzle(models.Model):
    number = models.PositiveIntegerField(unique=True)
    theme = models.CharField(max_length=20, db_index=True)
    view = models.JSONField()
    answer = models.CharField(max_length=2)
    values = models.JSONField()
    exact = models.BooleanField(default=False)
    samples = models.PositiveIntegerField(default=0)
    facts = models.JSONField(default=dict)

    class Meta:
        ordering = ["number"]

    def __str__(self) -> str:
        return f"Puzzle {self.number} ({self.theme})"
