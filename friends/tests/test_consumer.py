"""The table's WebSocket, message by message, with Channels' ``WebsocketCommunicator``."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from django.utils import timezone, translation
from django.utils.translation import gettext

from friends import service
from friends.consumers import CLOSE_FLOOD, CLOSE_FORBIDDEN, FLOOD_MESSAGES
from friends.models import Table
from friends.protocol import CLOSE_NOT_FOUND, MAX_MESSAGE_CHARS
from friends.service import TAKE_OVER_AFTER
from pisti.cards import card_name, parse_card

from .helpers import (
    ClosingTab,
    communicator,
    drain,
    make_table,
    play_out_the_deal,
    receive,
    receive_state,
    session_with,
    settle,
)

pytestmark = pytest.mark.django_db


def two_player_table(**options):
    """Ayşe (seat 1) and Mehmet (seat 2), started; returns the table and both sessions."""
    table, ayse = make_table("1v1", **options)
    mehmet = service.take_seat(table, 1, "Mehmet", None)
    service.start(table, ayse)
    table.refresh_from_db()
    return table, session_with(table, ayse), session_with(table, mehmet)


def run(scenario):
    async_to_sync(scenario)()


def current_state(table):
    table.refresh_from_db()
    match = service.load_match(table)
    return match.current


def test_a_player_gets_their_own_seat_and_hand():
    table, ayse, _mehmet = two_player_table()
    state = current_state(table)

    async def scenario():
        comm = communicator(table, ayse)
        connected, _ = await comm.connect()
        assert connected
        frame = await receive_state(comm)
        assert frame["seat"] == 0
        assert sorted(frame["view"]["hand"]) == sorted(card_name(c) for c in state.hands[0])
        assert [s["name"] for s in frame["seats"]] == ["Ayşe", "Mehmet"]
        assert frame["version"] == table.version
        await comm.disconnect()

    run(scenario)


def test_a_play_reaches_both_seats_and_the_opponent_sees_the_card_played():
    table, ayse, mehmet = two_player_table()
    state = current_state(table)
    mover = state.current_player
    card = card_name(state.hands[mover][0])
    sessions = [ayse, mehmet]

    async def scenario():
        comms = [communicator(table, s) for s in sessions]
        for comm in comms:
            assert (await comm.connect())[0]
            await receive_state(comm)
        for comm in comms:
            await drain(comm, quiet=0.2)
        await comms[mover].send_to(
            text_data=json.dumps({"type": "play", "card": card, "version": table.version})
        )
        for comm in comms:
            frame = await receive_state(comm)
            assert frame["version"] == table.version + 1
            assert frame["view"]["history"][-1] == {"seat": mover, "card": card}
        for comm in comms:
            await comm.disconnect()

    run(scenario)
    assert current_state(table).events[-1].card == state.hands[mover][0]


REFUSALS = [
    (
        "turn",
        lambda card, other, version: {"type": "play", "card": other, "version": version},
        "not_mover",
    ),
    (
        "hand",
        lambda card, other, version: {"type": "play", "card": other, "version": version},
        "mover",
    ),
    (
        "card",
        lambda card, other, version: {"type": "play", "card": "ZZ", "version": version},
        "mover",
    ),
    ("card", lambda card, other, version: {"type": "play", "card": 7, "version": version}, "mover"),
    (
        "stale",
        lambda card, other, version: {"type": "play", "card": card, "version": version - 1},
        "mover",
    ),
    ("version", lambda card, other, version: {"type": "play", "card": card}, "mover"),
    ("deal_running", lambda card, other, version: {"type": "next", "version": version}, "mover"),
    ("reaction", lambda card, other, version: {"type": "react", "reaction": "boo"}, "mover"),
    ("present", lambda card, other, version: {"type": "take_over", "seat": 0}, "mover"),
    ("seat", lambda card, other, version: {"type": "take_over", "seat": 9}, "mover"),
    ("malformed", lambda card, other, version: {"type": "dance"}, "mover"),
    # each field of the wrong type is refused with that field's reason
    (
        "card",
        lambda card, other, version: {"type": "play", "card": [card], "version": version},
        "mover",
    ),
    (
        "version",
        lambda card, other, version: {"type": "play", "card": card, "version": True},
        "mover",
    ),
    (
        "version",
        lambda card, other, version: {"type": "play", "card": card, "version": float(version)},
        "mover",
    ),
    ("version", lambda card, other, version: {"type": "next", "version": str(version)}, "mover"),
    ("seat", lambda card, other, version: {"type": "take_over", "seat": "1"}, "mover"),
    ("reaction", lambda card, other, version: {"type": "react", "reaction": ["oops"]}, "mover"),
    (
        "malformed",
        lambda card, other, version: {"type": "play", "card": card, "version": version, "extra": 1},
        "mover",
    ),
]


@pytest.mark.parametrize(("code", "make", "who"), REFUSALS)
def test_every_refusal_has_a_reason_changes_nothing_and_keeps_the_connection(code, make, who):
    table, ayse, mehmet = two_player_table()
    state = current_state(table)
    mover = state.current_player
    sender = mover if who == "mover" else 1 - mover
    card = card_name(state.hands[mover][0])
    other = card_name(state.hands[1 - mover][0])
    stored = (table.version, table.match)

    async def scenario():
        comm = communicator(table, [ayse, mehmet][sender])
        assert (await comm.connect())[0]
        await settle(comm)
        await comm.send_to(text_data=json.dumps(make(card, other, table.version)))
        answer = await receive(comm)
        assert answer["type"] == "refused"
        assert answer["code"] == code
        assert answer["message"]
        await comm.send_to(text_data=json.dumps({"type": "sync"}))
        assert (await receive_state(comm))["version"] == table.version  # still connected
        await comm.disconnect()

    run(scenario)
    table.refresh_from_db()
    assert (table.version, table.match) == stored


@pytest.mark.parametrize("text", ["{not json", "[1, 2]", '"play"', "null", "x" * 5000])
def test_unreadable_messages_are_refused_and_the_connection_kept(text):
    table, ayse, _mehmet = two_player_table()
    version = table.version

    async def scenario():
        comm = communicator(table, ayse)
        assert (await comm.connect())[0]
        await settle(comm)
        await comm.send_to(text_data=text)
        assert (await receive(comm))["code"] == "malformed"
        await comm.send_to(bytes_data=b"\x00\x01")
        assert (await receive(comm))["code"] == "malformed"
        await comm.send_to(text_data='{"type": "sync"}')
        assert (await receive_state(comm))["version"] == version
        await comm.disconnect()

    run(scenario)


DEEP = "[" * (MAX_MESSAGE_CHARS // 2) + "]" * (MAX_MESSAGE_CHARS // 2)
SHAPES = {  # what is sent, and the refusal's code
    "type_a_list": ('{"type": ["play"], "card": "7H", "version": 1}', "malformed"),
    "type_an_object": ('{"type": {"play": 1}}', "malformed"),
    "type_a_number": ('{"type": 5}', "malformed"),
    "type_missing": ('{"card": "7H"}', "malformed"),
    "thousand_brackets": (DEEP, "malformed"),
    "deep_field": ('{"type": "play", "card": ' + DEEP[:1900] + ', "version": 1}', "malformed"),
    "deep_inside_an_object": ('{"a": ' * 250 + "1" + "}" * 250, "malformed"),
    # a reaction's optional place must be a list when it is there, and nothing else may be
    "reaction_place_a_string": ('{"type": "react", "reaction": "oops", "at": "1,0"}', "malformed"),
    "reaction_with_a_stray_field": ('{"type": "react", "reaction": "oops", "x": 1}', "malformed"),
    # brackets inside a string are text, not nesting: the message is read, its fields checked
    "brackets_in_a_string": (
        '{"type": "play", "card": "' + "[" * 1500 + '", "version": ""}',
        "version",
    ),
}


@pytest.mark.parametrize(("text", "code"), SHAPES.values(), ids=SHAPES.keys())
def test_messages_of_the_wrong_shape_are_refused_change_nothing_and_keep_the_connection(text, code):
    assert len(text) <= MAX_MESSAGE_CHARS
    table, ayse, _mehmet = two_player_table()
    stored = (table.version, table.match)

    async def scenario():
        comm = communicator(table, ayse)
        assert (await comm.connect())[0]
        await settle(comm)
        await comm.send_to(text_data=text)
        answer = await receive(comm)
        assert answer["type"] == "refused"
        assert answer["code"] == code
        await comm.send_to(text_data='{"type": "sync"}')
        assert (await receive_state(comm))["version"] == table.version  # still connected
        await comm.disconnect()

    run(scenario)
    table.refresh_from_db()
    assert (table.version, table.match) == stored


@pytest.mark.parametrize(
    "path", ["/ws/en/friends/not-a-uuid/", "/ws/en/nothing/", "/ws/en/friends/", "/elsewhere"]
)
def test_a_websocket_path_that_is_no_table_is_closed_with_4404_not_a_server_error(path):
    async def scenario():
        comm = communicator(None, path=path)
        connected, code = await comm.connect()
        assert not connected
        assert code == CLOSE_NOT_FOUND

    run(scenario)


REFUSED_MESSAGES = [
    ("{not json", "That message could not be read."),
    ('{"type": ["play"]}', "That message could not be read."),
    (DEEP, "That message could not be read."),
    ('{"type": "react", "reaction": "boo"}', "There is no such reaction."),
    ('{"type": "play", "card": 7, "version": 1}', "That is not a card."),
]


@pytest.mark.parametrize("lang", ["tr", "de", "ru"])
@pytest.mark.parametrize(("text", "english"), REFUSED_MESSAGES)
def test_every_refusal_of_a_bad_message_is_in_the_connection_language(lang, text, english):
    table, ayse, _mehmet = two_player_table()
    with translation.override(lang):
        wanted = gettext(english)
    assert wanted != english

    async def scenario():
        comm = communicator(table, ayse, lang=lang)
        assert (await comm.connect())[0]
        await settle(comm)
        await comm.send_to(text_data=text)
        assert (await receive(comm))["message"] == wanted
        await comm.disconnect()

    run(scenario)


def test_reaction_rate_and_flood_refusals_are_in_the_connection_language():
    table, ayse, _mehmet = two_player_table()
    with translation.override("ru"):
        rate = gettext("One reaction at a time: wait a moment.")
        flood = gettext("Too many messages: the connection is closed.")

    async def scenario():
        comm = communicator(table, ayse, lang="ru")
        assert (await comm.connect())[0]
        await settle(comm)
        for _reaction in range(2):
            await comm.send_to(text_data='{"type": "react", "reaction": "oops"}')
        messages = await _collect(comm)
        assert messages[-1]["message"] == rate
        for _message in range(FLOOD_MESSAGES):
            await comm.send_to(text_data='{"type": "sync"}')
        messages = []
        while (output := await comm.receive_output(timeout=2))["type"] == "websocket.send":
            messages.append(json.loads(output["text"]))
        assert output["code"] == CLOSE_FLOOD
        assert messages[-1]["message"] == flood

    run(scenario)


def test_refusals_are_translated_for_the_connection_language():
    table, ayse, mehmet = two_player_table()
    mover = current_state(table).current_player
    waiting = [ayse, mehmet][1 - mover]

    async def scenario():
        comm = communicator(table, waiting, lang="tr")
        assert (await comm.connect())[0]
        await settle(comm)
        await comm.send_to(
            text_data=json.dumps({"type": "play", "card": "7H", "version": table.version})
        )
        answer = await receive(comm)
        assert answer["code"] == "turn"
        assert answer["message"] != "It is not your turn."
        await comm.disconnect()

    run(scenario)


def test_a_flood_is_refused_and_the_connection_closed():
    table, ayse, _mehmet = two_player_table()

    async def scenario():
        comm = communicator(table, ayse)
        assert (await comm.connect())[0]
        await settle(comm)
        for _message in range(FLOOD_MESSAGES + 1):
            await comm.send_to(text_data='{"type": "sync"}')
        messages = []
        while True:
            output = await comm.receive_output(timeout=2)
            if output["type"] == "websocket.close":
                assert output["code"] == CLOSE_FLOOD
                break
            messages.append(json.loads(output["text"]))
        assert messages[-1]["code"] == "flood"

    run(scenario)


def test_reactions_reach_the_table_and_are_rate_limited():
    table, ayse, mehmet = two_player_table()

    async def scenario():
        comms = [communicator(table, s, lang=lang) for s, lang in ((ayse, "en"), (mehmet, "de"))]
        for comm in comms:
            assert (await comm.connect())[0]
        for comm in comms:
            await settle(comm)
        await comms[0].send_to(text_data='{"type": "react", "reaction": "oops"}')
        for comm in comms:
            message = await receive(comm)
            assert message["type"] == "reaction"
            assert message["seat"] == 0
            assert message["text"]
        await comms[0].send_to(text_data='{"type": "react", "reaction": "good_game"}')
        answer = await receive(comms[0])
        assert answer["code"] == "reaction_rate"
        assert await comms[1].receive_nothing(timeout=0.1)
        for comm in comms:
            await comm.disconnect()

    run(scenario)


def test_a_stranger_may_not_watch_unless_the_creator_allowed_it():
    table, _ayse, _mehmet = two_player_table()
    stranger = session_with()

    async def scenario():
        comm = communicator(table, stranger)
        connected, code = await comm.connect()
        assert not connected
        assert code == CLOSE_FORBIDDEN

    run(scenario)


def test_a_watcher_sees_the_table_but_no_hand_and_cannot_play():
    table, _ayse, _mehmet = two_player_table(spectators=True)
    state = current_state(table)
    hands = {card_name(c) for hand in state.hands for c in hand}
    stranger = session_with()

    async def scenario():
        comm = communicator(table, stranger)
        assert (await comm.connect())[0]
        frame = await receive_state(comm)
        assert frame["seat"] is None
        assert "hand" not in frame["view"]
        assert "seen" not in frame["view"]
        assert not any(f'"{name}"' in json.dumps(frame) for name in hands)
        await comm.send_to(
            text_data=json.dumps(
                {"type": "play", "card": sorted(hands)[0], "version": table.version}
            )
        )
        assert (await receive(comm))["code"] == "watcher"
        await comm.disconnect()

    run(scenario)


def test_someone_without_a_seat_in_the_lobby_is_sent_away_when_the_game_starts():
    table, ayse = make_table("1v1")
    service.take_seat(table, 1, "Mehmet", None)
    stranger = session_with()

    async def scenario():
        comm = communicator(table, stranger)
        assert (await comm.connect())[0]
        frame = await receive_state(comm)
        assert frame["status"] == "lobby"
        assert frame["view"] is None
        await _start_from_http(table, ayse)
        answer = await receive(comm)
        assert answer["code"] == "forbidden"
        assert (await comm.receive_output(timeout=2))["type"] == "websocket.close"

    run(scenario)


async def _start_from_http(table, token):
    from channels.db import database_sync_to_async

    from friends.consumers import tell_table

    await database_sync_to_async(service.start)(table, token)
    # the views call tell_table from a worker thread; here the layer is awaited directly
    from channels.layers import get_channel_layer

    await get_channel_layer().group_send(
        f"friends.{table.pk}", {"type": "table.changed", "note": None}
    )
    assert tell_table  # the views' synchronous path is covered in test_views


def test_another_site_cannot_open_the_socket():
    table, ayse, _mehmet = two_player_table()

    async def scenario():
        comm = communicator(table, ayse, origin=b"http://evil.example")
        connected, _ = await comm.connect()
        assert not connected

    run(scenario)


def test_an_unknown_table_closes_the_connection():
    table, ayse, _mehmet = two_player_table()
    table_id = table.pk
    Table.objects.filter(pk=table_id).delete()

    async def scenario():
        comm = communicator(table, ayse)
        connected, _ = await comm.connect()
        assert not connected

    run(scenario)


def test_the_timer_is_checked_on_every_message():
    table, ayse, mehmet = two_player_table(timer=15)
    assert table.deadline is not None
    mover = current_state(table).current_player

    def run_out_of_time():
        Table.objects.filter(pk=table.pk).update(deadline=timezone.now() - timedelta(seconds=1))

    async def scenario():
        comm = communicator(table, [ayse, mehmet][mover])  # whose time it is
        assert (await comm.connect())[0]
        await settle(comm)
        # Only now does the time run out: the connection's own alarm is still 15 s away,
        # so the message is what finds it (with the time gone before connecting, the alarm
        # could fire first and the message would have nothing left to find).
        await database_sync_to_async(run_out_of_time)()
        await comm.send_to(text_data='{"type": "sync"}')
        frames = [m for m in await _collect(comm) if m["type"] == "state"]
        noted = [f for f in frames if "note" in f]
        assert noted, frames
        assert noted[0]["note"].startswith("The time ran out: the medium bot played the ")
        assert noted[0]["note"].endswith(" for you.")
        assert noted[0]["view"]["history"][-1]["seat"] == mover
        await comm.disconnect()

    run(scenario)


def test_the_server_plays_for_a_seat_when_its_time_runs_out_without_any_message():
    table, ayse, mehmet = two_player_table(timer=15)
    mover = current_state(table).current_player
    Table.objects.filter(pk=table.pk).update(deadline=timezone.now() + timedelta(milliseconds=300))
    table.refresh_from_db()

    async def scenario():
        # the other seat sees the timer's card played (its line says so), with no note
        other = communicator(table, [ayse, mehmet][1 - mover])
        comm = communicator(table, [ayse, mehmet][mover])
        assert (await other.connect())[0] and (await comm.connect())[0]
        first = await receive_state(comm)
        assert 0 < first["deadline_ms"] <= 300
        frame = await receive_state(comm, timeout=3)
        assert "for you" in frame["note"]
        assert frame["view"]["history"][-1]["seat"] == mover
        seen = await receive_state(other)
        while not seen["view"]["history"] or seen["view"]["history"][-1]["seat"] != mover:
            seen = await receive_state(other, timeout=3)
        assert "note" not in seen
        assert seen["steps"][-1]["text"].startswith("Time ran out, a bot for ")
        await comm.disconnect()
        await other.disconnect()

    run(scenario)


async def _collect(comm, timeout=0.5) -> list[dict]:
    messages = []
    while not await comm.receive_nothing(timeout=timeout):
        messages.append(await receive(comm))
    return messages


def test_an_away_player_is_shown_and_a_bot_may_take_over_after_a_while_until_they_return():
    """The frame counts the seconds until a bot may play for the away player (the button
    counts them down); before then the server refuses, after it the bot plays."""
    table, ayse, mehmet = two_player_table()

    async def scenario():
        comm_a = communicator(table, ayse)
        comm_m = communicator(table, mehmet)
        assert (await comm_a.connect())[0]
        assert (await comm_m.connect())[0]
        await settle(comm_a)
        await comm_m.disconnect()
        frame = (await _collect(comm_a))[-1]
        assert frame["seats"][1]["away"]
        wait = TAKE_OVER_AFTER.total_seconds()
        assert wait - 5 <= frame["seats"][1]["take_over_in"] <= wait
        assert frame["seats"][0]["take_over_in"] is None
        await comm_a.send_to(text_data='{"type": "take_over", "seat": 1}')
        assert (await receive(comm_a))["code"] == "too_soon"
        await _backdate_away(table, 1)
        await comm_a.send_to(text_data='{"type": "take_over", "seat": 1}')
        frame = (await _collect(comm_a))[-1]
        assert frame["seats"][1]["kind"] == "bot"
        assert frame["seats"][1]["stand_in"]
        assert frame["seats"][1]["name"] == "Mehmet"
        assert frame["to_move"] in (0, None)  # the stand-in played its turn
        comm_m = communicator(table, mehmet)
        assert (await comm_m.connect())[0]
        back = (await _collect(comm_m))[-1]
        assert back["seat"] == 1
        assert back["seats"][1]["kind"] == "human"
        assert not back["seats"][1]["away"]
        await comm_a.disconnect()
        await comm_m.disconnect()

    run(scenario)


async def _backdate_away(table, seat):
    from channels.db import database_sync_to_async

    def backdate():
        table.refresh_from_db()
        away = {**table.away, str(seat): (timezone.now() - timedelta(minutes=2)).isoformat()}
        Table.objects.filter(pk=table.pk).update(away=away)

    await database_sync_to_async(backdate)()


def test_a_second_tab_closing_does_not_mark_a_present_player_away():
    table, ayse, _mehmet = two_player_table()

    async def scenario():
        first, second = communicator(table, ayse), communicator(table, ayse)
        assert (await first.connect())[0]
        assert (await second.connect())[0]
        await settle(first)
        await second.disconnect()
        frames = [m for m in await _collect(first) if m["type"] == "state"]
        assert not frames[-1]["seats"][0]["away"]
        await first.disconnect()

    run(scenario)


def test_a_tab_closed_while_a_frame_is_sent_to_it_is_shown_away_and_may_be_taken_over():
    """Daphne raises ``Disconnected`` in the consumer sending to a closing socket; the seat
    must still be shown away, so the others can let a bot take over."""
    table, ayse, mehmet = two_player_table()
    state = current_state(table)
    mover = state.current_player
    leaver = 1 - mover
    card = card_name(state.hands[mover][0])
    sessions = [ayse, mehmet]

    async def scenario():
        stayer = communicator(table, sessions[mover])
        tab = ClosingTab(table, sessions[leaver])
        assert (await stayer.connect())[0]
        assert (await tab.comm.connect())[0]
        await settle(stayer)
        await settle(tab.comm)
        tab.close()  # the tab is closing: the frame for this move cannot reach it
        await stayer.send_to(
            text_data=json.dumps({"type": "play", "card": card, "version": table.version})
        )
        frames = [m for m in await _collect(stayer) if m["type"] == "state"]
        assert frames[-1]["view"]["history"][-1] == {"seat": mover, "card": card}
        assert frames[-1]["seats"][leaver]["away"]
        tab.connection_lost()  # what Daphne queues last changes nothing more
        await tab.comm.wait(timeout=1)  # the consumer stopped cleanly, no exception
        await _backdate_away(table, leaver)
        await stayer.send_to(text_data=json.dumps({"type": "take_over", "seat": leaver}))
        frame = [m for m in await _collect(stayer) if m["type"] == "state"][-1]
        assert frame["seats"][leaver]["stand_in"]
        assert frame["view"]["history"][-1]["seat"] == leaver  # the bot played their turn
        await stayer.disconnect()

    run(scenario)


def stand_in_for_mehmet():
    """Mehmet (seat 2) went away a minute ago and a bot took over: Ayşe is to move."""
    table, ayse, mehmet = two_player_table()
    service.set_presence(table, 1, False)
    away = {"1": (timezone.now() - timedelta(minutes=2)).isoformat()}
    Table.objects.filter(pk=table.pk).update(away=away)
    table.refresh_from_db()
    service.take_over(table, 0, 1)
    table.refresh_from_db()
    assert table.seats[1]["stand_in"]
    assert current_state(table).current_player == 0
    return table, ayse, mehmet


def test_a_move_sent_as_a_player_returns_from_a_stand_in_is_not_stale():
    table, ayse, mehmet = stand_in_for_mehmet()
    seen = table.version
    card = card_name(current_state(table).hands[0][0])

    async def scenario():
        comm_a = communicator(table, ayse)
        assert (await comm_a.connect())[0]
        assert (await receive_state(comm_a))["version"] == seen
        await drain(comm_a, quiet=0.2)
        comm_m = communicator(table, mehmet)
        assert (await comm_m.connect())[0]  # Mehmet is back: the stand-in ends
        back = (await settle(comm_m))[-1]
        assert back["seats"][1]["kind"] == "human"
        # Ayşe played on the table she saw before his return
        await comm_a.send_to(text_data=json.dumps({"type": "play", "card": card, "version": seen}))
        messages = await _collect(comm_a)
        assert not [m for m in messages if m["type"] == "refused"], messages
        assert messages[-1]["view"]["history"][-1] == {"seat": 0, "card": card}
        # a move made on the table before hers is stale all the same
        mine = [m for m in await _collect(comm_m) if m["type"] == "state"][-1]
        assert mine["to_move"] == 1
        await comm_m.send_to(
            text_data=json.dumps(
                {"type": "play", "card": mine["view"]["hand"][0], "version": back["version"]}
            )
        )
        assert (await receive(comm_m))["code"] == "stale"
        await comm_a.disconnect()
        await comm_m.disconnect()

    run(scenario)
    assert current_state(table).events[-1].card == parse_card(card)


def test_a_return_landing_between_loading_and_storing_a_move_does_not_make_it_stale():
    table, _ayse, _mehmet = stand_in_for_mehmet()
    loaded = Table.objects.get(pk=table.pk)  # the row as the move's connection read it
    card = current_state(table).hands[0][0]
    assert service.set_presence(Table.objects.get(pk=table.pk), 1, True)  # he is back
    service.play(loaded, 0, card_name(card), loaded.version)
    table.refresh_from_db()
    assert current_state(table).events[-1].card == card
    assert table.seats[1]["kind"] == "human"  # the move did not undo his return
    assert not table.seats[1].get("stand_in")


def frames_of(table):
    """Every seat's frame (and a watcher's) from this row, less the timer's countdown."""
    from friends.frames import frame_for

    frames = []
    for seat in (0, 1, None):
        frame = frame_for(table, seat)
        frame.pop("deadline_ms")
        frames.append(json.dumps(frame, sort_keys=True))
    return frames


def test_the_row_a_play_leaves_is_the_row_stored(django_assert_num_queries):
    """The connection that made a change hands its row to the process's other
    connections: every frame built from it is the frame a fresh read would give."""
    from friends.consumers import load_table, row_as_changed

    table, _ayse, _mehmet = two_player_table(timer=30)
    table = load_table(table.pk)
    state = service.load_match(table).current
    mover = state.current_player
    service.play(table, mover, card_name(state.hands[mover][0]), table.version)
    with django_assert_num_queries(0):  # the write itself found nobody had come or gone
        assert row_as_changed(table) is table
    assert frames_of(table) == frames_of(load_table(table.pk))


def test_frames_after_a_play_read_the_match_it_stored(monkeypatch):
    """The process that stored a play builds its frames from the match it wrote, not from
    a rebuild of the JSON; a fresh read rebuilds it once for all its frames."""
    from friends.consumers import load_table
    from pisti import Match

    table, _ayse, _mehmet = two_player_table()
    table = load_table(table.pk)
    state = service.load_match(table).current
    mover = state.current_player
    service.play(table, mover, card_name(state.hands[mover][0]), table.version)
    rebuilds = []
    real_from_dict = Match.from_dict.__func__
    monkeypatch.setattr(
        Match,
        "from_dict",
        classmethod(lambda cls, data: rebuilds.append(1) or real_from_dict(cls, data)),
    )
    played = frames_of(table)
    assert rebuilds == []
    assert frames_of(load_table(table.pk)) == played
    assert len(rebuilds) == 1


def test_a_presence_change_between_load_and_play_is_read_back():
    """A seat going away is stored apart from the version, so a play stored after it does
    not carry it: the row handed on is then read afresh, away seat and all."""
    from friends.consumers import load_table, row_as_changed

    table, _ayse, _mehmet = two_player_table()
    table = load_table(table.pk)
    state = service.load_match(table).current
    mover = state.current_player
    elsewhere = load_table(table.pk)  # another process sees the other seat's tab close
    assert service.set_presence(elsewhere, 1 - mover, False)
    service.play(table, mover, card_name(state.hands[mover][0]), table.version)
    assert str(1 - mover) not in table.away  # the play's own row does not know
    handed_on = row_as_changed(table)
    assert str(1 - mover) in handed_on.away
    assert frames_of(handed_on) == frames_of(load_table(table.pk))


def test_a_player_who_comes_back_gets_the_reactions_said_before():
    """The last reactions are kept for the table: a new connection (a reload) is sent them
    after its frame, marked as said earlier, in its own language, with the deal and the
    number of plays before them (the log puts them back between the same two plays)."""
    from django.core.cache import cache

    cache.clear()
    table, ayse, mehmet = two_player_table()
    state = current_state(table)
    mover = state.current_player
    service.play(table, mover, card_name(state.hands[mover][0]), table.version)

    async def scenario():
        comm = communicator(table, ayse)
        assert (await comm.connect())[0]
        await settle(comm)
        # said with the page still showing no play (the card in the air): placed there
        await comm.send_to(text_data='{"type": "react", "reaction": "oops", "at": [1, 0]}')
        live = await receive(comm)
        assert live["type"] == "reaction" and (live["deal"], live["after"]) == (1, 0)
        await comm.disconnect()
        again = communicator(table, mehmet, lang="de")
        assert (await again.connect())[0]
        messages = await settle(again)
        said = [m for m in messages if m["type"] == "reaction"]
        assert said == [
            {"type": "reaction", "seat": 0, "text": "Hoppla!", "earlier": True}
            | {"deal": 1, "after": 0}
        ]
        assert messages[0]["type"] != "reaction"  # the frame first
        await again.disconnect()

    run(scenario)


def test_a_reaction_is_placed_where_its_sender_stood_if_the_deal_has_had_that_place():
    from friends.frames import reaction_place

    table, _ayse, _mehmet = two_player_table()
    state = current_state(table)
    mover = state.current_player
    service.play(table, mover, card_name(state.hands[mover][0]), table.version)
    assert reaction_place(table, [1, 0]) == [1, 0]  # the sender's card still in the air
    assert reaction_place(table, [1, 1]) == [1, 1]
    for seen in ([1, 9], [2, 0], [0, 0], [1, -1], [True, 0], "1,0", [1, 0, 0], None):
        assert reaction_place(table, seen) == [1, 1]  # a place the deal has not had


def test_a_timers_table_deals_the_next_deal_by_itself_after_the_summarys_time():
    """A player who stays on the page without pressing "Next deal" no longer holds the others
    up for good: on a table with a timer the next deal comes 30 s after the last card, with
    or without the presses; the frame carries the count for the summary."""
    table, ayse, mehmet = two_player_table(timer=15)
    match = play_out_the_deal(table)
    assert match.current is None and not match.outcome.over
    left = (table.deadline - timezone.now()).total_seconds()
    assert 25 < left <= 30 == service.next_deal_after().total_seconds()
    service.next_deal(table, 0, table.version)  # one press; Mehmet reads on
    table.refresh_from_db()
    assert service.load_match(table).current is None  # not before the time is over
    assert service.expire(table) is None
    Table.objects.filter(pk=table.pk).update(deadline=timezone.now() + timedelta(milliseconds=300))
    table.refresh_from_db()

    async def scenario():
        comm = communicator(table, mehmet)
        assert (await comm.connect())[0]
        first = await receive_state(comm)
        assert first["deal_over"] and 0 < first["deadline_ms"] <= 300
        assert "data-next-in" in first["deal_end"]
        frame = await receive_state(comm, timeout=3)  # the server's own alarm
        assert not frame["deal_over"] and frame["deal"] == 2
        assert "note" not in frame  # nobody's card was played for them
        await comm.disconnect()

    run(scenario)
    table.refresh_from_db()
    assert not any(entry.get("ready") for entry in table.seats)  # pressed afresh next time


def test_no_table_deals_by_itself_without_a_timer_nor_after_the_match():
    table, _ayse, _mehmet = two_player_table()
    play_out_the_deal(table)
    table.refresh_from_db()
    assert table.deadline is None
    assert "data-next-in" not in service_frame(table)
    one_deal, _a, _m = two_player_table(timer=15, max_deals=1)
    match = play_out_the_deal(one_deal)
    one_deal.refresh_from_db()
    assert match.outcome.over and one_deal.deadline is None
    assert service.expire(one_deal, now=timezone.now() + timedelta(hours=1)) is None


def service_frame(table):
    from friends.frames import frame_for

    return frame_for(table, 0)["deal_end"]


def test_a_next_deal_press_that_crossed_the_deal_dealt_on_time_is_told_it_moved_on():
    table, _ayse, _mehmet = two_player_table(timer=15)
    play_out_the_deal(table)
    table.refresh_from_db()
    seen = table.version
    assert service.expire(table, now=timezone.now() + timedelta(seconds=31)) == {"dealt": True}
    table.refresh_from_db()
    with pytest.raises(service.Refused) as refused:
        service.next_deal(table, 1, seen)
    assert refused.value.code == "stale"


def test_play_again_starts_the_moves_list_afresh():
    """The last match's remarks and reactions were placed by its own deal numbers, and read in
    the new match's first deal: a timer's card nobody had played, a player's own cards marked
    as a bot's. "Play again" starts with none, but a seat a bot still plays for says so."""
    from django.core.cache import cache

    from friends.frames import frame_for

    table, _ayse, _mehmet = two_player_table(timer=15, max_deals=1)
    table.refresh_from_db()
    first_dealer = service.load_match(table).current.dealer
    assert frame_for(table, 0)["match_number"] == 1
    assert service.expire(table, now=timezone.now() + timedelta(seconds=16))  # a timer's card
    cache.set(service.kept_reactions_key(table.pk), [[0, "oops", [1, 3]]])
    play_out_the_deal(table)
    table.refresh_from_db()
    assert [r["kind"] for r in table.remarks] == ["timeout"] and table.status == Table.FINISHED
    service.next_deal(table, 0, table.version)
    table.refresh_from_db()
    # after the match the other reads that Ayşe wants another ("ready to go on" was vague)
    assert "Wants to play again: Ayşe" in frame_for(table, 1)["deal_end"]
    service.next_deal(table, 1, table.version)  # both: a new match with the same seats
    table.refresh_from_db()
    assert table.status == Table.PLAYING and table.remarks == []
    assert frame_for(table, 0)["remarks"] == [] and frame_for(table, 1)["deal"] == 1
    # a page tells this deal 1 from the last match's by the match's number (its moves list
    # stayed on the last match's 48 plays), and the deal goes on round the table: the
    # other seat deals, so the same player does not lead every match
    assert frame_for(table, 0)["match_number"] == 2
    assert service.load_match(table).current.dealer == (first_dealer + 1) % 2
    assert cache.get(service.kept_reactions_key(table.pk)) is None
    assert not any(s["text"].startswith("A bot") for s in frame_for(table, 1)["steps"])
    # a seat a bot plays for (Mehmet left) is said at the new match's start
    service.leave_game(table, _mehmet_token(table))
    play_out_the_deal(table)
    table.refresh_from_db()
    service.next_deal(table, 0, table.version)  # Mehmet's seat does not hold it up
    table.refresh_from_db()
    assert [(r["kind"], r["seat"], r["deal"], r["after"]) for r in table.remarks] == [
        ("left", 1, 1, 0)
    ]
    steps = frame_for(table, 0)["steps"]
    assert all(s["text"].startswith("A bot for Mehmet") for s in steps if s["seat"] == 1)


def _mehmet_token(table):
    return table.seats[1]["token"]
