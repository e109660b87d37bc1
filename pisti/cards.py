"""Cards as small integers, parsed from and printed as two-character names.

A card is ``rank * 4 + suit`` with ranks ``A 2 3 4 5 6 7 8 9 T J Q K`` (0–12) and suits
``C D H S`` (0–3). Integers keep the engine fast: the expert bot plays out thousands of
deals per move, and comparing ranks is then one shift.
"""

from __future__ import annotations

RANKS = "A23456789TJQK"
SUITS = "CDHS"
JACK = RANKS.index("J")
ACE = RANKS.index("A")

CARD_NAMES: tuple[str, ...] = tuple(r + s for r in RANKS for s in SUITS)
FULL_DECK: tuple[int, ...] = tuple(range(52))

TWO_OF_CLUBS = CARD_NAMES.index("2C")
TEN_OF_DIAMONDS = CARD_NAMES.index("TD")

_BY_NAME = {name: card for card, name in enumerate(CARD_NAMES)}


class InvalidCard(ValueError):
    """A string that does not name one of the 52 cards."""


def rank(card: int) -> int:
    return card >> 2


def suit(card: int) -> int:
    return card & 3


def parse_card(text: str) -> int:
    """Parse ``"TD"``, ``"td"`` or ``"10D"`` into a card; anything else is an error."""
    if not isinstance(text, str):
        raise InvalidCard(f"invalid card {text!r}: expected a string such as 'TD'")
    name = text.upper() if text.isascii() else text  # "ſ".upper() is "S"
    if name.startswith("10"):
        name = "T" + name[2:]
    try:
        return _BY_NAME[name]
    except KeyError:
        raise InvalidCard(
            f"invalid card {text!r}: expected rank {' '.join(RANKS)} (or 10) "
            f"then suit {' '.join(SUITS)}, e.g. 'TD'"
        ) from None


def card_name(card: int) -> str:
    return CARD_NAMES[card]


def card_names(cards) -> list[str]:
    return [CARD_NAMES[c] for c in cards]


def parse_cards(texts) -> list[int]:
    return [parse_card(t) for t in texts]
