"""Laying out a deal from a deck order and shuffling a new one
(docs/engine.md, "A deal, from its deck")."""

from __future__ import annotations

import random
from dataclasses import dataclass

from .cards import FULL_DECK, JACK
from .rules import Rules

HAND_SIZE = 4
TABLE_SIZE = 4


class InvalidDeck(ValueError):
    """A deck that is not a permutation of the 52 cards."""


@dataclass(frozen=True)
class Layout:
    """The table at the start of a deal and the stock that the hands are dealt from."""

    table: tuple[int, ...]  # bottom to top
    face_down: int  # how many of the table's bottom cards are face down
    stock: tuple[int, ...]  # in dealing order, returned jacks at the end
    returned_jacks: tuple[int, ...]

    @property
    def face_up(self) -> tuple[int, ...]:
        return self.table[self.face_down :]


def check_deck(deck) -> tuple[int, ...]:
    deck = tuple(deck)
    if len(deck) != 52 or set(deck) != set(FULL_DECK):
        from .cards import card_name

        seen: set[int] = set()
        for card in deck:
            if card in seen:
                raise InvalidDeck(f"deck holds {card_name(card)} twice")
            seen.add(card)
        missing = [card_name(c) for c in FULL_DECK if c not in seen]
        raise InvalidDeck(f"deck must hold each of the 52 cards once; missing {', '.join(missing)}")
    return deck


def lay_out(deck: tuple[int, ...], rules: Rules) -> Layout:
    """Put four cards on the table and, by default, send a face-up jack under the stock.

    A record whose ``deck[3]`` is a jack is replayed this way: the jack goes to the bottom
    of the stock and the next stock card is turned up in its place, as often as needed.
    """
    table = list(deck[:TABLE_SIZE])
    stock = list(deck[TABLE_SIZE:])
    returned = []
    if rules.face_up_jack == "return":
        while table[-1] >> 2 == JACK:
            returned.append(table[-1])
            stock.append(table[-1])
            table[-1] = stock.pop(0)
    face_down = 3 if rules.opening == "three_down_one_up" else 0
    return Layout(tuple(table), face_down, tuple(stock), tuple(returned))


def rounds_per_deal(players: int) -> int:
    """6 rounds of four with 2 players, 4 with 3, 3 with 4."""
    return (52 - TABLE_SIZE) // (HAND_SIZE * players)


def dealt_hand(stock, players: int, dealer: int, seat: int, round_index: int):
    """The four cards ``seat`` receives in round ``round_index``.

    Dealing starts with the seat after the dealer, each seat taking four in a row.
    """
    offset = (seat - dealer - 1) % players
    start = (round_index * players + offset) * HAND_SIZE
    return stock[start : start + HAND_SIZE]


def shuffled_deck(rng: random.Random, rules: Rules) -> list[int]:
    """A shuffled deck in the order actually drawn.

    When a jack would be turned up and the rules return it, the jack goes back into the
    stock, the stock is reshuffled and the next card turned, as at a real table; the deck
    returned is the order drawn after that, so its fourth card is never a jack.
    """
    deck = list(FULL_DECK)
    rng.shuffle(deck)
    if rules.face_up_jack == "return":
        while deck[3] >> 2 == JACK:
            rest = deck[3:]
            rng.shuffle(rest)
            deck[3:] = rest
    return deck
