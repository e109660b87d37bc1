"""The card table as one seat sees it, shared by the tutorial and the practice game.

Built from :func:`pisti.view_for` only, so no page can show another hand, the stock
order or a face-down card.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from pisti import view_for
from pisti.cards import card_name
from rules.cardwords import card_words, cards_words
from rules.svg import backs_svg, card_svg, row_svg


def seat_names(players: int, partnerships: bool = False) -> dict[int, str]:
    if players == 4 and partnerships:
        return {0: _("You"), 1: _("Left opponent"), 2: _("Your partner"),
                3: _("Right opponent")}
    if players == 4:
        return {0: _("You"), 1: _("Left player"), 2: _("Opposite player"),
                3: _("Right player")}
    if players == 3:
        return {0: _("You"), 1: _("Left opponent"), 2: _("Right opponent")}
    return {0: _("You"), 1: _("Your opponent")}


def describe_event(event, names) -> str:
    who, card = names[event.seat], card_words(event.card)
    count = event.captured
    if event.jack_pisti:
        text = ngettext("%(who)s: %(card)s — jack pişti! %(count)d card taken.",
                        "%(who)s: %(card)s — jack pişti! %(count)d cards taken.", count)
    elif event.pisti:
        text = ngettext("%(who)s: %(card)s — pişti! %(count)d card taken.",
                        "%(who)s: %(card)s — pişti! %(count)d cards taken.", count)
    elif count:
        text = ngettext("%(who)s: %(card)s takes %(count)d card.",
                        "%(who)s: %(card)s takes %(count)d cards.", count)
    else:
        text = _("%(who)s: %(card)s, no capture.")
    return text % {"who": who, "card": card, "count": count}


def present_table(state, seat: int = 0, *, playable: bool, match_totals=()) -> dict:
    """The template's view of the table for ``seat``."""
    view = view_for(state, seat, match_totals)
    names = seat_names(view.players, view.rules.partnerships)
    face_down = view.pile_size - len(view.pile_face_up)
    pile_label = (
        ngettext("Table: %(down)d face-down card, face up: %(up)s.",
                 "Table: %(down)d face-down cards, face up: %(up)s.", face_down)
        % {"down": face_down, "up": cards_words(view.pile_face_up)}
        if view.pile_size else _("The table is empty.")
    )
    hand = [
        {"number": i, "name": card_name(c), "card": c, "words": card_words(c),
         "svg": card_svg(c)}
        for i, c in enumerate(sorted(view.hand), start=1)
    ]
    others = [
        {"seat": other, "name": names[other], "count": size,
         "svg": backs_svg(size, ngettext("%(n)d card", "%(n)d cards", size) % {"n": size})
         if size else ""}
        for other, size in enumerate(view.hand_sizes) if other != seat
    ]
    side = view.side
    return {
        "view": view,
        "pile_svg": row_svg([("pile", face_down, list(view.pile_face_up))], pile_label)
        if view.pile_size else "",
        "pile_label": pile_label,
        "pile_size": view.pile_size,
        "face_down": face_down,
        "top": card_words(view.top) if view.top is not None else None,
        "hand": hand,
        "playable": playable,
        "others": others,
        "stock": view.stock,
        "captured_ours": view.captured_cards[side],
        "captured_theirs": sum(view.captured_cards) - view.captured_cards[side],
    }
