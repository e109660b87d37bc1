"""The analysis of a practice deal: progress as JSON for the review page's script, and a
board per move to step through (◀ ▶, arrow keys, one URL per move)."""

from __future__ import annotations

from django.http import Http404, JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_safe

from pisti import view_for
from pisti.cards import card_name, parse_card
from pisti_site.cardwords import card_words
from pisti_site.levels import level_name
from pisti_site.table import present_table
from pisti_site.visitors import owned_or_404

from .models import DealAnalysis
from .service import label_name, progress_text, reason, request_analysis


def _finished_deal(request, game_id, deal):
    game = owned_or_404(DealAnalysis.reviewed_game_model(), request, game_id)
    match = game.load_match()
    if not 1 <= deal <= len(match.finished):
        raise Http404
    return game, match.finished[deal - 1]


@require_safe
def status(request, game_id, deal):
    game, _state = _finished_deal(request, game_id, deal)
    row = request_analysis(game, deal)
    return JsonResponse(
        {"done": row.done, "total": row.total, "finished": row.finished, "text": progress_text(row)}
    )


@require_safe
def move(request, game_id, deal, number):
    game, state = _finished_deal(request, game_id, deal)
    row = request_analysis(game, deal)
    if not row.finished or not 1 <= number <= len(row.result):
        raise Http404
    data = row.result[number - 1]
    replay = state.replayed(data["index"])
    view = view_for(replay, game.HUMAN_SEAT)
    played, best = parse_card(data["played"]), parse_card(data["best"])
    hand = [
        {
            "name": card_words(c),
            "played": c == played,
            "best": c == best,
            "value": data["values"].get(card_name(c), [None, None]),
        }
        for c in sorted(set(view.hand), key=lambda c: -data["values"].get(card_name(c), [0])[0])
    ]
    level = level_name(game.level)
    table = present_table(
        replay,
        game.HUMAN_SEAT,
        playable=False,
        levels={seat: level for seat in range(1, replay.players)},
    )

    def link(n):
        if 1 <= n <= len(row.result):
            return reverse("analysis:move", args=[game.pk, deal, n])
        return None

    return render(
        request,
        "analysis/move.html",
        {
            "game": game,
            "deal_number": deal,
            "number": number,
            "count": len(row.result),
            "move": data,
            "hand": hand,
            "table": table,
            "played": card_words(played),
            "best": card_words(best),
            "played_value": data["values"][data["played"]],
            "best_value": data["values"][data["best"]],
            "label_name": label_name(data["label"]),
            "reason": reason(data),
            "previous": link(number - 1),
            "next": link(number + 1),
            "review_url": reverse("practice:review", args=[game.pk, deal]),
        },
    )
