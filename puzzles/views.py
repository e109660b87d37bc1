"""Puzzles: the puzzle of the day, one puzzle at a time, themes, the visitor's solved count.

An answer is a plain form post (the hand's cards are buttons); the page then shows whether
it was right, the solution and its explanation. Answers are kept in the session only.
"""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from .models import Puzzle
from .presenting import explanation, present, puzzle_of_the_day, theme_names, values_table
from .progress import Solved

ANSWERS_KEY = "puzzles_answers"


def _theme(request) -> str | None:
    theme = request.GET.get("theme") or request.POST.get("theme") or None
    return theme if theme in theme_names() else None


@require_safe
def index(request):
    solved = Solved(request.session)
    counts = {theme: Puzzle.objects.filter(theme=theme).count() for theme in theme_names()}
    return render(
        request,
        "puzzles/index.html",
        {
            "today": puzzle_of_the_day(),
            "solved": len(solved),
            "total": Puzzle.objects.count(),
            "themes": [
                {"key": k, "name": name, "count": counts[k]} for k, name in theme_names().items()
            ],
        },
    )


@require_safe
def puzzle_page(request, number):
    return _render(request, get_object_or_404(Puzzle, number=number))


def _render(request, puzzle, error: str | None = None, status: int = 200):
    number = puzzle.number
    answer = request.session.get(ANSWERS_KEY, {}).get(str(number))
    theme = _theme(request)
    form = (
        None
        if answer
        else {
            "action": reverse("puzzles:answer", args=[number]),
            "fields": [("theme", theme)] if theme else [],
        }
    )
    context = present(puzzle, form)
    context["error"] = error
    context.update(
        {
            "answer": answer,
            "theme": theme,
            "solved": len(Solved(request.session)),
            "next_url": reverse("puzzles:next")
            + (f"?after={number}" + (f"&theme={theme}" if theme else "")),
        }
    )
    if answer:
        context.update(
            {
                "correct": answer == puzzle.answer,
                "explanation": explanation(puzzle),
                "values": values_table(puzzle),
                "answer_name": next(c["name"] for c in context["hand"] if c["code"] == answer),
            }
        )
    return render(request, "puzzles/puzzle.html", context, status=status)


@require_POST
def answer(request, number):
    puzzle = get_object_or_404(Puzzle, number=number)
    card = request.POST.get("card", "")
    theme = _theme(request)
    url = reverse("puzzles:puzzle", args=[number]) + (f"?theme={theme}" if theme else "")
    if card not in puzzle.view["hand"]:
        return _render(request, puzzle, _("Choose one of the cards in your hand."), 400)
    answers = request.session.get(ANSWERS_KEY, {})
    if str(number) not in answers:  # the first answer counts; the page then shows the rest
        answers[str(number)] = card
        request.session[ANSWERS_KEY] = answers
        if card == puzzle.answer:
            Solved(request.session).add(number)
    return redirect(url + "#solution")


@require_safe
def next_puzzle(request):
    """The next puzzle not yet answered (after ``after``, in ``theme`` if given), wrapping."""
    try:
        after = int(request.GET.get("after", "0"))
    except ValueError:
        after = 0
    theme = _theme(request)
    answered = {int(n) for n in request.session.get(ANSWERS_KEY, {})}
    puzzles = Puzzle.objects.all()
    if theme:
        puzzles = puzzles.filter(theme=theme)
    numbers = [n for n in puzzles.values_list("number", flat=True) if n not in answered]
    if not numbers:
        numbers = list(puzzles.values_list("number", flat=True))
    if not numbers:
        raise Http404
    chosen = next((n for n in numbers if n > after), numbers[0])
    url = reverse("puzzles:puzzle", args=[chosen])
    return redirect(url + (f"?theme={theme}" if theme else ""))
