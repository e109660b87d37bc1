"""Never a 500: malformed and hostile input to every form and endpoint gets a 4xx or a
re-rendered form, and changes nothing it should not."""

import pytest
from django.test import Client
from django.urls import reverse

from practice.tests.helpers import start_game
from scoresheet.tests.test_scoresheet import create

pytestmark = pytest.mark.django_db

GARBAGE = [
    {},
    {"card": "", "version": ""},
    {"card": "ZZ", "version": "-1", "step": "x", "action": "play"},
    {"card": "A" * 5000, "version": "9" * 30, "choice": "\x00", "action": "answer"},
    {"action": "next", "step": "999999"},
    {"points_0": "1e9", "quick-points_0": "NaN", "detailed-cards_0": "[]"},
]


def assert_no_server_error(client, method, url, data=None):
    response = getattr(client, method)(url, data or {}, HTTP_ACCEPT="application/json")
    assert response.status_code < 500, (url, data, response.status_code)
    return response


@pytest.mark.parametrize("data", GARBAGE)
def test_practice_endpoints(data):
    client = Client()
    url = start_game(client)
    for path in ("play/", "next/", "hint/", "help/"):
        assert_no_server_error(client, "post", url + path, data)
    for path in ("review/0/", "review/99/", "record/0.json", "record/99.json"):
        assert client.get(url + path).status_code == 404
    assert_no_server_error(client, "post", reverse("practice:start"), data)


@pytest.mark.parametrize("data", GARBAGE)
def test_tutorial_endpoints(data):
    client = Client()
    for slug in ("capture", "match", "no-such-lesson"):
        response = assert_no_server_error(client, "post", f"/en/tutorial/{slug}/act/", data)
        if slug == "no-such-lesson":
            assert response.status_code == 404
    assert_no_server_error(client, "post", reverse("tutorial:reset"), data)


@pytest.mark.parametrize("data", GARBAGE)
def test_scoresheet_endpoints(data):
    client = Client()
    url = create(client)
    for path in (
        "deals/quick/",
        "deals/detailed/",
        "deals/other/",
        "rules/",
        "deal/1/edit/",
        "deal/1/delete/",
        "deal/1/restore/",
        "edit-link/",
    ):
        assert_no_server_error(client, "post", url + path, data)
    assert_no_server_error(client, "post", reverse("scoresheet:index"), data)


def test_get_on_post_only_endpoints_is_405():
    client = Client()
    url = start_game(client)
    assert client.get(url + "play/").status_code == 405
    assert client.get("/en/tutorial/capture/act/").status_code == 405
