"""The visitor's own puzzles: the positions of their reviewed deals where the card they
played was a mistake or a blunder, to be found again.

Each one is the position as the player saw it then (their view: their hand, the table, what
had been played), nothing more, until they answer; then the review's verdict on the move
and the way to the review (which shows the deal's hands, the deal being over). A card
counts as found when the stored analysis labels it best or good (it loses less than 0.6
deal points against the best card: :data:`pisti.analysis.THRESHOLDS`), the same judge as the
review's. Answers are kept in the session.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from django.core.cache import cache

from pisti.analysis import decisions, label
from pisti.cards import parse_card
from pisti_site.lines import solution_line

from .models import DealAnalysis

LABELS = ("mistake", "blunder")  # the moves that become puzzles
FOUND = ("best", "good")  # the labels of a card that counts as found
ANSWERS_KEY = "your_puzzles_answers"  # {"<analysis>-<play>": the cards tried, see answers()}
MOST_RECORDS = 40  # the visitor's latest games and tables looked at
LINE_CACHE_SECONDS = 24 * 3600


@dataclass(frozen=True)
class YourPuzzle:
    row: DealAnalysis
    move: dict

    @property
    def key(self) -> str:
        return f"{self.row.pk}-{self.move['index']}"

    @property
    def number(self) -> int:
        """The play's number in the deal (1-based), as the review counts plays."""
        return self.move["index"] + 1

    def loss(self, card: str) -> float:
        values = self.move["values"]
        return max(0.0, values[self.move["best"]][0] - values[card][0])

    def found_by(self, card: str) -> bool:
        return label(self.loss(card)) in FOUND

    @cached_property
    def deal(self):
        """The finished deal the move was played in, loaded once for the view and the line."""
        return self.row.record.load_match().finished[self.row.deal - 1]

    def view(self):
        """The player's view before the play: rebuilt from the stored deal."""
        return next(v for i, v, _ in decisions(self.deal, self.row.seat) if i == self.move["index"])

    def line(self) -> dict:
        """The solution's line (:func:`pisti_site.lines.solution_line`): the best card, then
        the others' replies with the cards they held in that deal, which is over; for the
        page once the solution is shown, never before. Kept in the cache: the bots' replies
        are searched."""

        def made() -> dict:
            position = self.deal.replayed(self.move["index"])
            return solution_line(position, parse_card(self.move["best"]), self.row.pk)

        return cache.get_or_set(f"your-puzzle-line:{self.key}", made, LINE_CACHE_SECONDS)


def _own_rows(request):
    """The finished analyses of the visitor's own seat in their latest games and tables."""
    for kind in DealAnalysis.KINDS:
        records = DealAnalysis.reviewed_model(kind).reviewed_by(request)
        for record in records.order_by("-updated")[:MOST_RECORDS]:
            seat = record.reviewer_seat(request)
            if seat is None:
                continue
            rows = DealAnalysis.objects.filter(
                **{kind: record}, seat=seat, result__isnull=False
            ).select_related(kind)
            yield from rows.order_by("-created")


def your_puzzles(request) -> list[YourPuzzle]:
    """Every mistake and blunder of the visitor's reviewed deals, the latest deal first."""
    return [
        YourPuzzle(row, move)
        for row in _own_rows(request)
        for move in row.result
        if move["label"] in LABELS and len(move["values"]) > 1
    ]


def find(puzzles: list[YourPuzzle], analysis_id: int, index: int) -> YourPuzzle | None:
    """One of the visitor's puzzles, or ``None`` (not theirs, not a mistake, unknown)."""
    return next((p for p in puzzles if p.row.pk == analysis_id and p.move["index"] == index), None)


def answers(session) -> dict:
    """``{key: {"first": card, "latest": card, "shown": bool}}``: the first card is the one
    that counts (found or not); the others are tries until the card is found or the
    solution asked for."""
    return dict(session.get(ANSWERS_KEY, {}))


def answer(session, puzzle: YourPuzzle, card: str) -> None:
    """A card tried: the first is kept as the answer; once the puzzle is done (found, or
    its solution shown) a later post changes nothing."""
    chosen = answers(session)
    tried = chosen.get(puzzle.key)
    if tried is not None and done(puzzle, tried):
        return
    first = tried["first"] if tried else card
    chosen[puzzle.key] = {"first": first, "latest": card, "shown": False}
    session[ANSWERS_KEY] = chosen


def show_solution(session, puzzle: YourPuzzle) -> bool:
    """The solution after a wrong card (before any card there is nothing to show)."""
    chosen = answers(session)
    tried = chosen.get(puzzle.key)
    if tried is None:
        return False
    chosen[puzzle.key] = {**tried, "shown": True}
    session[ANSWERS_KEY] = chosen
    return True


def done(puzzle: YourPuzzle, tried: dict | None) -> bool:
    return tried is not None and (tried["shown"] or puzzle.found_by(tried["latest"]))
