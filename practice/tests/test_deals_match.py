"""A match played for deals won (``match_scoring: "deals"``) says so and counts deals."""

from __future__ import annotations

import pytest

from practice.models import Game
from practice.service import load_match

from .helpers import play_to_the_end, start_game


@pytest.mark.django_db
def page_text(client, url) -> str:
    """The page with its no-break spaces (a number kept with its word) read as spaces."""
    return client.get(url).content.decode().replace("\u00a0", " ")


@pytest.mark.django_db
def test_a_number_and_its_word_never_part_in_the_goal(client):
    url = start_game(client)
    assert "playing to 151\u00a0points" in client.get(url).content.decode()


@pytest.mark.django_db
def test_a_deals_match_shows_its_goal_and_the_deals_won(client):
    url = start_game(client, match_scoring="deals", deals_target=2)
    html = page_text(client, url)
    assert "first to win 2 deals" in html
    assert "Deals won" in html and "Deals still needed" in html
    assert "playing to 151" not in html


@pytest.mark.django_db
def test_a_deals_match_ends_when_a_side_has_won_enough_deals(client):
    url = start_game(client, match_scoring="deals", deals_target=1)
    final = play_to_the_end(client, url)
    match = load_match(Game.objects.get())
    assert match.outcome.over and max(match.totals) == 1
    assert sum(match.totals) == 1  # one match point, so one deal won by one side
    assert "The match is over" in final
    assert "data-deals-won>1<" in final.replace(" ", "")


@pytest.mark.django_db
@pytest.mark.parametrize(
    "language, goal",
    [
        ("tr", "5 eli ilk kazanan kazanır"),
        ("de", "gewonnen hat, wer zuerst 5 Runden gewinnt"),
        ("ru", "побеждает тот, кто первым выиграет 5 раздач"),
    ],
)
def test_the_goal_is_translated_with_plural_forms(client, language, goal):
    from django.utils import translation

    with translation.override(language):
        url = start_game(client, match_scoring="deals", deals_target=5)
    html = page_text(client, url.replace("/en/", f"/{language}/"))
    assert goal in html


@pytest.mark.django_db
def test_a_points_match_still_shows_its_target(client):
    url = start_game(client)
    html = page_text(client, url)
    assert "playing to 151 points" in html and "Deals won" not in html
