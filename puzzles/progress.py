"""Which puzzles a visitor solved, kept in their session like tutorial progress."""

from __future__ import annotations

SESSION_KEY = "puzzles_solved"


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
