"""No frame ever carries a card its receiver may not know, over whole random games.

Every frame sent to every connection (players and a watcher) is scanned: each string in it
that names a card must be one the receiving seat has seen (its own hands, face-up cards,
plays), checked against the engine's state at the moment the frame arrives. A watcher may
know only the cards that were played or lie face up.
"""

from __future__ import annotations

import json
import random
import re

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async

from friends import service
from pisti.cards import InvalidCard, card_name, parse_card
from pisti.view import seen_by

from .helpers import communicator, drain, make_table, receive, session_with

pytestmark = pytest.mark.django_db
HTML_CARD = re.compile(r'(?:#|data-card="|value=")([2-9TJQKA][CDHS])\b')


def card_strings(value):
    """Every string inside a frame that reads as a card."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield from card_strings(key)
            yield from card_strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from card_strings(item)
    elif isinstance(value, str):
        yield from HTML_CARD.findall(value)  # the shared table's markup: sprite, data-card
        try:
            parse_card(value)
        except InvalidCard:
            return
        yield value


def known_cards(table, seat):
    """What ``seat`` (``None``: a watcher) may know right now, as card names."""
    table.refresh_from_db()
    match = service.load_match(table)
    if match is None:
        return set()
    state = match.current or match.finished[-1]
    if seat is None:
        # the plays, the table's face-up cards now and the opening's face-up cards (seen by
        # everyone when the deal began: a new deal's opening table shows them)
        public = [e.card for e in state.events] + list(state.pile[state.pile_face_down :])
        public += list(state.layout.face_up)
        return {card_name(c) for c in public}
    return {card_name(c) for c in seen_by(state, seat)} | {card_name(c) for c in state.hands[seat]}


def play_whole_match(kind, bots, rng, deals):
    table, creator = make_table(kind, spectators=True, bots=bots, max_deals=deals)
    tokens = {0: creator}
    for seat, entry in enumerate(table.seats):
        if entry["kind"] == "empty":
            tokens[seat] = service.take_seat(table, seat, f"Oyuncu {seat + 1}", None)
    service.start(table, creator)
    sessions = {seat: session_with(table, token) for seat, token in tokens.items()}
    watcher = session_with()
    checked = {"frames": 0}

    async def check(seat, message):
        if message["type"] != "state":
            return message
        known = await database_sync_to_async(known_cards)(table, seat)
        leaked = set(card_strings(message)) - known
        assert not leaked, (seat, leaked)
        if message.get("html"):
            assert "cards.svg#" in message["html"]  # the scan above reads real markup
        if seat is None:
            assert message["view"] is None or "hand" not in message["view"]
            assert "data-hand" not in (message.get("html") or "")
        checked["frames"] += 1
        return message

    async def scenario():
        comms = {seat: communicator(table, key) for seat, key in sessions.items()}
        comms[None] = communicator(table, watcher)
        latest = {}
        for comm in comms.values():
            assert (await comm.connect())[0]
        for _round in range(2000):
            for seat, comm in comms.items():
                while not await comm.receive_nothing(timeout=0.02):
                    message = await check(seat, await receive(comm))
                    if message["type"] == "state":
                        latest[seat] = message
            if len({frame["version"] for frame in latest.values()}) > 1:
                continue  # a frame is still on its way to some connection
            frame = latest[0]
            if frame["status"] == "finished":
                break
            if frame["deal_over"]:  # the next deal comes once every player is ready
                # one press at a time, so each frame is checked against the deal it shows
                seat = next(s for s in tokens if "data-next" in latest[s]["deal_end"])
                await comms[seat].send_to(
                    text_data=json.dumps({"type": "next", "version": frame["version"]})
                )
                continue
            mover = frame["to_move"]
            mine = latest[mover]
            await comms[mover].send_to(
                text_data=json.dumps(
                    {
                        "type": "play",
                        "card": rng.choice(mine["view"]["hand"]),
                        "version": mine["version"],
                    }
                )
            )
        else:
            raise AssertionError("the match did not end")
        for comm in comms.values():
            await drain(comm)
            await comm.disconnect()

    async_to_sync(scenario)()
    return checked["frames"]


@pytest.mark.parametrize(
    ("kind", "bots", "deals"),
    [
        ("1v1", (), 2),
        ("2v2", ((1, "easy"), (3, "medium")), 1),
        ("3", ((2, "beginner"),), 1),
    ],
)
def test_no_frame_ever_carries_a_card_its_receiver_may_not_know(kind, bots, deals, settings):
    settings.FRIENDS_FLOOD_MESSAGES = 10_000  # the test plays far faster than any person
    frames = play_whole_match(kind, bots, random.Random(17), deals)
    assert frames > 50


def test_a_play_is_read_once_and_each_connection_gets_only_its_seats_cards(
    monkeypatch,
):
    """The fan-out: after a play the process reads the row once for all its connections
    (two tabs of one seat in two languages, the other seat, two watchers), builds each
    seat's frame once per language, and each connection still gets its own seat's hand and
    no card of another hand; the group message itself carries no card."""
    from channels.layers import get_channel_layer

    from friends import consumers

    table, creator = make_table("1v1", spectators=True)
    other = service.take_seat(table, 1, "Mehmet", None)
    service.start(table, creator)
    table.refresh_from_db()
    state = service.load_match(table).current
    mover = state.current_player
    card = card_name(state.hands[mover][0])
    hands = [{card_name(c) for c in hand} for hand in state.hands]
    hands[mover].discard(card)
    sessions = {0: session_with(table, creator), 1: session_with(table, other)}
    audience = [(0, "en"), (0, "tr"), (1, "en"), (None, "en"), (None, "de")]
    keys = [sessions[seat] if seat is not None else session_with() for seat, _ in audience]
    reads, told = [], []
    load_table = consumers.load_table
    monkeypatch.setattr(
        consumers, "load_table", lambda table_id: reads.append(table_id) or load_table(table_id)
    )
    layer = get_channel_layer()
    group_send = layer.group_send

    async def telling(group, message):
        told.append(json.dumps(message))
        await group_send(group, message)

    monkeypatch.setattr(layer, "group_send", telling)

    async def scenario():
        comms = [
            communicator(table, key, lang=lang)
            for key, (_seat, lang) in zip(keys, audience, strict=True)
        ]
        for comm in comms:
            assert (await comm.connect())[0]
        for comm in comms:
            await drain(comm, quiet=0.2)
        reads.clear()
        told.clear()
        mover_comm = comms[audience.index((mover, "en"))]
        await mover_comm.send_to(
            text_data=json.dumps({"type": "play", "card": card, "version": table.version})
        )
        frames = []
        for comm in comms:
            frame = await receive(comm)
            assert frame["type"] == "state" and frame["version"] == table.version + 1
            frames.append(frame)
        for comm in comms:
            assert await comm.receive_nothing(timeout=0.1)  # one frame each, no more
        read = list(reads)
        for comm in comms:
            await comm.disconnect()
        return frames, read

    frames, read = async_to_sync(scenario)()
    # the play's own read, and none for the change: the row it left is handed to every
    # connection of the process, however many
    assert read == [str(table.pk)]
    assert told and not any(
        f'"{name}"' in message for message in told for hand in hands for name in hand
    )
    for (seat, _lang), frame in zip(audience, frames, strict=True):
        assert frame["seat"] == seat
        assert frame["view"]["history"][-1] == {"seat": mover, "card": card}
        if seat is not None:
            assert set(frame["view"]["hand"]) == hands[seat]
        mine = hands[seat] if seat is not None else set()
        others = set().union(*hands) - mine
        assert not others & set(card_strings(frame)), (seat, others & set(card_strings(frame)))
    # each language its own words; one seat's two tabs the same hand
    assert frames[0]["view"]["hand"] == frames[1]["view"]["hand"]
    assert frames[0]["words"] != frames[1]["words"]
    assert frames[3]["words"] != frames[4]["words"]
