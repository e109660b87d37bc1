"""Puzzles: enough of them, clear answers, only what the player could see, answers kept."""

from __future__ import annotations

import datetime
import json
import re
from collections import Counter
from html import unescape

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from pisti import Rules
from pisti.analysis import evaluate
from pisti.cards import JACK, card_name, parse_card
from pisti_site.cardwords import ACCUSATIVE, card_words
from pisti_site.lines import line_steps
from pisti_site.verdicts import best_card_facts, what_it_gives_away
from puzzles.content_loader import CONTENT
from puzzles.generate import (
    MARGIN,
    SIGMAS,
    THEME_SHARE,
    THEMES,
    VERIFY_WORLDS,
    generate,
    remade,
)
from puzzles.models import Puzzle
from puzzles.presenting import explanation, puzzle_of_the_day, view_of

LANGUAGES = ("en", "tr", "de", "ru")


def stored():
    return json.loads(CONTENT.read_text())


def test_at_least_1000_puzzles_in_every_theme_and_table_with_a_clear_answer():
    """Over a thousand, no theme above 30 %, every kind of table (2, 3 and 4 players, 2
    against 2); each answer clear over at least 2,048 worlds (or exact)."""
    puzzles = stored()
    assert len(puzzles) >= 1000
    themes = Counter(p["theme"] for p in puzzles)
    assert set(themes) == set(THEMES) and max(themes.values()) <= THEME_SHARE * len(puzzles)
    tables = Counter((p["view"]["players"], p["view"]["partnerships"]) for p in puzzles)
    assert {(2, False), (3, False), (4, False), (4, True)} <= set(tables)
    assert all(p["exact"] or p["samples"] >= VERIFY_WORLDS for p in puzzles)
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
    puzzles = generate(2, seed=7, worlds=256)
    assert len(puzzles) >= 2
    assert [p["number"] for p in puzzles] == list(range(1, len(puzzles) + 1))


@pytest.mark.django_db
def test_the_puzzle_of_the_day_is_the_same_for_everyone_that_day():
    day = datetime.date(2026, 12, 1)
    assert puzzle_of_the_day(day) == puzzle_of_the_day(day)
    days = {puzzle_of_the_day(day + datetime.timedelta(days=n)).number for n in range(10)}
    assert len(days) > 1


@pytest.mark.django_db
def test_no_puzzle_is_the_hands_only_capture_and_the_day_draws_many():
    """ "Take the pile with the one card that can" teaches nothing: no stored answer is the
    hand's only capture (counted here from the rules, not with the generator's filter), and
    a year of days draws many different puzzles of the day."""
    for puzzle in Puzzle.objects.all():
        view = view_of(puzzle)
        takers = [card_name(c) for c in view.hand if view.capture_kind(c) is not None]
        assert takers != [puzzle.answer], puzzle.number
    day = datetime.date(2026, 1, 1)
    drawn = {puzzle_of_the_day(day + datetime.timedelta(days=n)).number for n in range(365)}
    assert len(drawn) > 50


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


def test_every_solution_line_is_the_answer_then_legal_public_plays():
    """The line the solution plays: the answer from the solver's seat, then seats in play
    order, each card one nobody has seen yet (the solver's from their hand), at most two
    turns of the table and never past the hands dealt, but the deal's last round whole
    (a last-capture puzzle shows who makes it); every capture and pişti as the table in
    view makes it (followed here from the public pile alone), and the leftover sweep only
    when the line ends the deal."""
    for p in stored():
        view, plays = p["view"], p["line"]["plays"]
        rules = Rules.from_dict(view["rules"])
        players = view["players"]
        assert plays[0][:2] == [view["seat"], p["answer"]]
        if view["stock"]:
            assert 1 <= len(plays) <= 2 * players
            assert len(plays) <= sum(view["hand_sizes"])  # the round's cards, no new hand
        else:
            assert len(plays) == sum(view["hand_sizes"])  # to the deal's end
        size = view["pile_size"]
        top = parse_card(view["pile_face_up"][-1]) if view["pile_face_up"] else None
        for index, (seat, name, captured, kind) in enumerate(plays):
            card = parse_card(name)
            assert seat == (view["seat"] + index) % players
            if seat == view["seat"]:
                assert name in view["hand"]
            else:
                assert name not in view["seen"]
            takes = size and (card >> 2 == JACK or card >> 2 == top >> 2)
            if takes:
                assert captured == size + 1
            elif not size and card >> 2 == JACK and rules.jack_on_empty_table:
                assert captured == 1
            else:
                assert captured == 0
            assert not kind or (captured and size <= 1)
            size, top = (0, None) if captured else (size + 1, card)
        assert len({name for _seat, name, _c, _k in plays}) == len(plays)
        leftover = p["line"]["leftover"]
        assert leftover is None or (
            len(plays) == sum(view["hand_sizes"]) and view["stock"] == 0 and leftover[1] == size
        )


@pytest.mark.django_db
def test_the_line_shows_only_with_the_solution_told_from_the_solvers_chair(client):
    """Before an answer the page carries none of the line (the replies are cards the
    others held); with the solution it lists every play, the first "You: …"."""
    puzzle = Puzzle.objects.filter(view__seat__gt=0).first()
    first = page_of(client, puzzle)
    assert "data-line-steps" not in first and "data-play-line" not in first
    for seat, name, _c, _k in puzzle.line["plays"]:
        if seat != puzzle.view["seat"]:  # the solver's own later cards are in their hand
            assert card_words(parse_card(name)) not in first
    client.post(reverse("puzzles:answer", args=[puzzle.number]), {"card": puzzle.answer})
    html = page_of(client, puzzle)
    steps = json.loads(unescape(re.search(r'data-line-steps="([^"]*)"', html).group(1)))
    told = len(puzzle.line["plays"]) + bool(puzzle.line["leftover"])
    assert len(steps) == told and html.count("<li>") >= told
    assert steps[0]["text"].startswith("You: ") and steps[0]["seat"] == puzzle.view["seat"]
    assert [s["card"] for s in steps[: len(puzzle.line["plays"])]] == [
        name for _seat, name, _c, _k in puzzle.line["plays"]
    ]
    assert "Points in these plays: You" in html


@pytest.mark.django_db
def test_after_a_wrong_first_card_its_own_line_shows_only_with_the_solution(client):
    """A wrong first card: before the solution, none of its line (the others' real cards);
    with it, the line of that card on its own button, what each side won over it and a
    verdict that agrees with the two lines' points. A right first card gets no such line."""
    puzzle = a_puzzle_with_two_wrong_cards()
    wrong = next(c for c in puzzle.view["hand"] if c != puzzle.answer)
    client.post(reverse("puzzles:answer", args=[puzzle.number]), {"card": wrong})
    before = page_of(client, puzzle)
    assert "data-chosen-line" not in before and "data-line-steps" not in before
    client.post(reverse("puzzles:reveal", args=[puzzle.number]))
    raw = page_of(client, puzzle).split("data-chosen-line")[1].split("</div>")[0]
    steps = json.loads(unescape(re.search(r'data-line-steps="([^"]*)"', raw).group(1)))
    block = unescape(raw)
    assert steps[0]["card"] == wrong and steps[0]["text"].startswith("You: ")
    assert f"And after your card, the {card_words(parse_card(wrong))}" in block
    line = puzzle.other_lines[wrong]
    mine = puzzle.view["seat"] % 2 if puzzle.view["partnerships"] else puzzle.view["seat"]
    you = "You and your partner" if puzzle.view["partnerships"] else "You"
    assert f"{you} +{line['points'][mine]}" in block
    behind = "points behind" in block or "point behind" in block

    def net(points):
        return sum(p if side == mine else -p for side, p in enumerate(points))

    assert behind == (net(puzzle.line["points"]) > net(line["points"]))
    assert ("ahead in these plays" in block) == (net(puzzle.line["points"]) < net(line["points"]))
    right = Puzzle.objects.exclude(pk=puzzle.pk).first()
    client.post(reverse("puzzles:answer", args=[right.number]), {"card": right.answer})
    assert "data-chosen-line" not in page_of(client, right)


@pytest.mark.django_db
def test_the_puzzles_page_shows_the_days_puzzle_at_a_glance_and_each_themes_progress(client):
    """The day's puzzle shows its theme, its table, the top face-up card and your hand (all
    yours to see: no face-down card, no other hand); each theme's tile counts its puzzles
    and, once you solve one, yours; a solved day's puzzle says so."""
    today = puzzle_of_the_day()
    html = client.get(reverse("puzzles:index")).content.decode()
    glance = html.split('class="today-glance"')[1].split("</div>")[0]
    shown = re.findall(r'cards\.svg[^#"]*#([^"]+)"', glance)
    expected = today.view["pile_face_up"][-1:] + sorted(today.view["hand"], key=parse_card)
    assert shown == expected
    assert "✓ solved" not in html
    assert html.count('class="tile" data-theme=') == 5
    count = Puzzle.objects.filter(theme=today.theme).count()
    tile = html.split(f'data-theme="{today.theme}"')[1].split("</li>")[0]
    assert f"{count} puzzles" in tile and "solved by you" not in tile
    client.post(reverse("puzzles:answer", args=[today.number]), {"card": today.answer})
    html = client.get(reverse("puzzles:index")).content.decode()
    tile = html.split(f'data-theme="{today.theme}"')[1].split("</li>")[0]
    assert "solved by you: 1" in tile and 'value="1"' in tile
    assert "✓ solved" in html and "See it again" in html
    # a miss shows on the tile too, not as a puzzle never opened
    other = Client()
    wrong = next(c for c in today.view["hand"] if c != today.answer)
    assert "data-today-missed" not in other.get(reverse("puzzles:index")).content.decode()
    other.post(reverse("puzzles:answer", args=[today.number]), {"card": wrong})
    html = other.get(reverse("puzzles:index")).content.decode()
    assert "data-today-missed" in html and "✓ solved" not in html and "See it again" in html


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


def page_of(client, puzzle) -> str:
    return client.get(reverse("puzzles:puzzle", args=[puzzle.number])).content.decode()


def a_puzzle_with_two_wrong_cards() -> Puzzle:
    return next(p for p in Puzzle.objects.all() if len(p.view["hand"]) >= 3)


@pytest.mark.django_db
def test_a_wrong_answer_says_what_it_loses_and_offers_another_try(client):
    """A wrong card keeps the solution hidden: the page says what that card is likely to
    lose and lets the player choose again; the right card found later shows the solution,
    and the puzzle still does not count as solved."""
    puzzle = a_puzzle_with_two_wrong_cards()
    answer_url = reverse("puzzles:answer", args=[puzzle.number])
    wrong = [c for c in puzzle.view["hand"] if c != puzzle.answer]
    # back to the table with the hand in view for another try, not to the verdict above it
    assert client.post(answer_url, {"card": wrong[0]}).url.endswith("#puzzle")
    html = page_of(client, puzzle)
    assert 'id="puzzle"' in html
    assert "Not quite" in html and "data-puzzle-retry" in html
    assert "data-puzzle-solution" not in html and "Points lost" not in html
    lost = puzzle.values[puzzle.answer][0] - puzzle.values[wrong[0]][0]
    assert f"loses about {lost:.1f} points against the best card" in html
    assert 'name="card"' in html and "Show the solution" in html  # the hand still plays
    client.post(answer_url, {"card": wrong[1]})
    html = page_of(client, puzzle)
    assert card_words(parse_card(wrong[1])) in re.search(r"<h2>(.*?)</h2>", html).group(1)
    assert client.post(answer_url, {"card": puzzle.answer}).url.endswith("#solution")
    html = page_of(client, puzzle)
    assert "Found on another try" in html and "data-puzzle-solution" in html
    assert 'data-solved-count="0"' in html and 'name="card"' not in html
    assert client.session["puzzles_answers"] == {str(puzzle.number): wrong[0]}  # first counts
    # once the solution is shown, another card changes nothing
    client.post(answer_url, {"card": wrong[0]})
    assert "Found on another try" in page_of(client, puzzle)


@pytest.mark.django_db
def test_show_the_solution_after_a_wrong_card_and_never_before_one(client):
    puzzle = Puzzle.objects.first()
    reveal_url = reverse("puzzles:reveal", args=[puzzle.number])
    assert client.post(reveal_url).status_code == 302
    assert "data-puzzle-solution" not in page_of(client, puzzle)  # nothing chosen yet
    wrong = next(c for c in puzzle.view["hand"] if c != puzzle.answer)
    client.post(reverse("puzzles:answer", args=[puzzle.number]), {"card": wrong})
    client.post(reveal_url)
    html = page_of(client, puzzle)
    best = card_words(parse_card(puzzle.answer))
    assert f"The solution: the {best}." in html and 'data-solved-count="0"' in html
    assert client.get(reveal_url).status_code == 405
    assert client.post(reverse("puzzles:reveal", args=[99999])).status_code == 404


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
            # a count of thousands is grouped as the language writes it ("2048" read as a year)
            if puzzle.samples >= 1000 and not puzzle.exact:
                grouped = {"en": "2,048", "tr": "2.048", "de": "2.048", "ru": "2\xa0048"}
                assert puzzle.samples != 2048 or grouped[language] in lines[-1], lines[-1]
                assert str(puzzle.samples) not in lines[-1], lines[-1]


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


CHUNKS = 8


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_every_stored_answer_is_still_the_best_under_a_fresh_verification(chunk):
    """Each stored puzzle analysed again over 2,048 worlds no generation run used (its own
    seed, far from the generator's): the stored answer is still the best card. (The last
    round of a two-player deal is exact, so there it is the same search.)"""
    puzzles = stored()[chunk::CHUNKS]
    not_best = []
    for p in puzzles:
        view = view_of(Puzzle(view=p["view"]))
        fresh = evaluate(view, seed=424_242 + p["number"], first=2048, most=2048)
        if card_name(fresh.best) != p["answer"]:
            not_best.append(p["number"])
    assert puzzles and not_best == []


@pytest.mark.django_db
def test_the_days_puzzle_says_so_on_its_page_and_no_other_does(client):
    today = puzzle_of_the_day()
    other = Puzzle.objects.exclude(number=today.number).first()
    assert "data-puzzle-of-the-day" in page_of(client, today)
    assert "data-puzzle-of-the-day" not in page_of(client, other)


@pytest.mark.django_db
@pytest.mark.parametrize(
    "language, chose", [("ru", "вы выбрали "), ("tr", "Tam değil: "), ("en", "you chose the ")]
)
def test_the_card_you_chose_is_named_in_the_case_the_sentence_needs(client, language, chose):
    """'You chose the four of hearts' takes the card as an object: in Russian "вы выбрали
    четвёрку червей" (not "карту четвёрка червей"), in Turkish "kupa dörtlüsünü seçtin"."""
    puzzle = a_puzzle_with_two_wrong_cards()
    wrong = parse_card(next(c for c in puzzle.view["hand"] if c != puzzle.answer))
    client.post(reverse("puzzles:answer", args=[puzzle.number]), {"card": card_name(wrong)})
    with translation.override(language):
        html = client.get(reverse("puzzles:puzzle", args=[puzzle.number])).content.decode()
        heading = unescape(re.search(r"<h2>(.*?)</h2>", html).group(1))
        assert chose + card_words(wrong, ACCUSATIVE) in heading
        if language != "en":
            assert card_words(wrong, ACCUSATIVE) != card_words(wrong)


def test_every_stored_reason_is_the_reviews_own_for_the_next_best_card():
    """Each puzzle says why its answer beats the next best card with the reason the review
    would give had that card been played (:func:`pisti.analysis.classify`): recomputed from
    the stored position and values, it is the stored one."""
    from puzzles.generate import why_not

    puzzles = json.loads(CONTENT.read_text())
    for puzzle in puzzles:
        reasons = why_not(puzzle)
        assert reasons == puzzle["facts"]["why_not"], puzzle["number"]
        assert set(reasons) == set(puzzle["values"]) - {puzzle["answer"]}
    kinds = Counter(p["facts"]["why_not"][p["facts"]["runner_up"]]["kind"] for p in puzzles)
    assert len(kinds) >= 5  # not one stock sentence


def test_the_facts_of_a_stored_puzzle_are_its_search_run_again():
    """A fact added after a puzzle was made (every card's next-player share) comes from its
    first verifying search run again: the same worlds give the stored values exactly."""
    from puzzles.generate import card_takes, dealt_state, search_again, stored_values

    puzzles = stored()
    for puzzle in (puzzles[1], puzzles[len(puzzles) // 3], puzzles[-2]):
        _state, deal = dealt_state(puzzle)
        evaluation = search_again(puzzle, deal)
        assert stored_values(evaluation) == puzzle["values"]
        assert card_takes(evaluation) == puzzle["facts"]["card_takes"]
    for puzzle in puzzles:
        takes = puzzle["facts"]["card_takes"]
        assert set(takes) <= set(puzzle["values"])
        assert takes.get(puzzle["answer"], 0) == puzzle["facts"]["next_takes"]


@pytest.mark.django_db
def test_the_explanation_says_why_not_the_next_best_card():
    """The explanation names the next best card and gives the review's reason against it
    (a missed capture: the answer takes the pile); a pişti answer says so."""
    missed = next(
        p
        for p in Puzzle.objects.all()
        if p.facts["why_not"][p.facts["runner_up"]]["kind"] == "capture_missed"
    )
    with translation.override("en"):
        text = " ".join(explanation(missed))
    runner_up = card_words(parse_card(missed.facts["runner_up"]))
    assert f"Why not the {runner_up}, the next best card?" in text
    assert f"The {card_words(parse_card(missed.answer))} takes the pile of" in text
    # the player who chose that very card is asked about their card, not "the next best"
    with translation.override("en"):
        chosen = " ".join(explanation(missed, chosen=missed.facts["runner_up"]))
        ran = " ".join(explanation(missed, chosen=missed.facts["runner_up"], one_try=True))
    assert (
        f"Why not the {runner_up}, your first card?" in chosen and "next best card?" not in chosen
    )
    assert f"Why not the {runner_up}, your card?" in ran
    pisti = next(
        p
        for p in Puzzle.objects.all()
        if view_of(p).capture_kind(parse_card(p.answer)) == 1 and p.facts["pile"] == 1
    )
    with translation.override("en"):
        assert "a pişti" in " ".join(explanation(pisti))


@pytest.mark.django_db
def test_a_wrong_first_card_is_the_one_the_explanation_answers(client):
    """A player who first chose a card other than the next best one is told why not their
    card (the review's reason for it), and the wrong answer's hint says what that card
    gives away without naming the best one."""
    puzzle = next(
        p
        for p in Puzzle.objects.all()
        if any(
            c not in (p.answer, p.facts["runner_up"]) and p.facts["why_not"][c]["kind"] != "value"
            for c in p.view["hand"]
        )
    )
    chosen = next(
        c
        for c in puzzle.view["hand"]
        if c not in (puzzle.answer, puzzle.facts["runner_up"])
        and puzzle.facts["why_not"][c]["kind"] != "value"
    )
    client.post(reverse("puzzles:answer", args=[puzzle.number]), {"card": chosen})
    html = unescape(page_of(client, puzzle))
    # the card tried is marked in the hand, still playable; the others are not
    tried = re.findall(r'class="card-button[^"]*is-tried[^"]*"[^>]*data-card="(\w\w)"', html)
    assert tried == [chosen] and 'class="card-tag tag-tried">tried<' in html
    with translation.override("en"):
        given = what_it_gives_away({**puzzle.facts["why_not"][chosen], "exact": puzzle.exact})
    assert given and given in html
    assert card_words(parse_card(puzzle.answer)) not in re.search(r"<h2>(.*?)</h2>", html).group(1)
    client.post(reverse("puzzles:reveal", args=[puzzle.number]))
    html = unescape(page_of(client, puzzle))
    assert f"Why not the {card_words(parse_card(chosen))}, your first card?" in html


@pytest.mark.django_db
def test_a_jack_played_on_an_empty_table_is_hinted_as_such():
    """The hint named a jack played on an empty table "jack spent on a small pile"."""
    from puzzles.presenting import loss_line

    puzzle, card = next(
        (p, c)
        for p in Puzzle.objects.all()
        for c, why in p.facts["why_not"].items()
        if why["kind"] == "jack_spent" and not why["facts"]["pile"]
    )
    with translation.override("en"):
        assert loss_line(puzzle, card).endswith(
            "It spends a jack on an empty table, where it takes nothing."
        )


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_no_wrong_cards_hint_names_the_best_card(language):
    """Over every puzzle and every other card of its hand: the hint after a wrong try says
    something beyond the number wherever the review has a reason (every kind but a plain
    "weaker card"), and never names the best card, in any case of its name."""
    from pisti_site.cardwords import Case
    from puzzles.presenting import loss_line

    said = Counter()
    with translation.override(language):
        for puzzle in Puzzle.objects.all():
            best = parse_card(puzzle.answer)
            names = {card_words(best, case) for case in Case}
            facts = best_card_facts(view_of(puzzle), puzzle.answer)
            for card, why in puzzle.facts["why_not"].items():
                given = what_it_gives_away({**why, "exact": puzzle.exact, **facts})
                assert not any(name in given for name in names), (puzzle.number, given)
                # a jack laid on a pile where another card was best is always told
                jack = card[0] == "J" and puzzle.answer[0] != "J" and why["facts"]["pile"] > 0
                told = why["kind"] not in ("value", "close") or (
                    why["kind"] == "value" and (jack or fewer_out(puzzle, card))
                )
                assert bool(given) == told, (puzzle.number, why)
                assert loss_line(puzzle, card).endswith(given)
                said[why["kind"]] += 1
    assert len(said) >= 6, said


def test_a_stored_line_is_remade_from_its_deal():
    """The deal of a stored puzzle is found again from the batches' seeds (the line can be
    remade without the search), and the line it makes is the stored one."""
    puzzles = stored()
    for p in (puzzles[0], puzzles[len(puzzles) // 2], puzzles[-1]):
        again = remade(p)
        assert again["line"] == p["line"] and again["other_lines"] == p["other_lines"]


def test_every_other_card_has_its_line_from_the_same_table():
    """Each card of a puzzle's hand but the answer has a line that opens with that card,
    played by the solver, and says what each side won over it; the answer's line too."""
    for p in stored():
        seat, hand = p["view"]["seat"], set(p["view"]["hand"])
        sides = 2 if p["view"]["partnerships"] else p["view"]["players"]
        assert set(p["other_lines"]) == hand - {p["answer"]}, p["number"]
        for card, line in [(p["answer"], p["line"]), *p["other_lines"].items()]:
            assert line["plays"][0][:2] == [seat, card], p["number"]
            assert len(line["points"]) == sides and min(line["points"]) >= 0, p["number"]


@pytest.mark.django_db
def test_a_wrong_cards_line_verdict_follows_the_two_lines_points():
    """Over every puzzle and wrong card: the verdict says "behind" exactly when the wrong
    card's line left the solver's side worse off than the answer's, "ahead" when better
    (it happens: one deal with the others' real cards), and "costs nothing" when level."""
    from puzzles.presenting import chosen_line

    seen = Counter()
    with translation.override("en"):
        for puzzle in Puzzle.objects.all():
            mine = puzzle.view["seat"] % 2 if puzzle.view["partnerships"] else puzzle.view["seat"]

            def net(points, mine=mine):
                return sum(p if side == mine else -p for side, p in enumerate(points))

            for card, line in puzzle.other_lines.items():
                verdict = chosen_line(puzzle, card)["verdict"]
                gap = net(puzzle.line["points"]) - net(line["points"])
                said = (
                    "behind"
                    if "behind the best" in verdict
                    else "ahead"
                    if "ahead in these plays" in verdict
                    else "level"
                    if "costs nothing" in verdict
                    else "?"
                )
                expected = "behind" if gap > 0 else "ahead" if gap < 0 else "level"
                assert said == expected, (puzzle.number, card, verdict)
                seen[said] += 1
    assert set(seen) == {"behind", "ahead", "level"}, seen


@pytest.mark.django_db
def test_a_puzzle_shows_the_card_counter_of_its_view(client):
    """Beside the cards seen, the counter a practice table shows: how many of each rank are
    gone (seen and not in your hand), from the solver's view alone."""
    puzzle = Puzzle.objects.filter(theme="counting").first()
    html = page_of(client, puzzle)
    gone = Counter(c[0] for c in set(puzzle.view["seen"]) - set(puzzle.view["hand"]))
    shown = re.findall(
        r'<span class="counter-rank">(\w+)</span><span class="visually-hidden">: </span>'
        r'<span class="counter-gone">(\d+)</span>',
        html,
    )
    assert len(shown) == 13
    assert {rank: int(n) for rank, n in shown} == {
        ("10" if r == "T" else r): gone.get(r, 0) for r in "A23456789TJQK"
    }


@pytest.mark.django_db
def test_a_last_round_puzzle_says_who_made_the_last_capture_before_any_answer(client):
    """In the last round the cards left at the end go to the last capturer: the page says
    who that is so far (yours, or the other side's name), from the view's own record; a
    puzzle with cards still in the stock says nothing of it."""
    from pisti_site.table import side_names_seen_from

    seen = set()
    for puzzle in Puzzle.objects.all():
        view = view_of(puzzle)
        if view.stock or view.last_capture_side is None:
            continue
        mine = view.last_capture_side == view.rules.side_of(view.seat)
        if mine in seen or view.rules.partnerships:
            continue
        seen.add(mine)
        line = re.search(r"data-last-capture>(.*?)</p>", page_of(client, puzzle)).group(1)
        if mine:
            assert line.startswith("So far you made the last capture")
        else:
            name = side_names_seen_from(view.seat, view.rules)[view.last_capture_side]
            assert unescape(line).startswith(f"{name} made the last capture so far")
    assert seen == {True, False}
    early = next(p for p in Puzzle.objects.all() if view_of(p).stock)
    assert "data-last-capture" not in page_of(client, early)


@pytest.mark.django_db
def test_a_parting_note_tells_only_a_pisti_or_a_capture_the_lines_really_show():
    """The note under a wrong card's line names a pişti that line shows the other side
    making (and the answer's line does not), or one the answer's line shows the solver's
    side making; failing that, a capture of the other side's after the card chosen, or of
    the solver's side after the best card, when that side takes 3 cards more over the line:
    never a play the stored plays do not hold."""
    from pisti.state import JACK_PISTI, PISTI
    from puzzles.presenting import chosen_line

    def plays(line, view, mine, pisti):
        side = view.rules.side_of(view.seat)
        return [
            (n, card)
            for seat, card, n, kind in line["plays"]
            if (view.rules.side_of(seat) == side) == mine
            and (kind in (PISTI, JACK_PISTI) if pisti else n)
        ]

    kinds = Counter()
    for puzzle in Puzzle.objects.all()[:400]:
        view = view_of(puzzle)
        for card, line in (puzzle.other_lines or {}).items():
            note = unescape(chosen_line(puzzle, card)["parting_note"])
            best = puzzle.line
            given, made = plays(line, view, False, True), plays(best, view, True, True)
            took, takes = plays(line, view, False, False), plays(best, view, True, False)
            if len(given) > len(plays(best, view, False, True)):
                kind, expected = "gave a pişti", given[0][1]
            elif len(made) > len(plays(line, view, True, True)):
                kind, expected = "made a pişti", made[0][1]
            elif (
                took
                and sum(n for n, _c in took)
                >= sum(n for n, _c in plays(best, view, False, False)) + 3
            ):
                kind, expected = "gave a capture", max(took)[1]
            elif (
                takes
                and sum(n for n, _c in takes)
                >= sum(n for n, _c in plays(line, view, True, False)) + 3
            ):
                kind, expected = "made a capture", max(takes)[1]
            else:
                assert note == "", note
                continue
            # the card named is one the stored plays hold (the biggest capture may tie)
            held = {c for _s, c, _n, _k in line["plays"] + best["plays"]}
            named = [c for c in held if card_words(parse_card(c)) in note]
            assert named, (kind, note)
            if "pişti" in kind:
                assert card_words(parse_card(expected)) in note, (kind, note)
            else:  # a capture's count as the list of plays says it ("takes N")
                steps = " ".join(step["text"] for step in chosen_line(puzzle, card)["steps"])
                best_steps = " ".join(
                    step["text"] for step in line_steps(best, view.seat, view.rules)
                )
                taken = re.search(r"takes? (\d+) cards? with the (.+?) (?:after|in)", note)
                phrase = f"{taken.group(2)} takes {taken.group(1)} card"
                assert phrase in steps or phrase in best_steps, (note, steps, best_steps)
            kinds[kind] += 1
    assert len(kinds) == 4 and min(kinds.values()) > 5, kinds


@pytest.mark.django_db
def test_a_line_to_the_deals_end_names_the_most_cards_bonus_in_its_points():
    """A player adding up the cards a line took came 3 short: a line that ends the deal
    says which side's points hold the most-cards bonus, a side that really won that much,
    and only then (lines that stop before the deal's end never say it)."""
    from puzzles.presenting import line_points

    named = 0
    for puzzle in Puzzle.objects.all():
        view = view_of(puzzle)
        bonus = view.rules.majority_bonus
        lines = [puzzle.line, *puzzle.other_lines.values()] if puzzle.other_lines else [puzzle.line]
        for line in lines:
            if not line or "points" not in line:
                continue
            text = line_points(view, line)
            said = f"({bonus} of them for the most cards)"
            if view.stock:
                assert said not in text, text
                continue
            if said in text:
                named += 1
                entry = next(part for part in text.split(" · ") if said in part)
                assert int(re.search(r"\+(\d+) \(", entry).group(1)) >= bonus, text
    assert named > 100, named


def unseen_of_rank(puzzle, card: str) -> int:
    """Cards of ``card``'s rank the solver has not seen, counted from the stored view."""
    seen = set(puzzle.view["seen"])
    return sum(1 for suit in "CDHS" if card[0] + suit not in seen)


def fewer_out(puzzle, card: str) -> bool:
    """Whether counting favours the answer over ``card``: neither a jack, neither taking
    the pile, and fewer unseen cards of the answer's rank than of ``card``'s."""
    top = puzzle.view["top"]
    ranks = (puzzle.answer[0], card[0])
    return (
        "J" not in ranks
        and (top is None or top[0] not in ranks)
        and unseen_of_rank(puzzle, puzzle.answer) < unseen_of_rank(puzzle, card)
    )


@pytest.mark.django_db
def test_a_count_of_the_unseen_cards_is_said_only_where_it_holds():
    """Where the search's numbers were all a last-round puzzle said ("worth 3.0 points
    more"), the count behind them: fewer unseen cards of the best card's rank than of the
    other's, neither a jack nor taking the pile. Each count said is checked against the
    stored view's seen cards, counted here; puzzle 17 (one nine out against two tens) says
    it, and so does its hint after the ten."""
    said = 0
    for puzzle in Puzzle.objects.all():
        for other in puzzle.facts["why_not"]:
            with translation.override("en"):
                text = " ".join(explanation(puzzle, chosen=other))
            found = re.search(
                r"Unseen cards of the same rank: (\d+) for the ([\w ]+?), (\d+) for the ([\w ]+?);",
                text,
            )
            if not found:
                continue
            said += 1
            best_n, best_words, other_n, other_words = found.groups()
            assert best_words == card_words(parse_card(puzzle.answer))
            assert other_words == card_words(parse_card(other))
            assert (int(best_n), int(other_n)) == (
                unseen_of_rank(puzzle, puzzle.answer),
                unseen_of_rank(puzzle, other),
            )
            assert fewer_out(puzzle, other)
    assert said >= 10, said
    seventeen = Puzzle.objects.get(number=17)
    with translation.override("en"):
        text = " ".join(explanation(seventeen, chosen="TC"))
        hint = what_it_gives_away(
            {**seventeen.facts["why_not"]["TC"], "exact": True}
            | best_card_facts(view_of(seventeen), "9S")
        )
    assert "1 for the nine of spades, 2 for the ten of clubs" in text
    assert hint == (
        "On top of the pile it can be taken by 2 unseen cards of its rank; another of your "
        "cards has fewer out."
    )


@pytest.mark.django_db
def test_an_exact_verdict_never_says_keeps_about():
    """A position solved over every hand the opponent can hold says what the best card is
    worth there, not "keeps about … on average" (a guess's words), also where a jack was
    played (its reason said "keeps about" in exact puzzles, 311 among them) and where the
    best card is safe on the pile (372 such reasons said it)."""
    jacks = safe = 0
    for puzzle in Puzzle.objects.filter(exact=True):
        for card, why in puzzle.facts["why_not"].items():
            with translation.override("en"):
                reason_line = explanation(puzzle, chosen=card)[1:2]
            if not reason_line or why["kind"] not in ("value", "jack_spent", "safe_card"):
                continue
            assert "keeps about" not in reason_line[0], (puzzle.number, reason_line)
            jacks += "Spends a jack" in reason_line[0]
            safe += why["kind"] == "safe_card"
    assert jacks >= 3 and safe >= 100, (jacks, safe)
