"""Edited content must show at once: drop cached pages whenever a rules row changes.

The cache's generation moves on twice: at once, and again when the transaction commits.
The admin saves inside a transaction; a worker that rendered a page between the first move
and the commit read the old rows and may have cached them under the new generation, and
the second move leaves that page behind too.
"""

from django.db import transaction
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from pisti_site.page_cache import clear_page_cache

from .models import Page, Question, Section, Term, Variant


@receiver([post_save, post_delete])
def content_changed(sender, **kwargs) -> None:
    if sender in (Page, Section, Variant, Question, Term):
        clear_page_cache()
        transaction.on_commit(clear_page_cache)
