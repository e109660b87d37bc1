"""What a player could know besides the table, for the puzzles and "your puzzles" alike:
in the deal's last round who made the last capture so far (it decides the cards left at the
end), the card counter, the opening cards seen and the cards played this deal, in order."""

from __future__ import annotations

from django.utils.translation import gettext as _

from pisti import PlayerView

from .cardwords import card_words
from .counter import card_counter
from .table import side_names_seen_from


def seen_context(view: PlayerView) -> dict:
    """The template context of ``includes/seen.html`` for ``view``."""
    played = [card for _seat, card in view.history]
    opening = [card for card in view.seen if card not in played and card not in view.hand]
    return {
        "played": [card_words(card) for card in played],
        "opening": [card_words(card) for card in opening],
        "counter": card_counter(view),
        "last_capture": last_capture_so_far(view),
    }


def last_capture_so_far(view) -> str:
    """In the deal's last round (the stock gone), who made the last capture so far, said to
    the solver: the cards left on the table at the end go to that side unless someone takes
    again. Shown under the table before any answer: a new player could only work it out by
    counting the cards played."""
    side = view.last_capture_side
    if view.stock or side is None:
        return ""
    if side == view.rules.side_of(view.seat):
        if view.rules.partnerships:
            return _(
                "So far your side made the last capture: if nobody takes again, the cards "
                "left on the table at the end go to your side."
            )
        return _(
            "So far you made the last capture: if nobody takes again, the cards left on the "
            "table at the end go to you."
        )
    return _(
        "%(name)s made the last capture so far: if nobody takes again, the cards left on the "
        "table at the end go to them."
    ) % {"name": side_names_seen_from(view.seat, view.rules)[side]}
