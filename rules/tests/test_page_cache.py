"""Rules pages are cached per language and host, and edits show at once."""

import pytest

from rules.models import Section

pytestmark = pytest.mark.django_db


def test_second_request_is_served_from_the_cache(client, django_assert_num_queries):
    first = client.get("/en/rules/faq/")
    with django_assert_num_queries(0):
        second = client.get("/en/rules/faq/")
    assert second.status_code == 200
    assert second.content == first.content


def test_languages_are_cached_separately(client):
    english = client.get("/en/rules/").content
    turkish = client.get("/tr/rules/").content
    assert english != turkish
    assert client.get("/en/rules/").content == english


def test_editing_content_clears_the_cache(client):
    client.get("/en/rules/")
    section = Section.objects.get(page__slug="rules", slug="pack")
    section.heading_en = "A brand new heading"
    section.save()
    assert b"A brand new heading" in client.get("/en/rules/").content


def test_cached_pages_set_no_cookie(client):
    client.get("/en/rules/")
    response = client.get("/en/rules/")
    assert not response.cookies


def test_gzip_and_plain_are_cached_apart(client):
    plain = client.get("/en/rules/")
    zipped = client.get("/en/rules/", HTTP_ACCEPT_ENCODING="gzip")
    assert zipped["Content-Encoding"] == "gzip"
    assert "Content-Encoding" not in plain
    assert client.get("/en/rules/").content == plain.content


def test_unknown_host_is_refused_even_when_cached(client):
    client.get("/en/rules/")
    assert client.get("/en/rules/", HTTP_HOST="evil.example").status_code == 400
