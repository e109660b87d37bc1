"""What the server sends to one connection: built from the engine's ``view_for`` only.

A player's frame carries the same view object the bots get; a watcher's frame carries that
view with every hand-derived field removed, so no frame can hold another player's hand, the
stock order or a face-down card.
"""

from __future__ import annotations

from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.translation import gettext as _

from pisti import view_for
from pisti.cards import parse_card
from pisti_site.cardwords import ACCUSATIVE, card_words, every_card_words
from pisti_site.deal_end import deal_end_context, match_goal
from pisti_site.levels import level_name
from pisti_site.table import deal_steps, highlight, present_view, shown_deal_points
from pisti_site.table_html import render_table

from .models import Remark, Table
from .protocol import STATE
from .service import place_in_log, shown_match, take_over_in, waiting_for

# Fields of a seat's view that come from its own hands; a watcher gets none of them.
PRIVATE_VIEW_FIELDS = ("hand", "seen")


def seat_summary(table: Table, index: int, to_move: int | None) -> dict:
    seat = table.seats[index]
    return {
        "seat": index,
        "kind": seat["kind"],
        # named as in the lobby; the level is a tag of its own (a name with it ran off a
        # phone's score strip)
        "name": seat["name"] or (table.bot_name(index) if seat["kind"] == "bot" else ""),
        "level": seat["level"],
        "level_name": level_name(seat["level"]) if seat["kind"] == "bot" else "",
        "away": str(index) in table.away and seat["kind"] == "human",
        # the seconds until a bot may play for them (the button counts down from it)
        "take_over_in": take_over_in(table, index),
        "stand_in": bool(seat.get("stand_in")),
        "to_move": index == to_move,
    }


def card_words_for(view: dict) -> dict:
    """Spoken names for the cards this frame shows (all of them known to its receiver)."""
    shown = (
        list(view.get("hand", []))
        + view["pile_face_up"]
        + [play["card"] for play in view["history"]]
    )
    words = every_card_words()
    return {name: words[parse_card(name)] for name in dict.fromkeys(shown)}


def names_for(names: dict, reader: int | None) -> dict:
    """The players' names as ``reader``'s seat reads them: their own is "You", as in the
    practice game (a player read their own name in the moves list as someone else's)."""
    return {**names, reader: _("You")} if reader is not None else names


def all_steps(state, names, reader: int | None = None, bot_plays=None) -> list[dict]:
    """Every play of the deal so far as the shared table script animates them, each with
    the sides' points so far, and the leftover sweep once the deal is over: a page opened
    mid-deal logs the whole deal, one that was watching animates what is new. The reader's
    own plays say "You"; ``bot_plays`` (:func:`stand_in_plays`) say whose bot made them,
    and a timer's card why ("Time ran out, a bot for Ayşe: …", the one line for it)."""
    own = names_for(names, reader)
    by_bot = {}
    for index, why in (bot_plays or {}).items():
        seat, timer = state.events[index].seat, why == TIMER_PLAY
        if seat == reader:
            by_bot[index] = _("Time ran out, a bot for you") if timer else _("A bot for you")
        else:
            who = _("Time ran out, a bot for %(name)s") if timer else _("A bot for %(name)s")
            by_bot[index] = who % {"name": names[seat]}
    return deal_steps(state, own, side_names(state.rules, own, reader), players=by_bot)


TIMER_PLAY, STAND_IN_PLAY = "timer", "stand_in"  # why a bot made a player's play


def stand_in_plays(table: Table, deal: int, events) -> dict[int, str]:
    """The plays of ``deal`` a bot made for a player away or gone: from the remark that a
    bot plays for them to the one that they are back (a reviewer read them in the moves
    list as the player's own), and the timer's card when a player's time ran out (their
    table said "You: …" for it). A bot that took over in an earlier deal plays from this
    deal's first card. By play index: ``TIMER_PLAY`` or ``STAND_IN_PLAY``."""
    since = {}  # seat -> the first play of this deal a bot made for it
    spans = []  # (seat, from, to, why)
    for remark in table.remarks:
        if remark["deal"] > deal:
            break
        seat, at = remark["seat"], remark["after"] if remark["deal"] == deal else 0
        if remark["kind"] == Remark.TIME_RAN_OUT and remark["deal"] == deal:
            spans.append((seat, at, at + 1, TIMER_PLAY))  # the timer's card: the bot's
        elif remark["kind"] in (Remark.AWAY, Remark.LEFT):
            since.setdefault(seat, at)
        elif remark["kind"] == Remark.BACK and seat in since:
            spans.append((seat, since.pop(seat), at, STAND_IN_PLAY))
    spans += [(seat, start, len(events), STAND_IN_PLAY) for seat, start in since.items()]
    return {
        index: why
        for seat, start, end, why in spans
        for index in range(start, end)
        if index < len(events) and events[index].seat == seat
    }


def board_html(table: Table, match, state, seat: int | None, names: dict) -> str:
    """The shared card table (:func:`pisti_site.table_html.render_table`) for ``seat``, with the
    players' names; a watcher sees it from seat 1's chair without any hand."""
    me = seat if seat is not None else 0
    playable = (
        seat is not None
        and table.status == Table.PLAYING
        and match.current is not None
        and not state.is_over
        and state.current_player == seat
    )
    view = view_for(state, me, match.totals)  # built once: the board and the "takes" marks
    data = present_view(
        view,
        events=state.events,
        playable=playable,
        # a bot's level by its name; none for a bot standing in for a player (a level beside
        # "Elif" made her look like a bot)
        levels={
            i: level_name(entry["level"])
            for i, entry in enumerate(table.seats)
            if entry["kind"] == "bot" and not entry.get("stand_in")
        },
        form={"action": "", "fields": [("version", table.version)]} if seat is not None else None,
        show_hand=seat is not None,
    )
    if playable:  # what each card would take, as practice shows it
        highlight(view, data["cards_in_hand"])
    for entry in data["seats"]:
        entry["name"] = names[entry["seat"]]
    if data["turn"] is not None and (seat is None or data["turn"] != me):  # a watcher: any seat
        data["turn_text"] = _("%(who)s to play") % {"who": names[data["turn"]]}
    return render_table(data)


def side_names(rules, names: dict, reader: int | None = None) -> list[str]:
    """Each side named by its players (partners joined with "and"), the reader first in
    their own side ("You and Ayşe", not "Ayşe and You")."""
    order = sorted(range(rules.players), key=lambda seat: seat != reader)
    return [
        _(" and ").join(names[seat] for seat in order if rules.side_of(seat) == side)
        for side in range(rules.sides)
    ]


def deal_end_html(table: Table, match, seat: int | None, names: dict) -> str:
    """The deal's end (``includes/deal_end.html``, as in the practice game) once the deal is
    over, every card of it public by then; a player gets the button for what comes next
    until they have pressed it, then the names of the players the next deal waits for."""
    waiting = waiting_for(table)
    # the summary speaks to its reader, as the practice game's does ("You won the deal!")
    own = names_for(names, seat)
    reader = match.rules.side_of(seat) if seat is not None else None
    context = deal_end_context(match, side_names(match.rules, own, seat), reader)
    ready_seats = [i for i, entry in enumerate(table.seats) if entry.get("ready")]
    context.update(
        actions="friends/includes/deal_end_actions.html",
        # each player reviews their own seat's moves, in a tab of its own: the table goes on
        links="friends/includes/deal_end_links.html",
        table_id=table.pk,
        seated=seat is not None,
        # ready and still waiting; with everyone else gone the button comes back
        ready=seat in ready_seats and bool(waiting),
        waiting=[names[index] for index in waiting] if ready_seats else [],
        others_ready=[names[index] for index in ready_seats if index != seat],
        # a timer's table deals the next deal by itself after a while: the page counts it
        dealt_on_time=bool(table.timer) and not match.outcome.over,
    )
    return render_to_string("includes/deal_end.html", context)


def side_scores(match, state, names: dict, seat: int | None = None) -> list[dict]:
    """The score strip: each side's name, what the match is decided on so far, and its
    points this deal (those of the cards every seat has seen). A player's own side
    is "You" or "You and Ayşe": on a phone the strip cuts long names, and the side you are
    on must still be plain."""
    this_deal = shown_deal_points(state)
    own = names_for(names, seat)
    return [
        {"name": name, "total": match.totals[side], "deal_points": this_deal[side]}
        for side, name in enumerate(side_names(match.rules, own, seat))
    ]


def reaction_place(table: Table, seen=None) -> list[int] | None:
    """Where a reaction belongs in the log: ``[deal number, plays of that deal before it]``,
    so that every page, and one opened later, puts it between the same two plays. ``seen``
    is where the sender's page stood ([deal, plays shown], its cards still flying behind
    the server's record); taken when it is a place the deal has had, else the record's."""
    place = place_in_log(shown_match(table))
    if place is None:
        return None
    if (
        isinstance(seen, list)
        and len(seen) == 2
        and all(type(n) is int for n in seen)
        and seen[0] == place[0]
        and 0 <= seen[1] <= place[1]
    ):
        return seen
    return place


def time_ran_out_text(name: str, card: str, yours: bool = False) -> str:
    """The timer's card, as the note over the table and the moves list both say it; to the
    player whose time it was, "for you" (their own name read as someone else's)."""
    words = card_words(parse_card(card), ACCUSATIVE)
    if yours:
        return _("The time ran out: the medium bot played the %(card)s for you.") % {"card": words}
    return _("The time ran out: the medium bot played the %(card)s for %(name)s.") % {
        "card": words,
        "name": name,
    }


def remark_text(remark: dict, reader: int | None) -> str:
    """A remark as ``reader`` reads it: about their own seat it speaks to them (Emre read
    "Emre is away: a bot plays for them" about himself)."""
    kind, name = remark["kind"], remark["name"]
    yours = reader is not None and remark["seat"] == reader
    if kind == Remark.TIME_RAN_OUT:
        return time_ran_out_text(name, remark["card"], yours=yours)
    if yours and kind == Remark.LEFT:
        return _("You left the game: a bot played your cards.")
    if yours and kind == Remark.BACK:
        return _("You are back at the table.")
    if yours:
        return _("You were away: a bot played your cards.")
    if kind == Remark.LEFT:
        return _("%(name)s has left the game: a bot plays for them from now on.") % {"name": name}
    if kind == Remark.BACK:
        return _("%(name)s is back at the table.") % {"name": name}
    return _("%(name)s is away: a bot plays for them until they are back.") % {"name": name}


def remarks_for(table: Table, deal: int, reader: int | None) -> list[dict]:
    """This deal's remarks as ``reader``'s seat reads them, each with its place among the
    plays and an id the page keeps so that it logs each once (the same ones come in every
    frame of the deal)."""
    return [
        {"id": index, "after": remark["after"], "text": remark_text(remark, reader)}
        for index, remark in enumerate(table.remarks)
        # the timer's card is said by its own numbered line ("Time ran out, a bot for
        # Ayşe: …"): a remark above it said the same again on every timeout (review 7)
        if remark["deal"] == deal and remark["kind"] != Remark.TIME_RAN_OUT
    ]


def frame_for(table: Table, seat: int | None) -> dict:
    """The state message for the connection of ``seat`` (``None``: a watcher)."""
    match = shown_match(table)
    frame = {
        "type": STATE,
        "version": table.version,
        "status": table.status,
        "kind": table.kind,
        "seat": seat,
        "timer": table.timer,
        "deadline_ms": None,
        "view": None,
        "deal_over": False,
        "deals": [],
        "totals": [],
        "winners": [],
        "deal_end": "",  # HTML, only once the deal is over
    }
    state = None
    if match is not None:
        state = match.current or (match.finished[-1] if match.finished else None)
        frame["deals"] = match.points
        frame["totals"] = match.totals
        frame["winners"] = list(match.outcome.winners) if match.outcome.over else []
        frame["deal_over"] = match.current is None
    to_move = state.current_player if state is not None and not state.is_over else None
    frame["to_move"] = to_move
    frame["seats"] = [seat_summary(table, i, to_move) for i in range(len(table.seats))]
    if seat is not None and table.seats[seat].get("covered"):
        # back at the table after a bot stood in: said until the player's own next card
        frame["welcome_back"] = _(
            "Welcome back: a bot played for you while you were away. Your seat is yours again."
        )
    if state is not None:
        view = view_for(state, seat if seat is not None else 0, match.totals).to_dict()
        if seat is None:
            for key in PRIVATE_VIEW_FIELDS:
                view.pop(key)
        frame["view"] = view
        frame["words"] = card_words_for(view)
        names = {entry["seat"]: entry["name"] for entry in frame["seats"]}
        frame["deal"] = len(match.finished) + (match.current is not None)
        frame["match_number"] = table.match_number  # "Play again" starts at deal 1 again
        frame["remarks"] = remarks_for(table, frame["deal"], seat)
        frame["goal"] = match_goal(match.rules)
        frame["steps"] = all_steps(
            state, names, seat, stand_in_plays(table, frame["deal"], state.events)
        )
        frame["sides"] = side_scores(match, state, names, seat)
        frame["html"] = board_html(table, match, state, seat, names)
        if match.current is not None and 0 < len(state.events) < state.players:
            # the deal's opening table, for a page that showed the last deal to play the
            # first plays (the seats before yours) on
            frame["opening_html"] = board_html(table, match, state.replayed(0), seat, names)
        if frame["deal_over"]:
            frame["deal_end"] = deal_end_html(table, match, seat, names)
    if table.deadline is not None:
        left = (table.deadline - timezone.now()).total_seconds()
        frame["deadline_ms"] = max(0, int(left * 1000))
    return frame
