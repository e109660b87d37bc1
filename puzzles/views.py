"""Puzzles: the puzzle of the day, one puzzle at a time, themes, the visitor's solved count.

An answer is a plain form post (the hand's cards are buttons). A right card shows the
solution and its explanation; a wrong one says what that card is likely to lose and offers
another try or the solution. Only the first answer counts as solved or not. Answers are kept
in the session only.
"""

from __future__ import annotations

import json

from django.db.models import Count
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from pisti.cards import parse_card
from pisti_site.cardwords import ACCUSATIVE, card_words

from . import runs
from .models import Puzzle
from .presenting import (
    chosen_line,
    explanation,
    glance,
    loss_line,
    present,
    puzzle_of_the_day,
    solution_points,
    solution_steps,
    theme_abouts,
    theme_names,
    values_table,
)
from .progress import ANSWERS_KEY, Solved, answered
from .rating import near, rate_first_answer, rated_last, rating_change, visitor_rating

RETRIES_KEY = "puzzles_retries"  # {number: the card chosen on the latest try after that}
SHOWN_KEY = "puzzles_shown"  # the numbers whose solution the visitor asked to see
RECENT_KEY = "puzzles_offered"  # the last puzzles "next puzzle" offered
RECENT = 30


def _theme(request) -> str | None:
    theme = request.GET.get("theme") or request.POST.get("theme") or None
    return theme if theme in theme_names() else None


@require_safe
def index(request):
    solved = Solved(request.session)
    rating = visitor_rating(request.session)
    counts = dict(Puzzle.objects.values_list("theme").annotate(n=Count("pk")))
    solved_counts = dict(
        Puzzle.objects.filter(number__in=solved.numbers)
        .values_list("theme")
        .annotate(n=Count("pk"))
    )
    today = puzzle_of_the_day()
    abouts = theme_abouts()
    return render(
        request,
        "puzzles/index.html",
        {
            "today": today,
            "today_theme": theme_names()[today.theme] if today else "",
            "today_players": today.view["players"] if today else 0,
            "today_partnerships": today.view["partnerships"] if today else False,
            "today_solved": bool(today) and today.number in solved.numbers,
            # answered but missed: the tile says so too, not the same as untouched
            "today_missed": bool(today)
            and today.number in answered(request.session)
            and today.number not in solved.numbers,
            "today_glance": glance(today) if today else None,
            "solved": len(solved),
            "total": Puzzle.objects.count(),
            "rating": rating.shown(),
            "rating_provisional": rating.provisional,
            "best_streak": runs.best(request.session, runs.RunKind.STREAK),
            "best_timed": runs.best(request.session, runs.RunKind.TIMED),
            "themes": [
                {
                    "key": key,
                    "name": name,
                    "about": abouts[key],
                    "count": counts.get(key, 0),
                    "solved": solved_counts.get(key, 0),
                }
                for key, name in theme_names().items()
            ],
        },
    )


@require_safe
def puzzle_page(request, number):
    return _render(request, get_object_or_404(Puzzle, number=number))


def attempt(session, puzzle) -> dict:
    """Where the visitor stands on ``puzzle``: the first card chosen, the latest try after a
    wrong one, and whether the solution is shown (a right card, or asked for)."""
    number = str(puzzle.number)
    first = session.get(ANSWERS_KEY, {}).get(number)
    latest = session.get(RETRIES_KEY, {}).get(number, first)
    found = latest == puzzle.answer
    shown = bool(first) and (found or puzzle.number in session.get(SHOWN_KEY, []))
    return {"first": first, "latest": latest, "found": found, "shown": shown}


def _render(request, puzzle, error: str | None = None, status: int = 200):
    number = puzzle.number
    tried = attempt(request.session, puzzle)
    theme = _theme(request)
    form = (
        None
        if tried["shown"]
        else {
            "action": reverse("puzzles:answer", args=[number]),
            "fields": [("theme", theme)] if theme else [],
        }
    )
    tried_cards = {tried["first"], tried["latest"]} - {None, puzzle.answer} if form else set()
    context = present(puzzle, form, tried_cards)
    context["error"] = error
    today = puzzle_of_the_day()
    context["of_the_day"] = today is not None and today.number == puzzle.number
    context.update(
        {
            "answer": tried["first"],
            "tried": tried,
            "theme": theme,
            "solved": len(Solved(request.session)),
            "rating": visitor_rating(request.session).shown(),
            "rating_change": rating_change(request.session, number),
            "rated_last": rated_last(request.session, number),
            "puzzle_rating": puzzle.glicko.shown(),  # "1480?" while few have answered it
            "next_url": reverse("puzzles:next")
            + (f"?after={number}" + (f"&theme={theme}" if theme else "")),
            "reveal_url": reverse("puzzles:reveal", args=[number]),
        }
    )
    if tried["latest"]:
        names = {c["code"]: c["name"] for c in context["hand"]}
        context.update(
            {
                "correct": tried["first"] == puzzle.answer,
                "latest_name": names[tried["latest"]],
                "chosen_name": card_words(parse_card(tried["latest"]), ACCUSATIVE),
                "best_name": names[puzzle.answer],
                "loss_line": loss_line(puzzle, tried["latest"]),
            }
        )
    if tried["shown"]:
        steps = solution_steps(puzzle)
        context.update(
            {
                "explanation": explanation(puzzle, chosen=tried["first"]),
                "values": values_table(puzzle),
                "line": steps,
                "line_json": json.dumps(steps),
            }
        )
        context["line_points"] = solution_points(puzzle)
        if tried["first"] != puzzle.answer:
            context["chosen_line"] = chosen_line(puzzle, tried["first"])
    return render(request, "puzzles/puzzle.html", context, status=status)


@require_POST
def answer(request, number):
    puzzle = get_object_or_404(Puzzle, number=number)
    card = request.POST.get("card", "")
    theme = _theme(request)
    url = reverse("puzzles:puzzle", args=[number]) + (f"?theme={theme}" if theme else "")
    if card not in puzzle.view["hand"]:
        return _render(request, puzzle, _("Choose one of the cards in your hand."), 400)
    if attempt(request.session, puzzle)["shown"]:
        return redirect(url + "#solution")  # answered already: a second post changes nothing
    answers = request.session.get(ANSWERS_KEY, {})
    if str(number) not in answers:  # the first answer counts
        answers[str(number)] = card
        request.session[ANSWERS_KEY] = answers
        if card == puzzle.answer:
            Solved(request.session).add(number)
        rate_first_answer(request.session, puzzle, found=card == puzzle.answer)
    else:  # another try after a wrong card: found or not, it no longer counts
        retries = request.session.get(RETRIES_KEY, {})
        retries[str(number)] = card
        request.session[RETRIES_KEY] = retries
    # a wrong card: to the table, the hand in view for another try, its verdict under it on
    # a phone (above it, the verdict pushed the hand off the screen)
    return redirect(url + ("#solution" if card == puzzle.answer else "#puzzle"))


@require_POST
def reveal(request, number):
    """Show the solution after a wrong card (before any card, there is nothing to reveal)."""
    puzzle = get_object_or_404(Puzzle, number=number)
    theme = _theme(request)
    if attempt(request.session, puzzle)["first"]:
        shown = request.session.get(SHOWN_KEY, [])
        request.session[SHOWN_KEY] = sorted({*shown, puzzle.number})
    url = reverse("puzzles:puzzle", args=[number]) + (f"?theme={theme}" if theme else "")
    return redirect(url + "#solution")


@require_safe
def next_puzzle(request):
    """A puzzle near the visitor's rating (in ``theme`` if given) not answered and not
    offered lately; when every one has been, any but the one just left (``after``)."""
    try:
        after = int(request.GET.get("after", "0"))
    except ValueError:
        after = 0
    theme = _theme(request)
    done = answered(request.session)
    recent = request.session.get(RECENT_KEY, [])
    puzzles = Puzzle.objects.all()
    if theme:
        puzzles = puzzles.filter(theme=theme)
    rating = visitor_rating(request.session).rating
    turn = len(done) + len(recent)
    chosen = (
        near(puzzles.exclude(number__in=done | {*recent, after}), rating, turn)
        or near(puzzles.exclude(number__in=done | {after}), rating, turn)
        or near(puzzles.exclude(number=after), rating, turn)
        or near(puzzles, rating, turn)
    )
    if chosen is None:
        raise Http404
    request.session[RECENT_KEY] = [*recent, chosen][-RECENT:]
    url = reverse("puzzles:puzzle", args=[chosen])
    return redirect(url + (f"?theme={theme}" if theme else ""))


def _run_kind(kind: str) -> str:
    if kind not in runs.RunKind.values:
        raise Http404
    return kind


@require_safe
def run_page(request, kind):
    """A streak or a timed run: its puzzle while it lasts, its score once it is over."""
    kind = _run_kind(kind)
    return _render_run(request, kind, runs.current(request.session, kind))


def _render_run(request, kind, run, error: str | None = None, status: int = 200):
    context = {
        "kind": kind,
        "kind_name": runs.RunKind(kind).label,
        "run": run,
        "best": runs.best(request.session, kind),
        "error": error,
        "timed_minutes": runs.TIMED_SECONDS // 60,
        "timed_seconds": runs.TIMED_SECONDS,
        "miss_seconds": runs.TIMED_MISS_SECONDS,
    }
    if run is not None and run.last:
        number, card, right = run.last
        previous = Puzzle.objects.filter(number=number).first()
        if previous is not None and not right:
            shown = present(previous)
            names = {c["code"]: c["name"] for c in shown["hand"]}
            context["missed"] = {
                "chosen": names[card],
                "best": names[previous.answer],
                "explanation": explanation(previous, chosen=card, one_try=True),
                "number": number,
                "url": reverse("puzzles:puzzle", args=[number]),
            }
            if run.over:  # the run's last page: the position missed, and how it goes on
                steps = solution_steps(previous)
                context["missed"] |= {
                    "table": shown["table"],
                    "line": steps,
                    "line_json": json.dumps(steps),
                    # as a puzzle's own page: what each side won over the line, and the line
                    # of the card chosen beside it
                    "line_points": solution_points(previous),
                    "chosen_line": chosen_line(previous, card),
                }
        elif previous is not None:  # the card found, named: "Right!" alone said nothing
            context["right_name"] = card_words(parse_card(card))
    if run is not None and not run.over:
        puzzle = get_object_or_404(Puzzle, number=run.current)
        form = {
            "action": reverse("puzzles:run-answer", args=[kind]),
            "fields": [("number", run.current)],
        }
        context.update(present(puzzle, form))
    return render(request, "puzzles/run.html", context, status=status)


@require_POST
def run_start(request, kind):
    kind = _run_kind(kind)
    runs.start(request.session, kind)
    return redirect(reverse("puzzles:run", args=[kind]))


@require_POST
def run_answer(request, kind):
    """An answer to the run's puzzle; a card not in its hand is refused (400) and changes
    nothing, an answer to a puzzle the run has left (a replay) changes nothing."""
    kind = _run_kind(kind)
    run = runs.current(request.session, kind)
    url = reverse("puzzles:run", args=[kind])
    try:
        number = int(request.POST.get("number", ""))
    except ValueError:
        number = None
    if run is None or number != run.current or run.over:
        return redirect(url)
    puzzle = get_object_or_404(Puzzle, number=number)
    card = request.POST.get("card", "")
    if card not in puzzle.view["hand"]:
        return _render_run(request, kind, run, _("Choose one of the cards in your hand."), 400)
    runs.answer(request.session, run, number, card, puzzle)
    return redirect(url)
