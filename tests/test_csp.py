"""Content-Security-Policy: only the site's own scripts and styles, no inline script.

The browser tests fail on any violation in a real browser; these checks read every page's
header and markup, so a new inline script or style attribute fails here first.
"""

import re

import pytest
from django.urls import reverse
from django.utils import translation

from .site_pages import LANGUAGE_CODES, PAGE_NAMES

pytestmark = pytest.mark.django_db

INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)(?![^>]*type=\"application/json\")[^>]*>")
INLINE_HANDLER = re.compile(r"\son[a-z]+=", re.I)
STYLE_ATTRIBUTE = re.compile(r"\sstyle=", re.I)


def policy_of(response) -> dict[str, list[str]]:
    header = response["Content-Security-Policy"]
    return {part.split()[0]: part.split()[1:] for part in header.split(";") if part.strip()}


def test_the_policy_allows_only_the_sites_own_scripts_and_styles(client):
    policy = policy_of(client.get(reverse("home")))
    assert policy["script-src"] == ["'self'"]
    assert policy["style-src"] == ["'self'"]
    assert policy["default-src"] == ["'self'"]
    assert policy["object-src"] == ["'none'"]
    assert policy["frame-ancestors"] == ["'none'"]


@pytest.mark.parametrize("language", LANGUAGE_CODES)
def test_no_page_needs_inline_script_or_style(client, language):
    from tutorial.models import Lesson

    with translation.override(language):
        urls = [reverse(name) for name in PAGE_NAMES] + [
            reverse("tutorial:lesson", args=[slug])
            for slug in Lesson.objects.values_list("slug", flat=True)
        ]
    for url in urls:
        response = client.get(url)
        html = response.content.decode()
        assert "script-src 'self'" in response["Content-Security-Policy"], url
        assert not INLINE_SCRIPT.search(html), (url, INLINE_SCRIPT.search(html))
        assert not INLINE_HANDLER.search(html), (url, INLINE_HANDLER.search(html))
        assert not STYLE_ATTRIBUTE.search(html), (url, STYLE_ATTRIBUTE.search(html))


def test_a_game_page_under_the_policy(client):
    from practice.tests.helpers import start_game

    response = client.get(start_game(client, level="easy", table="2v2"))
    html = response.content.decode()
    assert response["Content-Security-Policy"]
    assert not INLINE_SCRIPT.search(html)
    assert not STYLE_ATTRIBUTE.search(html)


def test_a_cached_page_keeps_the_policy(client):
    url = reverse("rules:rules")
    first, second = client.get(url), client.get(url)
    assert first["Content-Security-Policy"] == second["Content-Security-Policy"]


def test_the_checks_would_notice_an_inline_script():
    assert INLINE_SCRIPT.search("<script>alert(1)</script>")
    assert not INLINE_SCRIPT.search('<script src="/static/js/site.js" defer></script>')
    assert not INLINE_SCRIPT.search('<script type="application/json" id="x">{}</script>')
    assert STYLE_ATTRIBUTE.search('<div style="color:red">')
