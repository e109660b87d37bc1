"""The rules reference: one view for its six pages, each drawn from translated content."""

import json

from django.conf import settings
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.views.decorators.http import require_safe

from pisti_site.forms import start_query
from pisti_site.page_cache import cache_page_per_language

from .models import Page, Question, Term, Variant

RULES_PAGES = ("rules", "variants", "scoring", "faq", "glossary", "strategy")


def playable_options(variant: Variant) -> list[dict]:
    """Each alternative a practice game can start with: its rule values and the link.

    Values are printed as JSON (``"pisti"``, ``27``, ``true``), exactly what the engine
    contract accepts, and a test feeds every printed pair back to ``Rules``.
    """
    start = reverse("practice:start")
    return [
        {
            "settings": [(key, json.dumps(value)) for key, value in rules.items()],
            "link": f"{start}?{start_query(rules)}",
        }
        for rules in variant.play
    ]


@require_safe
@cache_page_per_language
def rules_page(request, slug):
    page = get_object_or_404(Page, slug=slug)
    context = {
        "page": page,
        "sections": page.sections.all(),
        "pages": Page.objects.filter(slug__in=RULES_PAGES),
    }
    if slug == "variants":
        context["variants"] = [
            {"entry": variant, "options": playable_options(variant)}
            for variant in Variant.objects.all()
        ]
    elif slug == "faq":
        context["questions"] = Question.objects.all()
    elif slug == "glossary":
        context["terms"] = Term.objects.all()
        context["term_languages"] = settings.LANGUAGES
    template = slug if slug in ("variants", "faq", "glossary") else "page"
    return render(request, f"rules/{template}.html", context)
