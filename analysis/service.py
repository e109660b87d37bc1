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
from django_tasks import TaskResultStatus

from pisti.analysis import LESSONS, METHOD
from pisti_site.verdicts import kind_name

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
