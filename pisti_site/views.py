"""Site-wide pages: the home page, the language redirect, robots.txt, friendly errors."""

from django.http import HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils import translation
from django.views.decorators.http import require_GET

from .bot_strength import duel_rows, level_rows
from .page_cache import cache_page_per_language


@require_GET
def choose_language(request):
    """``/`` sends visitors to their language from Accept-Language, English otherwise."""
    language = translation.get_language_from_request(request, check_path=False)
    with translation.override(language):
        return HttpResponseRedirect(reverse("home"), headers={"Vary": "Accept-Language"})


@require_GET
@cache_page_per_language
def home(request):
    return render(request, "home.html")


@require_GET
@cache_page_per_language
def bots(request):
    """How strong each bot is, measured in duels, with how it plays and its move time."""
    return render(request, "bots.html", {"levels": level_rows(), "duels": duel_rows()})


@require_GET
def robots_txt(request):
    sitemap = request.build_absolute_uri("/sitemap.xml")
    return HttpResponse(
        f"User-agent: *\nDisallow: /admin/\nSitemap: {sitemap}\n", content_type="text/plain"
    )


def page_not_found(request, exception):
    return render(request, "404.html", status=404)


def server_error(request):
    return render(request, "500.html", status=500)
