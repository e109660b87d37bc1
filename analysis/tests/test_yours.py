"""Your puzzles: the mistakes and blunders of the visitor's own reviewed deals, each
position as they saw it, found again or not, nobody else's."""

from __future__ import annotations

import json
import re
from html import unescape

import pytest
from django.test import Client
from django.urls import reverse

from analysis.yours import LABELS
from pisti.analysis import decisions
from pisti.cards import parse_card
from pisti_site.cardwords import card_words

from .helpers import review_url

pytestmark = pytest.mark.django_db(transaction=True)


def wrong_moves(row):
    return [m for m in row.result if m["label"] in LABELS]


def page_url(row, move):
    return reverse("analysis:your_puzzle", args=[row.pk, move["index"]])


def test_the_list_holds_every_mistake_and_blunder_of_the_reviewed_deal(client, analysed):
    row, _state = analysed
    html = client.get("/en/analysis/yours/").content.decode()
    moves = wrong_moves(row)
    assert moves, "the human's first-card-always play makes mistakes against expert bots"
    for move in moves:
        assert page_url(row, move) in html
    for move in row.result:
        if move["label"] not in LABELS:
            assert page_url(row, move) not in html
    assert f"deal 1, play {moves[0]['index'] + 1}" in html


def test_a_position_shows_only_what_the_player_saw_then(client, analysed):
    """Before an answer: the hand of that moment, playable; no other hand's card, no verdict,
    no way to the review (which shows the hands)."""
    row, state = analysed
    move = wrong_moves(row)[0]
    view = next(v for i, v, _ in decisions(state, row.seat) if i == move["index"])
    html = client.get(page_url(row, move)).content.decode()
    for name in move["values"]:
        assert f'name="card" value="{name}"' in html
    unseen = set(range(52)) - set(view.seen)
    for card in unseen:
        assert f'aria-label="{card_words(card)}"' not in html
    assert "data-your-puzzle-solution" not in html and review_url(row.game) not in html
    # what the player could know then, as a puzzle shows it: the cards played so far, in
    # order, and the card counter (your puzzles had neither)
    played = [card_words(card) for _seat, card in view.history]
    if played:
        assert "Cards played this deal, in order: " + ", ".join(played) in unescape(html)
    else:
        assert "No card has been played yet this deal." in html
    assert "Card counter and cards seen" in html
    assert 'class="counter" aria-label="Card counter"' in html


def test_the_best_card_is_found_and_the_first_answer_stays(client, analysed):
    row, _state = analysed
    move = wrong_moves(row)[0]
    answer = reverse("analysis:your_puzzle_answer", args=[row.pk, move["index"]])
    assert client.post(answer, {"card": move["best"]}).status_code == 302
    html = client.get(page_url(row, move)).content.decode()
    best = card_words(parse_card(move["best"]))
    assert f"Well found: the {best}." in html and 'name="card"' not in html
    assert f"In the game you played the {card_words(parse_card(move['played']))}" in html
    # the reason is about the card played, and the page asks it as such (it followed "The
    # best card: …" with no subject and read as about the best card)
    if move["kind"] not in ("best", "close"):
        played = card_words(parse_card(move["played"]))
        assert f"Why not the {played}, your card?" in unescape(html)
    assert f"/analysis/{row.game.pk}/1/{move['index'] + 1}/" in html
    client.post(answer, {"card": move["played"]})  # a second post changes nothing
    assert "Well found" in client.get(page_url(row, move)).content.decode()
    assert "found" in client.get("/en/analysis/yours/").content.decode()


def test_a_wrong_card_says_what_it_loses_and_the_hand_plays_on(client, analysed):
    """The card played in the game again: what it loses, another try, the solution one
    press away; the first card is the one that counts (the list says tried, not found)."""
    row, _state = analysed
    move = wrong_moves(row)[0]
    answer = reverse("analysis:your_puzzle_answer", args=[row.pk, move["index"]])
    client.post(answer, {"card": move["played"]})
    html = client.get(page_url(row, move)).content.decode()
    played = card_words(parse_card(move["played"]))
    assert f"Not quite: you chose the {played}." in html and "loses about" in html
    # what the review found that card gives away, in plain words, as a puzzle's wrong try
    # says it, without naming the better card
    from pisti_site.verdicts import what_it_gives_away

    hint = what_it_gives_away(move)
    assert (hint and unescape(html).count(hint) == 1) or not hint
    if hint:
        assert card_words(parse_card(move["best"])) not in hint
    assert 'name="card"' in html and "data-show-solution" in html
    assert "data-your-puzzle-solution" not in html
    client.post(answer, {"card": move["best"]})  # found on another try
    html = client.get(page_url(row, move)).content.decode()
    best = card_words(parse_card(move["best"]))
    assert f"Found on another try: the {best}." in html and 'name="card"' not in html
    listed = client.get("/en/analysis/yours/").content.decode()
    assert "tried" in listed and "is-found" not in listed


def test_the_solution_after_a_wrong_card_and_never_before_one(client, analysed):
    row, _state = analysed
    move = wrong_moves(row)[0]
    answer = reverse("analysis:your_puzzle_answer", args=[row.pk, move["index"]])
    refused = client.post(answer, {"show": "1"})
    assert refused.status_code == 400 and b"Choose a card first." in refused.content
    client.post(answer, {"card": move["played"]})
    client.post(answer, {"show": "1"})
    html = client.get(page_url(row, move)).content.decode()
    best = card_words(parse_card(move["best"]))
    assert f"The solution: the {best}." in html and 'name="card"' not in html
    client.post(answer, {"card": move["best"]})  # done: nothing changes
    assert "The solution: the" in client.get(page_url(row, move)).content.decode()


def test_the_solution_plays_its_line_from_the_deal_and_only_once_shown(client, analysed):
    """Shown, the solution has its line: the best card from the player's seat, then the
    others' replies with the cards they held in that deal (the deal is over); before the
    solution the page carries no line, so no hidden card."""
    row, state = analysed
    move = wrong_moves(row)[0]
    answer = reverse("analysis:your_puzzle_answer", args=[row.pk, move["index"]])
    client.post(answer, {"card": move["played"]})
    before = client.get(page_url(row, move)).content.decode()
    assert "data-line-steps" not in before and "data-play-line" not in before
    client.post(answer, {"show": "1"})
    html = client.get(page_url(row, move)).content.decode()
    assert "data-line-steps" in html and "How it goes on" in html
    steps = json.loads(unescape(re.search(r'data-line-steps="([^"]*)"', html).group(1)))
    assert steps[0]["seat"] == row.seat and steps[0]["card"] == move["best"]
    position = state.replayed(move["index"])
    held = {seat: set(hand) for seat, hand in enumerate(position.hands)}
    plays = [step for step in steps if not step.get("leftover")]
    assert len(plays) >= 2
    for step in plays:  # every card from the hand its seat held then (no new round shown)
        assert parse_card(step["card"]) in held[step["seat"]]


@pytest.mark.parametrize("card", ["", "XX", "2C2C"])
def test_a_card_not_in_the_hand_is_refused_and_changes_nothing(client, analysed, card):
    row, _state = analysed
    move = wrong_moves(row)[0]
    answer = reverse("analysis:your_puzzle_answer", args=[row.pk, move["index"]])
    response = client.post(answer, {"card": card})
    assert response.status_code == 400 and b"Choose one of the cards" in response.content
    assert "your_puzzles_answers" not in client.session


def test_another_visitor_and_a_good_move_get_404(client, analysed):
    row, _state = analysed
    move = wrong_moves(row)[0]
    stranger = Client()
    assert stranger.get(page_url(row, move)).status_code == 404
    answer = reverse("analysis:your_puzzle_answer", args=[row.pk, move["index"]])
    assert stranger.post(answer, {"card": move["best"]}).status_code == 404
    assert "data-your-puzzles-empty" in stranger.get("/en/analysis/yours/").content.decode()
    good = next((m for m in row.result if m["label"] not in LABELS), None)
    if good is not None:
        assert client.get(page_url(row, good)).status_code == 404
    assert client.get(reverse("analysis:your_puzzle", args=[row.pk + 99, 0])).status_code == 404


@pytest.mark.parametrize("language", ["en", "tr", "de", "ru"])
def test_the_pages_in_every_language(client, analysed, language):
    row, _state = analysed
    move = wrong_moves(row)[0]
    assert client.get(f"/{language}/analysis/yours/").status_code == 200
    url = page_url(row, move).replace("/en/", f"/{language}/")
    assert client.get(url).status_code == 200


def test_your_puzzles_belong_to_the_puzzles_section_of_the_menu(client, analysed):
    row, _state = analysed
    for url in ("/en/analysis/yours/", page_url(row, wrong_moves(row)[0])):
        html = client.get(url).content.decode()
        assert re.search(r'href="/en/puzzles/"\s+aria-current="true"', html), url
