"""A practice game: one row, owned by one visitor's session, holding a whole match.

The match is stored as the engine's own JSON (deal records: deck, dealer, plays), so the
row is the complete truth and any request can rebuild the exact state. ``version`` counts
moves; every change is a compare-and-swap on it, so a replayed or doubled request cannot
apply twice.
"""

import uuid

from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from pisti_site.matchplay import MatchRecord


class Game(MatchRecord):
    TABLES = [
        ("1v1", _("1 against 1")),
        ("2v2", _("2 against 2, with a bot partner")),
        ("3", _("3 players, each for themselves")),
        ("4", _("4 players, each for themselves")),
    ]

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    session_key = models.CharField(max_length=40, db_index=True)
    level = models.CharField(_("bot level"), max_length=10)
    table = models.CharField(_("table"), max_length=3, choices=TABLES)
    match = models.JSONField(_("match"))
    show_highlight = models.BooleanField(default=True)
    show_counter = models.BooleanField(default=False)
    finished = models.BooleanField(default=False)
    # "Play on from here": the reviewed game, deal and play this game started from, so its
    # page can lead back to that review.
    played_on_from = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    played_on_deal = models.PositiveSmallIntegerField(null=True, blank=True)
    played_on_play = models.PositiveSmallIntegerField(null=True, blank=True)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated"]
        verbose_name = _("practice game")
        verbose_name_plural = _("practice games")

    #: The visitor always sits at seat 0; the bots fill the others.
    HUMAN_SEAT = 0

    def __str__(self) -> str:
        return f"{self.level} {self.table} {self.id}"

    def get_absolute_url(self) -> str:
        return reverse("practice:game", args=[self.pk])

    def origin_review_url(self) -> str | None:
        """The review step this game was played on from, while that game still exists."""
        if self.played_on_from_id is None:
            return None
        return reverse(
            "analysis:review_step",
            args=[self.played_on_from_id, self.played_on_deal, self.played_on_play],
        )

    # What the review of a finished deal (the analysis app) asks of the games it reviews.

    @classmethod
    def reviewed_by(cls, request):
        """The games whose deals this visitor may review: their own."""
        key = request.session.session_key
        return cls.objects.filter(session_key=key) if key else cls.objects.none()

    def reviewer_seat(self, request) -> int | None:
        """The seat whose deals this visitor may review: their own game's, else none."""
        key = request.session.session_key
        return self.HUMAN_SEAT if key and key == self.session_key else None

    def review_labels(self, rules, seat: int) -> dict:
        """The seats' and sides' names as the game shows them, and the bots' levels."""
        from pisti_site.levels import level_name
        from pisti_site.table import seat_names, side_names

        level = level_name(self.level)
        return {
            "seats": seat_names(rules.players, rules.partnerships),
            "levels": {other: level for other in range(rules.players) if other != seat},
            "sides": side_names(rules),
        }
