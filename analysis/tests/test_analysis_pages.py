"""The review asks for the analysis once, a worker stores it, the pages show it."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django_tasks_db.models import DBTaskResult

from analysis.models import DealAnalysis
from analysis.service import summary
from pisti import Rules, view_for
from pisti.analysis import METHOD
from pisti.cards import card_name
from pisti_site.cardwords import card_words
from practice.service import load_match

from .helpers import review_url, run_worker


@pytest.mark.django_db(transaction=True)
def test_the_review_enqueues_once_and_shows_progress(client, game):
    html = client.get(review_url(game)).content.decode()
    assert "data-analysis-progress" in html
    client.get(review_url(game))
    assert DBTaskResult.objects.count() == 1
    status = client.get(reverse("analysis:status", args=[game.pk, 1])).json()
    assert status == {"done": 0, "total": 0, "finished": False, "text": "Analysing your moves…"}


@pytest.mark.django_db(transaction=True)
def test_a_worker_stores_the_result_and_the_review_shows_it(client, game):
    client.get(review_url(game))
    run_worker()
    row = DealAnalysis.objects.get(game=game, deal=1)
    assert row.finished and row.done == row.total == len(row.result) >= 15
    assert DBTaskResult.objects.get().status == "SUCCESSFUL"
    # the game's "review this deal" address leads here
    practice_review = client.get(f"/en/practice/{game.pk}/review/1/")
    assert practice_review["Location"] == reverse("analysis:review", args=[game.pk, 1])
    html = client.get(review_url(game)).content.decode()
    assert "Accuracy" in html and "move-list" in html and "loss-chart" in html
    assert client.get(reverse("analysis:status", args=[game.pk, 1])).json()["finished"]
    # stored, never computed twice: a later visit enqueues nothing
    client.get(review_url(game, language="de"))
    assert DBTaskResult.objects.count() == 1


def step_url(game, number, language="en"):
    return f"/{language}" + reverse("analysis:review_step", args=[game.pk, 1, number])[3:]


@pytest.mark.django_db(transaction=True)
def test_every_play_is_a_step_with_its_own_address(client, game):
    client.get(review_url(game))
    run_worker()
    plays = len(load_match(game).finished[0].events)
    first = client.get(step_url(game, 1)).content.decode()
    assert 'data-go="next"' in first and 'data-go="previous"' not in first
    assert f"Play 1 of {plays}" in first
    last = client.get(step_url(game, plays)).content.decode()
    assert 'data-go="previous"' in last and 'data-go="next"' not in last
    for language in ("tr", "de", "ru"):
        assert client.get(step_url(game, 2, language)).status_code == 200
    assert client.get(step_url(game, 0)).status_code == 404
    assert client.get(step_url(game, plays + 1)).status_code == 404
    # the page's script asks for the step alone, and caches keep the two answers apart
    alone = client.get(step_url(game, 3), headers={"X-Review-Step": "1"})
    html = alone.content.decode()
    assert "<html" not in html and html.count("data-review-step") == 1
    assert "X-Review-Step" in alone["Vary"]


@pytest.mark.django_db(transaction=True)
def test_the_move_list_numbers_every_play_as_the_game_log_does(client, game, analysed):
    row, state = analysed
    html = client.get(step_url(game, 1)).content.decode()
    numbers = [int(n) for n in re.findall(r'<li value="(\d+)"', html)]
    assert numbers == list(range(1, len(state.events) + 1))
    symbols = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}
    for move in row.result:
        number = move["index"] + 1
        item = re.search(rf'<li value="{number}"[^>]*>(.*?)</li>', html, re.S).group(1)
        assert card_words(state.events[move["index"]].card) in item
        symbol = re.search(r'class="move-symbol"[^>]*>([^<]+)<', item)
        assert (symbol.group(1) if symbol else None) == symbols.get(move["label"])
    # the address of a move before the board: the player's n-th decision, now its play
    old = client.get(reverse("analysis:move", args=[game.pk, 1, 2]))
    assert old["Location"] == reverse(
        "analysis:review_step", args=[game.pk, 1, row.result[1]["index"] + 1]
    )


@pytest.mark.django_db(transaction=True)
def test_a_step_marks_the_card_played_and_the_best_card(client, game, analysed):
    row, state = analysed
    for move in row.result:
        html = client.get(step_url(game, move["index"] + 1)).content.decode()
        played = re.findall(r'data-card="(\w+)"[^>]*>(?:(?!data-card).)*?tag-played', html, re.S)
        marked = set(
            re.findall(r'class="card-button is-(?:played|best)[^"]*" data-card="(\w+)"', html)
        )
        assert played == [move["played"]]
        # the best card is marked unless the card played is within 0.1 of it ("best")
        expected = {move["played"]} | ({move["best"]} if move["label"] != "best" else set())
        assert marked == expected, (move, marked)
    # another seat's play: its card marked in its face-up hand, no verdict
    other = next(i for i, e in enumerate(state.events) if e.seat != 0)
    html = client.get(step_url(game, other + 1)).content.decode()
    assert 'class="revealed-card is-played"' in html and "review-verdict" not in html
    before = state.replayed(other)
    shown = re.findall(r'data-seat="1".*?seat-revealed review-hand">(.*?)</div>', html, re.S)[0]
    assert shown.count('class="revealed-card') == len(before.hands[1])


@pytest.mark.django_db(transaction=True)
def test_an_analysis_made_by_an_older_method_is_made_again(client, game):
    client.get(review_url(game))
    run_worker()
    old = [{**move, "label": "blunder"} for move in DealAnalysis.objects.get().result]
    DealAnalysis.objects.update(method="master", result=old)
    client.get(review_url(game))
    row = DealAnalysis.objects.get()
    assert row.method == METHOD and not row.finished  # the old verdicts are not shown
    run_worker()
    row.refresh_from_db()
    assert row.finished and row.result != old
    assert DBTaskResult.objects.count() == 2


@pytest.mark.django_db(transaction=True)
def test_the_values_are_only_of_the_cards_in_the_players_hand(client, game):
    client.get(review_url(game))
    run_worker()
    row = DealAnalysis.objects.get(game=game, deal=1)
    state = load_match(game).finished[0]
    for move in row.result:
        hand = view_for(state.replayed(move["index"]), 0).hand
        assert set(move["values"]) <= {card_name(c) for c in hand}
        html = client.get(step_url(game, move["index"] + 1)).content.decode()
        values = re.search(r'class="analysis-values">(.*?)</table>', html, re.S).group(1)
        cells = re.findall(r'<th scope="row">([^<·]+)', values)
        assert {c.strip() for c in cells} == {card_words(c) for c in set(hand)}


@pytest.mark.django_db(transaction=True)
def test_another_visitor_gets_404(client, game):
    client.get(review_url(game))
    run_worker()
    client.cookies.clear()
    assert client.get(step_url(game, 1)).status_code == 404
    assert client.get(review_url(game)).status_code == 404
    assert client.get(reverse("analysis:move", args=[game.pk, 1, 1])).status_code == 404
    assert client.get(reverse("analysis:status", args=[game.pk, 1])).status_code == 404


def test_summary_counts_best_and_good_and_finds_the_biggest_loss():
    moves = [
        {"label": "best", "loss": 0.0},
        {"label": "good", "loss": 0.4},
        {"label": "blunder", "loss": 4.2},
        {"label": "mistake", "loss": 2.0},
    ]
    assert summary(moves) == {"accuracy": 50, "lost": 6.6, "worst": 3}


@pytest.mark.django_db(transaction=True)
def test_a_deal_is_queued_for_analysis_as_soon_as_it_ends(client):
    from practice import service

    client.get("/en/practice/")
    session = client.session
    session.save()
    game = service.create_game(session.session_key, "beginner", "1v1", Rules())
    play_url = reverse("practice:play", args=[game.pk])
    while not service.load_match(game).finished:
        assert not DealAnalysis.objects.exists()  # nothing before the deal is over
        hand = service.load_match(game).current.hands[service.HUMAN]
        client.post(play_url, {"card": card_name(hand[0]), "version": game.version})
        game.refresh_from_db()
    row = DealAnalysis.objects.get(game=game, deal=1)
    assert row.task_id and DBTaskResult.objects.count() == 1  # queued, before any review
    client.get(review_url(game))
    assert DBTaskResult.objects.count() == 1  # opening the review does not queue it twice


@pytest.mark.django_db
def test_an_earlier_deals_review_shows_the_match_as_it_stood_after_that_deal(client, game):
    from practice import service

    service.next_deal(game, str(game.version))
    game.refresh_from_db()
    while len(service.load_match(game).finished) < 2:
        hand = service.load_match(game).current.hands[service.HUMAN]
        service.play_card(game, card_name(hand[0]), str(game.version))
        game.refresh_from_db()
    match = service.load_match(game)
    first, both = match.points[0], match.point_totals
    assert first != both  # the second deal scored something
    html = client.get(review_url(game, 1)).content.decode()
    shown = re.findall(r'deal-side-match">Match: (\d+) · still needed: (\d+)<', html)
    # One line a side, in seat order, with the totals after deal 1 and not after deal 2.
    assert [(int(total), int(needed)) for total, needed in shown] == [
        (first[side], 151 - first[side]) for side in range(2)
    ]


@pytest.mark.django_db
def test_the_review_of_the_deal_in_play_says_it_opens_when_the_deal_ends(client, game):
    """An old link or a second tab asking for the deal being played gets a page that says
    so and leads back to the game, not a bare "page not found"; nothing is queued."""
    from django.test import Client

    from practice import service

    service.next_deal(game, str(game.version))
    queued = DBTaskResult.objects.count()
    for url in (review_url(game, 2), review_url(game, 2) + "3/", review_url(game, 2, "tr")):
        response = client.get(url)
        assert response.status_code == 404
        page = response.content.decode()
        assert f'href="{game.get_absolute_url()}"' in page
        assert "Page not found" not in page
    assert "This deal is still being played" in client.get(review_url(game, 2)).content.decode()
    assert "Bu el hâlâ oynanıyor" in client.get(review_url(game, 2, "tr")).content.decode()
    assert DBTaskResult.objects.count() == queued
    # a deal beyond it, and the deal in play asked for by another visitor: not found
    assert "Page not found" in client.get(review_url(game, 3)).content.decode()
    other = Client().get(review_url(game, 2))
    assert other.status_code == 404 and game.get_absolute_url() not in other.content.decode()
