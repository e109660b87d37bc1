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


def test_an_edit_moves_the_shared_generation_on_not_a_per_process_list():
    """Invalidation lives in the shared cache: the number every page key includes moves on,
    so every worker reading that cache misses old pages on its next request."""
    from django.core.cache import cache

    from pisti_site.page_cache import current_generation

    before = current_generation()
    section = Section.objects.get(page__slug="rules", slug="pack")
    section.save()
    assert current_generation() > before
    assert cache.get("page-cache-generation") == current_generation()


def test_a_page_cached_by_another_worker_is_not_served_after_an_edit(client):
    """Simulates another worker: it cached the old page under the old generation, and its
    entry is still in the cache; the next request anywhere must render the new content."""
    from django.core.cache import cache

    client.get("/en/rules/")
    old_keys = [k for k in cache._cache if "page:" in k]  # locmem's store, for the check
    assert old_keys
    section = Section.objects.get(page__slug="rules", slug="pack")
    section.heading_en = "Edited on another worker"
    section.save()
    assert all(k in cache._cache for k in old_keys)  # nothing was deleted ...
    assert b"Edited on another worker" in client.get("/en/rules/").content  # ... yet unseen


def test_the_second_move_happens_when_the_edit_commits(django_capture_on_commit_callbacks):
    from pisti_site.page_cache import current_generation

    section = Section.objects.get(page__slug="rules", slug="pack")
    with django_capture_on_commit_callbacks(execute=True):
        before = current_generation()
        section.save()
        during = current_generation()
    assert before < during < current_generation()


def test_a_lost_generation_never_returns_to_old_keys():
    """If the counter is evicted, the next number is fresh (time-based), never 1 again."""
    from django.core.cache import cache

    from pisti_site.page_cache import clear_page_cache, current_generation

    first = current_generation()
    cache.delete("page-cache-generation")
    clear_page_cache()
    assert current_generation() > first
