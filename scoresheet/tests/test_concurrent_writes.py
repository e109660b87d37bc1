"""Two devices writing to one score sheet at the same moment, through a real server.

The site runs under gunicorn with two worker processes on a database of its own (a fresh
SQLite file, or a ``_concurrent`` database next to the PostgreSQL one ``DATABASE_URL``
names), so two requests really run at once, as they do when the owner and a device with the
edit link enter deals together. Found on main: on SQLite some of those requests failed with
"database is locked" (500); on PostgreSQL two deals got the same number (after which
editing either was a 500) and changes made at once counted as one revision, so a device
back online could miss them.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from tests.production.client import Answer, Forms, Visitor, location_path

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.every_database  # what it checks differs between the engines

PAIRS = 10  # 20 deals, entered two at a time


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _database_url(tmp: Path) -> str:
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith("postgres"):
        return f"sqlite:///{tmp / 'concurrent.sqlite3'}"
    import psycopg

    base, _, name = url.rpartition("/")
    own = f"{name}_concurrent{os.environ.get('PYTEST_XDIST_WORKER', '')}"
    with psycopg.connect(f"{base}/postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{own}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{own}"')
    return f"{base}/{own}"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """gunicorn with two workers; yields (port, its error log)."""
    tmp = tmp_path_factory.mktemp("concurrent-site")
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "pisti_site.settings.test",
        "DATABASE_URL": _database_url(tmp),
    }
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v0"],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
    )
    port = _free_port()
    log = tmp / "gunicorn.log"
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
    deadline = time.monotonic() + 30
    while True:
        try:
            if Visitor(port).get("/robots.txt").status == 200:
                break
        except OSError:
            pass
        if time.monotonic() > deadline or server.poll() is not None:
            server.kill()
            raise RuntimeError(f"the test server did not start: {log.read_text()[-2000:]}")
        time.sleep(0.2)
    yield port, log
    server.terminate()
    server.wait(timeout=10)


def _together(*moves):
    """Run the moves in threads released at the same moment; their answers in order."""
    barrier = threading.Barrier(len(moves))
    answers: list[Answer | BaseException | None] = [None] * len(moves)

    def run(i, move):
        barrier.wait()
        try:
            answers[i] = move()
        except BaseException as error:  # noqa: BLE001 - reported by the test
            answers[i] = error

    threads = [threading.Thread(target=run, args=(i, m)) for i, m in enumerate(moves)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    return answers


def _points(page: Answer) -> tuple[int, int]:
    fields = Forms(page.text).form(method="post")
    return int(fields["edit-points_0"]), int(fields["edit-points_1"])


def _problems(answers, ok=(200, 302)) -> list:
    return [
        a if isinstance(a, BaseException) else f"{a.status} {a.text[:300]!r}"
        for a in answers
        if isinstance(a, BaseException) or a.status not in ok
    ]


class Table:
    """A new sheet open on two devices: its owner and a device that opened the edit link."""

    def __init__(self, port: int) -> None:
        self.owner = Visitor(port)
        page = self.owner.get("/en/scoresheet/")
        assert page.status == 200, page.text[:400]
        fields = Forms(page.text).form(id="new-sheet")
        fields.pop("_action")  # "#new-sheet": the same address
        created = self.owner.request(
            "POST", "/en/scoresheet/", {**fields, "name_0": "Ayşe", "name_1": "Mehmet"}
        )
        assert created.status == 302, created.text[:400]
        self.sheet = location_path(created)
        owner_page = self.owner.get(self.sheet)
        edit_link = re.search(r"/en/scoresheet/edit/[A-Za-z0-9_-]+/", owner_page.text).group(0)
        self.device = Visitor(port)
        assert self.device.get(edit_link).status == 302
        device_page = self.device.get(self.sheet)
        assert device_page.status == 200
        self.forms = {self.owner: Forms(owner_page.text), self.device: Forms(device_page.text)}

    def form(self, visitor: Visitor, **attrs) -> dict:
        fields = self.forms[visitor].form(**attrs)
        fields.pop("_action")
        return fields

    def csrf(self, visitor: Visitor) -> dict:
        token = self.form(visitor, **{"data-offline-form": "quick"})["csrfmiddlewaretoken"]
        return {"csrfmiddlewaretoken": token}

    def add(self, visitor: Visitor, k: int, client_id: str = ""):
        """A quick deal k : 16; with a client id as the page's script sends it, else as a
        plain form post."""
        fields = {
            **self.form(visitor, **{"data-offline-form": "quick"}),
            "quick-points_0": str(k),
            "quick-points_1": "16",
        }
        if client_id:
            fields["client_id"] = client_id
        return lambda: visitor.request(
            "POST",
            f"{self.sheet}deals/quick/",
            fields,
            accept="application/json" if client_id else "text/html",
        )

    def numbers(self) -> list[int]:
        """The numbers of the deals counted, as their edit links carry them."""
        listed = self.owner.get(self.sheet).text
        return [int(n) for n in re.findall(rf"{re.escape(self.sheet)}deal/(\d+)/edit/", listed)]

    def revision(self) -> int:
        return int(re.search(r'data-revision="(\d+)"', self.owner.get(self.sheet).text)[1])


def test_two_devices_entering_deals_at_once_save_each_once_numbered_in_order(server):
    port, log = server
    table = Table(port)
    answers = []
    for pair in range(PAIRS):
        answers += _together(
            table.add(table.owner, 2 * pair),
            table.add(table.device, 2 * pair + 1, f"device-deal-{pair:04d}"),
        )

    assert not _problems(answers), (_problems(answers), log.read_text()[-3000:])
    device_numbers = [a.json()["number"] for a in answers[1::2]]
    assert len(set(device_numbers)) == PAIRS, device_numbers

    # Every deal once, numbered 1..20 in the order saved; each can be opened and changed.
    numbers = table.numbers()
    assert numbers == list(range(1, 2 * PAIRS + 1)), numbers
    assert set(device_numbers) <= set(numbers)
    entered = set()
    for number in numbers:
        edit_page = table.owner.get(f"{table.sheet}deal/{number}/edit/")
        assert edit_page.status == 200, edit_page.text[:300]
        entered.add(_points(edit_page))
    assert entered == {(k, 16) for k in range(2 * PAIRS)}
    assert table.revision() == 2 * PAIRS  # one change per deal, none lost


def test_deals_added_while_another_device_edits_deletes_and_changes_rules(server):
    port, log = server
    table = Table(port)
    owner, device, sheet = table.owner, table.device, table.sheet
    for k in range(PAIRS):
        assert table.add(owner, k)().status == 302
    rules = table.form(device, action=f"{sheet}rules/#rules-entry")

    def device_changes(pair):
        number = pair + 1
        if pair % 3 == 0:
            return lambda: device.request(
                "POST", f"{sheet}deal/{number}/delete/", table.csrf(device)
            )
        if pair % 3 == 1:
            return lambda: device.request(
                "POST",
                f"{sheet}deal/{number}/edit/",
                {**table.csrf(device), "edit-points_0": str(100 + number), "edit-points_1": "16"},
            )
        return lambda: device.request(
            "POST", f"{sheet}rules/", {**rules, "target": str(101 + pair)}
        )

    answers = []
    for pair in range(PAIRS):
        answers += _together(table.add(owner, PAIRS + pair), device_changes(pair))

    assert not _problems(answers), (_problems(answers), log.read_text()[-3000:])
    deleted = {pair + 1 for pair in range(PAIRS) if pair % 3 == 0}
    assert table.numbers() == [n for n in range(1, 2 * PAIRS + 1) if n not in deleted]
    assert table.revision() == 3 * PAIRS  # every change counted once, none lost
    for number in (pair + 1 for pair in range(PAIRS) if pair % 3 == 1):
        assert _points(owner.get(f"{sheet}deal/{number}/edit/")) == (100 + number, 16)
    # undo brings the deals back, the one deleted last first
    for number in sorted(deleted, reverse=True):
        page = owner.get(sheet)
        undo = re.search(rf'action="({re.escape(sheet)}deal/(\d+)/restore/)"', page.text)
        assert int(undo[2]) == number
        assert owner.request("POST", undo[1], table.csrf(owner)).status == 302
    assert table.numbers() == list(range(1, 2 * PAIRS + 1))
