"""Puzzle ratings: each puzzle's Glicko-2 rating, seeded from how hard the position is to
see and moved by every first answer, and the visitor's own puzzle rating (in the session).

A first answer is one game between the visitor and the puzzle: finding the card is the
visitor's win, missing it the puzzle's. Another try after a wrong card, or a card chosen
after the solution was shown, rates nothing.
"""

from __future__ import annotations

from django.db import transaction

from pisti_site.glicko2 import Rating, update

from .models import Puzzle

SESSION_KEY = "puzzles_rating"  # the visitor's rating, Rating.to_list()
CHANGES_KEY = "puzzles_rating_changes"  # {number: the visitor's rating change it made}
LATEST_KEY = "puzzles_latest_rated"  # the number of the puzzle rated last
SEED_DEVIATION = 250.0  # a seeded rating is a guess the first answers correct quickly
NEAR_CHOICES = 5  # "next puzzle" draws among this many unanswered puzzles nearest your rating
# Themes whose idea is easier or harder to see than the position's numbers say: a lone
# card to take is the first thing a new player looks for, a partner's cards the last.
THEME_OFFSETS = {"pisti": -150, "jack": 0, "last_capture": 50, "counting": 100, "partnership": 150}
PLAUSIBLE = 3.0  # a card within this many points of the best is a real candidate


def seed_rating(values: dict[str, list[float]], theme: str) -> float:
    """A first guess at how hard a puzzle is: harder when the best card's lead over the
    next is small, when several cards are close to it, and by theme (:data:`THEME_OFFSETS`).
    ``values``: the stored {card: [value, standard error]}."""
    ranked = sorted((value for value, _error in values.values()), reverse=True)
    lead = ranked[0] - ranked[1]
    plausible = sum(1 for value in ranked[1:] if ranked[0] - value < PLAUSIBLE)
    rating = 1500 + THEME_OFFSETS.get(theme, 0) + 120 * plausible - 60 * min(lead - 1.5, 8.0)
    return round(min(max(rating, 800.0), 2300.0), 1)


# A new visitor starts at 1500 ± 200, not Glicko's ± 350: at 350 one first answer moved a
# new player by 349 points (a solve) or 263 (a miss), which read as noise; at 200 the first
# answers move it by about 100-180, and it still finds a player's level in a dozen.
VISITOR_START = Rating(1500.0, 200.0)


def visitor_rating(session) -> Rating:
    stored = session.get(SESSION_KEY)
    return VISITOR_START if stored is None else Rating.from_list(stored)


def rating_change(session, number: int) -> float | None:
    return session.get(CHANGES_KEY, {}).get(str(number))


def rated_last(session, number: int) -> bool:
    """Whether puzzle ``number`` made the visitor's latest rating change: only then does
    its page show the rating now beside that change (a puzzle seen again showed an old
    "+75" beside a rating other answers had moved since)."""
    return session.get(LATEST_KEY) == number


def rate_first_answer(session, puzzle: Puzzle, found: bool) -> None:
    """One game: the visitor against the puzzle, both rated from where they stood. The
    puzzle's row is locked while it changes (two visitors may answer it at once)."""
    with transaction.atomic():
        locked = Puzzle.objects.select_for_update().get(pk=puzzle.pk)
        visitor = visitor_rating(session)
        puzzle_before = locked.glicko
        after = update(visitor, [(puzzle_before, 1.0 if found else 0.0)])
        locked.rate(update(puzzle_before, [(visitor, 0.0 if found else 1.0)]))
        locked.save(update_fields=["rating", "deviation", "volatility"])
    session[SESSION_KEY] = after.to_list()
    changes = session.get(CHANGES_KEY, {})
    changes[str(puzzle.number)] = round(after.rating - visitor.rating, 1)
    session[CHANGES_KEY] = changes
    session[LATEST_KEY] = puzzle.number


def near(puzzles, rating: float, turn: int, rng=None, choices: int = NEAR_CHOICES) -> int | None:
    """The number of one of the ``choices`` puzzles of ``puzzles`` rated nearest
    ``rating``: ``turn`` picks which, so that the same rating does not always get the same
    puzzle, or ``rng`` draws it (a run: every visitor's streak is not the same list)."""
    rows = sorted(puzzles.values_list("number", "rating"), key=lambda r: (abs(r[1] - rating), r[0]))
    if not rows:
        return None
    choices = min(choices, len(rows))
    return rows[rng.randrange(choices) if rng is not None else turn % choices][0]
