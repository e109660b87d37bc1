"""A small HTTP visitor for the production leg: cookies, CSRF, forms and JSON moves.

The site runs with its production settings, which redirect plain HTTP to HTTPS; like a
TLS-terminating proxy on the same machine, every request says ``X-Forwarded-Proto: https``.
Every connection is new, so gunicorn hands requests to whichever worker is free.
"""

from __future__ import annotations

import http.client
import json
import time
from dataclasses import dataclass
from html.parser import HTMLParser
from urllib.parse import urlencode, urlsplit


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    text: str
    seconds: float

    @property
    def worker(self) -> int:
        return int(self.headers.get("x-worker-pid", 0))

    def json(self):
        return json.loads(self.text)


class Forms(HTMLParser):
    """Every form of a page with the values a browser would submit by default."""

    def __init__(self, html: str) -> None:
        super().__init__(convert_charrefs=True)
        self.forms: list[dict] = []
        self._textarea: str | None = None
        self._select: str | None = None
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        a = {k: (v or "") for k, v in attrs}
        if tag == "form":
            self.forms.append({"action": a.get("action", ""), "fields": {}, "attrs": a})
            return
        if not self.forms:
            return
        fields = self.forms[-1]["fields"]
        if tag == "input" and a.get("name"):
            kind = a.get("type", "text")
            if kind in ("submit", "button", "image", "file"):
                return
            if kind in ("checkbox", "radio") and "checked" not in a:
                if kind == "radio":
                    fields.setdefault(a["name"], None)  # submitted only once one is checked
                return
            fields[a["name"]] = a.get("value", "on" if kind == "checkbox" else "")
        elif tag == "textarea" and a.get("name"):
            self._textarea = a["name"]
            fields[a["name"]] = ""
        elif tag == "select" and a.get("name"):
            self._select = a["name"]
            fields.setdefault(a["name"], None)
        elif (
            tag == "option"
            and self._select
            and (fields.get(self._select) is None or "selected" in a)
        ):
            fields[self._select] = a.get("value", "")

    def handle_endtag(self, tag):
        if tag == "textarea":
            self._textarea = None
        elif tag == "select":
            self._select = None

    def handle_data(self, data):
        if self._textarea and self.forms:
            self.forms[-1]["fields"][self._textarea] += data

    def form(self, **attrs) -> dict:
        for form in self.forms:
            if all(
                form["attrs"].get(k) is not None and (v is True or form["attrs"][k] == v)
                for k, v in attrs.items()
            ):
                return {k: v for k, v in form["fields"].items() if v is not None} | {
                    "_action": form["action"]
                }
        raise LookupError(f"no form with {attrs}")


class Visitor:
    """One browser: its own cookies; counts every answer of 400 or more as a failure."""

    def __init__(self, port: int, timeout: float = 60) -> None:
        self.port = port
        self.origin = f"https://127.0.0.1:{port}"
        self.cookies: dict[str, str] = {}
        self.timeout = timeout
        self.failures: list[str] = []

    def request(
        self, method: str, path: str, fields: dict | None = None, accept: str = "text/html"
    ) -> Answer:
        headers = {
            "Host": f"127.0.0.1:{self.port}",
            "X-Forwarded-Proto": "https",
            "Accept": accept,
            "Connection": "close",
        }
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        body = None
        if fields is not None:
            body = urlencode(fields)
            headers.update(
                {
                    "Content-Type": "application/x-www-form-urlencoded",
                    "Origin": self.origin,
                    "Referer": self.origin + path,
                }
            )
        started = time.perf_counter()
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=self.timeout)
        try:
            connection.request(method, path, body, headers)
            response = connection.getresponse()
            text = response.read().decode(errors="replace")  # icons are binary
            raw = response.getheaders()
        except OSError as error:
            self.failures.append(f"{method} {path}: {error!r}")
            raise
        finally:
            connection.close()
        answer = Answer(
            response.status, {k.lower(): v for k, v in raw}, text, time.perf_counter() - started
        )
        for name, value in raw:
            if name.lower() == "set-cookie":
                key, _, rest = value.partition("=")
                self.cookies[key] = rest.split(";")[0]
        if answer.status >= 400:
            self.failures.append(f"{method} {path}: {answer.status} {text[:200]!r}")
        return answer

    def get(self, path: str, **kwargs) -> Answer:
        return self.request("GET", path, **kwargs)

    def submit(self, page: Answer, path: str, changes: dict | None = None, **form) -> Answer:
        """Post the form of ``page`` matched by ``form`` attributes, as a browser would."""
        fields = Forms(page.text).form(**form)
        action = fields.pop("_action") or path
        return self.request("POST", action, {**fields, **(changes or {})})


def location_path(answer: Answer) -> str:
    return urlsplit(answer.headers["location"]).path
