"""Tables with friends over WebSockets: many tables at once against one or two Daphne processes.

Run: ``.venv/bin/python benchmarks/friends_speed.py [--tables 200] [--processes 1]
[--think 2] [--deals 1] [--database-url postgres://...] [--redis-url redis://...]``.

Each table has two seats, each seat a client that plays a random card from its own frame
when it is its turn, after a think time (uniform between half and one and a half times
``--think`` seconds; 0 plays as fast as the server answers, which only measures how long the
queue is). Every client connects before the first play. The flood limit is raised for the
bots.

One process (``--processes 1``): the in-memory channel layer unless ``--redis-url`` is
given, a fresh SQLite database unless ``--database-url`` names an empty one. Two or more
processes share a Redis channel layer (``--redis-url``, or ``scripts/redis.sh`` starts one)
and a PostgreSQL database (SQLite would lock under two writers: ``--database-url``, or a
fresh ``pisti_friends_bench`` database next to the one ``scripts/postgres.sh`` starts), and
the two seats of a table talk to different processes, as two machines behind a load
balancer would, so every play crosses Redis.

It reports the messages per second the servers sent and received, the time from sending a
play to the other seat's update (p50, p95, max) and the errors: refusals, connections that
failed, tables that did not finish their deals. Exits non-zero unless there were none.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SETTINGS = '''"""The test settings, with the channel layer in Redis when REDIS_URL is set."""
import os

from pisti_site.settings.test import *  # noqa: F403

if os.environ.get("REDIS_URL"):
    CHANNEL_LAYERS = {"default": redis_channel_layer(os.environ["REDIS_URL"])}  # noqa: F405
'''


def prepare_tables(env: dict, count: int, deals: int) -> list[tuple[str, list[str]]]:
    """Tables started in the database, with each seat's session key."""
    os.environ.update(env)
    import django

    django.setup()
    from django.contrib.sessions.backends.db import SessionStore
    from django.core.management import call_command

    from friends import service
    from friends.consumers import SESSION_KEY
    from pisti import Rules

    call_command("migrate", "--noinput", verbosity=0)
    tables = []
    for _index in range(count):
        table, first = service.create_table("1v1", Rules(max_deals=deals), 0, False, "Bot A")
        second = service.take_seat(table, 1, "Bot B", None)
        service.start(table, first)
        sessions = []
        for token in (first, second):
            session = SessionStore()
            session[SESSION_KEY] = {str(table.pk): token}
            session.save()
            sessions.append(session.session_key)
        tables.append((str(table.pk), sessions))
    return tables


class Stats:
    def __init__(self, clients: int) -> None:
        self.sent = 0
        self.received = 0
        self.latencies: list[float] = []
        self.pending: dict[tuple[str, int], float] = {}  # (table, version) -> sent at
        self.finished = 0
        self.refused = 0
        self.failed = 0  # connections that could not open or broke
        self.waiting = clients
        self.all_in = asyncio.Event()


async def seat_client(port, table_id, session_key, seat, stats: Stats, rng, think, me):
    import websockets

    url = f"ws://127.0.0.1:{port}/ws/en/friends/{table_id}/"
    headers = {"Cookie": f"sessionid={session_key}", "Origin": f"http://127.0.0.1:{port}"}
    async with websockets.connect(
        url, additional_headers=headers, open_timeout=120, max_queue=None
    ) as ws:
        first, played = True, -1
        async for raw in ws:
            stats.received += 1
            message = json.loads(raw)
            if message["type"] == "refused":
                stats.refused += 1
                continue
            if message["type"] != "state":
                continue
            if first:  # nobody plays before every client is in
                first, me["in"] = False, True
                stats.waiting -= 1
                if not stats.waiting:
                    stats.all_in.set()
                await stats.all_in.wait()
            key = (table_id, message["version"])
            if key in stats.pending and message["to_move"] == seat:
                stats.latencies.append(time.perf_counter() - stats.pending.pop(key))
            if message["status"] == "finished" or message["deal_over"]:
                stats.finished += seat == 0
                return
            # Every frame is the table's newest state, so one may repeat the last (two
            # changes read after both were stored): a seat plays once on a version.
            if message["to_move"] == seat and message["version"] > played:
                played = message["version"]
                if think:
                    await asyncio.sleep(think * rng.uniform(0.5, 1.5))
                card = rng.choice(message["view"]["hand"])
                stats.pending[(table_id, message["version"] + 1)] = time.perf_counter()
                stats.sent += 1
                await ws.send(
                    json.dumps({"type": "play", "card": card, "version": message["version"]})
                )


async def play_all(ports, tables, stats, think, timeout):
    rng = random.Random(1)

    async def client(*args):
        me = {"in": False}
        try:
            await seat_client(*args, me)
        except Exception:  # noqa: BLE001 - every failure is counted, none stops the run
            stats.failed += 1
            if not me["in"]:
                stats.waiting -= 1
                if stats.waiting <= 0:
                    stats.all_in.set()

    clients = [
        client(
            ports[seat % len(ports)], table_id, key, seat, stats, random.Random(rng.random()), think
        )
        for table_id, keys in tables
        for seat, key in enumerate(keys)
    ]
    # on a timeout, the tables still playing are counted as unfinished
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(asyncio.gather(*clients), timeout)


def percentile(values, share):
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * share))] if values else float("nan")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def script_output(name: str) -> str:
    """What ``scripts/<name>`` prints (the URL of the server it started)."""
    return (
        subprocess.run([str(ROOT / "scripts" / name)], check=True, capture_output=True, text=True)
        .stdout.strip()
        .splitlines()[-1]
    )


def fresh_postgres_database(url: str, name: str = "pisti_friends_bench") -> str:
    """An empty database ``name`` on the server ``url`` names."""
    import psycopg

    base = url.rpartition("/")[0]
    with psycopg.connect(f"{base}/postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')
    return f"{base}/{name}"


def start_servers(count: int, env: dict, logs: Path) -> tuple[list[int], list]:
    ports, servers = [], []
    for _index in range(count):
        port = free_port()
        log = open(logs / f"daphne-{port}.log", "w")  # noqa: SIM115 - closed at exit
        servers.append(
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
                env={**os.environ, **env},
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        )
        ports.append(port)
    for port in ports:
        for _attempt in range(300):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/robots.txt", timeout=1)
                break
            except OSError:
                time.sleep(0.2)
        else:
            raise SystemExit(f"daphne on port {port} did not start (logs in {logs})")
    return ports, servers


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--processes", type=int, default=1, help="Daphne processes")
    parser.add_argument(
        "--think",
        type=float,
        default=2.0,
        help="mean seconds a client thinks before playing (0: none)",
    )
    parser.add_argument("--deals", type=int, default=1)
    parser.add_argument(
        "--database-url",
        help="an empty database (default: a new SQLite file for one process, PostgreSQL for more)",
    )
    parser.add_argument(
        "--redis-url",
        help="the channel layer's Redis (default: in memory "
        "for one process, scripts/redis.sh for more)",
    )
    parser.add_argument("--timeout", type=float, default=900, help="seconds for the play")
    args = parser.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="friends-bench-"))
    (tmp / "friends_bench_settings.py").write_text(SETTINGS)
    sys.path.insert(0, str(tmp))
    database = args.database_url
    if database is None:
        database = (
            f"sqlite:///{tmp / 'bench.sqlite3'}"
            if args.processes == 1
            else fresh_postgres_database(script_output("postgres.sh"))
        )
    redis = args.redis_url or (script_output("redis.sh") if args.processes > 1 else "")
    env = {
        "DJANGO_SETTINGS_MODULE": "friends_bench_settings",
        "PYTHONPATH": os.pathsep.join([str(tmp), str(ROOT)]),
        "DATABASE_URL": database,
        "REDIS_URL": redis,
        "FRIENDS_FLOOD_MESSAGES": "100000",
    }
    tables = prepare_tables(env, args.tables, args.deals)
    ports, servers = start_servers(args.processes, env, tmp)
    try:
        stats = Stats(2 * len(tables))
        started = time.perf_counter()
        asyncio.run(play_all(ports, tables, stats, args.think, args.timeout))
        elapsed = time.perf_counter() - started
    finally:
        for server in servers:
            server.terminate()
        for server in servers:
            server.wait(timeout=20)
    unfinished = args.tables - stats.finished
    errors = stats.refused + stats.failed + unfinished
    layer = "Redis" if redis else "in-memory"
    print(
        f"{args.tables} tables of 2 bots-as-clients (think {args.think:g} s), "
        f"{args.processes} Daphne process{'es' if args.processes > 1 else ''}, "
        f"{layer} channel layer, {database.split(':')[0]}:"
    )
    print(
        f"  {stats.finished}/{args.tables} tables finished their deals in {elapsed:.1f} s; "
        f"errors {errors} ({stats.refused} refusals, {stats.failed} failed connections, "
        f"{unfinished} unfinished)"
    )
    print(
        f"  plays sent {stats.sent}, frames received {stats.received}: "
        f"{(stats.sent + stats.received) / elapsed:.0f} messages/s"
    )
    print(
        f"  play to the other seat's update: p50 {percentile(stats.latencies, 0.5) * 1e3:.0f}"
        f" ms, p95 {percentile(stats.latencies, 0.95) * 1e3:.0f} ms, max "
        f"{max(stats.latencies, default=float('nan')) * 1e3:.0f} ms "
        f"({len(stats.latencies)} plays)"
    )
    if errors:
        raise SystemExit(f"{errors} errors (server logs in {tmp})")


if __name__ == "__main__":
    main()
