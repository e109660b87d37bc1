"""Checks against the site as it runs in production (see conftest.py): an admin edit seen
by every worker at once, 20 concurrent games without a failed request, Django's
deployment checklist, and a killed worker losing no game and no move."""

from __future__ import annotations

import os
import re
import signal
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor

import pytest

from pisti import state_from_record

from .client import Answer, Forms, Visitor, location_path
from .conftest import ADMIN, WORKERS, manage, results_line, worker_pids

pytestmark = pytest.mark.production
CARD = re.compile(r'name="card" value="(\w\w)"')
VERSION = re.compile(r'name="version" value="(\d+)"')


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


# --- playing a practice game as a browser with JavaScript does -------------------------


def start_game(visitor: Visitor, level: str) -> str:
    page = visitor.get("/en/practice/")
    answer = visitor.submit(
        page,
        "/en/practice/",
        {"level": level, "table": "1v1", "max_deals": "1"},
        **{"data-new-game": True},
    )
    assert answer.status == 302, (answer.status, answer.text[:300])
    return location_path(answer)


def playable_card(html: str) -> str | None:
    hand = html.split('class="hand"', 1)
    if len(hand) < 2 or "disabled" in hand[1][:20]:
        return None
    found = CARD.search(hand[1])
    return found.group(1) if found else None


def play_card(visitor: Visitor, game: str, html: str, card: str) -> Answer:
    return visitor.request(
        "POST",
        game + "play/",
        {
            "csrfmiddlewaretoken": visitor.cookies["csrftoken"],
            "card": card,
            "version": VERSION.search(html).group(1),
        },
        accept="application/json",
    )


def play_to_the_end(
    visitor: Visitor,
    game: str,
    timings: list[float] | None = None,
    played: list[str] | None = None,
    limit: int = 200,
) -> None:
    html = visitor.get(game).text
    for _ in range(limit):
        card = playable_card(html)
        if card is None:
            return
        answer = play_card(visitor, game, html, card)
        assert answer.status == 200, (answer.status, answer.text[:300])
        if timings is not None:
            timings.append(answer.seconds)
        if played is not None:
            played.append(card)
        html = answer.json()["html"]
    raise AssertionError("the game did not end")


def humans_plays_in_record(visitor: Visitor, game: str) -> list[str]:
    record = visitor.get(game + "record/1.json")
    assert record.status == 200, record.status
    state = state_from_record(record.json())
    assert state.is_over
    return [
        f"{'A23456789TJQK'[e.card >> 2]}{'CDHS'[e.card & 3]}" for e in state.events if e.seat == 0
    ]


# --- the checks ------------------------------------------------------------------------


def test_check_deploy_is_clean(production_env):
    result = manage(production_env, "check", "--deploy", "--fail-level", "WARNING")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_every_worker_serves_and_the_cache_is_redis(server, production_env):
    import redis

    port, master = server
    workers = answers_from_every_worker(port, master, "/en/rules/")
    assert len(workers) == WORKERS
    keys = redis.Redis.from_url(production_env["REDIS_URL"]).keys("pisti:*page:*")
    assert keys, "rules pages are not cached in Redis"


@pytest.mark.parametrize(
    "path", ["/", "/en/", "/en/rules/", "/robots.txt", "/favicon.ico", "/en/tutorial/"]
)
def test_head_answers_like_get_through_gunicorn(port, path):
    visitor = Visitor(port)
    got, head = visitor.get(path), visitor.request("HEAD", path)
    assert head.status == got.status and head.status in (200, 302)
    assert head.text == ""
    assert visitor.failures == []


def answers_from_every_worker(
    port: int, master, path: str, limit: int = 400
) -> dict[int, list[Answer]]:
    """Ask for ``path`` from several visitors at once until every live worker answered."""
    live = worker_pids(master)
    answers: dict[int, list[Answer]] = {}
    lock = threading.Lock()

    def ask(_):
        answer = Visitor(port).get(path)
        with lock:
            answers.setdefault(answer.worker, []).append(answer)

    with ThreadPoolExecutor(6) as pool:
        for _ in range(limit // 12):
            list(pool.map(ask, range(12)))
            if live <= set(answers):
                break
    assert live <= set(answers), f"workers {live - set(answers)} never answered"
    return answers


def test_an_admin_edit_shows_through_every_worker_on_the_next_request(server):
    port, master = server
    before = answers_from_every_worker(port, master, "/en/rules/")  # cached everywhere
    admin = Visitor(port)
    login = admin.get("/admin/login/?next=/admin/")
    answer = admin.submit(
        login, "/admin/login/", {"username": ADMIN[0], "password": ADMIN[1]}, id="login-form"
    )
    assert answer.status == 302, answer.text[:500]
    changelist = admin.get("/admin/rules/page/").text
    for change in re.findall(r'href="(/admin/rules/page/\d+/change/)"', changelist):
        form = admin.get(change)
        fields = Forms(form.text).form(id="page_form")
        if fields.get("slug") == "rules":
            break
    else:
        raise AssertionError("no rules page in the admin")
    heading = f"Edited in the admin {uuid.uuid4().hex[:8]}"
    old = fields["sections-0-heading_en"]
    assert all(old in a.text for answers in before.values() for a in answers)
    saved = admin.submit(
        form, change, {"sections-0-heading_en": heading, "_save": "Save"}, id="page_form"
    )
    assert saved.status == 302, re.findall(r'class="errorlist[^>]*>(.*?)</ul>', saved.text)

    after = answers_from_every_worker(port, master, "/en/rules/")
    stale = [pid for pid, answers in after.items() if any(heading not in a.text for a in answers)]
    assert not stale, f"workers {stale} still served the old page"
    results_line(
        f"admin edit: seen on the next request by all {len(after)} workers "
        f"({sum(map(len, after.values()))} requests checked)"
    )


def test_twenty_concurrent_games_to_the_end_without_a_failed_request(server):
    port, _ = server
    visitors = [Visitor(port) for _ in range(20)]
    timings: list[float] = []
    errors: list[str] = []

    def play(visitor: Visitor) -> None:
        try:
            game = start_game(visitor, "medium")
            play_to_the_end(visitor, game, timings)
            humans_plays_in_record(visitor, game)  # the match is over and its record served
        except Exception as error:  # every failure is reported below
            errors.append(repr(error))

    started = time.perf_counter()
    threads = [threading.Thread(target=play, args=(v,)) for v in visitors]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - started
    failures = [f for v in visitors for f in v.failures]
    results_line(
        f"20 concurrent medium games: {len(timings)} moves in {elapsed:.1f} s; move p50 "
        f"{percentile(timings, 0.5) * 1e3:.0f} ms, p95 {percentile(timings, 0.95) * 1e3:.0f} ms,"
        f" max {max(timings) * 1e3:.0f} ms; failed requests: {len(failures)}"
    )
    assert not errors, errors[:3]
    assert failures == []
    assert len(timings) == 20 * 24  # 24 cards each in a two-player deal


def test_killing_a_worker_mid_game_loses_no_game_and_no_move(server):
    port, master = server
    visitor = Visitor(port)
    game = start_game(visitor, "easy")
    html = visitor.get(game).text
    played = []
    for _ in range(3):
        card = playable_card(html)
        answer = play_card(visitor, game, html, card)
        assert answer.status == 200
        played.append(card)
        html = answer.json()["html"]
    victim = answer.worker
    assert victim in worker_pids(master)
    os.kill(victim, signal.SIGKILL)  # a crash, not a graceful stop
    deadline = time.monotonic() + 10
    while os.path.exists(f"/proc/{victim}") and victim in worker_pids(master):
        assert time.monotonic() < deadline, "the killed worker did not go away"
        time.sleep(0.05)

    page = visitor.get(game)  # the next request: another worker, the same game
    assert page.status == 200 and page.worker != victim
    assert VERSION.search(page.text).group(1) == VERSION.search(html).group(1)
    play_to_the_end(visitor, game, played=played)
    assert humans_plays_in_record(visitor, game) == played  # every move, in order
    assert visitor.failures == []
    assert len(worker_pids(master)) == WORKERS  # gunicorn replaced the killed worker
