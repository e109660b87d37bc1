"""The Bots page shows the measured table in every language; the practice form shows each
level's rating and offers master; hints come from master."""

import json

import pytest
from django.urls import reverse
from django.utils import translation

from pisti.bots import PLAYING_LEVELS
from pisti_site.bot_strength import DATA_PATH, rating, strength_data
from pisti_site.levels import PLAYING, playing_choices
from practice.forms import NewGameForm

from .site_pages import LANGUAGE_CODES

pytestmark = pytest.mark.django_db


def test_the_data_file_holds_the_issue_rows_and_a_rating_for_every_playing_level():
    data = json.loads(DATA_PATH.read_text(encoding="utf-8"))
    rows = {(r["a"], r["b"]) for r in data["rows"]}
    assert {("expert", "pimc"), ("master", "pimc"), ("master", "expert")} <= rows
    for level in PLAYING_LEVELS:
        assert level in data["ratings"], level
        assert PLAYING[level].how
    for row in data["rows"]:
        assert row["lo"] <= row["mean"] <= row["hi"] and row["pairs"] > 0


@pytest.mark.parametrize("language", LANGUAGE_CODES)
def test_bots_page_lists_every_level_with_its_rating_and_the_duels(client, language):
    with translation.override(language):
        url = reverse("bots")
    response = client.get(url)
    assert response.status_code == 200
    html = response.content.decode()
    for level in PLAYING_LEVELS:
        assert f'id="bot-{level}"' in html
        assert str(rating(level)) in html
    assert html.count("<tr>") >= len(strength_data()["rows"])
    assert f'href="{url}"' in html  # the nav links to the page itself


def test_numbers_follow_the_language():
    with translation.override("de"):
        from pisti_site.bot_strength import signed
        from pisti_site.levels import duel_rows

        assert signed(1.3) == "+1,30" and signed(-0.5) == "−0,50"
        assert "," in duel_rows()[0]["mean"]


def test_practice_form_offers_master_and_shows_ratings():
    assert [level for level, _ in playing_choices()] == list(PLAYING_LEVELS)
    with translation.override("tr"):
        master = str(dict(NewGameForm().fields["level"].choices)["master"])
    assert f"güç puanı {rating('master')}" in master
    assert master.startswith("Üstat")
