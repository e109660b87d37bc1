"""The tutorial: a lesson map and one page per lesson, played step by step.

Every move is a POST (a plain form without JavaScript; ``fetch`` with it, answered with
the re-rendered step as JSON). The page carries the step number it was made on, so a
replayed or stale submission is refused instead of applied twice.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from pisti.cards import InvalidCard, parse_card
from pisti_site.visitors import wants_json

from . import engine
from .models import Lesson, Step
from .presenting import move_events, present_step, without_stale_choice
from .progress import Progress


@require_safe
def index(request):
    progress = Progress(request.session)
    lessons = [(lesson, progress.lesson(lesson.slug)) for lesson in Lesson.objects.all()]
    next_lesson = next((lesson for lesson, p in lessons if not p.completed), None)
    return render(
        request,
        "tutorial/index.html",
        {
            "lessons": lessons,
            "next_lesson": next_lesson,
            "stars_earned": sum(p.best for _, p in lessons),
            "stars_possible": 3 * len(lessons),
            "completed": sum(p.completed for _, p in lessons),
        },
    )


def _lesson_context(request, lesson: Lesson) -> dict:
    store = Progress(request.session)
    progress = store.lesson(lesson.slug)
    steps = list(lesson.steps.all())
    following = Lesson.objects.filter(order__gt=lesson.order).first()
    context = {
        "lesson": lesson,
        "progress": progress,
        "step_count": len(steps),
        "next_lesson": following,
    }
    if not progress.done:
        step = steps[min(progress.step, len(steps) - 1)]
        context["step"] = step
        context["view"] = present_step(step, progress, seed=_quiz_seed(store, step))
    return context


def _quiz_seed(store: Progress, step: Step) -> str:
    """Only a quiz needs the visitor's seed; other steps leave the session untouched."""
    return store.seed() if step.kind == Step.QUIZ else ""


@require_safe
def lesson_page(request, slug):
    lesson = get_object_or_404(Lesson, slug=slug)
    return render(request, "tutorial/lesson.html", _lesson_context(request, lesson))


def _respond(request, lesson: Lesson, announce: str, status: int = 200, events=None, steps=()):
    """The plain-form path redirects to the lesson; the script's path gets the step's HTML,
    the sentence to announce and, after a right move, the plays one by one (the learner's
    first, then each reply): ``events`` describe them, ``steps`` are what the table script
    animates before showing the new step."""
    if wants_json(request):
        context = _lesson_context(request, lesson)
        html = render_to_string("tutorial/includes/step.html", context, request=request)
        return JsonResponse(
            {"html": html, "announce": announce, "events": events or [], "steps": list(steps)},
            status=status,
        )
    if status >= 400:  # the plain-form path: the lesson as it is, the reason, a 4xx
        messages.error(request, announce)
        return render(
            request, "tutorial/lesson.html", _lesson_context(request, lesson), status=status
        )
    return redirect(reverse("tutorial:lesson", args=[lesson.slug]), permanent=False)


def _refuse(request, lesson: Lesson, message: str, status: int):
    """Nothing changes; the learner is told why and sees the current step."""
    if wants_json(request):
        context = _lesson_context(request, lesson)
        html = render_to_string("tutorial/includes/step.html", context, request=request)
        return JsonResponse({"error": message, "html": html, "announce": message}, status=status)
    return _respond(request, lesson, message, status)


@require_POST
def act(request, slug):
    """One action on the current step: play a card, answer, go on, or start again."""
    lesson = get_object_or_404(Lesson, slug=slug)
    store = Progress(request.session)
    progress = store.lesson(slug)
    steps = list(lesson.steps.all())
    progress.step = min(progress.step, len(steps) - 1)  # the lesson may have lost steps
    action = request.POST.get("action")
    if action == "restart":
        store.restart(slug)
        return _respond(request, lesson, _("Lesson restarted."))
    try:
        made_on = int(request.POST.get("step", ""))
    except ValueError:
        return _refuse(request, lesson, _("The request did not say which step it was for."), 400)
    if progress.done or made_on != progress.step:
        return _refuse(
            request,
            lesson,
            _("That move was made on an earlier view of the lesson; here is the current one."),
            409,
        )
    step = steps[progress.step]
    progress = without_stale_choice(step, progress)
    if action == "next":
        if step.kind != Step.EXPLAIN and not progress.solved:
            return _refuse(request, lesson, _("Finish this step first."), 409)
        return _advance(request, lesson, store, progress, len(steps))
    if progress.solved:
        return _refuse(request, lesson, _("This step is already done; press Next."), 409)
    if action == "play" and step.kind == Step.PLAY:
        return _play(request, lesson, store, progress, step)
    if action == "answer" and step.kind == Step.QUIZ:
        return _answer(request, lesson, store, progress, step)
    return _refuse(request, lesson, _("That action does not fit this step."), 400)


def _advance(request, lesson, store, progress, step_count):
    if progress.step + 1 >= step_count:
        progress.finish()
        store.save(lesson.slug, progress)
        return _respond(request, lesson, _("Lesson complete!"))
    progress.step += 1
    progress.solved = False
    progress.last_choice = None
    store.save(lesson.slug, progress)
    return _respond(request, lesson, _("Next step."))


def _play(request, lesson, store, progress, step):
    try:
        card = parse_card(request.POST.get("card", ""))
        result = engine.play_move(step.spec, card)
    except (InvalidCard, ValueError):
        return _refuse(request, lesson, _("That card is not in your hand."), 400)
    progress.last_choice = request.POST["card"].upper()
    if result.right:
        progress.solved = True
    else:
        progress.mistakes += 1
    store.save(lesson.slug, progress)
    view = present_step(step, progress, seed=_quiz_seed(store, step))
    events = move_events(result) if result.right else []
    return _respond(request, lesson, view["announce"], events=events, steps=view["steps"])


def _answer(request, lesson, store, progress, step):
    choice = request.POST.get("choice", "")
    if choice not in step.spec.get("choices", []):
        return _refuse(request, lesson, _("Choose one of the answers shown."), 400)
    progress.last_choice = choice
    if choice == engine.quiz_answer(step.spec["question"]):
        progress.solved = True
    else:
        progress.mistakes += 1
    store.save(lesson.slug, progress)
    return _respond(
        request, lesson, present_step(step, progress, seed=_quiz_seed(store, step))["announce"]
    )


@require_POST
def reset(request):
    Progress(request.session).reset()
    messages.success(request, _("Your tutorial progress has been reset."))
    return redirect("tutorial:index")
