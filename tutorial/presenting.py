"""What a step looks like for the learner: the table as seat 0 may see it, and feedback.

The table is drawn from :func:`pisti.view_for` only, so a lesson page can never show
another hand, the stock order or a face-down card.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from pisti import Tally, view_for
from pisti.cards import card_name, parse_card
from rules.cardwords import card_words, cards_words
from rules.svg import backs_svg, card_svg, row_svg

from . import engine
from .models import Step


def seat_names(players: int) -> dict[int, str]:
    if players == 4:
        return {0: _("You"), 1: _("Left opponent"), 2: _("Your partner"),
                3: _("Right opponent")}
    if players == 3:
        return {0: _("You"), 1: _("Left opponent"), 2: _("Right opponent")}
    return {0: _("You"), 1: _("Your opponent")}


def describe_event(event, names) -> str:
    who, card = names[event.seat], card_words(event.card)
    if event.jack_pisti:
        text = _("%(who)s: %(card)s — jack pişti! %(count)d cards taken.")
    elif event.pisti:
        text = _("%(who)s: %(card)s — pişti! %(count)d cards taken.")
    elif event.captured:
        text = _("%(who)s: %(card)s takes %(count)d cards.")
    else:
        text = _("%(who)s: %(card)s, no capture.")
    return text % {"who": who, "card": card, "count": event.captured}


def present_table(state, *, playable: bool) -> dict:
    """The template's view of the table, built from seat 0's view alone."""
    view = view_for(state, engine.LEARNER)
    names = seat_names(view.players)
    face_down = view.pile_size - len(view.pile_face_up)
    pile_label = (
        _("Table: %(down)d face-down cards, face up: %(up)s.")
        % {"down": face_down, "up": cards_words(view.pile_face_up)}
        if view.pile_size else _("The table is empty.")
    )
    hand = [
        {"number": i, "name": card_name(c), "words": card_words(c), "svg": card_svg(c)}
        for i, c in enumerate(sorted(view.hand), start=1)
    ]
    others = [
        {"name": names[seat], "count": size,
         "svg": backs_svg(size, ngettext("%(n)d card", "%(n)d cards", size) % {"n": size})
         if size else ""}
        for seat, size in enumerate(view.hand_sizes) if seat != engine.LEARNER
    ]
    side = view.side
    return {
        "pile_svg": row_svg([("pile", face_down, list(view.pile_face_up))], pile_label)
        if view.pile_size else "",
        "pile_label": pile_label,
        "pile_size": view.pile_size,
        "face_down": face_down,
        "top": card_words(view.top) if view.top is not None else None,
        "hand": hand,
        "playable": playable,
        "others": others,
        "stock": view.stock,
        "captured_ours": view.captured_cards[side],
        "captured_theirs": sum(view.captured_cards) - view.captured_cards[side],
    }


def present_step(step: Step, progress) -> dict:
    """Everything the step template shows, plus the sentence screen readers hear."""
    out = {"kind": step.kind, "solved": progress.solved, "feedback": None, "events": []}
    if step.kind == Step.QUIZ:
        return _present_quiz(step, progress, out)
    before = engine.build_state(step.spec)
    if step.kind == Step.EXPLAIN:
        out["table"] = present_table(before, playable=False) if before else None
        out["announce"] = step.title
        return out
    if progress.solved and progress.last_choice:
        result = engine.play_move(step.spec, parse_card(progress.last_choice))
        names = seat_names(result.state.players)
        out["events"] = [describe_event(e, names) for e in [result.event, *result.replies]]
        out["table"] = present_table(result.state, playable=False)
        out["feedback"] = {"right": True,
                           "text": engine.fill_text(step.success, result, before)}
        out["announce"] = " ".join([*out["events"], out["feedback"]["text"]])
        return out
    out["table"] = present_table(before, playable=True)
    if progress.last_choice:
        result = engine.play_move(step.spec, parse_card(progress.last_choice))
        wrong = step.wrong_moves.filter(choice=progress.last_choice).first()
        text = wrong.text if wrong else engine.explain_wrong(step.spec, result)
        out["feedback"] = {"right": False, "text": text, "card": card_words(result.card)}
        out["announce"] = _("Not quite: %(text)s Try another card.") % {"text": text}
    else:
        out["announce"] = step.text
    return out


def _present_quiz(step: Step, progress, out: dict) -> dict:
    question = step.spec["question"]
    out["choices"] = step.spec["choices"]
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
        "0": _("Your side wins"), "1": _("The other side wins"), "shared": _("A shared win"),
        "continue": _("Nobody yet: play another deal"),
    }.get(choice, choice)
