"""What the server sends to one connection: built from the engine's ``view_for`` only.

A player's frame carries the same view object the bots get; a watcher's frame carries that
view with every hand-derived field removed, so no frame can hold another player's hand, the
stock order or a face-down card.
"""

from __future__ import annotations

from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from pisti import view_for
from pisti.cards import card_name
from rules.cardwords import card_words

from .models import Table
from .service import LEVEL_NAMES, load_match

# Fields of a seat's view that come from its own hands; a watcher gets none of them.
PRIVATE_VIEW_FIELDS = ("hand", "seen")


def seat_summary(table: Table, index: int, to_move: int | None) -> dict:
    seat = table.seats[index]
    return {
        "seat": index,
        "kind": seat["kind"],
        "name": seat["name"] or (_("Bot (%(level)s)") % {"level": LEVEL_NAMES[seat["level"]]}
                                 if seat["kind"] == "bot" else ""),
        "level": seat["level"],
        "away": str(index) in table.away and seat["kind"] == "human",
        "stand_in": bool(seat.get("stand_in")),
        "to_move": index == to_move,
    }


_WORDS: dict[str, dict[str, str]] = {}


def words_for(name: str) -> str:
    """A card's spoken name in the active language; built once per language, since every
    frame of every connection needs them."""
    language = get_language() or "en"
    if language not in _WORDS:
        _WORDS[language] = {card_name(c): card_words(c) for c in range(52)}
    return _WORDS[language][name]


def card_words_for(view: dict) -> dict:
    """Spoken names for the cards this frame shows (all of them known to its receiver)."""
    shown = list(view.get("hand", [])) + view["pile_face_up"] + [
        play["card"] for play in view["history"]]
    return {name: words_for(name) for name in dict.fromkeys(shown)}


def frame_for(table: Table, seat: int | None) -> dict:
    """The state message for the connection of ``seat`` (``None``: a watcher)."""
    match = load_match(table)
    frame = {
        "type": "state",
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
    if state is not None:
        view = view_for(state, seat if seat is not None else 0, match.totals).to_dict()
        if seat is None:
            for key in PRIVATE_VIEW_FIELDS:
                view.pop(key)
        frame["view"] = view
        frame["words"] = card_words_for(view)
    if table.deadline is not None:
        left = (table.deadline - timezone.now()).total_seconds()
        frame["deadline_ms"] = max(0, int(left * 1000))
    return frame
