"""Tables, seats and WebSocket connections for the tests, as browsers would hold them."""

from __future__ import annotations

import json

from channels.testing import WebsocketCommunicator
from django.contrib.sessions.backends.db import SessionStore

from friends import service
from friends.consumers import SESSION_KEY
from friends.models import Table
from pisti import Rules
from pisti.cards import card_name
from pisti_site.asgi import application
from pisti_site.matchplay import TABLE_RULES


def make_table(kind="1v1", *, timer=0, spectators=False, bots=(), players=None, **rules):
    """A table made by "Ayşe"; ``bots`` are (seat, level) pairs put in by her."""
    players = players or TABLE_RULES[kind]
    table, token = service.create_table(kind, Rules(**players, **rules), timer, spectators, "Ayşe")
    for seat, level in bots:
        service.set_bot(table, token, seat, level)
    return table, token


def session_with(table: Table | None = None, token: str | None = None) -> str:
    """A browser's session cookie value, holding ``token`` for ``table``."""
    session = SessionStore()
    if table is not None and token is not None:
        session[SESSION_KEY] = {str(table.pk): token}
    session.save()
    return session.session_key


def communicator(
    table: Table | None,
    session_key: str | None = None,
    lang="en",
    origin=b"http://testserver",
    *,
    path: str | None = None,
    app=application,
) -> WebsocketCommunicator:
    headers = [(b"origin", origin), (b"host", b"testserver")]
    if session_key:
        headers.append((b"cookie", f"sessionid={session_key}".encode()))
    return WebsocketCommunicator(app, path or f"/ws/{lang}/friends/{table.pk}/", headers=headers)


class ClosingTab:
    """The site as Daphne serves one tab that is being closed.

    Once ``close()`` is called the browser has sent its close frame: autobahn's protocol is
    no longer open, so every frame the consumer sends raises ``Disconnected`` (as Daphne's
    does), and ``websocket.disconnect`` is only queued, to be read by a consumer still
    running, as Daphne queues it when the TCP connection ends.
    """

    def __init__(self, table: Table, session_key: str, lang="en"):
        self.closing = False
        self.comm = communicator(table, session_key, lang, app=self.app)

    async def app(self, scope, receive, send):
        from autobahn.exception import Disconnected

        async def send_while_open(message):
            if self.closing and message["type"] in ("websocket.send", "websocket.close"):
                raise Disconnected("Attempt to send on a closed protocol")
            await send(message)

        return await application(scope, receive, send_while_open)

    def close(self) -> None:
        self.closing = True

    def connection_lost(self) -> None:
        self.comm.input_queue.put_nowait({"type": "websocket.disconnect", "code": 1001})


async def receive(comm, timeout=2) -> dict:
    return json.loads(await comm.receive_from(timeout=timeout))


async def receive_state(comm, timeout=2) -> dict:
    """The next state frame, skipping reactions."""
    while True:
        message = await receive(comm, timeout)
        if message["type"] == "state":
            return message


async def drain(comm, quiet=0.05) -> list[dict]:
    """Every message waiting for this connection, until none comes for ``quiet`` seconds."""
    messages = []
    while not await comm.receive_nothing(timeout=quiet):
        messages.append(await receive(comm))
    return messages


async def settle(comm) -> list[dict]:
    """Every message a fresh connection gets: the state frame each connection is sent (waited
    for, however busy the machine) and any that follow, such as the table telling everyone
    the seat is present again. A draining of 50 ms alone could end before they arrive on a
    loaded machine, and the test would then read a state frame as the answer it waits for."""
    return [await receive_state(comm), *await drain(comm, quiet=0.2)]


def play_out_the_deal(table):
    """Every card of the deal, the lowest first, as each seat's player; returns the match."""
    while True:
        table.refresh_from_db()
        match = service.load_match(table)
        if match.current is None:
            return match
        state = match.current
        seat = state.current_player
        service.play(table, seat, card_name(sorted(state.hands[seat])[0]), table.version)
