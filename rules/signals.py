"""Edited content must show at once: drop cached pages whenever a rules row changes."""

from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from pisti_site.page_cache import clear_page_cache

from .models import Page, Question, Section, Term, Variant


@receiver([post_save, post_delete])
def content_changed(sender, **kwargs) -> None:
    if sender in (Page, Section, Variant, Question, Term):
        clear_page_cache()
