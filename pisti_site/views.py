"""Site-wide pages: the home page, the language redirect, robots.txt, friendly errors.

Errors are HTML pages here; :mod:`pisti_site.json_errors` answers ``fetch`` with JSON."""

import json
import random

from django.core.exceptions import RequestDataTooBig
from django.http import HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import Resolver404, resolve, reverse
from django.utils import translation
from django.views.decorators.http import require_safe

from pisti import Rules, new_deal, view_for
from pisti.bots import make_bot

from .levels import bots_page_rows, duel_rows
from .page_cache import cache_page_per_language
from .table import event_step, present_table, seat_names


@require_safe
def choose_language(request):
    """``/`` sends visitors to their language from Accept-Language, English otherwise."""
    language = translation.get_language_from_request(request, check_path=False)
    with translation.override(language):
        return HttpResponseRedirect(reverse("home"), headers={"Vary": "Accept-Language"})


DEMO_START, DEMO_PLAYS = 9, 6


def demo_table() -> tuple[dict, list[dict]]:
    """The home page's picture of the game and the plays its short loop shows.

    A real deal, nine cards in, as seat 0 sees it, then the next six plays (a big capture
    and a pişti among them): the "easy" bot plays every seat from fixed seeds, so the
    picture never changes. The plays are the public cards laid on the table, nothing more.
    """
    state = new_deal(Rules(), rng=random.Random(11))
    names = seat_names(2)
    steps = []
    for move in range(DEMO_START + DEMO_PLAYS):
        if move == DEMO_START:
            # no level chip: the picture is a game, not an offer of one opponent
            table = present_table(state, 0, playable=False, levels={})
        event = state.play(make_bot("easy", move).choose(view_for(state, state.current_player)))
        if move >= DEMO_START:
            steps.append(event_step(event, names, state.side_of))
    return table, steps


@require_safe
@cache_page_per_language
def home(request):
    table, steps = demo_table()
    return render(request, "home.html", {"table": table, "demo_steps": json.dumps(steps)})


@require_safe
@cache_page_per_language
def bots(request):
    """How strong each bot is, measured in duels, with how it plays and its move time."""
    return render(request, "bots.html", {"levels": bots_page_rows(), "duels": duel_rows()})


@require_safe
def robots_txt(request):
    sitemap = request.build_absolute_uri("/sitemap.xml")
    return HttpResponse(
        f"User-agent: *\nDisallow: /admin/\nSitemap: {sitemap}\n", content_type="text/plain"
    )


def bad_request(request, exception):
    """A body over ``DATA_UPLOAD_MAX_MEMORY_SIZE`` says so (413), other bad requests are 400."""
    status = 413 if isinstance(exception, RequestDataTooBig) else 400
    return render(request, "400.html", status=status)


# Pages that belong to the browser that made them (its session): opened elsewhere they are
# not found, and the page says why, whether the address ever held a game or not.
BROWSER_BOUND = {"practice", "analysis"}


def page_not_found(request, exception):
    try:
        namespace = resolve(request.path_info).namespace
    except Resolver404:
        namespace = ""
    context = {"browser_bound": namespace in BROWSER_BOUND, "no_table": namespace == "friends"}
    return render(request, "404.html", context, status=404)


def server_error(request):
    return render(request, "500.html", status=500)
