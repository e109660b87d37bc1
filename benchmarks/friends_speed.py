"""Tables with friends over WebSockets: many tables at once against one server process.

Run: ``.venv/bin/python benchmarks/friends_speed.py [--tables 100] [--deals 1]
[--database-url postgres://...]``. One Daphne process serves the ASGI application
(in-memory channel layer, a fresh SQLite database unless another empty one is named, the
flood limit raised for bots that play as fast as they can). Each table has two seats, each
seat a client that plays a random card from its own frame as soon as it is its turn. It
reports the messages per second the server sent and received, and the time from sending a
play to the other seat's update (p50, p95). Every table must finish its deal.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


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
    def __init__(self) -> None:
        self.sent = 0
        self.received = 0
        self.latencies: list[float] = []
        self.pending: dict[tuple[str, int], float] = {}  # (table, version) -> sent at
        self.finished = 0
        self.refused = 0


async def seat_client(port, table_id, session_key, seat, stats: Stats, rng):
    import websockets

    url = f"ws://127.0.0.1:{port}/ws/en/friends/{table_id}/"
    headers = {"Cookie": f"sessionid={session_key}", "Origin": f"http://127.0.0.1:{port}"}
    async with websockets.connect(url, additional_headers=headers, open_timeout=60,
                                  max_queue=None) as ws:
        async for raw in ws:
            stats.received += 1
            message = json.loads(raw)
            if message["type"] == "refused":
                stats.refused += 1
                continue
            if message["type"] != "state":
                continue
            key = (table_id, message["version"])
            if key in stats.pending and message["to_move"] == seat:
                stats.latencies.append(time.perf_counter() - stats.pending.pop(key))
            if message["status"] == "finished" or message["deal_over"]:
                stats.finished += seat == 0
                return
            if message["to_move"] == seat:
                card = rng.choice(message["view"]["hand"])
                stats.pending[(table_id, message["version"] + 1)] = time.perf_counter()
                stats.sent += 1
                await ws.send(json.dumps({"type": "play", "card": card,
                                          "version": message["version"]}))


async def play_all(port, tables, stats):
    rng = random.Random(1)
    clients = [seat_client(port, table_id, key, seat, stats, random.Random(rng.random()))
               for table_id, keys in tables for seat, key in enumerate(keys)]
    await asyncio.gather(*clients)


def percentile(values, share):
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * share))] if values else float("nan")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--deals", type=int, default=1)
    parser.add_argument("--database-url", help="an empty database (default: a new SQLite file)")
    args = parser.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="friends-bench-"))
    env = {"DJANGO_SETTINGS_MODULE": "pisti_site.settings.test",
           "DATABASE_URL": args.database_url or f"sqlite:///{tmp / 'bench.sqlite3'}",
           "FRIENDS_FLOOD_MESSAGES": "100000"}
    tables = prepare_tables(env, args.tables, args.deals)
    port = 18000 + os.getpid() % 1000
    server = subprocess.Popen(
        [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port),
         "pisti_site.asgi:application"], cwd=ROOT, env={**os.environ, **env},
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _attempt in range(100):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/robots.txt", timeout=1)
                break
            except OSError:
                time.sleep(0.2)
        stats = Stats()
        started = time.perf_counter()
        asyncio.run(play_all(port, tables, stats))
        elapsed = time.perf_counter() - started
    finally:
        server.terminate()
        server.wait(timeout=20)
    print(f"{args.tables} tables of 2 bots-as-clients, one Daphne process, in-memory layer, "
          f"{env['DATABASE_URL'].split(':')[0]}:")
    print(f"  {stats.finished}/{args.tables} tables finished their deal in {elapsed:.1f} s; "
          f"{stats.refused} refusals")
    print(f"  plays sent {stats.sent}, frames received {stats.received}: "
          f"{(stats.sent + stats.received) / elapsed:.0f} messages/s")
    print(f"  play to the other seat's update: p50 {percentile(stats.latencies, .5) * 1e3:.0f}"
          f" ms, p95 {percentile(stats.latencies, .95) * 1e3:.0f} ms "
          f"({len(stats.latencies)} plays)")
    if stats.finished != args.tables:
        raise SystemExit("not every table finished")


if __name__ == "__main__":
    main()
