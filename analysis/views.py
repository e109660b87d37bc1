"""The review of a finished deal, a practice game's or a table with friends': a board to
step through, one URL per play.

A step is a whole page without JavaScript; the page's script asks for the same URL with
the ``X-Review-Step`` header and gets the step alone, to swap it in without a reload (the
History API keeps the address on the step). The analysis' progress is JSON for the script.
A visitor reviews the seat they played (``reviewer_seat``); anyone else gets 404.
"""

from __future__ import annotations

import json
from functools import wraps

from django.http import Http404, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from pisti.cards import parse_card
from pisti_site.cardwords import ACCUSATIVE, NOMINATIVE, Case, card_words
from pisti_site.deal_end import deal_summary, plays_for_deals
from pisti_site.levels import short_playing_choices
from pisti_site.lines import line_steps
from pisti_site.numbers import loss_against_best, points_text
from pisti_site.seen import seen_context
from pisti_site.table import present_view
from pisti_site.verdicts import best_card_facts, label_name, reason, what_it_gives_away

from . import yours
from .board import analysed_plays, loss_chart, move_list, step_table, verdict
from .models import DealAnalysis
from .service import match_overview, progress_text, request_analysis, summary

STEP_HEADER = "X-Review-Step"
# The address names of each kind of record's review ("table_review_step", …).
PREFIX = {"game": "", "table": "table_"}


def _finished_deal(request, kind, record_id, deal):
    """The record, its match, the finished deal and the visitor's seat, or 404."""
    model = DealAnalysis.reviewed_model(kind)
    try:
        record = model.objects.get(pk=record_id)
    except model.DoesNotExist:
        raise Http404 from None
    seat = record.reviewer_seat(request)
    match = record.load_match() if seat is not None else None
    if match is not None and deal == len(match.finished) + 1 and not match.outcome.over:
        raise DealInPlay(record)
    if match is None or not 1 <= deal <= len(match.finished):
        raise Http404
    return record, seat, match, match.finished[deal - 1]


class DealInPlay(Exception):
    """The player asked for the review of the deal they are still playing (an old link, a
    second tab): not a missing page, a page that opens when the deal ends."""

    def __init__(self, record):
        super().__init__()
        self.record = record


def deal_in_play(request, record):
    """Tell the player the review opens once the deal is over, with the way back to it."""
    return render(request, "analysis/deal_in_play.html", {"record": record}, status=404)


def reviewing(view):
    """The review's views answer a deal still in play with ``deal_in_play``."""

    @wraps(view)
    def wrapper(request, *args, **kwargs):
        try:
            return view(request, *args, **kwargs)
        except DealInPlay as in_play:
            return deal_in_play(request, in_play.record)

    return wrapper


@require_safe
@reviewing
def status(request, record_id, deal, kind="game"):
    record, seat, _match, _state = _finished_deal(request, kind, record_id, deal)
    row = request_analysis(record, deal, seat)
    return JsonResponse(
        {"done": row.done, "total": row.total, "finished": row.finished, "text": progress_text(row)}
    )


def choice_left(state, seat: int, number: int) -> bool:
    """Whether ``seat`` still chooses a card from play ``number`` on: not once the stock is
    dealt out and its hand holds its last card."""
    before = state.replayed(number - 1)
    return bool(before.stock_left) or len(before.hands[seat]) > 1


def _step_context(kind, record, seat, deal, state, number, analysed, labels) -> dict:
    plays = len(state.events)
    name = f"analysis:{PREFIX[kind]}review_step"

    def url_of(n):
        return reverse(name, args=[record.pk, deal, n]) if 1 <= n <= plays else None

    return {
        "record": record,
        # only a practice game plays on from a step (a new game of the same visitor), and
        # only while the player still has a choice to make in the deal
        "play_on_url": (
            reverse("practice:play_on", args=[record.pk])
            if kind == "game" and choice_left(state, seat, number)
            else ""
        ),
        "level": getattr(record, "level", ""),
        "levels": short_playing_choices(),
        "deal_number": deal,
        "number": number,
        "plays": plays,
        "table": step_table(state, seat, number, analysed, labels),
        "verdict": verdict(state, seat, number, analysed),
        "first": url_of(1),
        "previous": url_of(number - 1),
        "next": url_of(number + 1),
        "last": url_of(plays),
        "url_of": url_of,
        "analysed": analysed,
    }


@require_safe
@reviewing
def review(request, record_id, deal, number=1, kind="game"):
    record, seat, match, state = _finished_deal(request, kind, record_id, deal)
    if not 1 <= number <= len(state.events):
        raise Http404
    row = request_analysis(record, deal, seat)
    analysed = analysed_plays(row)
    labels = record.review_labels(state.rules, seat)
    step = _step_context(kind, record, seat, deal, state, number, analysed, labels)
    if request.headers.get(STEP_HEADER):
        response = render(request, "analysis/includes/step.html", step)
    else:
        context = _page_context(kind, match, state, row, seat, labels, step)
        response = render(request, "analysis/review.html", context)
    patch_vary_headers(response, [STEP_HEADER])
    return response


def _page_context(kind, match, state, row, seat, labels, step) -> dict:
    rules = state.rules
    record, deal, url_of = step["record"], step["deal_number"], step["url_of"]
    analysed = step["analysed"]
    reader = rules.side_of(seat)
    deal_score = deal_summary(state, rules, labels["sides"], match, reader, deal)
    context = {
        **step,
        "rounds": move_list(state, seat, analysed, url_of, labels["seats"]),
        "analysis": row,
        "progress": progress_text(row),
        "status_url": reverse(f"analysis:{PREFIX[kind]}status", args=[record.pk, deal]),
        "record_url": reverse("practice:record", args=[record.pk, deal]) if kind == "game" else "",
        "summary": deal_score,
        "deal_table": deal_score["sides"],
        "deals_match": plays_for_deals(rules),
        # the match as it stood after this deal: over only if this deal ended it
        "match_over": match.outcome.over and deal == len(match.finished),
    }
    if row.finished:
        verdicts = summary(row.result)
        worst = verdicts["worst"]
        context["accuracy"] = verdicts
        context["worst_url"] = url_of(row.result[worst - 1]["index"] + 1) if worst else None
        context["chart"] = loss_chart(
            analysed, len(state.events), 4 * rules.players, url_of, step["number"]
        )
        overview = match_overview(record, seat)
        for entry in overview["per_deal"]:
            entry["url"] = reverse(
                f"analysis:{PREFIX[kind]}review", args=[record.pk, entry["deal"]]
            )
        context["overview"] = overview
    return context


@require_safe
@reviewing
def move(request, record_id, deal, number):
    """The address of a move before the board stepped through every play: the player's
    ``number``-th analysed decision, now a step of the review."""
    record, seat, _match, _state = _finished_deal(request, "game", record_id, deal)
    row = request_analysis(record, deal, seat)
    if not row.finished or not 1 <= number <= len(row.result):
        raise Http404
    play = row.result[number - 1]["index"] + 1
    return redirect("analysis:review_step", record_id=record.pk, deal=deal, number=play)


def _source(puzzle) -> str:
    """Where a puzzle of the visitor's own comes from, as the list and the page say it."""
    numbers = {"deal": puzzle.row.deal, "play": puzzle.number}
    if puzzle.row.game_id is not None:
        return _("Your practice game, deal %(deal)s, play %(play)s") % numbers
    return _("Your table with friends, deal %(deal)s, play %(play)s") % numbers


def _words(name: str, case: Case = NOMINATIVE) -> str:
    return card_words(parse_card(name), case)


def _your_puzzle_url(puzzle) -> str:
    return reverse("analysis:your_puzzle", args=[puzzle.row.pk, puzzle.move["index"]])


@require_safe
def your_puzzles_page(request):
    """The mistakes and blunders of the visitor's reviewed deals, each to be found again."""
    chosen = yours.answers(request.session)
    items = [
        {
            "url": _your_puzzle_url(puzzle),
            "source": _source(puzzle),
            "label": puzzle.move["label"],
            "label_name": label_name(puzzle.move["label"]),
            "answered": puzzle.key in chosen,
            "found": puzzle.key in chosen and puzzle.found_by(chosen[puzzle.key]["first"]),
        }
        for puzzle in yours.your_puzzles(request)
    ]
    return render(request, "analysis/yours.html", {"items": items})


def _your_puzzle_or_404(request, analysis_id, index):
    """The puzzle, and all of the visitor's (the page's "next" is among them): found once."""
    puzzles = yours.your_puzzles(request)
    puzzle = yours.find(puzzles, analysis_id, index)
    if puzzle is None:
        raise Http404
    return puzzle, puzzles


def _render_your_puzzle(request, puzzle, puzzles, error: str | None = None, status: int = 200):
    """Before a card: the position, playable. After a wrong one: what it loses, the hand
    still playable, and the solution one press away. Found, or the solution asked for: the
    verdict, the game's card and the review's reason."""
    tried = yours.answers(request.session).get(puzzle.key)
    finished = yours.done(puzzle, tried)
    answer_url = reverse("analysis:your_puzzle_answer", args=[puzzle.row.pk, puzzle.move["index"]])
    form = None if finished else {"action": answer_url, "fields": []}
    view = puzzle.view()
    context = {
        "puzzle": puzzle,
        "source": _source(puzzle),
        "table": present_view(view, playable=form is not None, form=form),
        **seen_context(view),  # what the player could know, as a puzzle shows it
        "error": error,
        "tried": tried,
        "finished": finished,
        "list_url": reverse("analysis:your_puzzles"),
        "answer_url": answer_url,
    }
    if tried and not finished:
        context.update(
            {
                "latest_name": _words(tried["latest"]),
                "chosen_name": _words(tried["latest"], ACCUSATIVE),
                "latest_loss_line": loss_against_best(
                    parse_card(tried["latest"]), puzzle.loss(tried["latest"])
                ),
                # the card played in the game again: what the review found it gives away,
                # in plain words without naming the better card (the analysis kept the
                # facts of that card only)
                "latest_hint": what_it_gives_away(
                    {**puzzle.move, **best_card_facts(view, puzzle.move["best"])}
                )
                if tried["latest"] == puzzle.move["played"] and "kind" in puzzle.move
                else "",
            }
        )
    if finished:
        kind = DealAnalysis.owner(puzzle.row.record)
        steps = line_steps(puzzle.line(), view.seat, view.rules)
        context.update(
            {
                "found_first": puzzle.found_by(tried["first"]),
                "found_later": puzzle.found_by(tried["latest"]),
                "latest_name": _words(tried["latest"]),
                "chosen_name": _words(tried["latest"], ACCUSATIVE),
                "played_name": _words(puzzle.move["played"], ACCUSATIVE),
                "played_plain": _words(puzzle.move["played"]),  # "Why not the …?"
                "played_label": label_name(puzzle.move["label"]),
                "played_loss": points_text(puzzle.move["loss"]),
                "best_name": _words(puzzle.move["best"]),
                "reason": reason({**puzzle.move, **best_card_facts(view, puzzle.move["best"])}),
                "line": steps,
                "line_json": json.dumps(steps),
                "review_url": reverse(
                    f"analysis:{PREFIX[kind]}review_step",
                    args=[puzzle.row.record.pk, puzzle.row.deal, puzzle.number],
                ),
                "next_url": _next_unanswered(request, puzzle, puzzles),
            }
        )
    return render(request, "analysis/your_puzzle.html", context, status=status)


def _next_unanswered(request, after, puzzles) -> str | None:
    chosen = yours.answers(request.session)
    for puzzle in puzzles:
        if puzzle.key not in chosen and puzzle.key != after.key:
            return _your_puzzle_url(puzzle)
    return None


@require_safe
def your_puzzle_page(request, analysis_id, index):
    return _render_your_puzzle(request, *_your_puzzle_or_404(request, analysis_id, index))


@require_POST
def your_puzzle_answer(request, analysis_id, index):
    """A card tried (the first one counts), or ``show`` for the solution after a wrong card;
    a card not in the hand is refused (400) and changes nothing, and so does any post once
    the puzzle is done."""
    puzzle, puzzles = _your_puzzle_or_404(request, analysis_id, index)
    if "show" in request.POST:
        if not yours.show_solution(request.session, puzzle):
            return _render_your_puzzle(request, puzzle, puzzles, _("Choose a card first."), 400)
        return redirect(_your_puzzle_url(puzzle) + "#solution")
    card = request.POST.get("card", "")
    if card not in puzzle.move["values"]:
        refusal = _("Choose one of the cards in your hand.")
        return _render_your_puzzle(request, puzzle, puzzles, refusal, 400)
    yours.answer(request.session, puzzle, card)
    return redirect(_your_puzzle_url(puzzle) + "#solution")
