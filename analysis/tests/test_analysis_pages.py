"""The review asks for the analysis once, a worker stores it, the pages show it."""

from __future__ import annotations

import re

import pytest
from django.core.management import call_command
from django.urls import reverse
from django_tasks_db.models import DBTaskResult

from analysis.models import DealAnalysis
from analysis.service import summary
from pisti import Rules
from pisti.analysis import METHOD
from pisti.cards import card_name
from pisti_site.cardwords import card_words

from .helpers import game_with_a_finished_deal


@pytest.fixture
def game(client):
    client.get("/en/practice/")  # a session
    session = client.session
    session.save()
    return game_with_a_finished_deal(session.session_key)


def review_url(game, deal=1, language="en"):
    return f"/{language}/practice/{game.pk}/review/{deal}/"


def run_worker():
    call_command("db_worker", "--batch", "--no-startup-delay", "--interval", "0.1")


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
    html = client.get(review_url(game)).content.decode()
    assert "Accuracy" in html and "analysis-moves" in html
    assert client.get(reverse("analysis:status", args=[game.pk, 1])).json()["finished"]
    # stored, never computed twice: a later visit enqueues nothing
    client.get(review_url(game, language="de"))
    assert DBTaskResult.objects.count() == 1

    page = client.get(reverse("analysis:move", args=[game.pk, 1, 1])).content.decode()
    assert "data-analysis-board" in page and 'data-next="' in page
    assert "data-previous" not in page
    last = client.get(reverse("analysis:move", args=[game.pk, 1, len(row.result)]))
    assert 'data-previous="' in last.content.decode()
    for language in ("tr", "de", "ru"):
        response = client.get(f"/{language}" + reverse("analysis:move", args=[game.pk, 1, 2])[3:])
        assert response.status_code == 200
    assert client.get(reverse("analysis:move", args=[game.pk, 1, 0])).status_code == 404
    assert client.get(reverse("analysis:move", args=[game.pk, 1, 99])).status_code == 404


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
def test_no_page_of_the_analysis_shows_a_card_the_player_could_not_see(client, game):
    client.get(review_url(game))
    run_worker()
    row = DealAnalysis.objects.get(game=game, deal=1)
    from pisti import view_for
    from pisti.cards import card_name
    from practice.service import load_match

    state = load_match(game).finished[0]
    for number, move in enumerate(row.result, start=1):
        page = client.get(reverse("analysis:move", args=[game.pk, 1, number])).content.decode()
        labels = set(re.findall(r'aria-label="([^"]+)"', page))
        from pisti import GameState

        replay = GameState(state.rules, state.deck, state.dealer)
        for event in state.events[: move["index"]]:
            replay.play(event.card)
        seen = view_for(replay, 0).seen
        hidden = {card_words(c) for c in state.deck if c not in seen}
        assert set(move["values"]) <= {card_name(c) for c in view_for(replay, 0).hand}
        assert labels and not labels & hidden


@pytest.mark.django_db(transaction=True)
def test_another_visitor_gets_404(client, game):
    client.get(review_url(game))
    run_worker()
    client.cookies.clear()
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
