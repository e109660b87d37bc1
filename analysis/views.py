"""The review of a finished practice deal: a board to step through, one URL per play.

A step is a whole page without JavaScript; the page's script asks for the same URL with
the ``X-Review-Step`` header and gets the step alone, to swap it in without a reload (the
History API keeps the address on the step). The analysis' progress is JSON for the script.
"""

from __future__ import annotations

from django.http import Http404, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.views.decorators.http import require_safe

from pisti_site.deal_end import deal_summary, plays_for_deals
from pisti_site.levels import short_playing_choices
from pisti_site.table import side_names
from pisti_site.visitors import owned_or_404

from .board import analysed_plays, loss_chart, move_list, step_table, verdict
from .models import DealAnalysis
from .service import match_overview, progress_text, request_analysis, summary

STEP_HEADER = "X-Review-Step"


def _finished_deal(request, game_id, deal):
    game = owned_or_404(DealAnalysis.reviewed_game_model(), request, game_id)
    match = game.load_match()
    if not 1 <= deal <= len(match.finished):
        raise Http404
    return game, match, match.finished[deal - 1]


@require_safe
def status(request, game_id, deal):
    game, _match, _state = _finished_deal(request, game_id, deal)
    row = request_analysis(game, deal)
    return JsonResponse(
        {"done": row.done, "total": row.total, "finished": row.finished, "text": progress_text(row)}
    )


def _step_context(game, deal, state, number, analysed) -> dict:
    plays = len(state.events)

    def url_of(n):
        return reverse("analysis:review_step", args=[game.pk, deal, n]) if 1 <= n <= plays else None

    return {
        "game": game,
        "levels": short_playing_choices(),
        "deal_number": deal,
        "number": number,
        "plays": plays,
        "table": step_table(game, state, number, analysed),
        "verdict": verdict(state, game.HUMAN_SEAT, number, analysed),
        "first": url_of(1),
        "previous": url_of(number - 1),
        "next": url_of(number + 1),
        "last": url_of(plays),
        "url_of": url_of,
    }


@require_safe
def review(request, game_id, deal, number=1):
    game, match, state = _finished_deal(request, game_id, deal)
    if not 1 <= number <= len(state.events):
        raise Http404
    row = request_analysis(game, deal)
    analysed = analysed_plays(row)
    step = _step_context(game, deal, state, number, analysed)
    if request.headers.get(STEP_HEADER):
        response = render(request, "analysis/includes/step.html", step)
    else:
        context = _page_context(game, match, state, row, step)
        response = render(request, "analysis/review.html", context)
    patch_vary_headers(response, [STEP_HEADER])
    return response


def _page_context(game, match, state, row, step) -> dict:
    rules = state.rules
    deal = step["deal_number"]
    url_of = step["url_of"]
    analysed = analysed_plays(row)
    deal_score = deal_summary(state, rules, side_names(rules), match)
    context = {
        **step,
        "game": game,
        "rounds": move_list(state, game.HUMAN_SEAT, analysed, url_of),
        "analysis": row,
        "progress": progress_text(row),
        "status_url": reverse("analysis:status", args=[game.pk, deal]),
        "summary": deal_score,
        "deal_table": deal_score["sides"],
        "deals_match": plays_for_deals(rules),
        "match_over": match.outcome.over,
    }
    if row.finished:
        verdicts = summary(row.result)
        worst = verdicts["worst"]
        context["accuracy"] = verdicts
        context["worst_url"] = url_of(row.result[worst - 1]["index"] + 1) if worst else None
        context["chart"] = loss_chart(
            analysed, len(state.events), 4 * rules.players, url_of, step["number"]
        )
        context["overview"] = match_overview(game)
    return context


@require_safe
def move(request, game_id, deal, number):
    """The address of a move before the board stepped through every play: the player's
    ``number``-th analysed decision, now a step of the review."""
    game, _match, _state = _finished_deal(request, game_id, deal)
    row = request_analysis(game, deal)
    if not row.finished or not 1 <= number <= len(row.result):
        raise Http404
    play = row.result[number - 1]["index"] + 1
    return redirect("analysis:review_step", game_id=game.pk, deal=deal, number=play)
