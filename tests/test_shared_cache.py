"""The page cache shared through Redis, as several gunicorn workers use it.

Two cache clients stand for two workers (each with its own connection to a real
``redis-server`` started for this test): a page one of them cached is not served by either
after an edit cleared the cache through the other. The production CI leg checks the same
through three real gunicorn workers.
"""

import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.core.cache.backends.redis import RedisCache

from pisti_site import page_cache
from rules.models import Section

pytestmark = pytest.mark.django_db
REDIS_SERVER = shutil.which("redis-server") or "/usr/bin/redis-server"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def redis_url():
    if not shutil.which(REDIS_SERVER):
        pytest.fail("redis-server is missing: scripts/system-deps.sh installs Debian's")
    port = _free_port()
    server = subprocess.Popen(
        [
            REDIS_SERVER,
            "--port",
            str(port),
            "--bind",
            "127.0.0.1",
            "--save",
            "",
            "--appendonly",
            "no",
        ],
        stdout=subprocess.DEVNULL,
    )
    url = f"redis://127.0.0.1:{port}/0"
    deadline = time.monotonic() + 10
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            break
        except OSError:
            if time.monotonic() > deadline:
                server.kill()
                raise
            time.sleep(0.05)
    yield url
    server.terminate()
    server.wait(timeout=10)


def worker_cache(url: str) -> RedisCache:
    return RedisCache(url, {"KEY_PREFIX": "pisti-test"})


def test_an_edit_through_one_worker_reaches_the_other(client, redis_url, monkeypatch):
    worker_a, worker_b = worker_cache(redis_url), worker_cache(redis_url)
    worker_a.clear()
    monkeypatch.setattr(page_cache, "cache", worker_a)
    client.get("/en/rules/")
    assert any(b"page:" in key for key in worker_a._cache.get_client().keys("*"))

    monkeypatch.setattr(page_cache, "cache", worker_b)  # the edit happens on worker B
    section = Section.objects.get(page__slug="rules", slug="pack")
    section.heading_en = "Seen by every worker"
    section.save()

    monkeypatch.setattr(page_cache, "cache", worker_a)  # the next request lands on A
    assert b"Seen by every worker" in client.get("/en/rules/").content


def test_a_cached_page_is_shared_between_workers(
    client, redis_url, monkeypatch, django_assert_num_queries
):
    worker_a, worker_b = worker_cache(redis_url), worker_cache(redis_url)
    worker_a.clear()
    monkeypatch.setattr(page_cache, "cache", worker_a)
    first = client.get("/en/rules/faq/")
    monkeypatch.setattr(page_cache, "cache", worker_b)
    with django_assert_num_queries(0):
        assert client.get("/en/rules/faq/").content == first.content


def test_redis_is_the_cache_when_redis_url_is_set():
    result = subprocess.run(
        [
            sys.executable,
            "-c",
            "from django.conf import settings; import django; django.setup();"
            "print(settings.CACHES['default']['BACKEND'], settings.CACHES['default']['LOCATION'])",
        ],
        env={
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "pisti_site.settings.dev",
            "REDIS_URL": "redis://cache.internal:6379/2",
        },
        capture_output=True,
        text=True,
        timeout=60,
        cwd=Path(__file__).resolve().parents[1],
    )
    assert result.stdout.split() == [
        "django.core.cache.backends.redis.RedisCache",
        "redis://cache.internal:6379/2",
    ], result.stderr
