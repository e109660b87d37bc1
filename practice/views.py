"""Practice games: start one, play it, review finished deals, download their records.

A game is found by its id *and* the visitor's session, so another visitor gets 404. Every
POST answers a plain form with a redirect and ``fetch`` with JSON; bad moves get a 4xx with
a translated message and change nothing.
"""

from __future__ import annotations

import json

from django.contrib import messages
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST, require_safe

from pisti import deal_record
from pisti.cards import card_name
from pisti_site.cardwords import ACCUSATIVE, card_words
from pisti_site.deal_end import match_goal
from pisti_site.forms import initial_for
from pisti_site.matchplay import TableKind, deal_finished
from pisti_site.table_html import render_table
from pisti_site.visitors import owned_or_404, session_key, wants_json

from . import service
from .forms import PRESET_LABELS, NewGameForm, PlayOnForm, initial_from_query, settings_in_words
from .models import Game
from .presenting import game_context, opening_table, recent_events
from .service import MoveRefused


def _game_or_404(request, game_id) -> Game:
    return owned_or_404(Game, request, game_id)


LAST_SETTINGS = "practice-last-settings"


def _create(request, form: NewGameForm) -> Game:
    """A new game from a valid form; its settings are kept for "Play now"."""
    data = form.cleaned_data
    game = service.create_game(session_key(request), data["level"], data["table"], data["rules"])
    request.session[LAST_SETTINGS] = {
        name: form.data[name] for name in form.fields if name in form.data
    }
    return game


def last_settings_form(request) -> NewGameForm:
    """The form as the visitor last submitted it, or the defaults (standard rules,
    medium bots, one against one)."""
    stored = request.session.get(LAST_SETTINGS)
    if stored:
        form = NewGameForm(stored)
        if form.is_valid():
            return form
    defaults = {"level": "medium", "table": "1v1", **initial_for(None)}
    return NewGameForm({k: v for k, v in defaults.items() if v is not None})


def partners_goal(last: NewGameForm) -> str:
    """How long the game "Play 2 against 2" starts from the ``last`` settings would last
    ("playing to 151 points"): a new player did not know it started a whole match to 151
    (review 8)."""
    form = NewGameForm({**last.data, "table": "2v2"})
    return match_goal(form.cleaned_data["rules"]) if form.is_valid() else ""


@csrf_exempt
@require_POST
def play_now(request):
    """One click from the home page or the practice page to a playable table.

    Exempt from CSRF because the home page is cached for every visitor and so cannot carry
    a token; the session cookie is ``SameSite=Lax``, so a forged cross-site post arrives
    without the visitor's session and can only start a game in a new, empty one.
    """
    form = last_settings_form(request)
    kept = dict(request.session.get(LAST_SETTINGS) or {})
    table = request.POST.get("table")
    if table in TableKind.values:  # "Play 2 against 2": the last settings at that table
        form = NewGameForm({**form.data, "table": table})
    if not form.is_valid():  # the defaults always validate; stay safe all the same
        return redirect("practice:start")
    game = _create(request, form)
    if table in TableKind.values:
        # the button's own table is not kept for "Play now", which stays what it was (a new
        # player's "Play now" after a 2 vs 2 game started another 2 vs 2: review 4)
        if kept:
            request.session[LAST_SETTINGS] = kept
        else:
            del request.session[LAST_SETTINGS]
    return redirect("practice:game", game_id=game.pk)


def start(request):
    """The new-game form, and the visitor's unfinished game to continue."""
    if request.method == "POST":
        form = NewGameForm(request.POST)
        if form.is_valid():
            game = _create(request, form)
            return redirect("practice:game", game_id=game.pk)
    else:
        initial, link_error = initial_from_query(request.GET)
        if link_error:
            messages.error(request, link_error)
        elif not request.GET and request.session.get(LAST_SETTINGS):
            initial = request.session[LAST_SETTINGS]
        form = NewGameForm(initial=initial)
    last = last_settings_form(request)
    current = None
    if request.session.session_key:
        current = Game.objects.filter(
            session_key=request.session.session_key, finished=False
        ).first()
    return render(
        request,
        "practice/start.html",
        {
            "form": form,
            "presets": PRESET_LABELS,
            "current": current,
            "last_settings": settings_in_words(last)
            if request.session.get(LAST_SETTINGS)
            else None,
            "partners_goal": partners_goal(last),
            **form.house_rules(open_="preset" in request.GET),
        },
    )


@require_safe
def game_page(request, game_id):
    game = _game_or_404(request, game_id)
    return render(request, "practice/game.html", game_context(game))


def _game_json(request, game, events, status=200, error=None, opening=False):
    """The new board and the plays that led to it, which the table script animates; for a
    new deal that a bot opens, also the table as dealt (``opening_html``) to play them on."""
    context = game_context(game)
    match = context["match"]
    state = match.current or match.finished[-1]
    steps = recent_events(state) if events else []
    payload = {
        "html": render_to_string("practice/includes/board.html", context, request=request),
        "steps": steps,
        "version": game.version,
        "error": error,
        "deal_over": match.current is None,  # the script holds the last table a moment
    }
    if opening and match.current is not None and match.current.events:
        payload["opening_html"] = render_table(opening_table(game, match))
    return JsonResponse(payload, status=status)


def _answer(request, game, events=None, refused: MoveRefused | None = None, opening=False):
    if wants_json(request):
        if refused:
            return _game_json(request, game, [], refused.status, refused.message)
        return _game_json(request, game, events, opening=opening)
    if refused:  # the plain-form path: the game as it is, the reason, and a 4xx status
        messages.error(request, refused.message)
        return render(request, "practice/game.html", game_context(game), status=refused.status)
    return redirect("practice:game", game_id=game.pk)


@require_POST
def play(request, game_id):
    game = _game_or_404(request, game_id)
    try:
        events = service.play_card(game, request.POST.get("card"), request.POST.get("version"))
    except MoveRefused as refused:
        game.refresh_from_db()
        return _answer(request, game, refused=refused)
    _queue_analysis_of_an_ended_deal(game)
    return _answer(request, game, events)


def _queue_analysis_of_an_ended_deal(game: Game) -> None:
    """A deal that this move ended goes to the analysis queue at once, so a worker has
    reviewed it by the time the player opens the review (which would enqueue it too)."""
    match = service.load_match(game)
    if match.finished and match.current is None:
        deal_finished.send(sender=type(game), record=game, deal=len(match.finished))


@require_POST
def next_deal(request, game_id):
    game = _game_or_404(request, game_id)
    try:
        events = service.next_deal(game, request.POST.get("version"))
    except MoveRefused as refused:
        game.refresh_from_db()
        return _answer(request, game, refused=refused)
    return _answer(request, game, events or [None], opening=True)


@require_POST
def help_settings(request, game_id):
    game = _game_or_404(request, game_id)
    game.show_highlight = request.POST.get("highlight") == "on"
    game.show_counter = request.POST.get("counter") == "on"
    game.save(update_fields=["show_highlight", "show_counter", "updated"])
    if wants_json(request):
        return _game_json(request, game, [])
    return redirect("practice:game", game_id=game.pk)


@require_POST
def hint(request, game_id):
    game = _game_or_404(request, game_id)
    advice = service.hint(game)
    if advice is None:
        message = _("There is nothing to advise: it is not your turn.")
    else:
        card, reason, exact = advice
        template = (
            _("The %(card)s is best against every hand the opponent could still hold: %(reason)s")
            if exact
            else _("The master bot would play the %(card)s: %(reason)s")
        )
        # "the X is best" names it; "would play the X" acts on it
        words = card_words(card) if exact else card_words(card, ACCUSATIVE)
        message = template % {"card": words, "reason": reason}
    if wants_json(request):
        return JsonResponse({"hint": message, "card": card_name(advice[0]) if advice else None})
    messages.info(request, message)
    return redirect("practice:game", game_id=game.pk)


@require_safe
def review(request, game_id, deal):
    """The review's first address: the board to step through is the analysis app's."""
    game = _game_or_404(request, game_id)
    if not 1 <= deal <= len(service.load_match(game).finished):
        raise Http404
    return redirect("analysis:review", record_id=game.pk, deal=deal)


@require_POST
def play_on(request, game_id):
    """ "Play on from here": a new game from a play of a reviewed deal (service.play_on)."""
    game = _game_or_404(request, game_id)
    form = PlayOnForm(request.POST)
    match = service.load_match(game)
    if form.is_valid():
        deal, play = form.cleaned_data["deal"], form.cleaned_data["play"]
        if deal <= len(match.finished) and play <= len(match.finished[deal - 1].events):
            new = service.play_on(game, deal, play, form.cleaned_data["level"])
            return redirect("practice:game", game_id=new.pk)
    return render(request, "400.html", status=400)


@require_safe
def record(request, game_id, deal):
    game = _game_or_404(request, game_id)
    match = service.load_match(game)
    if not 1 <= deal <= len(match.finished):
        raise Http404
    state = match.finished[deal - 1]
    data = deal_record(state, site="pisti", bots=game.level, human_seat=service.HUMAN, deal=deal)
    response = HttpResponse(json.dumps(data, indent=1), content_type="application/json")
    response["Content-Disposition"] = f'attachment; filename="pisti-deal-{deal}.json"'
    return response
