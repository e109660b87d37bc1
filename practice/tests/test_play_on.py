""" "Play on from here": a new game from a play of a reviewed deal, the hidden cards dealt
anew, against the bot the player picks."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from pisti import view_for
from practice import service
from practice.models import Game

from .helpers import play_to_the_end, start_game


@pytest.fixture
def finished(client):
    url = start_game(client, max_deals=1)
    play_to_the_end(client, url)
    return Game.objects.get()


def play_on(client, game, **data):
    return client.post(reverse("practice:play_on", args=[game.pk]), data)


@pytest.mark.django_db
@pytest.mark.parametrize("play", [1, 9, 20, 33])
def test_the_new_game_starts_where_the_player_stood(client, finished, play):
    state = service.load_match(finished).finished[0]
    response = play_on(client, finished, deal=1, play=play, level="hard")
    new = Game.objects.exclude(pk=finished.pk).get()
    assert response["Location"] == reverse("practice:game", args=[new.pk])
    assert new.level == "hard" and new.session_key == finished.session_key
    current = service.load_match(new).current
    known = view_for(state.replayed(play - 1), 0)
    # what the player knew is the same; the bots then played on to the player's turn
    assert current.events[: play - 1] == state.events[: play - 1]
    assert view_for(current.replayed(play - 1), 0) == known
    assert current.current_player == 0 or current.is_over
    assert service.load_match(new).rules.max_deals == 1
    page = client.get(response["Location"])
    assert page.status_code == 200
    back = reverse("analysis:review_step", args=[finished.pk, 1, play])
    assert f'href="{back}"' in page.content.decode()


@pytest.mark.django_db
def test_a_game_not_played_on_from_a_review_has_no_way_back(client, finished):
    page = client.get(finished.get_absolute_url()).content.decode()
    assert "played-on" not in page


@pytest.mark.django_db
def test_the_hidden_cards_are_dealt_anew(client, finished):
    state = service.load_match(finished).finished[0]
    decks = set()
    for _ in range(4):
        play_on(client, finished, deal=1, play=1, level="easy")
    for game in Game.objects.exclude(pk=finished.pk):
        decks.add(tuple(service.load_match(game).current.deck))
    assert tuple(state.deck) not in decks and len(decks) == 4


@pytest.mark.django_db
@pytest.mark.parametrize(
    "data",
    [
        {"deal": 2, "play": 1, "level": "easy"},  # no such deal
        {"deal": 1, "play": 49, "level": "easy"},  # no such play
        {"deal": 1, "play": 0, "level": "easy"},
        {"deal": 1, "play": 3, "level": "grandmaster"},
        {"deal": "x", "play": 3, "level": "easy"},
        {},
    ],
)
def test_bad_input_is_a_400_and_makes_no_game(client, finished, data):
    response = play_on(client, finished, **data)
    assert response.status_code == 400
    assert "could not be understood" in response.content.decode()
    assert Game.objects.count() == 1


@pytest.mark.django_db
def test_another_visitor_cannot_play_on_from_my_deal(finished):
    response = play_on(Client(), finished, deal=1, play=1, level="easy")
    assert response.status_code == 404
    assert Game.objects.count() == 1


@pytest.mark.django_db
def test_the_review_offers_it_at_every_step(client, finished):
    html = client.get(reverse("analysis:review_step", args=[finished.pk, 1, 7])).content.decode()
    assert 'action="' + reverse("practice:play_on", args=[finished.pk]) + '"' in html
    assert 'name="play" value="7"' in html


@pytest.mark.django_db
def test_play_on_is_offered_only_while_the_player_still_has_a_choice(client, finished):
    state = service.load_match(finished).finished[0]
    last_choice = max(
        n for n in range(1, len(state.events) + 1) if len(state.replayed(n - 1).hands[0]) > 1
    )

    def offered(number):
        url = reverse("analysis:review_step", args=[finished.pk, 1, number])
        return reverse("practice:play_on", args=[finished.pk]) in client.get(url).content.decode()

    assert offered(1) and offered(last_choice)
    assert not offered(last_choice + 1) and not offered(len(state.events))
