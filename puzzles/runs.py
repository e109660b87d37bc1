"""Puzzle runs: a **streak** (puzzles a little harder each time, until the first miss) and a
**timed run** (as many as you can solve in three minutes; a miss costs ten seconds and
moves on). A run lives in
the session; it rates nothing (the one-at-a-time puzzles do).

Each answer names the puzzle it answers, so a replayed or double-submitted answer (the
puzzle already left behind) changes nothing.
"""

from __future__ import annotations

import random
import time
from dataclasses import asdict, dataclass, field

from django.db.models import TextChoices
from django.utils.translation import gettext_lazy as _

from .models import Puzzle
from .progress import answered
from .rating import near

STREAK_START = 1000.0  # the first puzzle of a streak is rated near this ...
STREAK_STEP = 50.0  # ... and each next one this much higher
TIMED_SECONDS = 180
TIMED_START = 1100.0
TIMED_STEP = 30.0
# a miss in a timed run costs this much of its clock, as in lichess's Puzzle Storm: free
# misses made tapping any card fast a way to a high score
TIMED_MISS_SECONDS = 10
# a run draws among this many puzzles nearest its next rating: among 5 the same two easy
# openers came back in most of a player's streaks
RUN_CHOICES = 24
RUNS_KEY = "puzzles_runs"  # {kind: the run in progress or just ended}
BEST_KEY = "puzzles_best"  # {kind: the best score}


class RunKind(TextChoices):
    STREAK = "streak", _("Streak")
    TIMED = "timed", _("Three-minute run")


@dataclass
class Run:
    kind: str
    current: int  # the puzzle on screen
    score: int = 0  # puzzles solved in this run
    seen: list[int] = field(default_factory=list)
    missed: str | None = None  # the card that ended a streak
    ends_at: float | None = None  # a timed run's end (time.time())
    last: list | None = None  # the previous answer: [puzzle number, card, right]
    answers: list = field(default_factory=list)  # every answer: [puzzle number, right]

    @property
    def over(self) -> bool:
        return self.missed is not None or (self.ends_at is not None and self.seconds_left == 0)

    @property
    def seconds_left(self) -> int:
        return 0 if self.ends_at is None else max(0, round(self.ends_at - time.time()))


def _target(kind: str, score: int) -> float:
    if kind == RunKind.STREAK:
        return STREAK_START + STREAK_STEP * score
    return TIMED_START + TIMED_STEP * score


def _pick(kind: str, score: int, seen: list[int], done: set[int] = frozenset()) -> int | None:
    """One of the few unseen puzzles nearest the run's next rating, drawn at random (every
    visitor's run is not the same list), never easier than the puzzle before it, and not
    one the visitor has answered on its own page while others are left."""
    puzzles = Puzzle.objects.exclude(number__in=seen)
    if puzzles.exclude(number__in=done).exists():
        puzzles = puzzles.exclude(number__in=done)
    if seen:
        last = Puzzle.objects.filter(number=seen[-1]).values_list("rating", flat=True).first()
        if last is not None and puzzles.filter(rating__gte=last).exists():
            puzzles = puzzles.filter(rating__gte=last)
    if not puzzles.exists():
        puzzles = Puzzle.objects.all()
    return near(puzzles, _target(kind, score), len(seen), rng=random, choices=RUN_CHOICES)


def current(session, kind: str) -> Run | None:
    stored = session.get(RUNS_KEY, {}).get(kind)
    if not stored:
        return None
    try:
        return Run(**stored)
    except TypeError:  # a run stored by an older version: start again
        return None


def best(session, kind: str) -> int:
    return session.get(BEST_KEY, {}).get(kind, 0)


def _save(session, run: Run) -> None:
    runs = session.get(RUNS_KEY, {})
    runs[run.kind] = asdict(run)
    session[RUNS_KEY] = runs
    if run.score > best(session, run.kind):
        session[BEST_KEY] = {**session.get(BEST_KEY, {}), run.kind: run.score}


def start(session, kind: str) -> Run | None:
    first = _pick(kind, 0, [], answered(session))
    if first is None:
        return None
    ends_at = time.time() + TIMED_SECONDS if kind == RunKind.TIMED else None
    run = Run(kind=kind, current=first, seen=[first], ends_at=ends_at)
    _save(session, run)
    return run


def answer(session, run: Run, number: int, card: str, puzzle: Puzzle) -> bool:
    """Play ``card`` on the run's puzzle ``number``; whether it counted (an answer to
    another puzzle, or after the run is over, does not)."""
    if run.over or number != run.current:
        return False
    run.last = [number, card, card == puzzle.answer]
    run.answers = [*run.answers, [number, card == puzzle.answer]]
    if card == puzzle.answer:
        run.score += 1
    elif run.kind == RunKind.STREAK:
        run.missed = card
        _save(session, run)
        return True
    else:
        run.ends_at -= TIMED_MISS_SECONDS
    following = _pick(run.kind, run.score, run.seen, answered(session))
    if following is not None:
        run.current = following
        run.seen = [*run.seen, following]
    _save(session, run)
    return True
