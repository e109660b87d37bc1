"""One stored analysis per finished deal of a practice game.

``result`` stays empty until the task has evaluated every move and writes them all in one
statement, so a page never shows half an analysis; ``done``/``total`` only count progress.
``heartbeat`` is touched after every move: a row whose heartbeat is old and whose result is
still empty belongs to a worker that died, and the next request enqueues it again. ``method``
names the analysis that made the result; one made by an older method is made again.
"""

from django.db import models


class DealAnalysis(models.Model):
    game = models.ForeignKey("practice.Game", on_delete=models.CASCADE, related_name="analyses")
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
        constraints = [models.UniqueConstraint(fields=["game", "deal"], name="one_per_deal")]

    @classmethod
    def reviewed_game_model(cls):
        """The model of the games reviewed here (practice's), reached through the foreign
        key so that this app imports no other."""
        return cls._meta.get_field("game").related_model

    @property
    def finished(self) -> bool:
        return self.result is not None
