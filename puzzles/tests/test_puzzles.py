"""Puzzles: enough of them, clear answers, only what the player could see, answers kept."""

from __future__ import annotations

import datetime
import json
import re

import pytest
from django.urls import reverse

from pisti.cards import parse_card
from pisti_site.cardwords import card_words
from puzzles.content_loader import CONTENT
from puzzles.generate import MARGIN, SIGMAS, THEMES, generate
from puzzles.models import Puzzle
from puzzles.presenting import explanation, puzzle_of_the_day

LANGUAGES = ("en", "tr", "de", "ru")


def stored():
    return json.loads(CONTENT.read_text())


def test_at_least_200_puzzles_in_every_theme_with_a_clear_answer():
    puzzles = stored()
    assert len(puzzles) >= 200
    assert {p["theme"] for p in puzzles} == set(THEMES)
    for p in puzzles:
        assert p["answer"] in p["view"]["hand"]
        best, best_se = p["values"][p["answer"]]
        for card, (value, stderr) in p["values"].items():
            if card != p["answer"]:
                rounding = 0.02  # values and errors are stored to two decimals
                assert best - value >= MARGIN - rounding
                assert best - value >= SIGMAS * stderr - rounding
        if p["exact"]:
            assert all(se == 0 for _v, se in p["values"].values())


def test_a_stored_puzzle_holds_only_what_the_player_could_see():
    for p in stored():
        view = p["view"]
        seen = set(view["seen"])
        assert set(view["hand"]) <= seen and set(view["pile_face_up"]) <= seen
        assert set(p["values"]) == set(view["hand"])
        assert "hands" not in view and "deck" not in view


def test_the_generator_keeps_only_clear_positions():
    puzzles = generate(2, seed=7, samples=48)
    assert len(puzzles) >= 2
    assert [p["number"] for p in puzzles] == list(range(1, len(puzzles) + 1))


@pytest.mark.django_db
def test_the_puzzle_of_the_day_is_the_same_for_everyone_that_day():
    day = datetime.date(2026, 12, 1)
    assert puzzle_of_the_day(day) == puzzle_of_the_day(day)
    days = {puzzle_of_the_day(day + datetime.timedelta(days=n)).number for n in range(10)}
    assert len(days) > 1


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_pages_in_every_language(client, language):
    index = client.get(f"/{language}/puzzles/")
    assert index.status_code == 200
    today = puzzle_of_the_day()
    assert f"/{language}/puzzles/{today.number}/" in index.content.decode()
    page = client.get(f"/{language}/puzzles/{today.number}/")
    assert page.status_code == 200 and "card-button" in page.content.decode()


@pytest.mark.django_db
def test_a_page_never_shows_a_card_the_player_has_not_seen(client):
    for puzzle in Puzzle.objects.all()[:40]:
        html = client.get(reverse("puzzles:puzzle", args=[puzzle.number])).content.decode()
        seen = {parse_card(c) for c in puzzle.view["seen"]}
        for card in range(52):
            if card not in seen:
                assert f'aria-label="{card_words(card)}"' not in html
                assert f">{card_words(card)}<" not in html


@pytest.mark.django_db
def test_a_right_answer_counts_and_the_solution_is_explained(client):
    puzzle = Puzzle.objects.first()
    response = client.post(reverse("puzzles:answer", args=[puzzle.number]), {"card": puzzle.answer})
    assert response.status_code == 302
    html = client.get(response["Location"]).content.decode()
    assert "data-puzzle-solution" in html and "Right!" in html
    assert 'data-solved-count="1"' in html
    # answering again does not count twice
    client.post(reverse("puzzles:answer", args=[puzzle.number]), {"card": puzzle.answer})
    assert 'data-solved-count="1"' in client.get("/en/puzzles/").content.decode()


@pytest.mark.django_db
def test_a_wrong_answer_shows_the_solution_and_is_not_counted(client):
    puzzle = Puzzle.objects.first()
    wrong = next(c for c in puzzle.view["hand"] if c != puzzle.answer)
    client.post(reverse("puzzles:answer", args=[puzzle.number]), {"card": wrong})
    html = client.get(reverse("puzzles:puzzle", args=[puzzle.number])).content.decode()
    assert "Not quite" in html and 'data-solved-count="0"' in html
    assert card_words(parse_card(puzzle.answer)) in html
    # the cards best first, each with the points it loses against the best (no statistics)
    assert "Standard error" not in html
    rows = re.findall(r'<tr[^>]*><th scope="row">([^<]+)</th><td>([^<]+)</td></tr>', html)
    best = puzzle.values[puzzle.answer][0]
    expected = sorted(puzzle.values.items(), key=lambda item: -item[1][0])
    assert [name for name, _lost in rows] == [card_words(parse_card(c)) for c, _v in expected]
    assert rows[0][1] == "Best card"
    for (_name, lost), (_card, (value, _se)) in zip(rows[1:], expected[1:], strict=True):
        assert float(lost) == pytest.approx(best - value, abs=0.051)


@pytest.mark.django_db
@pytest.mark.parametrize("card", ["", "XX", "zz", "AS" * 40])
def test_bad_answers_are_refused_and_change_nothing(client, card):
    puzzle = Puzzle.objects.first()
    response = client.post(reverse("puzzles:answer", args=[puzzle.number]), {"card": card})
    assert response.status_code == 400
    assert "Choose one of the cards in your hand." in response.content.decode()
    assert not client.session.get("puzzles_answers")
    assert client.post(reverse("puzzles:answer", args=[99999]), {"card": "AS"}).status_code == 404


@pytest.mark.django_db
def test_next_puzzle_skips_answered_ones_and_keeps_the_theme(client):
    first = Puzzle.objects.filter(theme="pisti").first()
    client.post(reverse("puzzles:answer", args=[first.number]), {"card": first.answer})
    response = client.get(reverse("puzzles:next") + "?theme=pisti")
    number = int(response["Location"].split("/")[-2])
    assert number != first.number
    assert Puzzle.objects.get(number=number).theme == "pisti"
    assert client.get(reverse("puzzles:next") + "?after=abc").status_code == 302


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_explanation_renders_in_every_language(language):
    from django.utils import translation

    with translation.override(language):
        for puzzle in Puzzle.objects.all():
            lines = explanation(puzzle)
            assert lines and all("%(" not in line for line in lines)
            # every sentence opens with a capital, a card's name too ("Kupa dokuzlusu …")
            assert all(line[0] == line[0].upper() for line in lines), lines


SEAT = re.compile(
    r'<section class="seat seat-(?P<position>\w+)(?P<turn> is-turn)?" data-seat="(?P<seat>\d)" '
    r'aria-label="(?P<name>[^"]*)">'
)


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_puzzle_is_drawn_from_the_solvers_chair(client, language):
    """Whichever seat of the deal the solver held: "You" at the bottom with the turn and the
    hand shown, the partner opposite, the seat after the solver's on the left, and every
    other seat's count of cards its own."""
    from django.utils import translation

    from pisti_site.table import seat_names

    with translation.override(language):
        for puzzle in Puzzle.objects.all():
            view = puzzle.view
            players, me = view["players"], view["seat"]
            chairs = seat_names(players, view["partnerships"])
            html = client.get(f"/{language}/puzzles/{puzzle.number}/").content.decode()
            seats = {int(m["seat"]): m for m in SEAT.finditer(html)}
            assert sorted(seats) == list(range(players)), puzzle.number
            bottom = seats[me]
            assert (bottom["position"], bottom["name"], bool(bottom["turn"])) == (
                "bottom",
                chairs[0],
                True,
            ), puzzle.number
            for other, found in seats.items():
                offset = (other - me) % players
                assert found["name"] == chairs[offset], (puzzle.number, other)
                assert found["turn"] is None or other == me
            if players == 4:
                assert seats[(me + 1) % 4]["position"] == "left"
                assert seats[(me + 2) % 4]["position"] == "top"
            hand = re.findall(r'<button[^>]*name="card"[^>]*value="(\w+)"', html)
            assert sorted(hand) == sorted(view["hand"]), puzzle.number
