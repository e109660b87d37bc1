"""The rules reference as translated content: pages of sections, variants, FAQ, glossary.

Text fields are translated by django-modeltranslation (``translation.py``), so each has a
column per language and falls back to English. Slugs tie the four languages together.
"""

from django.db import models
from django.utils.translation import gettext_lazy as _


class Page(models.Model):
    slug = models.SlugField(_("slug"), unique=True)
    order = models.PositiveSmallIntegerField(_("order"), default=0)
    title = models.CharField(_("title"), max_length=200)
    summary = models.TextField(_("summary"), blank=True)

    class Meta:
        ordering = ["order"]
        verbose_name = _("page")
        verbose_name_plural = _("pages")

    def __str__(self) -> str:
        return self.title


class Section(models.Model):
    page = models.ForeignKey(Page, on_delete=models.CASCADE, related_name="sections")
    slug = models.SlugField(_("slug"))
    order = models.PositiveSmallIntegerField(_("order"), default=0)
    heading = models.CharField(_("heading"), max_length=200)
    body = models.TextField(
        _("body"),
        help_text=_("HTML paragraphs and lists; [[diagram:NAME]] draws an engine diagram."),
    )

    class Meta:
        ordering = ["page", "order"]
        constraints = [models.UniqueConstraint(fields=["page", "slug"], name="unique_section")]
        verbose_name = _("section")
        verbose_name_plural = _("sections")

    def __str__(self) -> str:
        return self.heading


class Variant(models.Model):
    """A point where tables and sources disagree: a house rule the engine plays, or a custom.

    ``key`` only names the entry (its anchor on the page). ``play`` holds what a player can
    choose, as rule objects of the engine contract (one per alternative, e.g.
    ``{"jack_on_lone_card": "pisti"}``); an empty list marks a table custom that changes no
    rule of play, so the page never prints a rule key the engine would refuse.
    """

    key = models.SlugField(_("slug"), unique=True)
    order = models.PositiveSmallIntegerField(_("order"), default=0)
    title = models.CharField(_("title"), max_length=200)
    body = models.TextField(_("explanation"))
    default = models.TextField(_("default"))
    alternatives = models.TextField(_("alternatives"))
    play = models.JSONField(
        _("playable alternatives"),
        default=list,
        blank=True,
        help_text=_("Rule objects a practice game can start with; empty for a table custom."),
    )

    @property
    def is_custom(self) -> bool:
        return not self.play

    class Meta:
        ordering = ["order"]
        verbose_name = _("variant")
        verbose_name_plural = _("variants")

    def __str__(self) -> str:
        return self.title


class Question(models.Model):
    slug = models.SlugField(_("slug"), unique=True)
    order = models.PositiveSmallIntegerField(_("order"), default=0)
    question = models.CharField(_("question"), max_length=300)
    answer = models.TextField(_("answer"))

    class Meta:
        ordering = ["order"]
        verbose_name = _("question")
        verbose_name_plural = _("questions")

    def __str__(self) -> str:
        return self.question


class Term(models.Model):
    slug = models.SlugField(_("slug"), unique=True)
    order = models.PositiveSmallIntegerField(_("order"), default=0)
    term = models.CharField(_("term"), max_length=120)
    definition = models.TextField(_("definition"))

    class Meta:
        ordering = ["order"]
        verbose_name = _("glossary term")
        verbose_name_plural = _("glossary terms")

    def __str__(self) -> str:
        return self.term
