"""The background task: analyse one seat's moves in a finished deal, of a practice game or
a table with friends (django-tasks).

It runs in a worker (``manage.py db_worker``), never in a request. It is idempotent: a
stored result is never computed again, and a retry after a killed worker starts over and
writes the result once, at the end.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django_tasks import task

from pisti.analysis import analyse_deal, classify
from pisti.cards import card_name

from .models import DealAnalysis


@task()
def analyse_finished_deal(analysis_id: int) -> int:
    """Evaluates every decision of the row's seat; returns the number of moves."""
    row = DealAnalysis.objects.select_related("game", "table").get(pk=analysis_id)
    if row.finished:
        return row.total
    state = row.record.load_match().finished[row.deal - 1]

    def progress(done: int, total: int) -> None:
        DealAnalysis.objects.filter(pk=row.pk).update(
            done=done, total=total, heartbeat=timezone.now()
        )

    DealAnalysis.objects.filter(pk=row.pk).update(done=0, heartbeat=timezone.now())
    reviews = analyse_deal(state, row.seat, seed=row.pk, progress=progress)
    moves = [serialise(state, review, row.seat) for review in reviews]
    with transaction.atomic():
        DealAnalysis.objects.filter(pk=row.pk, result__isnull=True).update(
            result=moves, done=len(moves), total=len(moves), heartbeat=timezone.now()
        )
    return len(moves)


def serialise(state, review, seat: int) -> dict:
    from pisti.analysis import decisions

    evaluation = review.evaluation
    view = next(v for i, v, _ in decisions(state, seat) if i == review.index)
    if review.played == review.best:
        kind, facts = "best", {}
    elif review.label in ("best", "good"):  # within the noise: no story to tell
        kind, facts = "close", {"best": review.best}
    else:
        kind, facts = classify(view, review.played, review.best, evaluation)
    facts = {k: card_name(v) if k in ("best", "played") else v for k, v in facts.items()}
    return {
        "index": review.index,
        "played": card_name(review.played),
        "best": card_name(review.best),
        "values": {
            card_name(c): [round(v.value, 2), round(v.stderr, 2)]
            for c, v in evaluation.values.items()
        },
        "exact": evaluation.exact,
        "loss": round(review.loss, 2),
        "label": review.label,
        "kind": kind,
        "facts": facts,
    }
