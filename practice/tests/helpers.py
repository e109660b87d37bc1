"""Playing a practice game through HTTP, as a browser would, for the tests."""

from __future__ import annotations

import re

from django.urls import reverse

from pisti_site.forms import initial_for

VERSION = re.compile(r'name="version" value="(\d+)"')
HAND = re.compile(r'name="card" value="(\w\w)"')


def form_data(**changes) -> dict:
    data = {key: str(value) for key, value in initial_for("standard").items()}
    data.update({"level": "beginner", "table": "1v1", "max_deals": ""})
    data.update({k: str(v) for k, v in changes.items()})
    return data


def start_game(client, **changes):
    response = client.post(reverse("practice:start"), form_data(**changes))
    assert response.status_code == 302, response.content.decode()[:500]
    return response["Location"]


def version_of(html: str) -> str:
    return VERSION.search(html).group(1)


def play_to_the_end(client, url, on_response=None, max_moves=2000):
    """Play the first card of the hand until the match is over; returns the final page."""
    for _ in range(max_moves):
        html = client.get(url).content.decode()
        if on_response:
            on_response(html)
        if "data-next-deal" in html:
            response = client.post(url + "next/", {"version": version_of(html)})
        elif 'name="card"' in html and "disabled" not in html.split('class="hand"')[1][:20]:
            card = HAND.search(html).group(1)
            response = client.post(url + "play/", {"version": version_of(html), "card": card})
        else:
            return html
        assert response.status_code in (200, 302), response.status_code
        if on_response and response.status_code == 200:
            on_response(response.content.decode())
    raise AssertionError("the match did not end")
