"""Every finished deal at a table with friends can be reviewed: each player their own
seat's moves, with every hand of the finished deal shown; a stranger gets 404."""

from __future__ import annotations

import re

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from analysis.models import DealAnalysis
from friends import service
from friends.models import Table
from pisti.cards import card_name

from .helpers import make_table, session_with


def play_a_deal(table: Table, tokens: dict[int, str]) -> None:
    """The humans play their first card until the first deal is over (bots answer)."""
    for _move in range(200):
        table.refresh_from_db()
        match = service.load_match(table)
        if match.finished:
            return
        seat = match.current.current_player
        card = card_name(match.current.hands[seat][0])
        service.play(table, seat, card, table.version)
    raise AssertionError("the deal did not end")


@pytest.fixture
def finished_table():
    table, ayse = make_table("1v1")
    mehmet = service.take_seat(table, 1, "Mehmet", None)
    service.start(table, ayse)
    play_a_deal(table, {0: ayse, 1: mehmet})
    table.refresh_from_db()
    return table, {0: ayse, 1: mehmet}


def browser_of(table, token) -> Client:
    client = Client()
    client.cookies["sessionid"] = session_with(table, token)
    return client


def url(table, number=None, name="table_review"):
    args = [table.pk, 1] + ([number] if number else [])
    return reverse(
        f"analysis:{name}" if number is None else "analysis:table_review_step", args=args
    )


@pytest.mark.django_db(transaction=True)
def test_each_player_reviews_their_own_seat(finished_table):
    table, tokens = finished_table
    state = service.load_match(table).finished[0]
    for seat, token in tokens.items():
        client = browser_of(table, token)
        page = client.get(url(table)).content.decode()
        other = {0: "Mehmet", 1: "Ayşe"}[seat]
        assert "move-list" in page and other in page
        # "You" for the reader, the other player by name, in the move list
        own = next(i for i, e in enumerate(state.events) if e.seat == seat)
        item = re.search(rf'<li value="{own + 1}"[^>]*>(.*?)</li>', page, re.S).group(1)
        assert "You:" in item
    call_command("db_worker", "--batch", "--no-startup-delay", "--interval", "0.1")
    rows = DealAnalysis.objects.filter(table=table).order_by("seat")
    assert [row.seat for row in rows] == [0, 1] and all(row.finished for row in rows)
    for row in rows:  # each seat's analysis is of its own moves
        assert {state.events[m["index"]].seat for m in row.result} == {row.seat}
    client = browser_of(table, tokens[1])
    move = rows[1].result[0]
    step = client.get(url(table, move["index"] + 1)).content.decode()
    assert "review-verdict" in step and "Accuracy" in step
    assert "play-on" not in step  # playing on is the practice game's


@pytest.mark.django_db
def test_a_stranger_or_a_watcher_gets_404(finished_table):
    table, _tokens = finished_table
    assert Client().get(url(table)).status_code == 404
    assert Client().get(url(table, 1)).status_code == 404
    assert Client().get(url(table, name="table_status")).status_code == 404
    assert not DealAnalysis.objects.exists()


@pytest.mark.django_db
def test_the_deal_end_links_to_the_review(finished_table):
    from friends.frames import frame_for

    table, _tokens = finished_table
    frame = frame_for(table, 0)
    assert reverse("analysis:table_review", args=[table.pk, 1]) in frame["deal_end"]
    assert (
        reverse("analysis:table_review", args=[table.pk, 1])
        not in frame_for(table, None)["deal_end"]
    )
