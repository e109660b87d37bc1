"""Cards drawn as inline SVG: no image downloads, and a text alternative for each drawing."""

from __future__ import annotations

from django.utils.html import escape

from pisti.cards import RANKS

CARD_W, CARD_H = 50, 70
_SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
_RED = {"D", "H"}


def rank_sign(card: int) -> str:
    """The rank as a card's corner shows it: "10", "Q", "7"."""
    rank = RANKS[card >> 2]
    return "10" if rank == "T" else rank


def card_sign(card: int) -> str:
    """A card's corner index in text ("10♦", "Q♥"): the drawings' label and symbol, and the
    short form a seat's last play is written in (board.js writes the same from a step)."""
    return rank_sign(card) + _SUIT_SYMBOLS["CDHS"[card & 3]]


def _face(card: int, x: int, y: int, highlight: bool = False) -> str:
    suit = "CDHS"[card & 3]
    label = rank_sign(card)
    colour = "card-red" if suit in _RED else "card-black"
    ring = " card-played" if highlight else ""
    symbol = _SUIT_SYMBOLS[suit]
    return (
        f'<g class="card {colour}{ring}" transform="translate({x} {y})">'
        f'<rect width="{CARD_W}" height="{CARD_H}" rx="5"/>'
        f'<text x="5" y="16" class="card-rank">{label}</text>'
        f'<text x="5" y="30" class="card-suit-small">{symbol}</text>'
        f'<text x="{CARD_W // 2}" y="52" class="card-suit" text-anchor="middle">{symbol}</text>'
        "</g>"
    )


def _back(x: int, y: int) -> str:
    return (
        f'<g class="card card-back" transform="translate({x} {y})">'
        f'<rect width="{CARD_W}" height="{CARD_H}" rx="5"/>'
        f'<rect x="5" y="5" width="{CARD_W - 10}" height="{CARD_H - 10}" rx="3" '
        'class="card-back-inner"/>'
        "</g>"
    )


def row_svg(groups, label: str) -> str:
    """One line of card groups, e.g. ``[("pile", face_down, cards), ("played", 0, [c])]``.

    Each group is ``(kind, face_down_count, face_up_cards)``; cards within a group overlap
    like a fanned pile, groups stand apart. ``label`` is the drawing's text alternative.
    """
    parts, x = [], 4
    for kind, face_down, cards in groups:
        step = 18 if kind == "pile" else CARD_W + 6
        count = face_down + len(cards)
        for i in range(face_down):
            parts.append(_back(x + i * step, 4))
        for i, card in enumerate(cards):
            parts.append(_face(card, x + (face_down + i) * step, 4, highlight=kind == "played"))
        if count:
            x += (count - 1) * step + CARD_W + 22
    width = max(x - 18, CARD_W + 8)
    height = CARD_H + 8
    return (
        f'<svg class="cards" viewBox="0 0 {width} {height}" width="{width}" height="{height}" '
        f'role="img" aria-label="{escape(label)}" focusable="false">' + "".join(parts) + "</svg>"
    )


def card_svg(card: int, label: str = "") -> str:
    """One card, for hands and buttons; ``label`` empty when the button names the card."""
    role = f'role="img" aria-label="{escape(label)}"' if label else 'aria-hidden="true"'
    return (
        f'<svg class="card-one" viewBox="0 0 {CARD_W + 2} {CARD_H + 2}" width="{CARD_W + 2}" '
        f'height="{CARD_H + 2}" {role} focusable="false">{_face(card, 1, 1)}</svg>'
    )
