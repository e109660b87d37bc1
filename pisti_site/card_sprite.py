"""The card faces and the back as one SVG symbol sprite, ``static/img/cards.svg``.

Every table draws a card as ``<svg><use href="…/cards.svg#AS"/></svg>``: the browser
downloads the 53 drawings once and caches them, pages stay small, and the same file works
without JavaScript. The sprite is generated here (``python -m pisti_site.card_sprite``
rewrites it) and a test checks the committed file matches, so faces are never hand-edited.

Each face has its rank and suit in two opposite corners, the usual pip layout for ace to
ten, and for the court cards a tinted panel with a crown (king), a tiara (queen) or a
feathered cap (jack) above a large letter, so they tell apart at a glance.
"""

from __future__ import annotations

from pathlib import Path

from pisti.cards import CARD_NAMES

WIDTH, HEIGHT = 100, 140
SPRITE = Path(__file__).resolve().parents[1] / "static" / "img" / "cards.svg"
RED, BLACK = "#c3171d", "#1b1b1f"
SERIF = "Georgia,'DejaVu Serif','Times New Roman',serif"

# Suit shapes on a 20×20 box.
SUIT_SHAPES = {
    "H": '<path d="M10 18.5C7 15.6 1 11.6 1 6.6 1 3.6 3.3 1.5 6 1.5c1.9 0 3.3 1 4 2.6'
    '.7-1.6 2.1-2.6 4-2.6 2.7 0 5 2.1 5 5.1 0 5-6 9-9 11.9z"/>',
    "D": '<path d="M10 .8 17.6 10 10 19.2 2.4 10z"/>',
    "S": '<path d="M10 1C7.6 4.6 1.6 8.2 1.6 12.2c0 2.3 1.8 4 4 4 1.6 0 2.8-.7 3.5-1.8'
    "-.2 2-1 3.4-2.6 4.6h7c-1.6-1.2-2.4-2.6-2.6-4.6.7 1.1 1.9 1.8 3.5 1.8 2.2 0 4-1.7"
    ' 4-4C18.4 8.2 12.4 4.6 10 1z"/>',
    "C": '<circle cx="10" cy="5.4" r="4.3"/><circle cx="5" cy="11.4" r="4.3"/>'
    '<circle cx="15" cy="11.4" r="4.3"/><path d="M9 10h2l1.6 9H7.4z"/>',
}

# Pip centres for ace to ten on the 100×140 face; pips below the middle are turned over.
_L, _M, _R = 31, 50, 69
PIPS = {
    "2": [(_M, 30), (_M, 110)],
    "3": [(_M, 30), (_M, 70), (_M, 110)],
    "4": [(_L, 30), (_R, 30), (_L, 110), (_R, 110)],
    "5": [(_L, 30), (_R, 30), (_M, 70), (_L, 110), (_R, 110)],
    "6": [(_L, 30), (_R, 30), (_L, 70), (_R, 70), (_L, 110), (_R, 110)],
    "7": [(_L, 30), (_R, 30), (_M, 50), (_L, 70), (_R, 70), (_L, 110), (_R, 110)],
    "8": [(_L, 30), (_R, 30), (_M, 50), (_L, 70), (_R, 70), (_M, 90), (_L, 110), (_R, 110)],
    "9": [
        (_L, 30),
        (_R, 30),
        (_L, 56),
        (_R, 56),
        (_M, 70),
        (_L, 84),
        (_R, 84),
        (_L, 110),
        (_R, 110),
    ],
    "T": [
        (_L, 30),
        (_R, 30),
        (_M, 43),
        (_L, 56),
        (_R, 56),
        (_L, 84),
        (_R, 84),
        (_M, 97),
        (_L, 110),
        (_R, 110),
    ],
}

COURT = {
    # tint of the panel, headwear drawn in the suit colour with a gold fill
    "K": (
        "#fbeec4",
        '<path d="M34 50 38 30l8 10 4-14 4 14 8-10 4 20z" fill="#e7b10a"/>'
        '<rect x="34" y="50" width="32" height="5" fill="#e7b10a"/>',
    ),
    "Q": (
        "#fbe1ea",
        '<path d="M36 52c0-10 6-18 14-18s14 8 14 18z" fill="#e7b10a"/>'
        '<circle cx="50" cy="31" r="4" fill="#fff" />'
        '<circle cx="42" cy="44" r="2.5" fill="#fff"/>'
        '<circle cx="58" cy="44" r="2.5" fill="#fff"/>',
    ),
    "J": (
        "#e0ecfb",
        '<path d="M33 52c2-12 10-17 20-17 7 0 12 4 14 10l-10 2z" fill="#e7b10a"/>'
        '<path d="M52 36c6-8 14-10 18-8-4 2-8 6-10 12z" fill="#fff"/>',
    ),
}


def _suit(suit: str, x: float, y: float, size: float, flip: bool = False) -> str:
    turn = f' transform="rotate(180 {x:g} {y:g})"' if flip else ""
    half = size / 2
    return (
        f'<use href="#suit-{suit}" x="{x - half:g}" y="{y - half:g}" width="{size:g}" '
        f'height="{size:g}"{turn}/>'
    )


def _index(rank: str, suit: str) -> str:
    """Rank and suit in the top-left corner, and the same turned over bottom-right."""
    label = "10" if rank == "T" else rank
    spacing = ' letter-spacing="-3" font-size="18"' if rank == "T" else ' font-size="21"'
    corner = (
        f'<text x="11" y="24" font-weight="700" text-anchor="middle"'
        f"{spacing}>{label}</text>{_suit(suit, 11, 34, 13)}"
    )
    return f'{corner}<g transform="rotate(180 50 70)">{corner}</g>'


def _centre(rank: str, suit: str, colour: str) -> str:
    if rank == "A":
        return _suit(suit, 50, 70, 44)
    if rank in PIPS:
        return "".join(_suit(suit, x, y, 19, flip=y > 70) for x, y in PIPS[rank])
    tint, headwear = COURT[rank]
    return (
        f'<rect x="24" y="22" width="52" height="96" rx="4" fill="{tint}" stroke="{colour}" '
        f'stroke-width="1.5"/><g stroke="{colour}" stroke-width="1.5">{headwear}</g>'
        f'<text x="50" y="92" font-size="34" font-weight="700" text-anchor="middle">{rank}</text>'
        f"{_suit(suit, 50, 106, 14)}"
    )


def face(name: str) -> str:
    rank, suit = name[0], name[1]
    colour = RED if suit in "DH" else BLACK
    return (
        f'<symbol id="{name}" viewBox="0 0 {WIDTH} {HEIGHT}">'
        f'<rect x=".5" y=".5" width="99" height="139" rx="7" fill="#fff" stroke="#8a8a8a"/>'
        f'<g fill="{colour}" font-family="{SERIF}">{_index(rank, suit)}'
        f"{_centre(rank, suit, colour)}</g></symbol>"
    )


def _lattice() -> str:
    """Small diamonds in rows, the classic back pattern, without a <pattern> element
    (a pattern inside an externally used symbol is not drawn by every browser)."""
    marks = []
    for row in range(13):
        for col in range(9):
            x, y = 14 + col * 9 + (4.5 if row % 2 else 0), 15 + row * 9.2
            if x < 88:
                marks.append(f"M{x:g} {y - 3.5:g}l3.5 3.5-3.5 3.5-3.5-3.5z")
    return "".join(marks)


def back() -> str:
    return (
        f'<symbol id="back" viewBox="0 0 {WIDTH} {HEIGHT}">'
        '<rect x=".5" y=".5" width="99" height="139" rx="7" fill="#fff" stroke="#8a8a8a"/>'
        '<rect x="6" y="6" width="88" height="128" rx="4" fill="#7a1f2b"/>'
        f'<path d="{_lattice()}" fill="#a8434f"/>'
        '<rect x="10" y="10" width="80" height="120" rx="3" fill="none" stroke="#f3d9a4" '
        'stroke-width="1.5"/></symbol>'
    )


def sprite() -> str:
    suits = "".join(
        f'<symbol id="suit-{s}" viewBox="0 0 20 20">{shape}</symbol>'
        for s, shape in SUIT_SHAPES.items()
    )
    faces = "".join(face(name) for name in CARD_NAMES)
    return f'<svg xmlns="http://www.w3.org/2000/svg"><defs>{suits}</defs>{faces}{back()}</svg>\n'


if __name__ == "__main__":
    SPRITE.write_text(sprite(), encoding="utf-8")
    print(f"wrote {SPRITE} ({SPRITE.stat().st_size} bytes)")
