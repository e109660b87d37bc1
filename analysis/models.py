"""One stored analysis per finished deal and seat: a practice game's deal (the visitor's
seat) or a table with friends' deal (one per player who reviews it).

``result`` stays empty until the task has evaluated every move and writes them all in one
statement, so a page never shows half an analysis; ``done``/``total`` only count progress.
``heartbeat`` is touched after every move: a row whose heartbeat is old and whose result is
still empty belongs to a worker that died, and the next request enqueues it again. ``method``
names the analysis that made the result; one made by an older method is made again.

The games reviewed here are reached through the foreign keys, so this app imports no other
app: each reviewed model gives ``load_match()``, ``reviewer_seat(request)``,
``reviewed_by(request)`` (the records the visitor plays in),
``review_labels(rules, seat)`` and ``get_absolute_url()``.
"""

from django.db import models
from django.db.models import Q


class DealAnalysis(models.Model):
    game = models.ForeignKey(
        "practice.Game", on_delete=models.CASCADE, related_name="analyses", null=True
    )
    table = models.ForeignKey(
        "friends.Table", on_delete=models.CASCADE, related_name="analyses", null=True
    )
    seat = models.PositiveSmallIntegerField(default=0)
    deal = models.PositiveIntegerField()  # 1-based, as in the review's URL
    method = models.CharField(max_length=16)  # pisti.analysis.METHOD when it was made
    done = models.PositiveIntegerField(default=0)
    total = models.PositiveIntegerField(default=0)
    result = models.JSONField(null=True, blank=True)
    task_id = models.CharField(max_length=64, blank=True)
    attempts = models.PositiveIntegerField(default=0)
    heartbeat = models.DateTimeField(null=True, blank=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["game", "deal"], condition=Q(game__isnull=False), name="one_per_deal"
            ),
            models.UniqueConstraint(
                fields=["table", "deal", "seat"],
                condition=Q(table__isnull=False),
                name="one_per_table_deal_and_seat",
            ),
            models.CheckConstraint(
                condition=Q(game__isnull=True) ^ Q(table__isnull=True), name="game_or_table"
            ),
        ]

    #: The kinds of record reviewed here, by the name their addresses use.
    KINDS = ("game", "table")

    @classmethod
    def reviewed_model(cls, kind: str):
        """The model of ``kind``'s records (practice's games, friends' tables)."""
        return cls._meta.get_field(kind).related_model

    @classmethod
    def owner(cls, record) -> str:
        """Which foreign key holds ``record``."""
        return next(k for k in cls.KINDS if isinstance(record, cls.reviewed_model(k)))

    @property
    def record(self):
        return self.game if self.game_id is not None else self.table

    @property
    def finished(self) -> bool:
        return self.result is not None
