"""Site-wide pages: the home page, the language redirect, robots.txt, friendly errors."""

import random

from django.http import HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils import translation
from django.views.decorators.http import require_GET

from pisti import Rules, new_deal, view_for
from pisti.bots import make_bot
from practice.forms import level_name

from .page_cache import cache_page_per_language
from .table import present_table


@require_GET
def choose_language(request):
    """``/`` sends visitors to their language from Accept-Language, English otherwise."""
    language = translation.get_language_from_request(request, check_path=False)
    with translation.override(language):
        return HttpResponseRedirect(reverse("home"), headers={"Vary": "Accept-Language"})


def demo_table() -> dict:
    """The home page's picture of the game: a real deal, eleven cards in, as seat 0 sees it
    (the "easy" bot plays every seat from a fixed seed, so the picture never changes)."""
    state = new_deal(Rules(), rng=random.Random(11))
    for move in range(11):
        seat = state.current_player
        state.play(make_bot("easy", move).choose(view_for(state, seat)))
    return present_table(state, 0, playable=False, levels={1: level_name("easy")})


@require_GET
@cache_page_per_language
def home(request):
    return render(request, "home.html", {"table": demo_table()})


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
