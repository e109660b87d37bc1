"""Rules page against a static file of the same size, both served by gunicorn on loopback.

Run: ``make bench`` or ``.venv/bin/python -m benchmarks.site_speed``. The site runs with
production settings (whitenoise, compressed static files, the page cache) in one gunicorn
worker; the load comes from ``wrk`` (installed from Debian when missing and root) or a
bounded Python client. Both URLs are measured in the same run, alternately, so the ratio
does not depend on how fast this machine is. Also prints the rules page's total transfer
(HTML, CSS and JS, compressed) and checks that it asks no other host for anything.
"""

from __future__ import annotations

import argparse
import gzip
import http.client
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PY = sys.executable
PAGE = "/en/rules/"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def prepare(env: dict) -> None:
    for command in (
        ["compile_translations"],
        ["migrate", "--noinput", "-v0"],
        ["load_content"],
        ["collectstatic", "--noinput", "-v0"],
    ):
        subprocess.run(
            [PY, "manage.py", *command], cwd=ROOT, env=env, check=True, capture_output=True
        )


def start_gunicorn(env: dict, port: int, workers: int = 1) -> subprocess.Popen:
    server = subprocess.Popen(
        [
            PY,
            "-m",
            "gunicorn",
            "pisti_site.wsgi",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            str(workers),
            "--log-level",
            "warning",
        ],
        cwd=ROOT,
        env=env,
    )
    deadline = time.monotonic() + 30
    while True:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/robots.txt", timeout=1)
            return server
        except OSError:
            if time.monotonic() > deadline:
                server.kill()
                raise SystemExit("gunicorn did not start") from None
            time.sleep(0.2)


def fetch(port: int, path: str, gzip_ok: bool = True) -> tuple[int, dict, bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request("GET", path, headers={"Accept-Encoding": "gzip"} if gzip_ok else {})
    response = conn.getresponse()
    body = response.read()
    conn.close()
    return response.status, dict(response.getheaders()), body


def ensure_wrk() -> str | None:
    if shutil.which("wrk"):
        return shutil.which("wrk")
    if os.geteuid() == 0:
        subprocess.run(["apt-get", "install", "-y", "-qq", "wrk"], capture_output=True)
    return shutil.which("wrk")


def load_wrk(wrk: str, url: str, seconds: int, connections: int) -> tuple[float, int]:
    out = subprocess.run(
        [wrk, "-t1", f"-c{connections}", f"-d{seconds}s", "-H", "Accept-Encoding: gzip", url],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    failed = 0
    for pattern in (
        r"Non-2xx or 3xx responses: (\d+)",
        r"Socket errors: connect (\d+), "
        r"read (\d+), write (\d+), timeout (\d+)",
    ):
        match = re.search(pattern, out)
        if match:
            failed += sum(int(g) for g in match.groups())
    return rps, failed


def load_python(port: int, path: str, seconds: int, connections: int) -> tuple[float, int]:
    """A bounded keep-alive client: ``connections`` threads for ``seconds`` seconds."""
    counts, failures = [0] * connections, [0] * connections
    stop = time.monotonic() + seconds

    def worker(i: int) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        while time.monotonic() < stop:
            try:
                conn.request("GET", path, headers={"Accept-Encoding": "gzip"})
                response = conn.getresponse()
                response.read()
                if response.status == 200:
                    counts[i] += 1
                else:
                    failures[i] += 1
            except OSError:
                failures[i] += 1
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(connections)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return sum(counts) / seconds, sum(failures)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=int, default=5, help="each measurement")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--connections", type=int, default=8)
    args = parser.parse_args()

    tmp = Path(tempfile.mkdtemp(prefix="pisti-bench-"))
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "pisti_site.settings.prod",
        "SECRET_KEY": "benchmark-only-" + "k" * 40,
        "ALLOWED_HOSTS": "127.0.0.1",
        "SECURE_SSL_REDIRECT": "false",
        "SECURE_HSTS_SECONDS": "0",
        "DATABASE_URL": f"sqlite:///{tmp / 'bench.sqlite3'}",
        "STATIC_ROOT": str(tmp / "static"),
    }
    prepare(env)
    port = free_port()
    server = start_gunicorn(env, port)
    try:
        status, headers, body = fetch(port, PAGE)
        assert status == 200 and headers.get("Content-Encoding") == "gzip", (status, headers)
        html = gzip.decompress(body)
    finally:
        server.terminate()
        server.wait()

    # A static file of the same size, with its precompressed twin, served by whitenoise.
    static_dir = tmp / "static" / "bench"
    static_dir.mkdir(parents=True)
    (static_dir / "rules-copy.html").write_bytes(html)
    (static_dir / "rules-copy.html.gz").write_bytes(gzip.compress(html, 9))
    static_path = "/static/bench/rules-copy.html"

    server = start_gunicorn(env, port)
    try:
        transfer = len(body)
        assets = re.findall(rb'(?:href|src)="(/static/[^"]+\.(?:css|js))"', html)
        for asset in assets:
            _, asset_headers, asset_body = fetch(port, asset.decode())
            transfer += len(asset_body)
        foreign = [
            u
            for u in re.findall(rb'(?:src|href)="(https?://[^"]+)"', html)
            if not u.startswith(b"http://127.0.0.1")
        ]
        # Warm both up, then measure alternately.
        for path in (PAGE, static_path):
            for _ in range(50):
                fetch(port, path)
        wrk = ensure_wrk()
        results = {PAGE: [], static_path: []}
        failed = 0
        for _ in range(args.rounds):
            for path in (static_path, PAGE):
                if wrk:
                    rps, bad = load_wrk(
                        wrk, f"http://127.0.0.1:{port}{path}", args.seconds, args.connections
                    )
                else:
                    rps, bad = load_python(port, path, args.seconds, args.connections)
                results[path].append(rps)
                failed += bad
    finally:
        server.terminate()
        server.wait()
        shutil.rmtree(tmp, ignore_errors=True)

    page_rps = statistics.median(results[PAGE])
    static_rps = statistics.median(results[static_path])
    ratio = page_rps / static_rps
    print(
        f"load client: {'wrk' if wrk else 'python threads'}, {args.connections} connections, "
        f"{args.rounds} x {args.seconds}s each, gunicorn 1 worker"
    )
    print(f"rules page {PAGE}: {len(html):,} bytes HTML, {len(body):,} gzipped")
    rounds = ", ".join(f"{r:,.0f}" for r in results[PAGE])
    print(f"  requests/s: {page_rps:,.0f}  (rounds: {rounds})")
    print(
        f"static file of the same size: {static_rps:,.0f}  "
        f"(rounds: {', '.join(f'{r:,.0f}' for r in results[static_path])})"
    )
    print(f"ratio page/static: {ratio:.2f} (target >= 0.90)")
    print(f"failed requests: {failed}")
    print(
        f"rules page total transfer (HTML+CSS+JS compressed): {transfer:,} bytes "
        f"= {transfer / 1024:.1f} KB (target < 60 KB)"
    )
    print(f"requests to other hosts: {len(foreign)}")


if __name__ == "__main__":
    main()
