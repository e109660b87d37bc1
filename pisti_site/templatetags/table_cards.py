"""``{% card "TD" %}`` and ``{% card_back %}``: one card drawn from the sprite;
``{% card_table table %}``: the whole table.

The drawing is decorative (``aria-hidden``); the markup around it names the card in words.
A table draws dozens of cards and a friends table redraws one for each seat after every
play, so each card's markup is made once per sprite address and kept (53 symbols, a few
classes each).
"""

from functools import lru_cache

from django import template
from django.conf import settings
from django.template.defaulttags import CsrfTokenNode
from django.templatetags.static import static
from django.utils.html import format_html

register = template.Library()


@lru_cache(maxsize=1024)
def _markup(sprite: str, symbol: str, extra_class: str) -> str:
    return format_html(
        '<svg class="card{}" viewBox="0 0 100 140" aria-hidden="true" focusable="false">'
        '<use href="{}#{}"/></svg>',
        f" {extra_class}" if extra_class else "",
        sprite,
        symbol,
    )


@lru_cache(maxsize=8)
def _sprite(static_url: str) -> str:
    """The sprite's address under ``STATIC_URL`` (asked of the storage once: with a
    manifest, that is a lookup of the hashed name)."""
    return static("img/cards.svg")


def sprite_url() -> str:
    return _sprite(settings.STATIC_URL)


def _use(symbol: str, extra_class: str = "") -> str:
    return _markup(sprite_url(), symbol, extra_class)


@register.simple_tag(takes_context=True)
def card_table(context, table: dict) -> str:
    """The whole card table (:mod:`pisti_site.table_html`), with the page's CSRF field."""
    from pisti_site.table_html import render_table  # it imports this module's card tags

    return render_table(table, CsrfTokenNode().render(context))


@register.simple_tag
def card(name: str, extra_class: str = "") -> str:
    return _use(name, extra_class)


@register.simple_tag
def card_back(extra_class: str = "") -> str:
    return _use("back", f"is-back {extra_class}".strip())
