"""The production CI leg (``make test-production``): the site as it runs in production.

Production settings (``pisti_site.settings.prod``, secure cookies, HSTS, SSL redirect),
gunicorn with three workers on loopback, PostgreSQL (``DATABASE_URL``, a database of its
own with a ``_production`` suffix) and the shared Redis cache (``REDIS_URL``). Started once
for the whole leg; migrated, loaded and collected as a deployment does.
"""

from __future__ import annotations

import os
import secrets
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from .client import Visitor

ROOT = Path(__file__).resolve().parents[2]
WORKERS = 3
ADMIN = ("ci-admin", secrets.token_urlsafe(16))


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _own_database(url: str) -> str:
    """A fresh ``<name>_production`` database next to the one ``DATABASE_URL`` names."""
    import psycopg

    base, _, name = url.rpartition("/")
    own = f"{name}_production"
    with psycopg.connect(f"{base}/postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{own}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{own}"')
    return f"{base}/{own}"


@pytest.fixture(scope="session")
def production_env(tmp_path_factory) -> dict[str, str]:
    database, redis = os.environ.get("DATABASE_URL", ""), os.environ.get("REDIS_URL", "")
    if not database.startswith("postgres") or not redis.startswith("redis"):
        pytest.fail(
            "the production leg needs DATABASE_URL (PostgreSQL) and REDIS_URL: "
            "run it with make test-production"
        )
    tmp = tmp_path_factory.mktemp("production")
    return {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "pisti_site.settings.prod",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": "127.0.0.1",
        "DATABASE_URL": _own_database(database),
        "REDIS_URL": redis,
        "STATIC_ROOT": str(tmp / "static"),
        "DJANGO_SUPERUSER_PASSWORD": ADMIN[1],
    }


def manage(env: dict, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


@pytest.fixture(scope="session")
def server(production_env, tmp_path_factory):
    """gunicorn with three workers; yields (port, master process)."""
    env = production_env
    for command in (
        ["compile_translations"],
        ["migrate", "--noinput", "-v0"],
        ["load_content"],
        ["collectstatic", "--noinput", "-v0"],
        ["createsuperuser", "--noinput", "--username", ADMIN[0], "--email", "ci@example.invalid"],
    ):
        result = manage(env, *command)
        assert result.returncode == 0, (command, result.stdout, result.stderr)
    port = _free_port()
    log = tmp_path_factory.mktemp("gunicorn") / "gunicorn.log"
    master = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "tests.production.worker_app",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            str(WORKERS),
            "--timeout",
            "60",
            "--log-level",
            "warning",
            "--error-logfile",
            str(log),
        ],
        cwd=ROOT,
        env=env,
    )
    deadline = time.monotonic() + 60
    while True:
        try:
            if Visitor(port, timeout=5).get("/robots.txt").status == 200:
                break
        except OSError:
            pass
        if time.monotonic() > deadline or master.poll() is not None:
            master.kill()
            raise RuntimeError(f"gunicorn did not start: {log.read_text()[-2000:]}")
        time.sleep(0.3)
    yield port, master
    master.send_signal(signal.SIGTERM)
    master.wait(timeout=30)


@pytest.fixture(scope="session")
def port(server) -> int:
    return server[0]


def worker_pids(master: subprocess.Popen) -> set[int]:
    """The gunicorn master's live worker processes."""
    children = Path(f"/proc/{master.pid}/task/{master.pid}/children").read_text().split()
    return {int(pid) for pid in children}


MEASURED: list[str] = []


def results_line(text: str) -> None:
    """A measured number, printed at the end of the run (pytest captures test output)."""
    MEASURED.append(text)


def pytest_terminal_summary(terminalreporter):
    if MEASURED:
        terminalreporter.section("production leg: measured")
        for line in MEASURED:
            terminalreporter.write_line(line)
