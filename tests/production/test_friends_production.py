"""Tables with friends across processes: two Daphne servers, one Redis channel layer.

Ayşe's browser talks to one Daphne process and Mehmet's to another, on other ports (as two
machines behind a load balancer would); each play reaches the other seat through Redis.
A smaller run of ``benchmarks/friends_speed.py`` plays 20 tables at once the same way.
"""

from __future__ import annotations

import asyncio
import importlib.util
import json
import subprocess
import sys
import time

import pytest
from websockets.sync.client import connect

from .client import Visitor, location_path
from .conftest import ROOT, _free_port, results_line

pytestmark = pytest.mark.production


@pytest.fixture(scope="module")
def daphne_ports(server, production_env, tmp_path_factory):
    """Two Daphne processes serving the ASGI application with production settings."""
    logs = tmp_path_factory.mktemp("daphne")
    ports, processes = [_free_port(), _free_port()], []
    for port in ports:
        log = open(logs / f"daphne-{port}.log", "w")  # noqa: SIM115 - closed with the process
        processes.append(
            subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "daphne",
                    "-b",
                    "127.0.0.1",
                    "-p",
                    str(port),
                    "pisti_site.asgi:application",
                ],
                cwd=ROOT,
                env=production_env,
                stdout=log,
                stderr=log,
            )
        )
    deadline = time.monotonic() + 60
    for port in ports:
        while True:
            try:
                if Visitor(port, timeout=5).get("/robots.txt").status == 200:
                    break
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError("daphne did not start")
            time.sleep(0.3)
    yield ports
    for process in processes:
        process.terminate()
        process.wait(timeout=20)


def socket_for(visitor: Visitor, table_path: str):
    """The table's WebSocket as this visitor's browser opens it."""
    table_id = table_path.rstrip("/").rsplit("/", 1)[1]
    cookie = "; ".join(f"{k}={v}" for k, v in visitor.cookies.items())
    return connect(
        f"ws://127.0.0.1:{visitor.port}/ws/en/friends/{table_id}/",
        additional_headers={"Cookie": cookie, "Origin": visitor.origin},
        open_timeout=10,
    )


def latest_state(ws, timeout=10, arrivals: list | None = None) -> dict:
    """Wait for a state frame, then take every frame already waiting; the newest one.
    ``arrivals`` gets the moment the first one arrived."""
    frame = None
    while frame is None:
        message = json.loads(ws.recv(timeout=timeout))
        if message["type"] == "state":
            frame = message
    if arrivals is not None:
        arrivals.append(time.perf_counter())
    while True:
        try:
            message = json.loads(ws.recv(timeout=0.2))
        except TimeoutError:
            return frame
        if message["type"] == "state":
            frame = message


def test_two_daphne_processes_play_one_deal_together_through_redis(daphne_ports):
    ayse, mehmet = Visitor(daphne_ports[0]), Visitor(daphne_ports[1])
    form = ayse.get("/en/friends/")
    made = ayse.submit(
        form,
        "/en/friends/",
        {"name": "Ayşe", "kind": "1v1", "timer": "0", "max_deals": "1"},
        **{"data-new-table": True},
    )
    assert made.status == 302, made.text[:500]
    table_path = location_path(made)
    lobby = mehmet.get(table_path)
    seat_form = {"seat": "1", "name": "Mehmet"}
    sat = mehmet.submit(lobby, table_path, seat_form, action=f"{table_path}seat/")
    assert sat.status == 302, sat.text[:500]
    started = ayse.submit(ayse.get(table_path), table_path, action=f"{table_path}start/")
    assert started.status == 302, started.text[:500]

    with socket_for(ayse, table_path) as first, socket_for(mehmet, table_path) as second:
        sockets = [first, second]
        frames, crossings = play_the_deal(sockets)
    assert frames[0]["status"] == frames[1]["status"] == "finished"
    assert ayse.failures == [] and mehmet.failures == []
    crossings.sort()
    results_line(
        f"friends across two Daphne processes and Redis: {len(crossings)} plays, "
        f"play to other seat's update p50 {crossings[len(crossings) // 2] * 1e3:.0f} "
        f"ms, p95 {crossings[int(len(crossings) * 0.95)] * 1e3:.0f} ms"
    )


def play_the_deal(sockets):
    """Each seat plays its lowest card in turn; returns the last frames and, per play, the
    time from sending it to the other seat's update."""
    frames = [latest_state(ws) for ws in sockets]
    crossings: list[float] = []
    for _move in range(60):
        if frames[0]["status"] == "finished":
            break
        mover = frames[0]["to_move"]
        other = 1 - mover
        card = sorted(frames[mover]["view"]["hand"])[0]
        sent, arrived = time.perf_counter(), []
        sockets[mover].send(
            json.dumps({"type": "play", "card": card, "version": frames[mover]["version"]})
        )
        frames[other] = latest_state(sockets[other], arrivals=arrived)
        crossings.append(arrived[0] - sent)
        assert {"seat": mover, "card": card} in frames[other]["view"]["history"] or (
            frames[other]["deal_over"]
        )
        frames[mover] = latest_state(sockets[mover])
    return frames, crossings


TABLES = 20
# Started tables and each seat's session key, made in the production database by the
# benchmark's own code (printed as JSON on the last line).
PREPARE = (
    "import json, sys; sys.path.insert(0, 'benchmarks'); "
    "from friends_speed import prepare_tables; "
    "print(json.dumps(prepare_tables({}, int(sys.argv[1]), 1)))"
)


def friends_speed():
    spec = importlib.util.spec_from_file_location(
        "friends_speed", ROOT / "benchmarks" / "friends_speed.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_twenty_tables_at_once_over_two_processes_all_finish_without_an_error(
    daphne_ports, production_env
):
    """The benchmark, smaller: each table's two seats on different processes, every play
    through Redis; no refusal, no failed connection, every deal played to its end."""
    made = subprocess.run(
        [sys.executable, "-c", PREPARE, str(TABLES)],
        cwd=ROOT,
        env=production_env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert made.returncode == 0, made.stderr[-2000:]
    tables = json.loads(made.stdout.splitlines()[-1])
    assert len(tables) == TABLES
    bench = friends_speed()
    stats = bench.Stats(2 * TABLES)
    started = time.perf_counter()
    asyncio.run(bench.play_all(daphne_ports, tables, stats, 0, 50))
    elapsed = time.perf_counter() - started
    assert (stats.refused, stats.failed) == (0, 0)
    assert stats.finished == TABLES
    assert len(stats.latencies) >= TABLES * 40  # a 1v1 deal is 48 plays
    results_line(
        f"friends_speed, {TABLES} tables over two Daphne processes: {elapsed:.1f} s, "
        f"play to other seat's update p50 "
        f"{bench.percentile(stats.latencies, 0.5) * 1e3:.0f} ms, p95 "
        f"{bench.percentile(stats.latencies, 0.95) * 1e3:.0f} ms, 0 errors"
    )
