"""The deal's end in a frame: the server's HTML (the practice game's include), sent only
once the deal is over, when every card of it is public."""

from __future__ import annotations

import re

import pytest

from friends import service
from friends.frames import frame_for
from friends.models import Table
from pisti.cards import card_name

from .helpers import make_table

pytestmark = pytest.mark.django_db


def two_players_at_play(**rules):
    table, ayse = make_table("1v1", spectators=True, **rules)
    service.take_seat(table, 1, "Mehmet", None)
    service.start(table, ayse)
    return Table.objects.get(pk=table.pk)


def play_out_the_deal(table):
    while True:
        table.refresh_from_db()
        match = service.load_match(table)
        if match.current is None:
            return match
        state = match.current
        seat = state.current_player
        service.play(table, seat, card_name(sorted(state.hands[seat])[0]), table.version)


def test_no_deal_end_while_the_deal_runs():
    table = two_players_at_play()
    for seat in (0, 1, None):
        frame = frame_for(table, seat)
        assert frame["deal_end"] == "" and not frame["deal_over"]


def test_the_deal_end_is_the_shared_include_with_each_sides_points():
    table = two_players_at_play(target=500)
    match = play_out_the_deal(table)
    frame = frame_for(table, 0)
    html = frame["deal_end"]
    assert frame["deal_over"] and "data-deal-end" in html
    assert "Deal 1 is over" in html and "Ayşe" in html and "Mehmet" in html
    points = [int(p) for p in re.findall(r"data-deal-points>(-?\d+)<", html)]
    assert points == match.points[-1]
    assert "data-next" in html and "Deal the next hand" in html
    watcher = frame_for(table, None)["deal_end"]
    assert "data-deal-end" in watcher and "data-next" not in watcher


def test_the_last_deal_names_the_winner_in_the_frames_language():
    from django.utils import translation

    table = two_players_at_play(max_deals=1)
    match = play_out_the_deal(table)
    assert match.outcome.over
    with translation.override("tr"):
        html = frame_for(table, 1)["deal_end"]
    assert "Aynı oyuncularla yeniden oyna" in html  # play again with the same seats
    assert "<figure" in html  # the running totals, as in the practice game
