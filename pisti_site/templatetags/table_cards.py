"""``{% card "TD" %}`` and ``{% card_back %}``: one card drawn from the sprite.

The drawing is decorative (``aria-hidden``); the markup around it names the card in words.
"""

from django import template
from django.templatetags.static import static
from django.utils.html import format_html

register = template.Library()


def _use(symbol: str, extra_class: str = "") -> str:
    return format_html(
        '<svg class="card{}" viewBox="0 0 100 140" aria-hidden="true" focusable="false">'
        '<use href="{}#{}"/></svg>',
        f" {extra_class}" if extra_class else "",
        static("img/cards.svg"),
        symbol,
    )


@register.simple_tag
def card(name: str, extra_class: str = "") -> str:
    return _use(name, extra_class)


@register.simple_tag
def card_back(extra_class: str = "") -> str:
    return _use("back", f"is-back {extra_class}".strip())
