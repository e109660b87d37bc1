"""A visitor's progress through the lessons, kept in their server-side session.

Only choices are stored (the step reached, mistakes, the card or answer last given), never
texts, so a page re-rendered in another language explains the same move in that language.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

SESSION_KEY = "tutorial"


@dataclass
class LessonProgress:
    step: int = 0
    mistakes: int = 0
    solved: bool = False  # the current step's move or answer was right
    last_choice: str | None = None  # the card or answer last given on this step
    done: bool = False
    stars: int = 0

    @property
    def started(self) -> bool:
        return self.step > 0 or self.mistakes > 0 or self.solved or self.done

    def finish(self) -> None:
        self.done = True
        self.stars = max(1, 3 - self.mistakes)


class Progress:
    def __init__(self, session) -> None:
        self.session = session

    def _all(self) -> dict:
        return self.session.get(SESSION_KEY, {})

    def lesson(self, slug: str) -> LessonProgress:
        data = self._all().get(slug)
        return LessonProgress(**data) if data else LessonProgress()

    def save(self, slug: str, progress: LessonProgress) -> None:
        data = dict(self._all())
        data[slug] = asdict(progress)
        self.session[SESSION_KEY] = data

    def reset(self, slug: str | None = None) -> None:
        if slug is None:
            self.session.pop(SESSION_KEY, None)
        else:
            data = dict(self._all())
            data.pop(slug, None)
            self.session[SESSION_KEY] = data
