"""A real server and a real browser: gunicorn on loopback, Debian's Chromium via Playwright.

The server runs in its own process on a database of its own (a fresh SQLite file, or the
PostgreSQL database named by ``DATABASE_URL`` with a ``_browser`` suffix), migrated and
loaded exactly as ``make serve`` does.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _database_url(tmp: Path) -> str:
    url = os.environ.get("DATABASE_URL", "")
    if url.startswith("postgres"):
        base, _, name = url.rpartition("/")
        worker = os.environ.get("PYTEST_XDIST_WORKER", "")  # each test process its own
        return f"{base}/{name}_browser{worker}"
    return f"sqlite:///{tmp / 'browser.sqlite3'}"


def _ensure_postgres_database(url: str) -> None:
    if not url.startswith("postgres"):
        return
    import psycopg

    base, _, name = url.rpartition("/")
    with psycopg.connect(f"{base}/postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
        conn.execute(f'CREATE DATABASE "{name}"')


SITE_ENV: dict[str, str] = {}  # the test server's environment, for manage.py commands


@pytest.fixture(scope="session")
def site_url(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("browser-site")
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "pisti_site.settings.test",
        "DATABASE_URL": _database_url(tmp),
    }
    _ensure_postgres_database(env["DATABASE_URL"])
    SITE_ENV.update(env)
    manage = [sys.executable, "manage.py"]
    for command in (["migrate", "--noinput", "-v0"], ["load_content"]):
        subprocess.run(manage + command, cwd=ROOT, env=env, check=True, capture_output=True)
    port = _free_port()
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "pisti_site.wsgi",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            "2",
            "--log-level",
            "warning",
        ],
        cwd=ROOT,
        env=env,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            urllib.request.urlopen(url + "/robots.txt", timeout=1)
            break
        except OSError:
            if time.monotonic() > deadline or server.poll() is not None:
                server.kill()
                raise RuntimeError("the test server did not start") from None
            time.sleep(0.2)
    yield url
    server.terminate()
    server.wait(timeout=10)


# Problems any page of any test may show: Content-Security-Policy violations and uncaught
# script errors. Every browser context the tests open is watched; a test that leaves one
# here fails (the site must work under its policy, with no inline script).
PAGE_PROBLEMS: list[str] = []
_REPORT_VIOLATIONS = """
document.addEventListener("securitypolicyviolation", (event) => {
  const blocked = event.blockedURI || "inline";
  console.error(`CSP violation: ${event.violatedDirective} blocked ${blocked}`);
});
"""


def _watch_page(page) -> None:
    def on_console(message):
        if message.type == "error" and (
            "CSP violation" in message.text or "Content Security Policy" in message.text
        ):
            PAGE_PROBLEMS.append(f"{page.url}: {message.text}")

    page.on("console", on_console)
    page.on("pageerror", lambda error: PAGE_PROBLEMS.append(f"{page.url}: script error {error}"))


def _watched(new_context):
    """``browser.new_context`` whose contexts report violations from every page they open."""

    def watched_context(*args, **kwargs):
        context = new_context(*args, **kwargs)
        context.add_init_script(_REPORT_VIOLATIONS)
        context.on("page", _watch_page)
        return context

    return watched_context


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium (make test does)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        browser.new_context = _watched(browser.new_context)
        yield browser
        browser.close()


@pytest.fixture(autouse=True)
def no_page_problems():
    """Fail the test if any page it opened broke the security policy or threw."""
    PAGE_PROBLEMS.clear()
    yield PAGE_PROBLEMS
    problems, PAGE_PROBLEMS[:] = list(PAGE_PROBLEMS), []
    assert not problems, problems


# The table's pace is the visitor's choice; the tests choose "fast" to spend less time.
FAST_PACE = "try { localStorage.setItem('pisti-pace', 'fast'); } catch (e) {}"
# (about:blank, where every new page starts, has no storage: that first run does nothing)


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.add_init_script(FAST_PACE)
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture
def phone(browser):
    context = browser.new_context(
        viewport={"width": 375, "height": 740},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
    )
    context.add_init_script(FAST_PACE)
    page = context.new_page()
    yield page
    context.close()


def serious_violations(page) -> list[str]:
    """axe-core's serious and critical findings on the current page."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    return [
        f"{v['id']} ({v['impact']}): {v['help']} — {len(v['nodes'])} nodes"
        for v in results.response["violations"]
        if v["impact"] in ("serious", "critical")
    ]
