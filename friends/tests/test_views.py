"""Making a table, taking seats, bots and the start over HTTP, as a browser without a script
would; every refusal shows its reason and changes nothing."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation

from friends import service
from friends.models import Table
from friends.protocol import CLOSE_CODES, CLOSE_FLOOD, CLOSE_FORBIDDEN, CLOSE_NOT_FOUND
from pisti.cards import card_name
from pisti_site.forms import initial_for

pytestmark = pytest.mark.django_db


def form_data(**changes) -> dict:
    data = {key: str(value) for key, value in initial_for("standard").items()}
    data.update({"name": "Ayşe", "kind": "1v1", "timer": "0", "max_deals": ""})
    data.update({k: str(v) for k, v in changes.items()})
    return data


def make(client, **changes) -> Table:
    response = client.post(reverse("friends:start"), form_data(**changes))
    assert response.status_code == 302, response.content.decode()[:800]
    return Table.objects.get()


def test_the_form_makes_a_table_with_its_rules_and_seats_the_creator(client):
    table = make(client, kind="2v2", timer=30, target=101, spectators="on")
    assert table.rules["players"] == 4 and table.rules["partnerships"]
    assert table.rules["target"] == 101
    assert table.timer == 30 and table.spectators
    assert [s["kind"] for s in table.seats] == ["human", "empty", "empty", "empty"]
    page = client.get(reverse("friends:table", args=[table.pk])).content.decode()
    assert "Ayşe" in page
    assert "/ws/en/friends/" in page
    # each seat says its side as the engine pairs partners: seats 1 and 3, seats 2 and 4
    # each seat says its team, the creator's in the light colour the table gives it
    assert re.findall(r'class="seat-team is-(\w+)">Team (\d)', page) == [
        ("ours", "1"),
        ("theirs", "2"),
        ("ours", "1"),
        ("theirs", "2"),
    ]


def test_the_page_gives_the_script_the_servers_close_codes(client):
    """friends.js reloads on the codes the page names; it does not repeat them."""
    table = make(client)
    page = client.get(reverse("friends:table", args=[table.pk])).content.decode()
    found = re.search(
        r'<script id="friends-close-codes" type="application/json">(.*?)</script>', page
    )
    assert found, "no close codes on the page"
    assert json.loads(found.group(1)) == CLOSE_CODES
    assert set(CLOSE_CODES.values()) == {CLOSE_FORBIDDEN, CLOSE_NOT_FOUND, CLOSE_FLOOD}
    script = (Path(settings.BASE_DIR) / "static" / "js" / "friends.js").read_text()
    assert "friends-close-codes" in script
    assert not any(str(code) in script for code in CLOSE_CODES.values())


@pytest.mark.parametrize(
    "changes", [{"name": "  "}, {"kind": "5v5"}, {"timer": "7"}, {"target": "9"}]
)
def test_a_bad_form_changes_nothing(client, changes):
    response = client.post(reverse("friends:start"), form_data(**changes))
    assert response.status_code == 200
    assert 'role="alert"' in response.content.decode() or "errorlist" in response.content.decode()
    assert not Table.objects.exists()


def test_a_friend_takes_a_seat_the_creator_adds_a_bot_and_starts(client, django_user_model):
    from django.test import Client

    table = make(client, kind="3")
    friend = Client()
    url = reverse("friends:table", args=[table.pk])
    # the creator, who puts bots in, is told what a bot's rating means; a guest is not
    assert "rating-note" in client.get(url).content.decode()
    assert "rating-note" not in friend.get(url).content.decode()
    response = friend.post(url + "seat/", {"seat": "1", "name": "Mehmet"})
    assert response.status_code == 302
    response = friend.post(url + "seat/", {"seat": "2", "name": "Mehmet again"})
    assert response.status_code == 400  # one seat per browser
    response = friend.post(url + "bot/", {"seat": "2", "level": "easy"})
    assert response.status_code == 400  # only the creator
    assert client.post(url + "start/").status_code == 400  # a seat is still free
    assert client.post(url + "bot/", {"seat": "2", "level": "easy"}).status_code == 302
    assert friend.post(url + "start/").status_code == 400
    assert client.post(url + "start/").status_code == 302
    table.refresh_from_db()
    assert table.status == "playing"
    assert [s["name"] for s in table.seats][:2] == ["Ayşe", "Mehmet"]
    assert friend.post(url + "seat/", {"seat": "2", "name": "Late"}).status_code == 409


@pytest.mark.parametrize(
    ("path", "data"),
    [
        ("seat/", {"seat": "9", "name": "X"}),
        ("seat/", {"seat": "x", "name": "X"}),
        ("seat/", {"seat": "0", "name": "X"}),
        ("seat/", {"seat": "1", "name": ""}),
        ("bot/", {"seat": "1", "level": "godlike"}),
        ("bot/", {"seat": "0", "level": "easy"}),
    ],
)
def test_bad_lobby_requests_are_refused_with_a_reason(client, path, data):
    from django.test import Client

    table = make(client)
    before = (table.version, table.seats)
    actor = Client() if path == "seat/" else client
    response = actor.post(reverse("friends:table", args=[table.pk]) + path, data)
    assert response.status_code in (400, 409)
    assert 'class="messages"' in response.content.decode()
    table.refresh_from_db()
    assert (table.version, table.seats) == before


def test_a_stranger_cannot_see_a_started_private_table(client):
    from django.test import Client

    table = make(client)
    url = reverse("friends:table", args=[table.pk])
    client.post(url + "bot/", {"seat": "1", "level": "beginner"})
    client.post(url + "start/")
    assert Client().get(url).status_code == 403
    assert client.get(url).status_code == 200


def test_an_unknown_table_is_404(client):
    response = client.get("/en/friends/00000000-0000-0000-0000-000000000000/")
    assert response.status_code == 404
    # the page says what a table link that finds nothing means, and offers a table
    page = response.content.decode()
    assert "data-no-table" in page and "no table at this address" in page


@pytest.mark.parametrize("language", ["tr", "de", "ru"])
def test_the_pages_are_translated(client, language):
    page = client.get(f"/{language}/friends/").content.decode()
    assert "Play with friends" not in page


def test_a_free_seat_offers_a_bot_and_only_a_bots_seat_offers_to_free_it(client):
    """The lobby's one button always does something: a free seat proposes the default bot
    (no "no bot" choice that would leave the press without effect); a bot's seat may be
    freed again."""
    from pisti_site.levels import DEFAULT_LEVEL

    table = make(client, kind="2v2")
    url = reverse("friends:table", args=[table.pk])
    assert client.post(url + "bot/", {"seat": "1", "level": "easy"}).status_code == 302
    page = client.get(url).content.decode()
    free_seat = re.search(r'<select id="level-2".*?</select>', page, re.S).group(0)
    bot_seat = re.search(r'<select id="level-1".*?</select>', page, re.S).group(0)
    assert f'value="{DEFAULT_LEVEL}" selected' in free_seat and 'value=""' not in free_seat
    assert 'value="easy" selected' in bot_seat and 'value=""' in bot_seat
    # a phone's drop-down shows a short line: the name and the rating, not the summary
    option = re.search(r'<option value="medium"[^>]*>(.*?)</option>', free_seat).group(1)
    assert re.fullmatch(r"Medium · rating \d+", option)
    assert client.post(url + "bot/", {"seat": "1", "level": ""}).status_code == 302
    table.refresh_from_db()
    assert table.seats[1]["kind"] == "empty"


def test_each_seat_of_a_two_against_two_lobby_names_the_partner_it_would_play_with(client):
    """ "Team 2" alone did not tell a friend choosing a seat whose partner it made them."""
    table = make(client, kind="2v2")
    url = reverse("friends:table", args=[table.pk])
    client.post(url + "bot/", {"seat": "1", "level": "easy"})
    page = client.get(url).content.decode()
    table.refresh_from_db()
    partners = {
        int(seat): re.search(r'class="seat-partner">partner: (.*?)<', body).group(1)
        if "seat-partner" in body
        else None
        for seat, body in re.findall(
            r'<li class="friends-seat" data-seat="(\d)">(.*?)</li>', page, re.S
        )
    }
    # seats 1 and 3 (index 0 and 2) play together, as do 2 and 4
    assert partners == {0: None, 1: None, 2: "Ayşe", 3: table.bot_name(1)}


def test_an_invited_friend_is_told_who_invites_them_and_the_host_how_to_invite(client):
    from django.test import Client

    table = make(client)
    url = reverse("friends:table", args=[table.pk])
    host = client.get(url).content.decode()
    assert "Send this link to the friends" in host and "data-invited" not in host
    guest = Client().get("/tr" + url[3:]).content.decode()
    assert "Ayşe seni bu masada Pişti oynamaya çağırıyor" in guest
    assert "Send this link" not in guest and "bağlantıyı gönder" not in guest


def test_the_invite_link_opens_in_the_friends_own_language(client):
    from django.test import Client

    table = make(client)
    page = client.get(reverse("friends:table", args=[table.pk])).content.decode()
    link = re.search(r'id="table-link" type="url" readonly value="([^"]+)"', page).group(1)
    assert link == f"http://testserver/friends/{table.pk}/"
    friend = Client(headers={"accept-language": "ru"})
    response = friend.get(link)
    assert response.status_code == 302 and response["Location"] == f"/ru/friends/{table.pk}/"


def test_the_lobby_line_tells_the_creator_to_start_and_a_friend_to_wait(client):
    """Only the creator can start the game: they read that it is theirs to start (once every
    seat is taken), never that they are waiting for it; a friend reads that they wait."""
    from django.test import Client

    def lobby_line(some_client) -> str:
        page = some_client.get(url).content.decode()
        found = re.search(
            r'<script id="friends-strings" type="application/json">(.*?)</script>', page
        )
        return json.loads(found.group(1))["lobby"]

    table = make(client)
    url = reverse("friends:table", args=[table.pk])
    assert lobby_line(client) == ""  # the form says every seat must be taken
    friend = Client()
    # before a seat is theirs, the friend is told what to do, not to wait
    assert lobby_line(friend) == "Write your name and take a free seat to join."
    assert friend.post(url + "seat/", {"seat": "1", "name": "Mehmet"}).status_code == 302
    assert lobby_line(client) == "Everyone is seated: start the game when you are ready."
    assert lobby_line(friend) == "Waiting for the game to start…"
    # and who starts it, by name ("the player who made the table" read stiffly in German)
    assert "The game starts when Ayşe starts it." in friend.get(url).content.decode()
    with translation.override("de"):
        german = friend.get(reverse("friends:table", args=[table.pk])).content.decode()
    assert "Das Spiel beginnt, sobald Ayşe es startet." in german


def test_a_guest_leaves_their_seat_and_the_creator_frees_another(client):
    """Before the start a guest can get up again, and the one who made the table can free
    a seat a guest took (their own stays theirs); anyone else is refused, nothing changes."""
    from django.test import Client

    table = make(client, kind="3")
    url = reverse("friends:table", args=[table.pk])
    guest, other = Client(), Client()
    guest.post(url + "seat/", {"seat": "1", "name": "Mehmet"})
    other.post(url + "seat/", {"seat": "2", "name": "Zeynep"})
    page = guest.get(url).content.decode()
    assert "Leave this seat" in page and "Remove this player" not in page
    assert page.count("Remove this player") == 0
    assert client.get(url).content.decode().count("Remove this player") == 2
    assert guest.post(url + "leave/", {"seat": "2"}).status_code == 400  # not theirs
    assert client.post(url + "leave/", {"seat": "0"}).status_code == 400  # the creator's own
    assert client.post(url + "leave/", {"seat": "9"}).status_code == 400
    table.refresh_from_db()
    assert [s["kind"] for s in table.seats] == ["human", "human", "human"]
    assert guest.post(url + "leave/", {"seat": "1"}).status_code == 302
    assert client.post(url + "leave/", {"seat": "2"}).status_code == 302
    table.refresh_from_db()
    assert [s["kind"] for s in table.seats] == ["human", "empty", "empty"]
    assert client.post(url + "leave/", {"seat": "1"}).status_code == 409  # nobody there
    # the guest may sit down again
    assert guest.post(url + "seat/", {"seat": "2", "name": "Mehmet"}).status_code == 302


@pytest.mark.parametrize("spectators", [False, True])
def test_a_visitor_to_a_full_table_is_told_it_is_full(client, spectators):
    from django.test import Client

    table = make(client, spectators="on" if spectators else "")
    url = reverse("friends:table", args=[table.pk])
    Client().post(url + "seat/", {"seat": "1", "name": "Mehmet"})
    page = Client().get(url).content.decode()
    assert "This table is full" in page and "pick a free seat" not in page
    watch = "you can watch the game once it starts"
    assert (watch in page) is spectators


def test_a_player_leaves_a_game_in_play_and_a_bot_takes_the_seat(client):
    """Leaving in play: a bot plays the seat at once (and the bots play on if it was that
    seat's turn); a visitor without a seat is refused and nothing changes."""
    from django.test import Client

    table = make(client)
    url = reverse("friends:table", args=[table.pk])
    guest = Client()
    guest.post(url + "seat/", {"seat": "1", "name": "Mehmet"})
    assert guest.post(url + "leave-game/").status_code == 409  # not started yet
    client.post(url + "start/")
    assert "Leave the table" in guest.get(url).content.decode()
    table.refresh_from_db()
    version = table.version
    assert Client().post(url + "leave-game/").status_code == 400
    table.refresh_from_db()
    assert table.version == version and table.seats[1]["kind"] == "human"
    response = guest.post(url + "leave-game/", follow=True)
    assert response.redirect_chain[-1][0] == reverse("friends:start")
    page = response.content.decode()
    assert "a bot plays your seat" in page
    assert f'href="{url}">Back to the table</a>' in page  # the way back, on the page
    table.refresh_from_db()
    assert table.seats[1]["kind"] == "bot" and table.seats[1]["stand_in"]
    state = service.load_match(table).current
    assert state.current_player == 0  # the bot has played if it was its turn


def test_the_name_a_browser_sat_down_with_is_offered_again(client):
    """A guest who gets up and sits again, or makes a table of their own next, finds their
    name already written; a refused seat remembers nothing, another browser sees none."""
    from django.test import Client

    table = make(client, kind="3")
    url = reverse("friends:table", args=[table.pk])
    guest = Client()
    name_input = re.compile(r'<input id="join-name"[^>]*value="([^"]*)"')
    assert name_input.search(guest.get(url).content.decode()).group(1) == ""
    assert guest.post(url + "seat/", {"seat": "0", "name": "Taken"}).status_code == 409
    assert name_input.search(guest.get(url).content.decode()).group(1) == ""
    guest.post(url + "seat/", {"seat": "1", "name": "  Mehmet  "})
    guest.post(url + "leave/", {"seat": "1"})
    assert name_input.search(guest.get(url).content.decode()).group(1) == "Mehmet"
    start_page = guest.get(reverse("friends:start")).content.decode()
    assert re.search(r'name="name"[^>]*value="Mehmet"', start_page)
    assert name_input.search(Client().get(url).content.decode()).group(1) == ""
    # the creator's own name, from the form that made the table
    assert re.search(
        r'name="name"[^>]*value="Ayşe"', client.get(reverse("friends:start")).content.decode()
    )


def test_the_bots_rating_note_shows_only_while_a_seat_could_take_a_bot(client):
    from django.test import Client

    table = make(client, kind="1v1")
    url = reverse("friends:table", args=[table.pk])
    assert "rating-note" in client.get(url).content.decode()  # the free seat's bot menu
    Client().post(url + "seat/", {"seat": "1", "name": "Mehmet"})
    assert "rating-note" not in client.get(url).content.decode()  # two friends, no bot menu


@pytest.mark.parametrize(
    ("typed", "kept"),
    [
        ("  Ayşe   Nur  ", "Ayşe Nur"),
        ("Ayşe Nur Yılmazoğlu-Karadeniz", "Ayşe Nur Yılmazoğlu"),
        ("a" * 25, "a" * 20),
    ],
)
def test_a_name_is_trimmed_and_a_long_one_cut_without_a_dangling_hyphen(typed, kept):
    from friends.service import clean_name

    assert clean_name(typed) == kept


@pytest.mark.parametrize("typed", ["", "   ", "\u200b\n", None])
def test_a_blank_name_is_refused(typed):
    from friends.service import Refused, clean_name

    with pytest.raises(Refused):
        clean_name(typed)


@pytest.mark.django_db
def test_bots_are_named_bot_alone_and_numbered_among_the_bots(client):
    """A lone bot is "Bot" whatever its seat; two or more are numbered in seat order among
    the bots, on the lobby page and in every frame (the score strip and the table)."""
    from friends.frames import seat_summary

    from .helpers import make_table

    lone, _token = make_table("1v1", bots=[(1, "easy")])
    assert [lone.bot_name(i) for i in range(2)] == ["Bot", "Bot"]
    assert seat_summary(lone, 1, None)["name"] == "Bot"
    two, _token = make_table("2v2", bots=[(1, "easy"), (3, "easy")])
    assert [seat_summary(two, i, None)["name"] for i in (1, 3)] == ["Bot 1", "Bot 2"]
    page = client.get(two.get_absolute_url()).content.decode()
    assert "Bot 1" in page and "Bot 2" in page and "Bot 4" not in page
    # a bot standing in for an away player keeps the player's name and leaves the table's
    # bots as they were named (one taking seat 0 once renamed "Bot 1" to "Bot 2" mid-deal)
    two.seats[0] = {**two.seats[0], "kind": "bot", "level": "medium", "stand_in": True}
    assert [seat_summary(two, i, None)["name"] for i in (1, 3)] == ["Bot 1", "Bot 2"]
    assert seat_summary(two, 0, None)["name"] == two.seats[0]["name"] != ""


@pytest.mark.parametrize("spectators", [False, True])
def test_a_seat_a_bot_keeps_for_an_away_player_can_be_taken_from_another_browser(
    client, spectators
):
    """Mehmet leaves (or his browser is lost) and comes back on another device: the table
    offers his seat, kept by a bot, to a visitor without one, and whoever takes it plays it
    from now on; a watcher is not refused any more, a taken seat or a bad one changes
    nothing, and a seated player cannot take a second seat."""
    from django.test import Client

    table = make(client, spectators="on" if spectators else "")
    url = reverse("friends:table", args=[table.pk])
    guest = Client()
    guest.post(url + "seat/", {"seat": "1", "name": "Mehmet"})
    client.post(url + "start/")
    stranger = Client()
    page = stranger.get(url)
    assert "data-claim" not in page.content.decode()  # nobody away: nothing to take
    assert stranger.post(url + "claim/", {"seat": "1", "name": "Mehmet"}).status_code == 409
    guest.post(url + "leave-game/")
    table.refresh_from_db()
    assert table.seats[1]["stand_in"]
    assert client.post(url + "claim/", {"seat": "1", "name": "X"}).status_code == 400  # seated
    page = stranger.get(url)
    assert page.status_code == 200 and "Take the seat of Mehmet" in page.content.decode()
    # the offer, not a refusal to watch above it
    assert "not open to watchers" not in page.content.decode()
    # the name asked for is the visitor's own: not filled in with the away player's, which
    # it keeps when left empty, as the box shows
    name_field = re.search(r'<input id="claim-name"[^>]*>', page.content.decode()).group(0)
    assert 'value=""' in name_field and 'placeholder="Mehmet"' in name_field
    assert stranger.post(url + "claim/", {"seat": "0", "name": "Mehmet"}).status_code == 409
    # no name given: the seat keeps its player's (back on another device)
    response = stranger.post(url + "claim/", {"seat": "1", "name": "  "})
    assert response.status_code == 302
    table.refresh_from_db()
    assert table.seats[1]["kind"] == "human" and not table.seats[1].get("stand_in")
    assert table.seats[1]["name"] == "Mehmet"
    page = stranger.get(url).content.decode()
    assert "data-claim" not in page and "Leave the table" in page  # seated, playing
    assert "Leave the table" not in guest.get(url).content.decode()  # the old browser: not


@pytest.mark.parametrize("way_back", ["same browser", "another browser"])
def test_a_player_coming_back_does_not_restart_the_clock_of_someone_elses_turn(client, way_back):
    """Ayşe has 30 s a move; Mehmet left and a bot plays for him. When he takes his seat back
    on her turn, her clock runs on where it was (it started again at 30 s)."""
    from datetime import timedelta

    from django.test import Client

    table = make(client, timer=30)
    url = reverse("friends:table", args=[table.pk])
    guest = Client()
    guest.post(url + "seat/", {"seat": "1", "name": "Mehmet"})
    client.post(url + "start/")
    guest.post(url + "leave-game/")  # the bot plays his cards: Ayşe is to move
    table.refresh_from_db()
    assert service.load_match(table).current.current_player == 0
    started = table.deadline - timedelta(seconds=8)  # as if 8 s of hers had gone
    Table.objects.filter(pk=table.pk).update(deadline=started)
    table.refresh_from_db()
    if way_back == "same browser":
        service.set_presence(table, 1, True)
    else:
        Client().post(url + "claim/", {"seat": "1", "name": "Mehmet"})
    table.refresh_from_db()
    assert not table.seats[1].get("stand_in")
    assert table.deadline == started


@pytest.mark.parametrize("way_back", ["same browser", "another browser"])
def test_a_player_back_from_a_stand_in_is_told_a_bot_played_for_them(client, way_back):
    """Back at the table after a bot kept the seat (the same browser reconnecting, or the
    seat taken from another one), the player's frames say a bot played for them, until their
    own next card; nobody else's frame says it."""
    from django.test import Client

    from friends.frames import frame_for

    table = make(client)
    url = reverse("friends:table", args=[table.pk])
    guest = Client()
    guest.post(url + "seat/", {"seat": "1", "name": "Mehmet"})
    client.post(url + "start/")
    guest.post(url + "leave-game/")
    table.refresh_from_db()
    assert "welcome_back" not in frame_for(table, 1)  # away: nobody to welcome yet
    if way_back == "same browser":
        service.set_presence(table, 1, True)
    else:
        Client().post(url + "claim/", {"seat": "1", "name": "Mehmet"})
    table.refresh_from_db()
    assert "a bot played for you" in frame_for(table, 1)["welcome_back"]
    assert "welcome_back" not in frame_for(table, 0) and "welcome_back" not in frame_for(
        table, None
    )
    # still said after another player's card, gone after the player's own
    for _ in range(4):
        seat = frame_for(table, 0)["to_move"]
        hand = service.load_match(table).current.hands[seat]
        service.play(table, seat, card_name(sorted(hand)[0]), table.version)
        table.refresh_from_db()
        if seat == 1:
            break
        assert "welcome_back" in frame_for(table, 1)
    assert seat == 1 and "welcome_back" not in frame_for(table, 1)


def test_a_watcher_sees_whose_turn_it_is_even_at_the_first_seat(client):
    """A watcher sees the table from the first seat's chair with no hand: when that seat is
    to play, its seat is marked and the line says so (it was blank, as if nobody were)."""
    from django.test import Client

    from friends.frames import board_html, seat_summary

    table = make(client, spectators="on")
    url = reverse("friends:table", args=[table.pk])
    Client().post(url + "seat/", {"seat": "1", "name": "Mehmet"})
    client.post(url + "start/")
    table.refresh_from_db()
    match = service.load_match(table)
    state = match.current
    names = {i: seat_summary(table, i, None)["name"] for i in range(len(table.seats))}
    html = board_html(table, match, state, None, names)
    turn = state.current_player
    seat = re.search(rf'<[^>]*data-seat="{turn}"[^>]*>', html).group(0)
    assert "is-turn" in seat, seat
    assert f"{names[turn]} to play" in html
    # and nothing tells the watcher it is their turn: not the first seat's flag, not the
    # line after a play (board.js adds "Your turn." only where the table carries the words)
    assert "your turn" not in html.lower() and "data-your-turn-text" not in html
    player = board_html(table, match, state, 0, names)
    assert "data-your-turn-text" in player


def test_what_happened_at_the_seats_is_in_every_frame_in_its_place(client):
    """A player leaving, coming back, a time-out and a bot taking over for someone away are
    remarks of the table itself, each after the plays made before it: a page opened later
    and a watcher read them where they happened (they were worked out by each page from
    two frames in a row, lost on a reload and never told to watchers)."""
    from datetime import timedelta

    from django.test import Client
    from django.utils import timezone

    from friends.frames import frame_for
    from pisti.cards import parse_card
    from pisti_site.cardwords import card_words

    table = make(client, spectators="on", timer=15)
    url = reverse("friends:table", args=[table.pk])
    guest = Client()
    guest.post(url + "seat/", {"seat": "1", "name": "Mehmet"})
    client.post(url + "start/")
    table.refresh_from_db()
    assert frame_for(table, None)["remarks"] == []
    plays_before = len(service.load_match(table).current.events)
    guest.post(url + "leave-game/")  # from here a bot plays his cards, after the remark
    table.refresh_from_db()
    (left,) = frame_for(table, None)["remarks"]
    assert left["text"] == "Mehmet has left the game: a bot plays for them from now on."
    # to him it speaks to him (he read "Mehmet is away" about himself)
    (his,) = frame_for(table, 1)["remarks"]
    assert his["text"] == "You left the game: a bot played your cards."
    assert left["after"] == plays_before
    for _turn in range(2):  # Ayşe plays, and the bot for him in the same change
        seat = service.load_match(table).current.current_player
        if seat == 0:
            hand = service.load_match(table).current.hands[0]
            service.play(table, 0, card_name(sorted(hand)[0]), table.version)
            table.refresh_from_db()
    service.set_presence(table, 1, True)  # back, on the same browser
    table.refresh_from_db()
    back = frame_for(table, 0)["remarks"][-1]
    assert back["text"] == "Mehmet is back at the table."
    assert frame_for(table, 1)["remarks"][-1]["text"] == "You are back at the table."
    assert back["after"] == len(service.load_match(table).current.events) > plays_before
    # his time runs out: the remark names the card the timer played, before it
    mover = service.load_match(table).current.current_player
    Table.objects.filter(pk=table.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    table.refresh_from_db()
    before = len(service.load_match(table).current.events)
    played = service.expire(table)
    table.refresh_from_db()
    # the timer's card is told by its own line in the moves list, not a remark besides
    assert frame_for(table, None)["remarks"][-1] == back
    name = frame_for(table, None)["seats"][mover]["name"]
    card = card_words(parse_card(played["card"]))
    (step,) = [s for s in frame_for(table, None)["steps"] if s["index"] == before]
    assert step["text"].startswith(f"Time ran out, a bot for {name}: {card}")
    # the player whose time it was reads "for you"
    (step,) = [s for s in frame_for(table, mover)["steps"] if s["index"] == before]
    assert step["text"].startswith(f"Time ran out, a bot for you: {card}")
    # every seat and a watcher read the same remarks, each once, with ids kept apart (the
    # seat they are about reads them in its own words)
    remarks = [frame_for(table, seat)["remarks"][:2] for seat in (0, 1, None)]
    assert remarks[0] == remarks[2]
    assert [(r["id"], r["after"]) for r in remarks[1]] == [
        (r["id"], r["after"]) for r in remarks[0]
    ]
    assert len({remark["id"] for remark in frame_for(table, None)["remarks"]}) == 2
    # and in the reader's language
    with translation.override("tr"):
        assert "masaya döndü" in frame_for(table, None)["remarks"][1]["text"]
