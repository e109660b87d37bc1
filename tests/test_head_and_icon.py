"""Link checkers and uptime monitors ask with HEAD; browsers ask for /favicon.ico unprompted.

Every address that answers GET answers HEAD the same way (status and headers, no body),
and the site's icon exists at the classic path and as SVG.
"""

import pytest
from django.contrib.staticfiles import finders
from django.urls import reverse
from django.utils import translation

from .site_pages import LANGUAGE_CODES, PAGE_NAMES

pytestmark = pytest.mark.django_db


def localized(name, language, **kwargs):
    with translation.override(language):
        return reverse(name, **kwargs)


def addresses_that_answer_get():
    from tutorial.models import Lesson

    yield "/"
    yield "/robots.txt"
    yield "/sitemap.xml"
    for language in LANGUAGE_CODES:
        for name in PAGE_NAMES:
            yield localized(name, language)
        for slug in Lesson.objects.values_list("slug", flat=True):
            yield localized("tutorial:lesson", language, kwargs={"slug": slug})


def test_head_answers_wherever_get_does(client):
    checked = 0
    for url in addresses_that_answer_get():
        got, head = client.get(url), client.head(url)
        assert head.status_code == got.status_code != 405, url
        assert head["Content-Type"] == got["Content-Type"], url
        assert head.content == b"", url
        checked += 1
    assert checked > 60


def test_head_on_the_visitors_own_game(client):
    """Pages found through the session answer HEAD too."""
    from practice.tests.helpers import start_game

    url = start_game(client)
    assert client.get(url).status_code == client.head(url).status_code == 200


def test_post_only_addresses_still_refuse_head(client):
    response = client.head(reverse("tutorial:reset"))
    assert response.status_code == 405


def test_favicon_at_the_classic_path(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 200
    body = b"".join(response.streaming_content)
    assert body[:4] == b"\x00\x00\x01\x00"  # an ICO file's signature
    assert client.head("/favicon.ico").status_code == 200


def test_every_page_links_the_svg_icon(client):
    html = client.get(localized("home", "en")).content.decode()
    assert '<link rel="icon" href="/static/img/favicon.svg" type="image/svg+xml">' in html
    assert '<link rel="icon" href="/favicon.ico"' in html
    assert finders.find("img/favicon.svg")
