"""Practice games through HTTP: move latency per bot level and throughput under load.

Run: ``.venv/bin/python -m benchmarks.practice_speed``. gunicorn serves the site with
production settings on loopback (2 workers, this machine's 2 cores); a bounded Python
client plays complete deals as a browser would (session cookie, CSRF token, JSON moves),
timing every move request, which includes the bots' replies. Then 20 games are played at
once to measure throughput. Every request must succeed.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import statistics
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import urlencode

from benchmarks.site_speed import free_port, prepare, start_gunicorn
from pisti.bots import PLAYING_LEVELS

VERSION = re.compile(r'name="version" value="(\d+)"')
CARD = re.compile(r'name="card" value="(\w\w)"')
TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


class Browser:
    """One visitor: a keep-alive connection, cookies and the CSRF token."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.cookies: dict[str, str] = {}
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        self.failures = 0

    def request(self, method, path, body=None, accept="text/html"):
        headers = {
            "Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items()),
            "Accept": accept,
            "Host": "127.0.0.1",
        }
        if body is not None:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            headers["Referer"] = f"http://127.0.0.1:{self.port}{path}"
        self.conn.request(method, path, body, headers)
        response = self.conn.getresponse()
        data = response.read().decode()
        for header, value in response.getheaders():
            if header.lower() == "set-cookie":
                name, _, rest = value.partition("=")
                self.cookies[name] = rest.split(";")[0]
        if response.status >= 400:
            self.failures += 1
        return response.status, dict(response.getheaders()), data

    def start(self, level: str, max_deals: int) -> str:
        _, _, html = self.request("GET", "/en/practice/")
        token = TOKEN.search(html).group(1)
        form = {
            "csrfmiddlewaretoken": token,
            "level": level,
            "table": "1v1",
            "target": 151,
            "target_tie": "play_on",
            "max_deals": max_deals,
            "opening": "three_down_one_up",
            "face_up_jack": "return",
            "pisti_points": 10,
            "jack_pisti_points": 20,
            "jack_on_lone_jack": "jack_pisti",
            "jack_on_lone_card": "none",
            "jack_on_empty_table": "false",
            "last_card_pisti": "false",
            "majority_bonus": 3,
            "two_of_clubs_points": 2,
            "ten_of_diamonds_points": 3,
        }
        status, headers, _ = self.request("POST", "/en/practice/", urlencode(form))
        assert status == 302, status
        return headers["Location"]

    def play_game(self, level: str, max_deals: int, timings: list[float]) -> None:
        url = self.start(level, max_deals)
        _, _, html = self.request("GET", url)
        while True:
            if "data-next-deal" in html:
                token = TOKEN.search(html).group(1)
                self.request(
                    "POST",
                    url + "next/",
                    urlencode(
                        {"csrfmiddlewaretoken": token, "version": VERSION.search(html).group(1)}
                    ),
                )
                _, _, html = self.request("GET", url)
                continue
            card = CARD.search(html)
            if not card or 'class="hand" disabled' in html:
                return
            token = TOKEN.search(html).group(1)
            body = urlencode(
                {
                    "csrfmiddlewaretoken": token,
                    "card": card.group(1),
                    "version": VERSION.search(html).group(1),
                }
            )
            started = time.perf_counter()
            status, _, payload = self.request("POST", url + "play/", body, "application/json")
            timings.append(time.perf_counter() - started)
            assert status == 200, (status, payload[:200])
            html = json.loads(payload)["html"]


def percentile(values, q):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2, help="games per level (1 deal each)")
    parser.add_argument("--concurrent", type=int, default=20)
    args = parser.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="pisti-practice-bench-"))
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "pisti_site.settings.prod",
        "SECRET_KEY": "benchmark-only-" + "k" * 40,
        "ALLOWED_HOSTS": "127.0.0.1",
        "SECURE_SSL_REDIRECT": "false",
        "SECURE_HSTS_SECONDS": "0",
        "SESSION_COOKIE_SECURE": "false",
        "CSRF_COOKIE_SECURE": "false",
        "DATABASE_URL": f"sqlite:///{tmp / 'bench.sqlite3'}",
        "STATIC_ROOT": str(tmp / "st"),
    }
    prepare(env)
    port = free_port()
    server = start_gunicorn(env, port, workers=2)
    failures = 0
    try:
        print("| level | moves | p50 | p95 | p99 |\n|---|---:|---:|---:|---:|")
        for level in PLAYING_LEVELS:
            timings: list[float] = []
            for _ in range(args.games):
                browser = Browser(port)
                browser.play_game(level, 1, timings)
                failures += browser.failures
            print(
                f"| {level} | {len(timings)} | {percentile(timings, 0.5) * 1e3:.1f} ms | "
                f"{percentile(timings, 0.95) * 1e3:.1f} ms | "
                f"{percentile(timings, 0.99) * 1e3:.1f} ms |"
            )
        timings = []
        browsers = [Browser(port) for _ in range(args.concurrent)]
        started = time.perf_counter()
        threads = [
            threading.Thread(target=b.play_game, args=("medium", 1, timings)) for b in browsers
        ]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        elapsed = time.perf_counter() - started
        failures += sum(b.failures for b in browsers)
        print(
            f"\n{args.concurrent} concurrent medium games: {len(timings)} moves in "
            f"{elapsed:.1f} s = {len(timings) / elapsed:.0f} moves/s; move p50 "
            f"{statistics.median(timings) * 1e3:.0f} ms, p95 "
            f"{percentile(timings, 0.95) * 1e3:.0f} ms"
        )
        print(f"failed requests: {failures}")
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main()
