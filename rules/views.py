"""The rules reference: one view for its six pages, each drawn from translated content."""

from django.conf import settings
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_safe

from pisti_site.page_cache import cache_page_per_language

from .models import Page, Question, Term, Variant

RULES_PAGES = ("rules", "variants", "scoring", "faq", "glossary", "strategy")


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
        context["variants"] = Variant.objects.all()
    elif slug == "faq":
        context["questions"] = Question.objects.all()
    elif slug == "glossary":
        context["terms"] = Term.objects.all()
        context["term_languages"] = settings.LANGUAGES
    template = slug if slug in ("variants", "faq", "glossary") else "page"
    return render(request, f"rules/{template}.html", context)
