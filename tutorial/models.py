"""Lessons as data: each step holds a real deal and a goal the engine checks.

The language-neutral part of a step is a JSON ``spec`` read from
``tutorial/content/lessons.json``; its texts are translated columns. A step with a table
names a ``deal`` (rules, dealer, and a full deck order, or the table and hands it is
arranged from) and the ``plays`` made before the step: the engine replays them, so every
table is one a real deal reaches. A move step adds its ``goal``, the ``solution``, the
``wrong`` cards it explains and the ``replies``: the other seats' scripted cards, or
``"engine"`` where several moves are right and a bot plays on from the card played.
"""

from django.db import models
from django.utils.translation import gettext_lazy as _


class Lesson(models.Model):
    slug = models.SlugField(_("slug"), unique=True)
    order = models.PositiveSmallIntegerField(_("order"), default=0)
    title = models.CharField(_("title"), max_length=200)
    summary = models.TextField(_("summary"))

    class Meta:
        ordering = ["order"]
        verbose_name = _("lesson")
        verbose_name_plural = _("lessons")

    def __str__(self) -> str:
        return self.title


class Step(models.Model):
    EXPLAIN, PLAY, QUIZ = "explain", "play", "quiz"
    KINDS = [(EXPLAIN, _("explanation")), (PLAY, _("move")), (QUIZ, _("question"))]

    lesson = models.ForeignKey(Lesson, on_delete=models.CASCADE, related_name="steps")
    key = models.SlugField(_("step id"))
    order = models.PositiveSmallIntegerField(_("order"), default=0)
    kind = models.CharField(_("kind"), max_length=10, choices=KINDS)
    spec = models.JSONField(_("engine set-up"), default=dict)
    title = models.CharField(_("title"), max_length=200)
    text = models.TextField(_("text"))
    success = models.TextField(_("after the right move"), blank=True)

    class Meta:
        ordering = ["lesson", "order"]
        constraints = [models.UniqueConstraint(fields=["lesson", "key"], name="unique_step")]
        verbose_name = _("step")
        verbose_name_plural = _("steps")

    def __str__(self) -> str:
        return f"{self.lesson.slug}/{self.key}"


class WrongMove(models.Model):
    """The explanation for one scripted wrong move: a card, or a quiz choice."""

    step = models.ForeignKey(Step, on_delete=models.CASCADE, related_name="wrong_moves")
    choice = models.CharField(_("card or choice"), max_length=20)
    text = models.TextField(_("explanation"))

    class Meta:
        constraints = [models.UniqueConstraint(fields=["step", "choice"], name="unique_wrong_move")]
        verbose_name = _("wrong move")
        verbose_name_plural = _("wrong moves")

    def __str__(self) -> str:
        return f"{self.step}: {self.choice}"
