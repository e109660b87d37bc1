"""The table's WebSocket: one connection per browser, each sent only its own seat's frame.

Every message from a client is checked like a form, first by shape (``protocol.py``),
then by the rules. A bad message (not a JSON object, an unknown type, a field of the wrong
type, nested too deep, a card not in the hand, out of turn, a stale version) is refused
with a reason in the connection's language to that client only, changes nothing and keeps
the connection; a flood closes it.

After every change the whole table's group is told to refresh, with a stamp naming that
change; the message carries no cards, so no seat's hand ever passes through the channel
layer between processes. Each process makes one change into frames once (``Changes``): in
the process where the change was made, the connection that made it hands over the row as
it stored it (``row_as_changed``), so nobody there reads it again; in every other process
the first connection to get the message loads the row, and the others waiting for the same
change use that load. Each frame is built once per seat and language (two tabs of one
seat, or many watchers, share it) and is only ever sent to a connection of that seat. So a
change costs its own process no read and every other process one, however many
connections, and every process still hears of every change. A move is one visit to
Channels' database thread (load, timer, move, write); the other reads run on a small pool
of threads of their own (``FRIENDS_READ_THREADS``), so they never queue behind the writes.

A browser may go at any moment, even while a frame is being sent to it (Daphne then raises
autobahn's ``Disconnected`` from ``send``): the seat is marked away all the same, so the
others can let a bot take over.
"""

from __future__ import annotations

import asyncio
import json
import time
import uuid
from collections import OrderedDict, deque
from concurrent.futures import ThreadPoolExecutor

from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.exceptions import StopConsumer
from channels.generic.websocket import AsyncWebsocketConsumer
from channels.layers import get_channel_layer
from django.conf import settings
from django.core.cache import cache
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from . import protocol, service
from .frames import frame_for, reaction_place, time_ran_out_text
from .models import Table
from .protocol import CLOSE_FLOOD, CLOSE_FORBIDDEN, CLOSE_NOT_FOUND, MAX_MESSAGE_CHARS
from .service import Refused, kept_reactions_key

__all__ = [
    "CLOSE_FLOOD",
    "CLOSE_FORBIDDEN",
    "CLOSE_NOT_FOUND",
    "MAX_MESSAGE_CHARS",
    "NoSuchTable",
    "TableConsumer",
    "tell_table",
]

# A person plays at most a card or two a second; more than this from one connection is a
# flood. (Settings may raise it for bots playing as clients in the benchmark.)
FLOOD_MESSAGES, FLOOD_SECONDS = 30, 10.0
REACTION_SECONDS = 3.0
# What a player can say. Said, not played: the log marks each as speech, and none names a
# scoring play (a "Pişti!" button read as a way to claim one).
REACTIONS = {
    "well_played": gettext_lazy("Well played!"),
    "oops": gettext_lazy("Oops!"),
    "good_game": gettext_lazy("Good game!"),
}
# The last reactions of a table, kept in the cache (Redis in production, shared by every
# process) so a player who reloads or comes back sees them again in the log.
REACTIONS_KEPT, REACTIONS_KEPT_SECONDS = 8, 30 * 60
SESSION_KEY = "friend_seats"
# What sending to a socket that is closing raises: autobahn's ``Disconnected`` under Daphne
# (a RuntimeError), an OSError under other servers.
SEND_FAILURES = (RuntimeError, OSError)


def language_of(scope) -> str:
    """The connection's language, from its path (``/ws/<lang>/...``); English otherwise."""
    lang = scope.get("url_route", {}).get("kwargs", {}).get("lang")
    return lang if lang in dict(settings.LANGUAGES) else "en"


def group_name(table_id) -> str:
    return f"friends.{table_id}"


def reaction_text(reaction: str) -> str:
    return str(REACTIONS[reaction])


def reaction_message(seat: int, reaction: str, earlier: bool = False, place=None) -> str:
    """A reaction as a socket message; ``earlier``: said before this connection opened
    (logged, not shown as a bubble); ``place`` ([deal, plays before it]) puts it in the log
    between the plays it was said between, on every page."""
    message = {"type": protocol.REACTION, "seat": seat, "text": reaction_text(reaction)}
    if earlier:
        message["earlier"] = True
    if place:
        message["deal"], message["after"] = place
    return json.dumps(message)


def changed_message(note: dict | None = None) -> dict:
    """What the group is told after a change: a stamp naming the change, and the timer's note
    if any. No cards, no frame: each process builds its own connections' frames."""
    return {"type": "table.changed", "note": note, "stamp": uuid.uuid4().hex}


def tell_table(table_id, note: dict | None = None) -> None:
    """From synchronous code (the lobby's views): every connection refreshes its frame."""
    layer = get_channel_layer()
    if layer is not None:
        async_to_sync(layer.group_send)(group_name(table_id), changed_message(note))


def load_table(table_id) -> Table | None:
    return Table.objects.filter(pk=table_id).first()


def row_as_changed(table: Table) -> Table:
    """The row as stored by the change just made to ``table``: ``table`` itself, unless a
    presence change (stored apart from ``version``, on ``away_version``) landed between its
    load and the change's write; then a fresh read. (Every other write moves ``version``
    on, and the change's compare-and-swap succeeded on the version it loaded.) A game write
    that also found ``away_version`` unchanged (``presence_is_stored``, the usual case)
    needs no read to know it."""
    if getattr(table, "presence_is_stored", False):
        return table
    stored = Table.objects.filter(pk=table.pk).values_list("away_version", flat=True).first()
    return table if stored == table.away_version else load_table(table.pk)


_read_pool: ThreadPoolExecutor | None = None


async def read(function, *args):
    """A read-only database call, off Channels' one database thread.

    It runs on this process's own pool of ``FRIENDS_READ_THREADS`` threads, each with its
    own connection (opened on first use, closed once older than ``CONN_MAX_AGE`` as Channels
    closes its own, so a process holds at most that many more connections). Nothing read
    here needs the request's connection or a transaction: every change is a
    compare-and-swap committed before the group hears of it, so a read started after the
    message sees it, on PostgreSQL as on SQLite (whose readers never block each other).
    With ``FRIENDS_READ_THREADS = 0`` reads stay on Channels' database thread: the unit
    tests need that, their rows living in the test thread's transaction.
    """
    global _read_pool
    threads = getattr(settings, "FRIENDS_READ_THREADS", 4)
    if not threads:
        return await database_sync_to_async(function)(*args)
    if _read_pool is None:
        _read_pool = ThreadPoolExecutor(threads, thread_name_prefix="friends-read")
    return await database_sync_to_async(function, thread_sensitive=False, executor=_read_pool)(
        *args
    )


def build_frame(table: Table, seat: int | None, lang: str, note: dict | None) -> dict:
    """``seat``'s frame (``None``: a watcher's) in ``lang``, with the timer's note if any.
    No database work: the row is already loaded."""
    with translation.override(lang):
        frame = frame_for(table, seat)
        # the timer's card, to the player whose time it was (a deal dealt on time says
        # nothing); the others read it in the play's own line ("Time ran out, a bot for
        # Ayşe: …"), as a note too it lay over a phone's score strip on every timeout
        if note and "card" in note and note["seat"] == seat:
            frame["note"] = time_ran_out_text(
                frame["seats"][note["seat"]]["name"], note["card"], yours=True
            )
        return frame


class Change:
    """One change to one table as this process sees it: the row, loaded once, and the
    frames built from it, one per (seat, language)."""

    def __init__(self, loading: asyncio.Future) -> None:
        self.loading = loading
        self.frames: dict[tuple[int | None, str], tuple[str, int | None]] = {}
        self.at = time.monotonic()


class Changes:
    """This process's recent changes, by (table, stamp): the row the change left, handed
    over by the connection that made it (``remember``), or else loaded by whichever
    connection of the process gets the change's message first, the others awaiting that
    same load.

    A change is kept ``KEEP_SECONDS`` (far longer than its message takes to reach every
    connection) and at most ``KEEP`` changes: a connection that comes later only loads the
    row once more. (Kept longer, they are only more objects for the garbage collector.)
    """

    KEEP_SECONDS, KEEP = 5.0, 1000

    def __init__(self) -> None:
        self._changes: OrderedDict[tuple[str, str], Change] = OrderedDict()

    def _change(self, table_id: str, stamp: str) -> Change:
        key = (table_id, stamp)
        change = self._changes.get(key)
        loop = asyncio.get_running_loop()
        if (
            change is None
            or change.loading.get_loop() is not loop
            or (
                change.loading.done()
                and (change.loading.cancelled() or change.loading.exception() is not None)
            )
        ):
            # a load that failed is not kept: the next connection tries again
            change = Change(loop.create_task(read(load_table, table_id)))
            self._changes[key] = change
            self._forget_old()
        return change

    def _forget_old(self) -> None:
        now = time.monotonic()
        while self._changes and (
            len(self._changes) > self.KEEP
            or now - next(iter(self._changes.values())).at > self.KEEP_SECONDS
        ):
            self._changes.popitem(last=False)

    def remember(self, table_id: str, stamp: str, table: Table) -> None:
        """The row as the change ``stamp`` left it, from the connection that made it."""
        loaded = asyncio.get_running_loop().create_future()
        loaded.set_result(table)
        self._changes[(table_id, stamp)] = Change(loaded)
        self._forget_old()

    async def table(self, table_id: str, stamp: str) -> Table | None:
        """The row after the change ``stamp`` (or a later one); shared by every connection
        of this process, so only ever read, never changed."""
        return await asyncio.shield(self._change(table_id, stamp).loading)

    def frame(
        self,
        table_id: str,
        stamp: str,
        table: Table,
        seat: int | None,
        lang: str,
        note: dict | None,
    ) -> tuple[str, int | None]:
        """The text of ``seat``'s frame for this change, and its deadline; built once."""
        change = self._change(table_id, stamp)
        key = (seat, lang)
        if key not in change.frames:
            frame = build_frame(table, seat, lang, note)
            change.frames[key] = json.dumps(frame), frame["deadline_ms"]
        return change.frames[key]


changes = Changes()


class NoSuchTable(AsyncWebsocketConsumer):
    """Any WebSocket path that is not a table's: closed with 4404, not a server error."""

    async def connect(self):
        await self.close(code=CLOSE_NOT_FOUND)


class TableConsumer(AsyncWebsocketConsumer):
    async def __call__(self, scope, receive, send):
        self.lang = language_of(scope)
        self.table_id = str(scope["url_route"]["kwargs"]["table_id"])
        self.group = group_name(self.table_id)
        self.recent = deque()
        self.last_reaction = 0.0
        self.timer_task = None
        self.seat = None
        self.left = False

        async def send_or_leave(message):
            try:
                await send(message)
            except SEND_FAILURES:
                # The browser is gone while we were talking to it: the server will not
                # deliver websocket.disconnect to a consumer that stopped on this error,
                # so leave now (the seat is shown away) and stop cleanly.
                await self._leave()
                raise StopConsumer() from None

        await super().__call__(scope, receive, send_or_leave)

    async def dispatch(self, message):
        """Every message is handled in the connection's language, refusals included."""
        with translation.override(self.lang):
            await super().dispatch(message)

    async def connect(self):
        table, self.token = await self._load_with_token()
        if table is None:
            await self.close(code=CLOSE_NOT_FOUND)
            return
        self.seat = service.seat_of(table, self.token)
        if not self._may_watch(table):
            await self.close(code=CLOSE_FORBIDDEN)
            return
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        if self.seat is not None and await self._db(service.set_presence, table, self.seat, True):
            await self._tell_table()
        await self._send_frame(table)
        for seat, reaction, *place in await cache.aget(kept_reactions_key(self.table_id), []):
            if reaction in REACTIONS:
                place = place[0] if place else None  # kept before places were: none
                await self.send(text_data=reaction_message(seat, reaction, True, place))

    async def disconnect(self, code):
        await self._leave()

    async def _leave(self):
        """The browser has gone: stop the alarm, leave the group, show the seat away. Once."""
        if self.left:
            return
        self.left = True
        if self.timer_task:
            self.timer_task.cancel()
            self.timer_task = None
        await self.channel_layer.group_discard(self.group, self.channel_name)
        if self.seat is not None:
            table = await self._load()
            if table is not None and await self._db(service.set_presence, table, self.seat, False):
                await self._tell_table()

    def _may_watch(self, table: Table) -> bool:
        """Players always; others while the table is a lobby, or when watching is allowed."""
        return self.seat is not None or table.status == Table.LOBBY or table.spectators

    # --- messages from the client ---------------------------------------------------------

    async def receive(self, text_data=None, bytes_data=None):
        if self._flooding():
            await self._refuse(_("Too many messages: the connection is closed."), "flood")
            await self.close(code=CLOSE_FLOOD)
            return
        try:
            kind, message = protocol.read_message(text_data)
        except Refused as refused:
            await self._refuse(refused.message, refused.code)
            return
        handler = {
            protocol.PLAY: self._play,
            protocol.NEXT: self._next,
            protocol.REACT: self._react,
            protocol.TAKE_OVER: self._take_over,
            protocol.SYNC: self._resend,
        }[kind]
        try:
            await handler(message)
        except Refused as refused:
            await self._refuse(refused.message, refused.code)
        except Table.DoesNotExist:
            await self.close(code=CLOSE_NOT_FOUND)

    def _flooding(self) -> bool:
        limit = getattr(settings, "FRIENDS_FLOOD_MESSAGES", FLOOD_MESSAGES)
        now = time.monotonic()
        self.recent.append(now)
        while self.recent and now - self.recent[0] > FLOOD_SECONDS:
            self.recent.popleft()
        return len(self.recent) > limit

    async def _play(self, message):
        await self._change(service.play, self.seat, message["card"], message["version"])

    async def _next(self, message):
        await self._change(service.next_deal, self.seat, message["version"])

    async def _take_over(self, message):
        await self._change(service.take_over, self.seat, message["seat"])

    async def _resend(self, message):
        table = await self._load()
        if table is None:
            raise Table.DoesNotExist
        await self._expire(table)
        await self._send_frame(table)

    async def _react(self, message):
        if self.seat is None:
            raise service.watching()
        reaction = message["reaction"]
        if reaction not in REACTIONS:
            raise protocol.no_such_reaction()
        now = time.monotonic()
        if now - self.last_reaction < REACTION_SECONDS:
            raise Refused(_("One reaction at a time: wait a moment."), "reaction_rate")
        self.last_reaction = now
        table = await self._load()
        seen = message.get("at")
        place = await self._db(reaction_place, table, seen) if table is not None else None
        await self.channel_layer.group_send(
            self.group,
            {"type": "table.reaction", "seat": self.seat, "reaction": reaction, "place": place},
        )
        key = kept_reactions_key(self.table_id)
        kept = [*await cache.aget(key, []), [self.seat, reaction, place]][-REACTIONS_KEPT:]
        await cache.aset(key, kept, REACTIONS_KEPT_SECONDS)

    # --- messages from the group ----------------------------------------------------------

    async def table_changed(self, event):
        if self.left:
            return
        stamp = event.get("stamp")
        # The row as this process loaded it once for this change (shared: read only), or,
        # for a message without a stamp, this connection's own load.
        table = await (changes.table(self.table_id, stamp) if stamp else self._load())
        if table is None:
            return
        if self.seat is not None and str(self.seat) in table.away:
            # Another connection of this seat closed (an old tab, a reload): this one is
            # still here, so the player is not away. set_presence changes the row it is
            # given: this connection's own copy, never the shared one.
            table, stamp = await self._load(), None
            if table is None:
                return
            if await self._db(service.set_presence, table, self.seat, True):
                await self._tell_table()
                return
        if not self._may_watch(table):
            await self._refuse(_("This game has started and is not open to watchers."), "forbidden")
            await self.close(code=CLOSE_FORBIDDEN)
            return
        await self._send_frame(table, event.get("note"), stamp)

    async def table_reaction(self, event):
        message = reaction_message(event["seat"], event["reaction"], place=event.get("place"))
        await self.send(text_data=message)

    # --- helpers --------------------------------------------------------------------------

    async def _change(self, action, *args):
        """``action(row, *args)`` on the database thread, in one visit: the row is loaded
        there, the turn timer is checked first (the timer's bot move is a change of its
        own), then the action changes the row. The table is told of each change, and this
        process's connections get the row as the change left it: none reads it again."""

        def run():
            table = load_table(self.table_id)
            if table is None:
                raise Table.DoesNotExist
            note = service.expire(table)
            try:
                action(table, *args)
            except Refused as refused:
                return note, refused, None
            return note, None, row_as_changed(table)

        note, refused, table = await self._db(run)
        if note:
            await self._tell_table(note)
        if refused:
            raise refused
        await self._tell_table(table=table)

    async def _db(self, function, *args):
        def run():
            with translation.override(self.lang):
                return function(*args)

        return await database_sync_to_async(run)()

    async def _load(self) -> Table | None:
        """This connection's own copy of the row (it may change it)."""
        return await read(load_table, self.table_id)

    @database_sync_to_async
    def _load_with_token(self):
        session = self.scope.get("session")
        tokens = session.get(SESSION_KEY, {}) if session is not None else {}
        token = tokens.get(self.table_id) if isinstance(tokens, dict) else None
        return Table.objects.filter(pk=self.table_id).first(), token

    async def _tell_table(self, note=None, table: Table | None = None):
        """Every connection of the table refreshes its frame; ``table``, the row as this
        change left it, spares this process's connections a read."""
        message = changed_message(note)
        if table is not None:
            changes.remember(self.table_id, message["stamp"], table)
        await self.channel_layer.group_send(self.group, message)

    async def _refuse(self, message: str, code: str):
        await self.send(
            text_data=json.dumps({"type": protocol.REFUSED, "code": code, "message": message})
        )

    async def _send_frame(self, table, note=None, stamp=None):
        """This connection's seat's frame: for a change (``stamp``), the one this process
        built for the seat and language; otherwise built for this connection alone."""
        if stamp:
            text, deadline_ms = changes.frame(
                self.table_id, stamp, table, self.seat, self.lang, note
            )
        else:
            frame = build_frame(table, self.seat, self.lang, note)
            text, deadline_ms = json.dumps(frame), frame["deadline_ms"]
        await self.send(text_data=text)
        self._schedule_timer(deadline_ms)

    def _schedule_timer(self, deadline_ms):
        """The server's own alarm for the turn timer: no browser has to ask for it."""
        if self.timer_task:
            self.timer_task.cancel()
            self.timer_task = None
        if deadline_ms is not None:
            self.timer_task = asyncio.ensure_future(self._alarm(deadline_ms / 1000 + 0.05))

    async def _alarm(self, delay: float):
        await asyncio.sleep(delay)
        self.timer_task = None  # from here on, a new frame must not cancel this check
        table = await self._load()
        if table is not None:
            await self._expire(table)

    async def _expire(self, table):
        if not service.time_is_up(table):  # no visit to the database thread
            return
        note = await self._db(service.expire, table)
        if note:
            await self._tell_table(note)
