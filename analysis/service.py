"""Asking for an analysis, and what the pages show of it.

A finished analysis is stored and never computed twice; an unfinished one whose worker
stopped sending heartbeats is enqueued again (a worker killed mid-task).
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.db import IntegrityError
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django_tasks import TaskResultStatus

from pisti.analysis import LESSONS, METHOD
from pisti.cards import parse_card
from pisti_site.cardwords import ACCUSATIVE, card_words
from pisti_site.numbers import points_text

from .models import DealAnalysis


def stale_after() -> timedelta:
    """No progress for this long while the task says it is running: its worker is gone."""
    return timedelta(seconds=settings.ANALYSIS_STALE_SECONDS)


def request_analysis(record, deal: int, seat: int = 0) -> DealAnalysis:
    """The analysis row of ``record``'s deal for ``seat`` (a practice game or a table with
    friends), with a task enqueued unless one is running or done."""
    owner = {DealAnalysis.owner(record): record, "seat": seat}
    try:
        row, _created = DealAnalysis.objects.get_or_create(
            **owner, deal=deal, defaults={"method": METHOD}
        )
    except IntegrityError:  # two requests at once: the other one created it
        row = DealAnalysis.objects.get(**owner, deal=deal)
    if row.method != METHOD:  # made by an older analysis: make it again
        DealAnalysis.objects.filter(pk=row.pk).update(
            method=METHOD, result=None, done=0, total=0, task_id="", heartbeat=None
        )
        row.refresh_from_db()
    if row.finished:
        return row
    from .tasks import analyse_finished_deal

    now = timezone.now()
    if row.task_id and not _needs_retry(analyse_finished_deal, row, now):
        return row

    claimed = DealAnalysis.objects.filter(
        pk=row.pk, result__isnull=True, heartbeat=row.heartbeat
    ).update(heartbeat=now)
    if claimed:  # only one request re-enqueues a stale task
        result = analyse_finished_deal.enqueue(row.pk)
        DealAnalysis.objects.filter(pk=row.pk).update(
            task_id=str(result.id), attempts=row.attempts + 1
        )
    row.refresh_from_db()
    return row


def queue_finished_deal(sender, record, deal: int, **kwargs) -> None:
    """A deal just ended: queue its review at once, so a worker has analysed it by the time
    the player opens the review (which would queue it too)."""
    request_analysis(record, deal)


def _needs_retry(task, row, now) -> bool:
    """Queued tasks wait their turn; a failed one, or a running one whose worker stopped
    sending heartbeats (killed mid-task), is enqueued again."""
    try:
        status = task.get_result(row.task_id).status
    except Exception:  # the task's row was pruned: enqueue it again
        return True
    if status == TaskResultStatus.READY:
        return False
    if status == TaskResultStatus.RUNNING:
        return row.heartbeat is None or now - row.heartbeat >= stale_after()
    return True  # failed, or successful without a stored result


def label_name(label: str) -> str:
    return {
        "best": _("best"),
        "good": _("good"),
        "inaccuracy": _("inaccuracy"),
        "mistake": _("mistake"),
        "blunder": _("blunder"),
    }[label]


def kind_name(kind: str) -> str:
    return {
        "pisti_missed": _("missed pişti"),
        "capture_missed": _("missed capture"),
        "lone_card": _("lone card left for the opponent"),
        "jack_spent": _("jack spent on a small pile"),
        "last_capture": _("last capture given up"),
        "feeds_pile": _("pile fed to the next player"),
        "safe_card": _("safe card not used"),
        "points_offered": _("points left on the pile"),
        "point_cards": _("point cards lost later"),
        "most_cards": _("most cards put at risk"),
        "pisti_chances": _("pişti chances given away"),
        "value": _("weaker card"),
    }[kind]


# A loss that goes mostly to one part of the rest of the deal (pisti.analysis.loss_parts).
LATER_PARTS = {
    "point_cards": lambda: _(
        "The %(card)s keeps about %(gain)s points more on average, most of them in the "
        "point cards taken later in the deal."
    ),
    "most_cards": lambda: _(
        "The %(card)s keeps about %(gain)s points more on average, most of them through "
        "the bonus for the most cards."
    ),
    "pisti_chances": lambda: _(
        "The %(card)s keeps about %(gain)s points more on average, most of them in piştis "
        "made or given away later in the deal."
    ),
}


def reason(move: dict) -> str:
    """One line, in the visitor's language, from what the search saw."""
    facts = move["facts"]
    kind = move["kind"]
    if kind == "best":
        return _("The search agrees with your card.")
    best = card_words(parse_card(facts["best"]))
    gain = points_text(move.get("loss", facts.get("gain", 0)))  # the number the header shows
    if kind == "close":
        if move.get("label") == "best":
            return _("As good as the %(card)s: on average both keep the same points.") % {
                "card": best
            }
        return _(
            "Nearly as good as the %(card)s, which keeps only about %(gain)s points more on "
            "average."
        ) % {"card": best, "gain": gain}
    if kind == "pisti_missed":
        return _("The %(card)s takes the lone card for a pişti.") % {"card": best}
    if kind == "capture_missed":
        return ngettext(
            "The %(card)s takes the pile of %(n)s card.",
            "The %(card)s takes the pile of %(n)s cards.",
            facts["pile"],
        ) % {"card": best, "n": facts["pile"]}
    if kind == "last_capture":
        return _("Gives up the last capture: the %(card)s takes it.") % {"card": best}
    if kind == "jack_spent":
        if not facts["pile"]:
            return _("Spends a jack on an empty table.")
        if facts.get("last_jack"):
            return ngettext(
                "Spends your last jack on a pile of %(n)s card.",
                "Spends your last jack on a pile of %(n)s cards.",
                facts["pile"],
            ) % {"n": facts["pile"]}
        return ngettext(
            "Spends a jack on a pile of %(n)s card.",
            "Spends a jack on a pile of %(n)s cards.",
            facts["pile"],
        ) % {"n": facts["pile"]}
    shares = {
        "percent": percent_text(facts.get("percent", 0)),
        "best_percent": percent_text(facts.get("percent_best", 0)),
        "card": card_words(parse_card(facts["best"]), ACCUSATIVE),  # "after playing it"
    }
    if kind == "lone_card":
        return (
            _(
                "Leaves a lone card. From what you could know, the next player would hold a "
                "match or a jack in about %(percent)s of the possible deals (after the "
                "%(card)s: %(best_percent)s)."
            )
            % shares
        )
    if kind == "feeds_pile":
        return (
            _(
                "From what you could know, the next player could take this pile in about "
                "%(percent)s of the possible deals (after the %(card)s: %(best_percent)s)."
            )
            % shares
        )
    if kind == "safe_card":
        return _(
            "No card that matches the %(card)s is left unseen (the others are played or in "
            "your hand): only a jack can take it. It keeps about %(gain)s points more on "
            "average."
        ) % {"card": best, "gain": gain}
    if kind == "points_offered":
        return ngettext(
            "The %(played)s, worth %(n)s point, stays on the pile for whoever takes it next; "
            "the %(card)s keeps about %(gain)s points more on average.",
            "The %(played)s, worth %(n)s points, stays on the pile for whoever takes it next; "
            "the %(card)s keeps about %(gain)s points more on average.",
            facts["points"],
        ) % {
            "played": card_words(parse_card(facts["played"])),
            "n": facts["points"],
            "card": best,
            "gain": gain,
        }
    if kind in LATER_PARTS:
        return LATER_PARTS[kind]() % {"card": best, "gain": gain}
    if move["exact"]:
        return _(
            "The %(card)s is worth %(gain)s points more, over every hand the opponent can hold."
        ) % {"card": best, "gain": gain}
    return _("The %(card)s keeps about %(gain)s points more on average.") % {
        "card": best,
        "gain": gain,
    }


def percent_text(percent) -> str:
    """ "53 %" in the visitor's format, never broken between the number and the sign."""
    return (_("%(p)s %%") % {"p": percent}).replace(" ", "\u00a0")


def progress_text(row) -> str:
    if not row.total:
        return _("Analysing your moves…")
    return _("Analysing your moves: %(done)s of %(total)s done.") % {
        "done": row.done,
        "total": row.total,
    }


def summary(moves: list[dict]) -> dict:
    """Accuracy (share of best or good moves), points lost, the biggest mistake."""
    if not moves:
        return {"accuracy": 100, "lost": 0.0, "worst": None}
    good = sum(1 for m in moves if m["label"] in ("best", "good"))
    worst = max(range(len(moves)), key=lambda i: moves[i]["loss"])
    flagged = moves[worst]["label"] not in ("best", "good")  # a mistake to show, if any
    return {
        "accuracy": round(100 * good / len(moves)),
        "lost": round(sum(m["loss"] for m in moves), 1),
        "worst": worst + 1 if flagged else None,
    }


def match_overview(record, seat: int = 0) -> dict:
    """Accuracy and points lost per analysed deal of ``seat`` and over the match, and the
    three most common kinds of mistake with the tutorial lesson that teaches each."""
    owner = {DealAnalysis.owner(record): record, "seat": seat}
    rows = DealAnalysis.objects.filter(**owner, result__isnull=False).order_by("deal")
    per_deal, kinds, every_move = [], {}, []
    for row in rows:
        per_deal.append({"deal": row.deal, **summary(row.result)})
        every_move += row.result
        for move in row.result:
            if move["label"] in ("inaccuracy", "mistake", "blunder"):
                kinds[move["kind"]] = kinds.get(move["kind"], 0) + 1
    common = sorted(kinds.items(), key=lambda kv: -kv[1])[:3]
    return {
        "per_deal": per_deal,
        "match": summary(every_move),
        "common": [
            {
                "name": kind_name(k),
                "count": n,
                "lesson": reverse("tutorial:lesson", args=[LESSONS[k]]),
            }
            for k, n in common
        ],
    }
