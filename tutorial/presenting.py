"""What a step looks like for the learner: the table as seat 0 may see it, and feedback."""

from __future__ import annotations

import hashlib
from dataclasses import replace

from django.urls import reverse
from django.utils.text import capfirst
from django.utils.translation import gettext as _

from pisti import Tally
from pisti.cards import card_name, parse_card
from pisti_site.cardwords import card_words
from pisti_site.table import describe_event, event_step, present_table, seat_names

from . import engine
from .models import Step


def _form(step: Step, progress) -> dict:
    """Where the learner's card goes: the lesson's act URL, on this step."""
    return {
        "action": reverse("tutorial:act", args=[step.lesson.slug]),
        "fields": [("step", progress.step), ("action", "play")],
    }


def present_step(step: Step, progress, seed: str = "") -> dict:
    """Everything the step template shows, plus the sentence screen readers hear.

    ``seed`` is the visitor's own value that orders quiz answers (see :func:`quiz_order`).
    """
    progress = without_stale_choice(step, progress)
    before = engine.build_state(step.spec)
    out = {
        "kind": step.kind,
        "solved": progress.solved,
        "feedback": None,
        "events": [],
        "steps": [],
    }
    if step.kind == Step.QUIZ:
        return _present_quiz(step, progress, out, seed)
    if step.kind == Step.EXPLAIN:
        out["table"] = present_table(before, engine.LEARNER, playable=False) if before else None
        out["announce"] = step.title
        return out
    if progress.solved and progress.last_choice:
        result = engine.play_move(step.spec, parse_card(progress.last_choice))
        names = seat_names(result.state.players, result.state.rules.partnerships)
        played = [result.event, *result.replies]
        out["events"] = [describe_event(e, names) for e in played]
        out["steps"] = [event_step(e, names, result.state.side_of) for e in played]
        out["table"] = present_table(
            result.state, engine.LEARNER, playable=False, form=_form(step, progress)
        )
        out["feedback"] = {"right": True, "text": engine.fill_text(step.success, result, before)}
        out["announce"] = " ".join([*out["events"], out["feedback"]["text"]])
        return out
    out["table"] = present_table(before, engine.LEARNER, playable=True, form=_form(step, progress))
    out["table"]["autofocus"] = True  # the step's goal is this hand: focus its first card
    if progress.last_choice:
        result = engine.play_move(step.spec, parse_card(progress.last_choice))
        wrong = step.wrong_moves.filter(choice=progress.last_choice).first()
        # a card's name may lead the engine's sentence ("туз пик забирает…")
        text = wrong.text if wrong else capfirst(engine.explain_wrong(step.spec, result))
        out["feedback"] = {"right": False, "text": text, "card": card_words(result.card)}
        out["announce"] = _("Not quite: %(text)s Try another card.") % {"text": text}
    else:
        out["announce"] = step.text
    return out


def without_stale_choice(step: Step, progress):
    """The progress with a choice that no longer fits this step forgotten (see below)."""
    if _choice_still_fits(step, engine.build_state(step.spec), progress):
        return progress
    return replace(progress, solved=False, last_choice=None)


def _choice_still_fits(step: Step, before, progress) -> bool:
    """Whether the card or answer kept in the session belongs to this step as it is now.

    A session can outlive a change of the lessons (a step reordered, a hand changed); a
    choice that no longer fits is forgotten rather than shown, never a server error.
    """
    choice = progress.last_choice
    if not choice:
        return True
    if step.kind == Step.QUIZ:
        return choice in step.spec.get("choices", [])
    try:
        card = parse_card(choice)
    except ValueError:
        return False
    if before is None or card not in before.hands[engine.LEARNER]:
        return False
    return engine.play_move(step.spec, card).right == progress.solved


def move_events(result: engine.MoveResult) -> list[dict]:
    """The plays of one move, in order: the learner's card first, then each reply.

    Every card here was played face up, so nothing hidden is carried; a client can show
    them one at a time instead of all at once.
    """
    state = result.state
    names = seat_names(state.players, state.rules.partnerships)
    return [
        {
            "seat": e.seat,
            "who": names[e.seat],
            "card": card_name(e.card),
            "words": card_words(e.card),
            "captured": e.captured,
            "pisti": e.pisti,
            "jack_pisti": e.jack_pisti,
            "text": describe_event(e, names),
        }
        for e in result.events
    ]


def quiz_order(choices: list[str], seed: str, step_key: str) -> list[str]:
    """The answers in an order of the visitor's own: shuffled by their seed, so the right
    answer is not always in the same place, yet stable across reloads of the page."""

    def rank(choice: str) -> str:
        return hashlib.sha256(f"{seed}:{step_key}:{choice}".encode()).hexdigest()

    return sorted(choices, key=rank)


def _present_quiz(step: Step, progress, out: dict, seed: str) -> dict:
    question = step.spec["question"]
    out["choices"] = quiz_order(step.spec["choices"], seed, f"{step.lesson_id}/{step.key}")
    if question["type"] == "deal_points":
        out["tallies"] = [Tally(**t) for t in question["tallies"]]
        out["asked_side"] = question["side"]
    else:
        out["totals"] = question["totals"]
        out["target"] = engine.Rules.from_dict(question.get("rules")).target
        out["deals"] = question["deals"]
    out["choice_labels"] = {c: _choice_label(c, question) for c in out["choices"]}
    if progress.solved:
        out["feedback"] = {"right": True, "text": step.success}
        out["answer"] = progress.last_choice
    elif progress.last_choice:
        wrong = step.wrong_moves.filter(choice=progress.last_choice).first()
        text = wrong.text if wrong else _("That is not the answer. Count again.")
        out["feedback"] = {"right": False, "text": text}
    out["announce"] = (out["feedback"] or {}).get("text", step.text)
    return out


def _choice_label(choice: str, question: dict) -> str:
    if question["type"] != "match_result":
        return choice
    return {
        "0": _("Your side wins"),
        "1": _("The other side wins"),
        "shared": _("A shared win"),
        "continue": _("Nobody yet: play another deal"),
    }.get(choice, choice)
