"""Turn stored content into page HTML: link placeholders, engine diagrams, score tables."""

import re

from django import template
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import mark_safe

from ..diagrams import DIAGRAMS, EXAMPLES, scoring_rows, side_labels

register = template.Library()

_BLOCK = re.compile(r"(?:<p>\s*)?\[\[(diagram|example|table):([a-z0-9-]+)\]\](?:\s*</p>)?")
_LINK = re.compile(r"\{(rules|variants|scoring|faq|glossary|strategy)\}")


def render_block(kind: str, name: str) -> str:
    if kind == "diagram" and name in DIAGRAMS:
        return render_to_string("rules/includes/diagram.html", {"diagram": DIAGRAMS[name]()})
    if kind == "example" and name in EXAMPLES:
        sides = EXAMPLES[name]()
        return render_to_string(
            "rules/includes/score_table.html", {"sides": sides, "labels": side_labels(len(sides))}
        )
    if kind == "table" and name == "scoring":
        return render_to_string("rules/includes/scoring_table.html", {"rows": scoring_rows()})
    return ""  # an unknown placeholder shows nothing; tests keep the content free of them


@register.filter
def render_content(body: str) -> str:
    """Content is written by the project (trusted HTML); placeholders become live parts."""
    html = _LINK.sub(lambda m: reverse(f"rules:{m.group(1)}"), body)
    html = _BLOCK.sub(lambda m: render_block(m.group(1), m.group(2)), html)
    return mark_safe(html)  # noqa: S308 - project-authored content, see the docstring
