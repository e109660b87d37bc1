"""Every error a ``fetch`` can meet answers JSON with a translated message and its status.

The page's scripts send ``Accept: application/json``; a plain form or a browser still gets
the friendly HTML page.
"""

import uuid

import pytest
from django.test import Client

from practice import service
from practice.tests.helpers import start_game, version_of

pytestmark = pytest.mark.django_db
JSON = {"HTTP_ACCEPT": "application/json"}


def error_of(response) -> str:
    assert response["Content-Type"] == "application/json", response["Content-Type"]
    payload = response.json()
    assert set(payload) == {"error"}
    assert payload["error"].strip()
    return payload["error"]


def test_refused_csrf_token_is_403_json_in_the_pages_language():
    client = Client(enforce_csrf_checks=True)
    response = client.post("/tr/practice/", {"level": "easy"}, **JSON)
    assert response.status_code == 403
    assert "Hamlen gönderilmedi" in error_of(response)


def test_refused_csrf_token_without_json_is_still_the_friendly_page():
    response = Client(enforce_csrf_checks=True).post("/en/practice/", {"level": "easy"})
    assert response.status_code == 403
    assert response["Content-Type"].startswith("text/html")


def test_unknown_game_is_404_json(client):
    response = client.post(f"/de/practice/{uuid.uuid4()}/play/", {"card": "7H"}, **JSON)
    assert response.status_code == 404
    assert "Adresse" in error_of(response)


def test_unknown_address_is_404_json(client):
    response = client.get("/ru/nowhere/", **JSON)
    assert response.status_code == 404
    assert "адресу" in error_of(response)


def test_wrong_method_is_405_json_and_keeps_allow(client):
    url = start_game(client)
    response = client.get(url + "play/", **JSON)
    assert response.status_code == 405
    assert response["Allow"] == "POST"
    assert "does not accept" in error_of(response)


def test_too_large_body_is_413_json_and_changes_nothing(client, settings):
    url = start_game(client)
    html = client.get(url).content.decode()
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    response = client.post(
        url + "play/", {"version": version_of(html), "card": "7H", "padding": "x" * 5000}, **JSON
    )
    assert response.status_code == 413
    assert "too large" in error_of(response)
    assert version_of(client.get(url).content.decode()) == version_of(html)


def test_too_large_body_from_a_form_is_a_page(client, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    response = client.post("/en/practice/", {"padding": "x" * 5000})
    assert response.status_code == 413
    assert response["Content-Type"].startswith("text/html")


def test_a_crash_is_500_json_without_a_traceback(client, monkeypatch):
    url = start_game(client)

    def broken(*args):
        raise RuntimeError("secret internals")

    monkeypatch.setattr(service, "play_card", broken)
    client.raise_request_exception = False
    response = client.post(url + "play/", {"version": "0", "card": "7H"}, **JSON)
    assert response.status_code == 500
    message = error_of(response)
    assert "secret internals" not in message and "Something went wrong" in message


def test_a_refused_move_keeps_its_own_json_with_the_board(client):
    url = start_game(client)
    response = client.post(url + "play/", {"version": "nope", "card": "7H"}, **JSON)
    assert response.status_code == 400
    payload = response.json()
    assert payload["error"] and payload["html"]
