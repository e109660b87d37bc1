"""Deck orders arranged for a purpose: the tutorial's positions, the rules' diagrams, tests.

A deal is fully determined by its deck order and plays, so any position worth showing is
reached by arranging the deck and playing a few cards; the engine then rules on it.
"""

from __future__ import annotations

from .cards import FULL_DECK, parse_card
from .dealing import HAND_SIZE, TABLE_SIZE
from .rules import Rules


def arrange_deck(
    table, hands=None, *, rules: Rules | None = None, dealer: int = 0, stock_rest=()
) -> list[int]:
    """A deck whose table is ``table`` (four cards, bottom to top) and whose hands hold the
    cards given per seat, in the order dealt across rounds (first round first).

    Every other position is filled with ``stock_rest`` first, then the cards left over in
    a fixed order, so the same call always gives the same deck.
    """
    rules = rules or Rules()
    players = rules.players
    table = [parse_card(c) if isinstance(c, str) else c for c in table]
    if len(table) != TABLE_SIZE:
        raise ValueError("the table needs exactly four cards")
    deck: list[int | None] = [None] * 52
    deck[:TABLE_SIZE] = table
    for seat, cards in (hands or {}).items():
        offset = (seat - dealer - 1) % players
        for k, card in enumerate(cards):
            round_index, j = divmod(k, HAND_SIZE)
            position = TABLE_SIZE + (round_index * players + offset) * HAND_SIZE + j
            deck[position] = parse_card(card) if isinstance(card, str) else card
    placed = [c for c in deck if c is not None]
    if len(placed) != len(set(placed)):
        raise ValueError("a card is placed twice")
    preferred = [parse_card(c) if isinstance(c, str) else c for c in stock_rest]
    fill = iter(
        [c for c in preferred if c not in placed]
        + [c for c in FULL_DECK if c not in placed and c not in preferred]
    )
    return [c if c is not None else next(fill) for c in deck]
