"""The analysis worker in production: ``manage.py db_worker`` beside gunicorn, sharing the
queue through PostgreSQL. A finished deal's review enqueues its analysis; the worker
stores it; a worker killed mid-task leaves the task to a second worker, which finishes it.
"""

from __future__ import annotations

import signal
import subprocess
import sys
import time

import pytest

from .client import Visitor
from .conftest import ROOT, results_line
from .test_production import play_to_the_end, start_game

pytestmark = pytest.mark.production


def db_worker(env) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "manage.py", "db_worker", "--no-startup-delay", "--interval", "0.2"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def finished_game(port) -> tuple[Visitor, str]:
    visitor = Visitor(port)
    game = start_game(visitor, "easy")
    play_to_the_end(visitor, game)
    return visitor, game


def status(visitor, game) -> dict:
    game_id = game.rstrip("/").split("/")[-1]
    answer = visitor.get(f"/en/analysis/{game_id}/1/status/", accept="application/json")
    assert answer.status == 200, answer.status
    return answer.json()


def review(game) -> str:
    """The review board of the game's first deal (the game's own review link leads there)."""
    game_id = game.rstrip("/").split("/")[-1]
    return f"/en/analysis/{game_id}/1/"


def wait_for(condition, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.3)
    return False


def test_the_worker_analyses_a_reviewed_deal(server, production_env):
    port, _ = server
    visitor, game = finished_game(port)
    started = time.perf_counter()
    assert visitor.get(game + "review/1/").status == 302  # to the review board
    assert "data-analysis-progress" in visitor.get(review(game)).text
    worker = db_worker(production_env)
    try:
        assert wait_for(lambda: status(visitor, game)["finished"], 180)
    finally:
        worker.send_signal(signal.SIGTERM)
        worker.wait(timeout=60)
    results_line(f"analysis of one deal through the worker: {time.perf_counter() - started:.1f} s")
    assert "loss-chart" in visitor.get(review(game)).text


def test_a_worker_killed_mid_task_is_replaced_and_the_task_finished(server, production_env):
    port, _ = server
    visitor, game = finished_game(port)
    visitor.get(review(game))
    first = db_worker(production_env)
    try:
        assert wait_for(lambda: status(visitor, game)["done"] >= 2, 120)
    finally:
        first.send_signal(signal.SIGKILL)
        first.wait(timeout=10)
    assert not status(visitor, game)["finished"]
    # the web side (any gunicorn worker) re-enqueues it once the heartbeat is stale
    env = {**production_env, "ANALYSIS_STALE_SECONDS": "0"}
    second = db_worker(env)
    try:
        retried = subprocess.run(
            [
                sys.executable,
                "manage.py",
                "shell",
                "-c",
                "from analysis.models import DealAnalysis as D; from analysis.service import "
                "request_analysis as r; row = D.objects.latest('pk'); "
                "print(r(row.game, row.deal).attempts)",
            ],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert retried.stdout.split()[-1] == "2", retried.stderr[-500:]
        assert wait_for(lambda: status(visitor, game)["finished"], 180)
    finally:
        second.send_signal(signal.SIGTERM)
        second.wait(timeout=60)
