"""'Find the best card' puzzles, loaded from ``puzzles/content/puzzles.json``.

A row holds the position as the player to move saw it (a ``PlayerView`` as JSON: never a
hidden card), the answer and every card's value; the explanation's words are chosen per
language when the page is shown, from ``facts``.
"""

from django.db import models

from pisti_site.glicko2 import Rating


class Puzzle(models.Model):
    number = models.PositiveIntegerField(unique=True)
    theme = models.CharField(max_length=20, db_index=True)
    view = models.JSONField()
    answer = models.CharField(max_length=2)
    values = models.JSONField()
    exact = models.BooleanField(default=False)
    samples = models.PositiveIntegerField(default=0)
    facts = models.JSONField(default=dict)
    # the plays the solution shows once it is shown (pisti_site.lines.solution_line): the answer,
    # then the others' replies with their real hands, as [seat, card, captured, kind]
    line = models.JSONField(default=dict)
    # the same for every other card of the hand, by card name: shown with the solution,
    # what the card first chosen runs into
    other_lines = models.JSONField(default=dict)
    # Glicko-2 (pisti_site.glicko2): seeded from how hard the position is to see
    # (rating.seed_rating), then moved by every first answer
    rating = models.FloatField(default=1500.0, db_index=True)
    deviation = models.FloatField(default=350.0)
    volatility = models.FloatField(default=0.06)
    # the seeded rating, kept when answers move ``rating``: the puzzle of the day is drawn
    # from the harder half by it (presenting.harder_half), fixed by the content
    first_rating = models.FloatField(default=1500.0)

    class Meta:
        ordering = ["number"]

    def __str__(self) -> str:
        return f"Puzzle {self.number} ({self.theme})"

    @property
    def glicko(self) -> Rating:
        return Rating(self.rating, self.deviation, self.volatility)

    def rate(self, rating: Rating) -> None:
        self.rating, self.deviation, self.volatility = (
            rating.rating,
            rating.deviation,
            rating.volatility,
        )
