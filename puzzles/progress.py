"""Which puzzles a visitor solved, kept in their session like tutorial progress."""

from __future__ import annotations

SESSION_KEY = "puzzles_solved"
ANSWERS_KEY = "puzzles_answers"  # {number: the first card chosen}: what counts


def answered(session) -> set[int]:
    """The puzzles the visitor has answered on their own pages."""
    return {int(n) for n in session.get(ANSWERS_KEY, {})}


class Solved:
    def __init__(self, session) -> None:
        self.session = session

    @property
    def numbers(self) -> set[int]:
        return set(self.session.get(SESSION_KEY, []))

    def add(self, number: int) -> None:
        numbers = self.numbers | {number}
        self.session[SESSION_KEY] = sorted(numbers)

    def __len__(self) -> int:
        return len(self.numbers)
