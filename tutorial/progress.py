"""A visitor's progress through the lessons, kept in their server-side session.

Only choices are stored (the step reached, mistakes, the card or answer last given), never
texts, so a page re-rendered in another language explains the same move in that language.
"""

from __future__ import annotations

import secrets
from dataclasses import asdict, dataclass, fields

SESSION_KEY = "tutorial"
SEED_KEY = "tutorial_seed"


@dataclass
class LessonProgress:
    step: int = 0
    mistakes: int = 0
    solved: bool = False  # the current step's move or answer was right
    last_choice: str | None = None  # the card or answer last given on this step
    done: bool = False
    stars: int = 0
    best: int = 0  # the most stars any run of this lesson earned: replaying never lowers it

    @property
    def started(self) -> bool:
        return self.step > 0 or self.mistakes > 0 or self.solved or self.done

    @property
    def completed(self) -> bool:
        """Finished at least once, even if a replay is under way now."""
        return self.done or self.best > 0

    def finish(self) -> None:
        self.done = True
        self.stars = max(1, 3 - self.mistakes)
        self.best = max(self.best, self.stars)


class Progress:
    def __init__(self, session) -> None:
        self.session = session

    def _all(self) -> dict:
        return self.session.get(SESSION_KEY, {})

    def lesson(self, slug: str) -> LessonProgress:
        data = self._all().get(slug)
        if not data:
            return LessonProgress()
        known = {f.name for f in fields(LessonProgress)}
        progress = LessonProgress(**{k: v for k, v in data.items() if k in known})
        if progress.done:  # a session from before ``best`` was kept
            progress.best = max(progress.best, progress.stars)
        return progress

    def restart(self, slug: str) -> None:
        """Play the lesson again from its first step, keeping the best stars earned."""
        old = self.lesson(slug)
        self.save(slug, LessonProgress(best=max(old.best, old.stars)))

    def seed(self) -> str:
        """A random value per visitor, kept in the session: it orders quiz answers, so the
        order differs between visitors but stays the same across reloads."""
        value = self.session.get(SEED_KEY)
        if not value:
            value = secrets.token_hex(8)
            self.session[SEED_KEY] = value
        return value

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
