"""Puzzle ratings: seeded from how hard a position is, moved by first answers (the
visitor's in the session, the puzzle's in the database), "next puzzle" near the visitor's
rating, the puzzle of the day from the harder half."""

from __future__ import annotations

import datetime
import json
import re
import statistics

import pytest
from django.urls import reverse

from pisti_site.glicko2 import Rating
from puzzles.content_loader import load_puzzles
from puzzles.models import Puzzle
from puzzles.presenting import puzzle_of_the_day
from puzzles.rating import SESSION_KEY, seed_rating

pytestmark = pytest.mark.django_db


def answer(client, puzzle, card):
    return client.post(reverse("puzzles:answer", args=[puzzle.number]), {"card": card})


def test_a_closer_call_seeds_a_harder_puzzle():
    clear = {"AS": [6.0, 0.2], "KD": [1.0, 0.3], "5C": [0.5, 0.3]}
    close = {"AS": [3.0, 0.2], "KD": [1.4, 0.3], "5C": [-1.0, 0.3]}
    crowded = {"AS": [3.0, 0.2], "KD": [1.4, 0.3], "5C": [1.2, 0.3]}
    assert seed_rating(clear, "counting") < seed_rating(close, "counting")
    assert seed_rating(close, "counting") < seed_rating(crowded, "counting")
    assert seed_rating(close, "pisti") < seed_rating(close, "partnership")


def test_a_first_right_answer_raises_you_and_lowers_the_puzzle(client):
    puzzle = Puzzle.objects.first()
    before = puzzle.rating
    answer(client, puzzle, puzzle.answer)
    mine = Rating.from_list(client.session[SESSION_KEY])
    puzzle.refresh_from_db()
    assert mine.rating > 1500 and puzzle.rating < before and puzzle.deviation < 250
    html = client.get(reverse("puzzles:puzzle", args=[puzzle.number])).content.decode()
    assert f"Your puzzle rating: {mine.shown()} (+{round(mine.rating - 1500)})." in html
    # the puzzle's own rating with its "?" while unsure (one answer so far), as yours
    assert puzzle.glicko.provisional
    assert f"This puzzle’s rating: {round(puzzle.rating)}?<" in html
    # the same answer again moves nothing
    answer(client, puzzle, puzzle.answer)
    puzzle.refresh_from_db()
    assert Rating.from_list(client.session[SESSION_KEY]) == mine


def test_a_wrong_first_answer_lowers_you_and_a_later_try_moves_nothing(client):
    puzzle = next(p for p in Puzzle.objects.all() if len(p.view["hand"]) >= 3)
    before = puzzle.rating
    wrong = [c for c in puzzle.view["hand"] if c != puzzle.answer]
    answer(client, puzzle, wrong[0])
    mine = Rating.from_list(client.session[SESSION_KEY])
    puzzle.refresh_from_db()
    assert mine.rating < 1500 and puzzle.rating > before
    html = client.get(reverse("puzzles:puzzle", args=[puzzle.number])).content.decode()
    assert f"Your puzzle rating: {mine.shown()} (−{round(1500 - mine.rating)})." in html
    rated = puzzle.rating
    answer(client, puzzle, puzzle.answer)  # found on another try: not a game
    puzzle.refresh_from_db()
    assert puzzle.rating == rated
    assert Rating.from_list(client.session[SESSION_KEY]) == mine


def test_next_puzzle_is_near_your_rating_and_not_one_offered_lately(client):
    session = client.session
    session[SESSION_KEY] = [1850.0, 80.0, 0.06]
    session.save()
    ratings = sorted(Puzzle.objects.values_list("rating", flat=True))
    offered = []
    for _ in range(6):
        location = client.get(reverse("puzzles:next"))["Location"]
        offered.append(Puzzle.objects.get(number=int(location.split("/")[-2])))
    assert len({p.number for p in offered}) == 6  # none offered twice
    median = statistics.median(ratings)
    for puzzle in offered:  # all from the hard end, near 1850
        assert puzzle.rating > median
        assert abs(puzzle.rating - 1850) <= max(abs(r - 1850) for r in ratings[-40:])


def test_the_puzzle_of_the_day_comes_from_the_harder_half_and_answers_do_not_move_it(client):
    """The harder half by first rating; the live ratings move with every answer, and a
    day's puzzle that moved with them changed under a visitor's eyes."""
    first = {p.number: seed_rating(p.values, p.theme) for p in Puzzle.objects.all()}
    median = statistics.median(first.values())
    day = datetime.date(2027, 1, 1)
    drawn = [puzzle_of_the_day(day + datetime.timedelta(days=n)) for n in range(60)]
    assert len({p.number for p in drawn}) > 20
    assert all(first[p.number] >= median for p in drawn)
    today = puzzle_of_the_day(day)
    # a flood of answers moves ratings across the median; the day's puzzle stays
    for puzzle in Puzzle.objects.order_by("rating")[:40]:
        Puzzle.objects.filter(pk=puzzle.pk).update(rating=puzzle.rating + 900)
    assert puzzle_of_the_day(day) == today


def test_reloading_the_puzzles_keeps_the_ratings_answers_gave(client, tmp_path):
    puzzle = Puzzle.objects.first()
    answer(client, puzzle, puzzle.answer)
    puzzle.refresh_from_db()
    rated = puzzle.rating
    rows = [
        {**{k: getattr(p, k) for k in ("number", "theme", "view", "answer", "values")}}
        | {"exact": p.exact, "samples": p.samples, "facts": p.facts}
        for p in Puzzle.objects.all()
    ]
    path = tmp_path / "puzzles.json"
    path.write_text(json.dumps(rows))
    load_puzzles(path)
    assert Puzzle.objects.get(number=puzzle.number).rating == rated
    # a changed position starts again from its seed
    rows[0]["view"] = {**rows[0]["view"], "dealer": 1 - rows[0]["view"]["dealer"]}
    path.write_text(json.dumps(rows))
    load_puzzles(path)
    changed = Puzzle.objects.get(number=rows[0]["number"])
    assert changed.rating == seed_rating(rows[0]["values"], rows[0]["theme"])


def test_a_new_visitors_rating_is_marked_provisional_and_explained(client):
    html = client.get(reverse("puzzles:index")).content.decode()
    assert '<strong class="rating-number">1500?</strong>' in html and "still provisional" in html


def test_a_new_visitors_first_answers_move_the_rating_by_less_than_200():
    """A first solve of a puzzle rated 350 above, or a first miss of one 350 below, moved a
    new visitor by 349 and 263 points at Glicko's usual start (± 350); from ± 200 the first
    answers stay under 200, and a visitor who solves a dozen puzzles at 1900 climbs past
    1750 (the rating still finds the level)."""
    from pisti_site.glicko2 import update
    from puzzles.rating import visitor_rating

    start = visitor_rating({})
    assert start.rating == 1500 and start.provisional
    hard, easy = Rating(1850.0, 80.0), Rating(1150.0, 80.0)
    assert 0 < update(start, [(hard, 1.0)]).rating - 1500 < 200
    assert 0 < 1500 - update(start, [(easy, 0.0)]).rating < 200
    climbing = start
    for _answer in range(12):
        climbing = update(climbing, [(Rating(1900.0, 80.0), 1.0)])
    assert climbing.rating > 1750


@pytest.mark.django_db
def test_a_puzzle_seen_again_shows_its_change_without_an_old_rating_beside_it(client):
    """Right after the answer the page shows the rating now and the change; seen again
    after other answers, the change alone (it showed an old "+75" beside a rating other
    answers had moved since)."""
    first, second = Puzzle.objects.order_by("number")[:2]
    for puzzle in (first, second):
        client.post(reverse("puzzles:answer", args=[puzzle.number]), {"card": puzzle.answer})

    def said(number):
        page = client.get(reverse("puzzles:puzzle", args=[number])).content.decode()
        return re.search(r'<p class="puzzle-rating"[^>]*>(.*?)</p>', page).group(1)

    latest, again = said(second.number), said(first.number)
    assert latest.startswith("Your puzzle rating: ") and "This answer moved" not in latest
    assert re.match(r"This answer moved your puzzle rating by [+−]\d+\.", again), again
    assert "Your puzzle rating" not in again
