"""Tables with friends over HTTP: make one, sit down, put bots in seats, start, look.

The moves themselves travel over the table's WebSocket (``consumers.py``). The seat a
browser holds is the token kept in its session, never anything the page sends. Refused
requests show the reason and change nothing.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from django.views.decorators.http import require_POST

from pisti import Rules
from pisti_site.deal_end import match_goal
from pisti_site.levels import DEFAULT_LEVEL, level_name, short_playing_choices

from . import protocol, service
from .consumers import REACTION_SECONDS, REACTIONS, SESSION_KEY, tell_table
from .forms import NewTableForm, new_table_initial
from .models import Table
from .service import Refused


def _table_or_404(table_id) -> Table:
    table = Table.objects.filter(pk=table_id).first()
    if table is None:
        raise Http404
    note = service.expire(table)  # the turn timer is checked on every request too
    if note:
        tell_table(table.pk, note)
    return table


def _token(request, table_id) -> str | None:
    tokens = request.session.get(SESSION_KEY, {})
    return tokens.get(str(table_id)) if isinstance(tokens, dict) else None


NAME_KEY = "friends_name"  # the name this browser last sat down with, offered again


def _remember_name(request, table: Table, token: str) -> None:
    """Keep the name the seat was given (as the service cleaned it), so that a player who
    comes back to this table or joins the next one does not type it again."""
    seat = service.seat_of(table, token)
    if seat is not None:
        request.session[NAME_KEY] = table.seats[seat]["name"]


def _keep_token(request, table_id, token: str) -> None:
    tokens = dict(request.session.get(SESSION_KEY, {}))
    tokens[str(table_id)] = token
    request.session[SESSION_KEY] = tokens


def start(request):
    """The form that makes a table; the creator sits in the first seat."""
    if request.method == "POST":
        form = NewTableForm(request.POST)
        if form.is_valid():
            data = form.cleaned_data
            table, token = service.create_table(
                data["kind"], data["rules"], data["timer"], data["spectators"], data["name"]
            )
            _keep_token(request, table.pk, token)
            _remember_name(request, table, token)
            return redirect("friends:table", table_id=table.pk)
    else:
        form = NewTableForm(initial=new_table_initial(request.session.get(NAME_KEY, "")))
    return render(request, "friends/start.html", {"form": form, **form.house_rules()})


def invite_link(request) -> str:
    """The table's address without the language: a friend opening it lands in their own
    browser's language (the site redirects), not the host's."""
    prefix = f"/{request.LANGUAGE_CODE}/"
    path = request.path
    if path.startswith(prefix):
        path = "/" + path[len(prefix) :]
    return request.build_absolute_uri(path)


def lobby_line(creator: bool, full: bool, seated: bool = True, watchable: bool = False) -> str:
    """What the lobby's status line says: the creator is the one who starts the game, so
    "waiting for the game to start" would tell them to wait for themselves; a visitor who
    has no seat yet has something to do first."""
    if not seated and not full:
        return _("Write your name and take a free seat to join.")
    if not seated:
        if watchable:
            return _("Every seat is taken: you can watch the game once it starts.")
        return _("Every seat is taken, and this table is not open to watchers.")
    if not creator:
        return _("Waiting for the game to start…")
    if full:
        return _("Everyone is seated: start the game when you are ready.")
    return ""  # the form under the seats says every seat must be taken


def _partner_name(table: Table, index: int) -> str:
    """Who the seat at ``index`` plays with at a 2 vs 2 table (the seat opposite), by the name
    the table gives them, or "" while that seat is free: a friend joining chose a seat by
    "Team 2" alone without knowing whose partner it made them."""
    partner = (index + 2) % len(table.seats)
    entry = table.seats[partner]
    if entry["kind"] == "human":
        return entry["name"]
    return table.bot_name(partner) if entry["kind"] == "bot" else ""


def script_strings(lobby: str) -> dict:
    """The words the table's script puts on screen, in the page's language."""
    return {
        "waiting": _("Waiting for %(name)s…"),
        "take_over": _("Let a bot play for %(name)s"),
        "take_over_in": _("Let a bot play for %(name)s in %(seconds)s s"),
        "bot_plays_in": _("%(name)s is not at the table: a bot plays for them in %(seconds)s s."),
        "stand_in": _("a bot is playing for now"),
        "away": _("not at the table"),
        # the same, as a tag beside the name on the table's seat
        "away_short": pgettext("a tag by an away player's seat", "away"),
        "stand_in_short": pgettext("a tag by the seat of a player a bot plays for", "bot playing"),
        "you": _("(you)"),
        "you_said": _("You"),  # before your own reaction in the moves list, as your plays
        "deal_over": _("The deal is over."),
        "match_over": _("The match is over."),
        "watching": _("You are watching: no hand is shown."),
        "lobby": lobby,
        "reconnecting": _("The connection was lost: reconnecting…"),
        "offline": _("You are offline: a card you press goes as soon as the connection is back."),
        "offline_pending": _(
            "Your card waits to be sent: it goes as soon as the connection is back."
        ),
        "time_left": _("%(seconds)s s left"),
        "your_time_left": _("Your turn: %(seconds)s s left"),
        "seconds_short": pgettext(
            "a turn's seconds left, in the flag on the table", "%(seconds)s s"
        ),
        "stand_in_now": _("%(name)s is away: a bot plays for them until they are back."),
        # a card tapped while another seat is to play
        "not_your_turn": _("It is not your turn."),
        "to_play": _("%(who)s to play"),
        "deal_number": _("Deal %(n)s"),
        "next_deal_in": _("The next deal starts by itself in %(seconds)s s."),
        "this_deal": _("this deal"),
    }


def table_page(request, table_id):
    table = _table_or_404(table_id)
    token = _token(request, table.pk)
    seat = service.seat_of(table, token)
    # seats a bot keeps for away players: a visitor may take one (its player back on
    # another device) rather than be refused or only watch
    claimable = (
        [
            {"index": i, "name": entry["name"]}
            for i, entry in enumerate(table.seats)
            if entry.get("stand_in")
        ]
        if seat is None and table.status == Table.PLAYING
        else []
    )
    watching_refused = seat is None and table.status != Table.LOBBY and not table.spectators
    rules = Rules.from_dict(table.rules)
    creator = service.is_creator(table, token)
    full = all(entry["kind"] != "empty" for entry in table.seats)
    return render(
        request,
        "friends/table.html",
        {
            "table": table,
            "seat": seat,
            "creator": creator,
            "host": table.seats[0]["name"],  # the creator sits in the first seat
            "remembered_name": request.session.get(NAME_KEY, ""),
            "seats": [
                {
                    "index": i,
                    "number": i + 1,
                    **entry,
                    "level_name": level_name(entry["level"]) if entry["level"] else "",
                    # the name the table and the score strip give this bot, from the lobby on
                    "bot_name": table.bot_name(i),
                    # partners: each seat says its side, as the engine pairs them
                    "team": rules.side_of(i) + 1 if rules.partnerships else None,
                    "partner": _partner_name(table, i) if rules.partnerships else "",
                }
                for i, entry in enumerate(table.seats)
            ],
            "full": full,
            "link": invite_link(request),
            "levels": short_playing_choices(),
            # the creator picks bots (and reads what their ratings mean) for seats no friend has
            "bot_menus": creator and any(entry["kind"] != "human" for entry in table.seats),
            "reactions": REACTIONS.items(),
            "reaction_seconds": REACTION_SECONDS,
            "default_level": DEFAULT_LEVEL,
            "watching_refused": watching_refused,
            "claimable": claimable,
            # the team drawn in the light colour, as on the table: yours, or the first seat's
            "my_team": rules.side_of(seat if seat is not None else 0) + 1,
            "strings": script_strings(
                lobby_line(creator, full, seat is not None, table.spectators)
            ),
            # what a friend joins: the goal and the timer, before taking a seat
            "terms": f"{match_goal(rules)} · {table.get_timer_display()}",
            "close_codes": protocol.CLOSE_CODES,
            "message_types": protocol.MESSAGE_TYPES,
        },
        status=403 if watching_refused and not claimable else 200,
    )


def _lobby_action(request, table_id, action):
    table = _table_or_404(table_id)
    try:
        action(table, _token(request, table.pk))
    except Refused as refused:
        messages.error(request, refused.message)
        response = table_page(request, table_id)
        response.status_code = refused.status
        return response
    tell_table(table.pk)
    return redirect("friends:table", table_id=table.pk)


def _seat_number(request) -> int | None:
    try:
        return int(request.POST.get("seat", ""))
    except ValueError:
        return None


@require_POST
def take_seat(request, table_id):
    def sit(table, token):
        token = service.take_seat(table, _seat_number(request), request.POST.get("name"), token)
        _keep_token(request, table.pk, token)
        _remember_name(request, table, token)

    return _lobby_action(request, table_id, sit)


@require_POST
def claim_seat(request, table_id):
    """A seat a bot keeps for an away player, taken by a visitor with the link (the player
    back on another device): they play it from now on."""

    def sit(table, token):
        token = service.claim_seat(table, _seat_number(request), request.POST.get("name"), token)
        _keep_token(request, table.pk, token)
        _remember_name(request, table, token)

    return _lobby_action(request, table_id, sit)


@require_POST
def set_bot(request, table_id):
    return _lobby_action(
        request,
        table_id,
        lambda table, token: service.set_bot(
            table, token, _seat_number(request), request.POST.get("level", "")
        ),
    )


@require_POST
def leave_seat(request, table_id):
    return _lobby_action(
        request,
        table_id,
        lambda table, token: service.leave_seat(table, token, _seat_number(request)),
    )


@require_POST
def leave_game(request, table_id):
    """A player leaves a game in play: a bot takes the seat (until they come back)."""
    response = _lobby_action(request, table_id, service.leave_game)
    if response.status_code != 302:
        return response  # refused: the table page with the reason
    # the way back in the message itself: the table link was on the page the player left
    messages.info(
        request,
        format_html(
            '{} <a class="button-secondary" href="{}">{}</a>',
            _("You left the table: a bot plays your seat until you come back."),
            reverse("friends:table", args=[table_id]),
            _("Back to the table"),
        ),
    )
    return redirect("friends:start")


@require_POST
def start_game(request, table_id):
    return _lobby_action(request, table_id, service.start)
