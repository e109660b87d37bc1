"""The deal's end in a frame: the server's HTML (the practice game's include), sent only
once the deal is over, when every card of it is public."""

from __future__ import annotations

import re

import pytest

from friends import service
from friends.frames import frame_for
from friends.models import Table
from pisti.cards import card_name

from .helpers import make_table, play_out_the_deal

pytestmark = pytest.mark.django_db


def two_players_at_play(**rules):
    table, ayse = make_table("1v1", spectators=True, **rules)
    service.take_seat(table, 1, "Mehmet", None)
    service.start(table, ayse)
    return Table.objects.get(pk=table.pk)


def test_no_deal_end_while_the_deal_runs():
    table = two_players_at_play()
    for seat in (0, 1, None):
        frame = frame_for(table, seat)
        assert frame["deal_end"] == "" and not frame["deal_over"]


def test_the_strip_names_the_deal_and_what_wins_the_match():
    """The friends strip reads as the practice game's: "Deal 1 · playing to 101 points"."""
    from django.utils import translation

    table = two_players_at_play(target=101)
    frame = frame_for(table, None)
    assert frame["deal"] == 1 and frame["goal"] == "playing to 101\u00a0points"
    with translation.override("ru"):
        assert frame_for(table, 0)["goal"] == "игра до 101\u00a0очка"


def test_the_deal_end_is_the_shared_include_with_each_sides_points():
    table = two_players_at_play(target=500)
    match = play_out_the_deal(table)
    frame = frame_for(table, 0)
    html = frame["deal_end"]
    assert frame["deal_over"] and "data-deal-end" in html
    # each reader is "You" in their own summary, the others by name
    side_names = re.findall(r'class="deal-side-name">(.*?)<', html)
    assert "Deal 1 is over" in html and side_names == ["You", "Mehmet"]
    mehmets = re.findall(r'class="deal-side-name">(.*?)<', frame_for(table, 1)["deal_end"])
    assert mehmets == ["You", "Ayşe"]  # your own column first
    points = [int(p) for p in re.findall(r"data-deal-points>(-?\d+)<", html)]
    assert points == match.points[-1]
    assert "data-next" in html and "Next deal" in html
    watcher = frame_for(table, None)["deal_end"]
    assert "data-deal-end" in watcher and "data-next" not in watcher
    assert "Ayşe" in watcher and "Mehmet" in watcher and "You" not in watcher


def test_the_last_deal_names_the_winner_in_the_frames_language():
    from django.utils import translation

    table = two_players_at_play(max_deals=1)
    match = play_out_the_deal(table)
    assert match.outcome.over
    with translation.override("tr"):
        html = frame_for(table, 1)["deal_end"]
    assert "Aynı oyuncularla yeniden oyna" in html  # play again with the same seats
    assert "<figure" not in html  # one deal: no running totals to draw
    assert "Oyun 1 elden sonra bitecek şekilde ayarlanmıştı." in html  # why it ended


def test_the_next_deal_waits_until_every_player_at_the_table_is_ready():
    """One player's "next deal" does not take the summary away from the other."""
    table = two_players_at_play(target=500)
    play_out_the_deal(table)
    service.next_deal(table, 0, table.version)
    table.refresh_from_db()
    assert service.load_match(table).current is None  # still the summary
    ayse, mehmet, watcher = (frame_for(table, seat)["deal_end"] for seat in (0, 1, None))
    assert "data-next" not in ayse and "Waiting for: Mehmet" in ayse
    assert "data-next" in mehmet and "Ready to go on: Ayşe" in mehmet
    assert "Waiting for: Mehmet" in watcher
    service.next_deal(table, 0, table.version)  # a second press changes nothing
    table.refresh_from_db()
    assert service.load_match(table).current is None
    service.next_deal(table, 1, table.version)
    table.refresh_from_db()
    match = service.load_match(table)
    assert match.current is not None and len(match.finished) == 1
    assert not any(seat.get("ready") for seat in table.seats)  # the next summary waits again


def test_an_away_player_does_not_hold_up_the_next_deal():
    table = two_players_at_play(target=500)
    play_out_the_deal(table)
    service.next_deal(table, 0, table.version)
    table.refresh_from_db()
    assert "data-next" not in frame_for(table, 0)["deal_end"]
    service.set_presence(table, 1, False)  # Mehmet closes the tab
    assert "data-next" in frame_for(table, 0)["deal_end"]  # Ayşe may deal alone now
    service.next_deal(table, 0, table.version)
    table.refresh_from_db()
    assert service.load_match(table).current is not None


def test_a_player_who_leaves_after_the_others_pressed_next_deal_does_not_lose_their_press():
    """Ayşe asks for the next deal; Mehmet leaves the table instead of pressing (a bot takes
    his seat): the deal Ayşe asked for is dealt at once, her press not lost."""
    table, ayse = make_table("1v1", target=500)
    mehmet = service.take_seat(table, 1, "Mehmet", None)
    service.start(table, ayse)
    table.refresh_from_db()
    play_out_the_deal(table)
    service.next_deal(table, 0, table.version)
    table.refresh_from_db()
    assert service.load_match(table).current is None
    service.leave_game(table, mehmet)
    table.refresh_from_db()
    match = service.load_match(table)
    assert match.current is not None and len(match.finished) == 1
    assert table.seats[1]["stand_in"] and not any(seat.get("ready") for seat in table.seats)
    # and the moves list of the new deal says he left, before its first card
    said = [r for r in frame_for(table, 0)["remarks"] if "has left the game" in r["text"]]
    assert len(said) == 1 and said[0]["after"] == 0
    # his seat keeps his name, without a bot's level beside it
    seat = frame_for(table, 0)["html"].split('data-seat="1"')[1].split("</section>")[0]
    assert "Mehmet" in seat and "seat-level" not in seat


def test_letting_a_bot_play_for_an_away_player_deals_the_deal_already_asked_for():
    from datetime import timedelta

    from django.utils import timezone

    table = two_players_at_play(target=500)
    play_out_the_deal(table)
    service.next_deal(table, 0, table.version)
    service.set_presence(table, 1, False)
    table.refresh_from_db()
    assert service.load_match(table).current is None  # a closed tab may be a reload: it waits
    later = timezone.now() + service.TAKE_OVER_AFTER + timedelta(seconds=1)
    service.take_over(table, 0, 1, now=later)
    table.refresh_from_db()
    assert service.load_match(table).current is not None


def test_nobody_asked_to_go_on_so_a_player_leaving_keeps_the_summary():
    table, ayse = make_table("1v1", target=500)
    mehmet = service.take_seat(table, 1, "Mehmet", None)
    service.start(table, ayse)
    table.refresh_from_db()
    play_out_the_deal(table)
    service.leave_game(table, mehmet)
    table.refresh_from_db()
    assert service.load_match(table).current is None
    assert "data-next" in frame_for(table, 0)["deal_end"]


def test_a_press_on_a_stale_summary_is_refused_and_changes_nothing():
    table = two_players_at_play(target=500)
    with pytest.raises(service.Refused):
        service.next_deal(table, 0, table.version)  # the deal is still running
    table.refresh_from_db()
    assert not any(seat.get("ready") for seat in table.seats)


def test_the_player_to_move_sees_what_each_card_would_take_and_nobody_else_does():
    """As in practice, the hand of the player to move marks each capturing card ("takes
    N", from their own view); the other player's board, and a watcher's, mark nothing."""
    from pisti import view_for

    table = two_players_at_play()
    for _play in range(30):
        match = service.load_match(table)
        state = match.current
        seat = state.current_player
        view = view_for(state, seat)
        capturing = [c for c in sorted(set(view.hand)) if view.capture_kind(c) is not None]
        if capturing:
            break
        service.play(table, seat, card_name(sorted(state.hands[seat])[0]), table.version)
        table.refresh_from_db()
    assert capturing, "no capture came up"
    board = frame_for(table, seat)["html"]
    assert board.count('class="takes"') == len(capturing)
    for other in (1 - seat, None):
        assert 'class="takes"' not in frame_for(table, other)["html"]


def test_a_partnership_is_named_with_its_reader_first():
    """ "Вы и Аня", never "Аня и Вы": the reader's own name leads their side's."""
    from friends.frames import side_names
    from pisti import Rules

    rules = Rules(players=4, partnerships=True)
    names = {0: "Ayşe", 1: "Bora", 2: "You", 3: "Deniz"}
    assert side_names(rules, names, 2) == ["You and Ayşe", "Bora and Deniz"]
    assert side_names(rules, names) == ["Ayşe and You", "Bora and Deniz"]


def test_the_moves_list_says_you_for_the_readers_own_plays():
    """Each player's log reads their own plays as "You: …" (as the practice game's does) and
    the other's by name; a watcher reads every play by its player's name."""
    table = two_players_at_play(target=500)
    play_out_the_deal(table)
    steps = {seat: frame_for(table, seat)["steps"] for seat in (0, 1, None)}
    plays = {seat: [s["text"] for s in steps[seat] if not s.get("leftover")] for seat in steps}
    assert any(text.startswith("Ayşe: ") for text in plays[None])
    assert any(text.startswith("Mehmet: ") for text in plays[None])
    assert not any("You" in step["text"] for step in steps[None])
    for seat, own in ((0, "Ayşe"), (1, "Mehmet")):
        assert plays[seat] != plays[None]
        # the same lines, the reader's own name read as "You"
        assert [text.replace(f"{own}: ", "You: ", 1) for text in plays[None]] == plays[seat]
        # and the leftover line, whoever it names
        (watched,) = [s["text"] for s in steps[None] if s.get("leftover")] or [""]
        (read,) = [s["text"] for s in steps[seat] if s.get("leftover")] or [""]
        assert read == watched.replace(own, "You")


def test_plays_a_bot_made_for_a_player_away_say_so_in_the_moves_list():
    """From the remark that a bot plays for Mehmet to the one that he is back, his plays read
    "A bot for Mehmet: …" (to him, "A bot for you: …"); before and after, his own."""
    from types import SimpleNamespace

    from friends.frames import STAND_IN_PLAY, TIMER_PLAY, all_steps, remarks_for, stand_in_plays
    from friends.models import Remark

    table = two_players_at_play(target=500)
    play_out_the_deal(table)
    state = service.load_match(table).finished[-1]
    remarks = [
        {"kind": Remark.AWAY, "seat": 1, "name": "Mehmet", "deal": 1, "after": 10},
        {"kind": Remark.BACK, "seat": 1, "name": "Mehmet", "deal": 1, "after": 20},
        {"kind": Remark.LEFT, "seat": 0, "name": "Ayşe", "deal": 1, "after": 40},
    ]
    bot = stand_in_plays(SimpleNamespace(remarks=remarks), 1, state.events)
    seats = [event.seat for event in state.events]
    expected = {i for i in range(10, 20) if seats[i] == 1} | {
        i for i in range(40, len(seats)) if seats[i] == 0
    }
    assert bot == dict.fromkeys(expected, STAND_IN_PLAY) and len(expected) >= 8
    names = {0: "Ayşe", 1: "Mehmet"}
    for reader in (None, 0, 1):
        steps = all_steps(state, names, reader, bot)
        for step in steps[: len(seats)]:
            mehmet = "You" if reader == 1 else "Mehmet"
            if step["index"] in bot and step["seat"] == 1:
                who = "A bot for you" if reader == 1 else "A bot for Mehmet"
                assert step["text"].startswith(who + ": "), step["text"]
            elif step["seat"] == 1:
                assert step["text"].startswith(mehmet + ": "), step["text"]
    # a bot that took over in an earlier deal plays this deal's cards from the first
    later = stand_in_plays(SimpleNamespace(remarks=remarks[:1]), 2, state.events)
    assert later == {i: STAND_IN_PLAY for i, seat in enumerate(seats) if seat == 1}
    # the timer's card is the bot's too, that one play alone
    timed = {
        "kind": Remark.TIME_RAN_OUT,
        "seat": seats[30],
        "name": names[seats[30]],
        "deal": 1,
        "after": 30,
        "card": "7H",
    }
    table = SimpleNamespace(remarks=[timed])
    assert stand_in_plays(table, 1, state.events) == {30: TIMER_PLAY}
    assert stand_in_plays(SimpleNamespace(remarks=[timed]), 2, state.events) == {}
    # and says so in its own line, the one line for it (a remark above it said it again)
    line = all_steps(state, names, None, stand_in_plays(table, 1, state.events))[30]["text"]
    assert line.startswith(f"Time ran out, a bot for {names[seats[30]]}: "), line
    assert remarks_for(table, 1, None) == []


def test_a_match_of_one_deal_ends_on_one_verdict_and_its_score():
    """A match of one deal: its end says who won the match and the score; "won the deal"
    under "won the match" said the same thing twice (review 7). Longer matches keep the
    last deal's own headline, labelled as such."""
    table = two_players_at_play(max_deals=1)
    play_out_the_deal(table)
    table.refresh_from_db()
    html = frame_for(table, 0)["deal_end"]
    assert "The match is over" in html and "data-match-winner" in html
    assert "deal-headline-text" not in html and "won the deal" not in html
    assert re.search(r'class="score-points">\d+', html)
    two = two_players_at_play(max_deals=2, target=500)
    for _deal in range(2):
        play_out_the_deal(two)
        two.refresh_from_db()
        if two.status != Table.FINISHED:
            for seat in (0, 1):
                service.next_deal(two, seat, two.version)
                two.refresh_from_db()
    html = frame_for(two, 0)["deal_end"]
    assert "The match is over" in html and "Last deal" in html and "deal-headline-text" in html


def test_play_again_gives_the_first_lead_to_the_other_seat():
    """Each new match at a table is opened by the other seat, whatever the number of deals
    the last one had (going on with the last match's rotation, a match of two deals gave
    the same seat the first lead again: review 9)."""
    table = two_players_at_play(max_deals=2, target=500)
    first_lead = service.load_match(table).current.current_player  # no card played yet
    while table.status != Table.FINISHED or service.load_match(table).current is not None:
        play_out_the_deal(table)
        table.refresh_from_db()
        for seat in (0, 1):  # next deal, or after the match: play again
            service.next_deal(table, seat, table.version)
            table.refresh_from_db()
        if table.match_number == 2:
            break
    assert table.match_number == 2
    assert service.load_match(table).current.current_player != first_lead
