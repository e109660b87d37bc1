"""Tables with friends: seats, the start, every move, the turn timer and bot stand-ins.

Every function loads the row, checks the request against the engine and the seats, and
stores the result with a compare-and-swap on ``version`` (as the practice game does). A
refused request raises :class:`Refused` and changes nothing. Nothing here trusts a browser:
the seat comes from the session's token, the time from the server's clock.

A move carries the version its player saw. It is accepted if nothing but presence changed
since (``game_version``, the version of the last change to the game itself, is not newer):
a player coming back from a bot stand-in changes the row, but never makes the others'
moves stale. If such a change lands between loading the row and storing the move, the
move is checked and made again on the fresh row.
"""

from __future__ import annotations

import hmac
import math
import secrets
from datetime import timedelta

from django.conf import settings
from django.core.cache import cache
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from pisti import Match, Rules
from pisti.cards import card_name
from pisti_site import matchplay
from pisti_site.levels import is_playing_level
from pisti_site.matchplay import MoveRefused, StaleMove

from .models import Remark, Table

TIMEOUT_BOT = "medium"
# How long a player may be gone (a reload, a network blip) before the others may let a bot
# play for them: a minute, then 30 s, left a table idle for a new player's taste (the seat is
# theirs again when they come back, so an early bot costs them a card at most); the button
# counts it down.
TAKE_OVER_AFTER = timedelta(seconds=15)
NAME_LENGTH = 20


def next_deal_after() -> timedelta:
    """On a table with a turn timer, how long the deal's summary waits for every "Next
    deal" (``FRIENDS_NEXT_DEAL_SECONDS``, 30 s): a player who stayed on the page but stopped
    pressing held the others up for good (a reviewer waited 45 s with no way on); then the
    next deal is dealt by itself."""
    return timedelta(seconds=settings.FRIENDS_NEXT_DEAL_SECONDS)


Refused = MoveRefused  # every refusal, lobby ones included, carries a code and a status


def watching() -> MoveRefused:
    return Refused(_("You are watching: only players can play cards."), "watcher")


def new_token() -> str:
    return secrets.token_urlsafe(24)


def empty_seat() -> dict:
    return {"kind": "empty", "name": "", "level": "", "token": ""}


def human_seat(name: str, token: str) -> dict:
    return {"kind": "human", "name": name, "level": "", "token": token}


def clean_name(name) -> str:
    """A display name: printable, trimmed, at most 20 characters (a longer one cut where it
    does not end on a hyphen: "Ayşe Nur Yılmazoğlu"); refused when empty."""
    if not isinstance(name, str):
        name = ""
    name = " ".join("".join(ch for ch in name if ch.isprintable()).split())
    if len(name) > NAME_LENGTH:  # cut short: not on a dangling hyphen or space
        name = name[:NAME_LENGTH].rstrip(" -‐–—_.,;:")
    if not name:
        raise Refused(_("Please give a name the others will see."), "name")
    return name


def seat_of(table: Table, token: str | None) -> int | None:
    """The seat bound to this browser's token, compared in constant time."""
    if not token:
        return None
    for index, seat in enumerate(table.seats):
        if seat["token"] and hmac.compare_digest(seat["token"], token):
            return index
    return None


def is_creator(table: Table, token: str | None) -> bool:
    return bool(token) and hmac.compare_digest(table.creator_token, token)


def load_match(table: Table) -> Match | None:
    """The row's match, rebuilt: the caller's own, to change and store."""
    return table.load_match()


def shown_match(table: Table) -> Match | None:
    """The row's match for reading only (frames): rebuilt once per stored match, and not at
    all after this process stored it (``_store_match`` leaves the match it wrote here), so
    every seat's frame of one change reads the same one."""
    kept = table.__dict__.get("_shown_match")
    if kept is None or kept[0] is not table.match:
        kept = table.__dict__["_shown_match"] = (table.match, load_match(table))
    return kept[1]


def create_table(kind: str, rules: Rules, timer: int, spectators: bool, name: str):
    """A new table in its lobby, the creator in seat 1; returns the table and their token."""
    token = new_token()
    seats = [empty_seat() for _seat in range(rules.players)]
    seats[0] = human_seat(clean_name(name), token)
    table = Table.objects.create(
        kind=kind,
        rules=rules.to_dict(),
        seats=seats,
        creator_token=token,
        spectators=spectators,
        timer=timer,
        seed=matchplay.new_seed(),
    )
    return table, token


def _save(table: Table, version: int, *, presence_only: bool = False, **fields) -> None:
    """Store ``fields`` only if nobody changed the table since ``version``.

    ``presence_only``: a change of who is at the table, not of the game, so moves made on
    the version before it are still accepted (``game_version`` stays).
    """
    if not presence_only:
        fields["game_version"] = F("version") + 1
    fields["updated"] = timezone.now()
    try:
        # Written only if nobody came or went since the load either: then this row is the
        # stored one, presence and all, and its process hands it on without a read.
        table.swap(version, unchanged={"away_version": table.away_version}, **fields)
        table.presence_is_stored = True
    except StaleMove:
        table.swap(version, **fields)  # presence changed, the game did not: still stored
        table.presence_is_stored = False
    if not presence_only:
        table.game_version = table.version


def _check_version(table: Table, version) -> int:
    """The stored version to compare-and-swap on, if ``version`` (the one the player saw)
    is the current game: only presence may have changed since."""
    version = matchplay.version_from(version)
    if not table.game_version <= version <= table.version:
        raise matchplay.stale_move()
    return table.version


def _retrying(action):
    """``action(table, ...)`` once more on the fresh row if the row changed under it (the
    fresh row's version check decides whether the move is still good)."""

    def run(table: Table, *args):
        for attempt in range(3):
            try:
                return action(table, *args)
            except StaleMove:
                if attempt == 2:
                    raise
                table.refresh_from_db()

    run.__doc__, run.__name__ = action.__doc__, action.__name__
    return run


def _in_lobby(table: Table) -> None:
    if table.status != Table.LOBBY:
        raise Refused(_("This game has already started."), "started", 409)


def _seat_index(table: Table, seat) -> int:
    if type(seat) is not int or not 0 <= seat < len(table.seats):
        raise Refused(_("There is no such seat at this table."), "seat")
    return seat


def take_seat(table: Table, seat, name, token: str | None) -> str:
    """Sit this browser down in a free seat; returns the seat's token for the session."""
    _in_lobby(table)
    seat = _seat_index(table, seat)
    name = clean_name(name)
    if seat_of(table, token) is not None:
        raise Refused(_("You already have a seat at this table."), "seated")
    if table.seats[seat]["kind"] != "empty":
        raise Refused(_("This seat is taken."), "taken", 409)
    token = token or new_token()
    seats = [dict(s) for s in table.seats]
    seats[seat] = human_seat(name, token)
    _save(table, table.version, seats=seats)
    return token


def claim_seat(table: Table, seat, name, token: str | None) -> str:
    """A game in play: a visitor without a seat takes one a bot keeps for an away player
    (their own seat from another device, most often: the seat's token stayed in the first
    browser). Returns the seat's new token; the bot gives the seat up at once."""
    if table.status != Table.PLAYING:
        raise Refused(_("The game is not being played."), "not_playing", 409)
    seat = _seat_index(table, seat)
    # no name given: the seat's own (its player back on another device, most often)
    blank = not isinstance(name, str) or not name.strip()
    name = table.seats[seat]["name"] if blank else clean_name(name)
    if seat_of(table, token) is not None:
        raise Refused(_("You already have a seat at this table."), "seated")
    if not table.seats[seat].get("stand_in"):
        raise Refused(_("This seat is taken."), "taken", 409)
    token = new_token()
    seats = [dict(s) for s in table.seats]
    seats[seat] = {**human_seat(name, token), "covered": True}
    match = load_match(table)
    fields = {
        "seats": seats,
        "deadline": _deadline_on_return(table, match, seats, seat),
        "remarks": _with_remark(table, match, Remark.BACK, seat, name=name),
    }
    _save(table, table.version, **fields)
    _set_away(table, seat, None)
    return token


def set_bot(table: Table, token: str | None, seat, level) -> None:
    """The creator puts a bot of ``level`` in an empty seat, or frees a bot's seat ("")."""
    _in_lobby(table)
    if not is_creator(table, token):
        raise Refused(_("Only the player who made the table can do this."), "creator")
    seat = _seat_index(table, seat)
    if table.seats[seat]["kind"] == "human":
        raise Refused(_("This seat is taken."), "taken", 409)
    if level != "" and not is_playing_level(level):
        raise Refused(_("There is no such bot level."), "level")
    seats = [dict(s) for s in table.seats]
    seats[seat] = {**empty_seat(), "kind": "bot", "level": level} if level else empty_seat()
    _save(table, table.version, seats=seats)


def leave_seat(table: Table, token: str | None, seat) -> None:
    """Before the game starts: a guest gets up from their own seat, or the player who
    made the table frees another player's seat (the one who made it keeps theirs)."""
    _in_lobby(table)
    seat = _seat_index(table, seat)
    if table.seats[seat]["kind"] != "human":
        raise Refused(_("Nobody sits in this seat."), "empty", 409)
    creator, own = is_creator(table, token), seat_of(table, token) == seat
    if own and creator:
        raise Refused(_("You made this table: your seat stays yours."), "creator")
    if not (own or creator):
        raise Refused(_("Only the player who made the table can do this."), "creator")
    seats = [dict(s) for s in table.seats]
    seats[seat] = empty_seat()
    _save(table, table.version, seats=seats)


def _deadline_for(table: Table, match: Match, seats: list[dict]):
    """When the player to move must have played, if the table has a timer and it is a
    human's turn, or when the next deal is dealt without waiting for everyone's "Next deal"
    (a timer's table between deals); ``None`` otherwise."""
    state = match.current
    if not table.timer:
        return None
    if state is None:  # between deals: the time to read the summary, not after the match
        return None if match.outcome.over else timezone.now() + next_deal_after()
    if state.is_over:
        return None
    if seats[state.current_player]["kind"] != "human":
        return None
    return timezone.now() + timedelta(seconds=table.timer)


def _deadline_on_return(table: Table, match: Match, seats: list[dict], seat: int):
    """The turn's deadline once a player takes their seat back from a bot: someone else's
    clock runs on (it started afresh, 24 s back to 30: a way to stall anyone's turn); only
    the returning player's own turn starts theirs."""
    state = match.current
    if state is not None and not state.is_over and state.current_player == seat:
        return _deadline_for(table, match, seats)
    return table.deadline


def run_bots(table: Table, match: Match, seats: list[dict]) -> None:
    """Bots play, each from its own view, until a human is to move or the deal ends."""
    matchplay.run_bots(
        table, match, lambda seat: seats[seat]["level"] if seats[seat]["kind"] == "bot" else None
    )


def _store_match(
    table: Table, version: int, match: Match, seats=None, remarks=None, match_number=None
) -> None:
    seats = seats if seats is not None else table.seats
    status = Table.FINISHED if match.outcome.over else Table.PLAYING
    fields = {"remarks": remarks} if remarks is not None else {}
    if match_number is not None:
        fields["match_number"] = match_number
    _save(
        table,
        version,
        match=match.to_dict(),
        seats=seats,
        status=status,
        deadline=_deadline_for(table, match, seats),
        **fields,
    )
    # the match just stored is the row's, unchanged from here on (nothing changes a row
    # after its write): frames read it as it is instead of rebuilding it from the JSON
    table.__dict__["_shown_match"] = (table.match, match)


def start(table: Table, token: str | None) -> None:
    """The creator starts the match once every seat is taken."""
    _in_lobby(table)
    if not is_creator(table, token):
        raise Refused(_("Only the player who made the table can do this."), "creator")
    if any(seat["kind"] == "empty" for seat in table.seats):
        raise Refused(_("Every seat must be taken before the game can start."), "empty")
    _new_match(table, table.version)


def kept_reactions_key(table_id) -> str:
    """The cache key of a table's last reactions, each with its place in the moves list."""
    return f"friends.reactions.{table_id}"


def _new_match(
    table: Table, version: int, seats: list[dict] | None = None, last: Match | None = None
) -> None:
    """A match at the table, the first or one more with the same seats ("Play again", after
    ``last``): its
    moves list starts afresh. The last match's remarks and reactions are placed by its own
    deal numbers, so they were read in the new match's first deal (a timer's card nobody
    had played, a player's own cards marked as a bot's)."""
    seats = seats if seats is not None else table.seats
    rules = Rules.from_dict(table.rules)
    if last is None:  # the table's first match: seat 0 leads its first deal
        match, number = matchplay.new_match(rules), 1
    else:  # the next seat deals the new match's first deal: the same seat led each match
        # (reviews 7, 9; going on with the last match's rotation, an even number of deals
        # gave the same first lead again)
        first_dealer = (last.first_dealer + 1) % rules.players
        match, number = matchplay.new_match(rules, first_dealer), table.match_number + 1
    remarks = _remarks_carried(table, seats)
    run_bots(table, match, seats)
    _store_match(table, version, match, seats, remarks, match_number=number)
    cache.delete(kept_reactions_key(table.pk))


def _remarks_carried(table: Table, seats: list[dict]) -> list[dict]:
    """A new match's remarks: for each seat a bot still plays for, why (away, or left), at
    the start of its first deal; nothing else of the last match."""
    carried = []
    for index, entry in enumerate(seats):
        if not entry.get("stand_in"):
            continue
        kinds = [
            remark["kind"]
            for remark in table.remarks
            if remark["seat"] == index and remark["kind"] in (Remark.AWAY, Remark.LEFT)
        ]
        kind = kinds[-1] if kinds else Remark.AWAY
        carried.append({"kind": kind, "seat": index, "name": entry["name"], "deal": 1, "after": 0})
    return carried


def _playing_match(table: Table) -> Match:
    if table.status == Table.LOBBY:
        raise Refused(_("The game has not started yet."), "lobby")
    return load_match(table)


@_retrying
def play(table: Table, seat: int | None, card_text, version) -> None:
    """A human plays ``card_text`` from their hand, then the bots answer."""
    if seat is None:
        raise watching()
    match = _playing_match(table)
    version = _check_version(table, version)
    matchplay.play_card(match, seat, card_text)
    seats = table.seats
    if seats[seat].get("covered"):  # back and playing: the welcome back has been read
        seats = [dict(s) for s in seats]
        seats[seat].pop("covered")
    run_bots(table, match, seats)
    _store_match(table, version, match, seats)


def waiting_for(table: Table, seats: list[dict] | None = None) -> list[int]:
    """The seats the next deal still waits for: players at the table who have not said they
    are ready (bots, stand-ins and away players never hold it up)."""
    seats = seats if seats is not None else table.seats
    return [
        index
        for index, entry in enumerate(seats)
        if entry["kind"] == "human" and not entry.get("ready") and str(index) not in table.away
    ]


@_retrying
def next_deal(table: Table, seat: int | None, version) -> None:
    """A player is ready for the next deal (or, after the match, for a new match with the
    same seats: "play again"); it is dealt once every player at the table is, so nobody's
    summary of the last deal is taken away while they read it."""
    if seat is None:
        raise watching()
    match = _playing_match(table)
    # the version first: a press that crossed the next deal dealt on time is told the game
    # has moved on, not to "finish this deal first"
    version = _check_version(table, version)
    matchplay.require_deal_over(match)
    seats = [dict(entry) for entry in table.seats]
    seats[seat]["ready"] = True
    if not _go_on_if_ready(table, version, match, seats):
        _save(table, version, presence_only=True, seats=seats)


def _go_on_if_ready(table: Table, version: int, match: Match, seats: list[dict], remarks=None):
    """Between deals, once somebody has asked to go on and nobody at the table still holds
    it up: the next deal is dealt (after the match, a new match with the same seats) and
    stored. Also after a seat stops holding it up because a bot now plays it (the player
    left, or was let go): the press already made is not lost (it had to be made again).
    Returns whether it dealt."""
    if match.current is not None or waiting_for(table, seats):
        return False
    if not any(entry.get("ready") for entry in seats):
        return False
    _deal_on(table, version, match, seats, remarks)
    return True


def _deal_on(table: Table, version: int, match: Match, seats: list[dict], remarks=None) -> None:
    """The next deal, dealt and stored with every "Next deal" press cleared (after the
    match, a new match with the same seats)."""
    for entry in seats:
        entry.pop("ready", None)
    if match.outcome.over:
        _new_match(table, version, seats, last=match)
        return
    matchplay.deal_next(match)
    if remarks:
        # said between the deals (someone left, or a bot now plays for them): it opens the
        # new deal's moves list, before its first cards (in the last deal's, nobody saw it)
        deal, after = place_in_log(match)
        remarks = [*remarks[:-1], {**remarks[-1], "deal": deal, "after": after}]
    run_bots(table, match, seats)
    _store_match(table, version, match, seats, remarks)


def place_in_log(match: Match | None) -> list[int] | None:
    """Where something said now goes in the moves list: ``[deal number, plays of that deal
    so far]`` (the last deal's while the next is not dealt), or ``None`` before any deal."""
    if match is None:
        return None
    state = match.current or (match.finished[-1] if match.finished else None)
    if state is None:
        return None
    return [len(match.finished) + (match.current is not None), len(state.events)]


def _with_remark(
    table: Table, match: Match | None, kind: Remark, seat: int, name: str | None = None
) -> list:
    """The table's remarks with one more, placed after the plays made so far: call it
    before the bots play on, so that their cards come after it. ``name``: the seat's, unless
    given (a seat taken back under another name)."""
    place = place_in_log(match)
    if place is None:
        return table.remarks
    deal, after = place
    name = name or table.seats[seat]["name"]
    return [
        *table.remarks,
        {"kind": kind, "seat": seat, "name": name, "deal": deal, "after": after},
    ]


def time_is_up(table: Table, now=None) -> bool:
    """Whether the turn timer of this row has run out (no database work: the consumer asks
    this on every message and only goes to the database when it has)."""
    now = now or timezone.now()
    return table.status == Table.PLAYING and table.deadline is not None and now >= table.deadline


def expire(table: Table, now=None) -> dict | None:
    """If the player to move has run out of time, the medium bot plays for them.

    Returns what happened (the seat and the card, for the note everyone is shown), or
    ``None`` when the time has not run out. Whichever process gets here first plays; the
    compare-and-swap turns every other attempt into a no-op.
    """
    if not time_is_up(table, now):
        return None
    match = load_match(table)
    state = match.current
    if state is None:
        return _deal_on_time(table, match)
    if state.is_over:
        return None
    seat = state.current_player
    remarks = _with_remark(table, match, Remark.TIME_RAN_OUT, seat)
    event = matchplay.bot_play(table, match, TIMEOUT_BOT)
    remarks[-1]["card"] = card_name(event.card)
    run_bots(table, match, table.seats)
    try:
        _store_match(table, table.version, match, remarks=remarks)
    except Refused:
        return None
    return {"seat": seat, "card": card_name(event.card)}


def _deal_on_time(table: Table, match: Match) -> dict | None:
    """Between deals on a table with a timer, once the summary's time is over: the next deal
    is dealt whoever has not pressed "Next deal" (never after the match: "Play again" is
    each player's own choice). Returns the note for everyone, ``None`` if another process
    dealt first."""
    if match.outcome.over:
        return None
    try:
        _deal_on(table, table.version, match, [dict(entry) for entry in table.seats])
    except Refused:
        return None
    return {"dealt": True}


def set_presence(table: Table, seat: int, present: bool) -> bool:
    """Mark a seat's player as connected or away (retried on a concurrent change); a player
    who comes back gets their seat back from a bot stand-in. Returns whether it changed."""
    changed = _set_away(table, seat, None if present else timezone.now().isoformat())
    if present and table.seats[seat].get("stand_in"):
        changed = _end_stand_in(table, seat) or changed
    return changed


def _set_away(table: Table, seat: int, since: str | None) -> bool:
    for _attempt in range(10):
        away = dict(table.away)
        key = str(seat)
        if (key in away) == (since is not None):
            return False
        if since is None:
            away.pop(key)
        else:
            away[key] = since
        stored = Table.objects.filter(pk=table.pk, away_version=table.away_version).update(
            away=away, away_version=F("away_version") + 1
        )
        if stored:
            table.away, table.away_version = away, table.away_version + 1
            return True
        table.refresh_from_db()
    return False


def _end_stand_in(table: Table, seat: int) -> bool:
    for _attempt in range(10):
        seats = [dict(s) for s in table.seats]
        if not seats[seat].pop("stand_in", False):
            return False
        seats[seat]["kind"], seats[seat]["level"] = "human", ""
        seats[seat]["covered"] = True  # told once back: a bot played for them (see play)
        fields = {"seats": seats}
        if table.match and table.status == Table.PLAYING:
            match = load_match(table)
            fields["deadline"] = _deadline_on_return(table, match, seats, seat)
            fields["remarks"] = _with_remark(table, match, Remark.BACK, seat)
        try:
            _save(table, table.version, presence_only=True, **fields)
            return True
        except Refused:
            table.refresh_from_db()
    return False


@_retrying
def leave_game(table: Table, token: str | None) -> None:
    """A seated player leaves a game in play: a bot plays their seat at once, as it would
    for a player away too long (:func:`take_over`), and gives it back if they return."""
    seat = seat_of(table, token)
    if seat is None:
        raise watching()
    if table.status != Table.PLAYING:
        raise Refused(_("The game is not being played."), "not_playing", 409)
    seats = [dict(s) for s in table.seats]
    seats[seat] = {**seats[seat], "kind": "bot", "level": TIMEOUT_BOT, "stand_in": True}
    match = _playing_match(table)
    remarks = _with_remark(table, match, Remark.LEFT, seat)
    run_bots(table, match, seats)
    if not _go_on_if_ready(table, table.version, match, seats, remarks):
        _store_match(table, table.version, match, seats, remarks)


def take_over_in(table: Table, index: int, now=None) -> int | None:
    """Seconds until a bot may play for the player at ``index`` (0: now), or ``None`` while
    they are at the table."""
    away_since = table.away.get(str(index))
    if away_since is None or table.seats[index]["kind"] != "human":
        return None
    gone = (now or timezone.now()) - timezone.datetime.fromisoformat(away_since)
    return max(0, math.ceil((TAKE_OVER_AFTER - gone).total_seconds()))


def take_over(table: Table, seat: int | None, target, now=None) -> None:
    """A seated player lets a bot play for a player away for :data:`TAKE_OVER_AFTER`.

    The away player's token stays with the seat, so when they come back they play again.
    """
    if seat is None:
        raise watching()
    target = _seat_index(table, target)
    entry = table.seats[target]
    now = now or timezone.now()
    wait = take_over_in(table, target, now)
    if wait is None:
        raise Refused(_("This player is at the table."), "present")
    if wait > 0:
        raise Refused(_("Please give them a few more seconds to come back."), "too_soon")
    seats = [dict(s) for s in table.seats]
    seats[target] = {**entry, "kind": "bot", "level": TIMEOUT_BOT, "stand_in": True}
    match = load_match(table)
    if match is None:
        _save(table, table.version, seats=seats)
        return
    remarks = _with_remark(table, match, Remark.AWAY, target)
    run_bots(table, match, seats)
    if not _go_on_if_ready(table, table.version, match, seats, remarks):
        _store_match(table, table.version, match, seats, remarks)
