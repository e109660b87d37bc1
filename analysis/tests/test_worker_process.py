"""The real thing: ``manage.py db_worker`` processes on a database file, one killed mid-task.

Everything runs in subprocesses against a fresh SQLite file, as a deployment would: the web
side enqueues, a separate worker process picks the task from the database.
"""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

ENQUEUE = """
from analysis.service import request_analysis
from analysis.tests.helpers import game_with_a_finished_deal
game = game_with_a_finished_deal()
print(request_analysis(game, 1).pk)
"""

RETRY = """
from analysis.models import DealAnalysis
from analysis.service import request_analysis
row = DealAnalysis.objects.get()
print(request_analysis(row.game, row.deal).attempts)
"""


@pytest.fixture
def site(tmp_path):
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
        "DJANGO_SETTINGS_MODULE": "pisti_site.settings.test",
        "PYTHONPATH": str(ROOT),
    }

    def manage(*args, timeout=120, **extra):
        return subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=ROOT,
            timeout=timeout,
            env={**env, **extra},
            capture_output=True,
            text=True,
            check=True,
        )

    def worker(*args):
        return subprocess.Popen(
            [
                sys.executable,
                "manage.py",
                "db_worker",
                "--no-startup-delay",
                "--interval",
                "0.2",
                *args,
            ],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )

    def query(sql):
        with sqlite3.connect(tmp_path / "db.sqlite3") as db:
            return db.execute(sql).fetchone()

    manage("migrate", "--noinput")
    return manage, worker, query


def wait_for(condition, seconds):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.1)
    return False


def test_a_worker_process_stores_the_result(site):
    manage, worker, query = site
    manage("shell", "-c", ENQUEUE)
    assert query("select status from django_tasks_database_dbtaskresult")[0] == "READY"
    process = worker("--batch")
    process.wait(timeout=180)  # a bounded run: --batch stops when the queue is empty
    done, total, result = query("select done, total, result from analysis_dealanalysis")
    assert result is not None and done == total >= 15
    assert query("select status from django_tasks_database_dbtaskresult")[0] == "SUCCESSFUL"


def test_a_worker_killed_mid_task_leaves_no_result_and_the_task_is_retried(site):
    manage, worker, query = site
    manage("shell", "-c", ENQUEUE)
    process = worker()
    try:
        assert wait_for(lambda: query("select done from analysis_dealanalysis")[0] >= 2, 120)
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=10)
    done, total, result = query("select done, total, result from analysis_dealanalysis")
    assert result is None and 0 < done < total  # half done, nothing shown
    assert query("select status from django_tasks_database_dbtaskresult")[0] == "RUNNING"

    # the next visit sees a running task without heartbeats and enqueues it again
    attempts = manage("shell", "-c", RETRY, ANALYSIS_STALE_SECONDS="0").stdout.split()[-1]
    assert attempts == "2"
    worker("--batch").wait(timeout=180)
    done, total, result = query("select done, total, result from analysis_dealanalysis")
    assert result is not None and done == total
    statuses = query("select group_concat(status) from django_tasks_database_dbtaskresult")
    assert "SUCCESSFUL" in statuses[0]
