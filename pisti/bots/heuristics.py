"""What the stronger bots know about cards: values, what is still unseen, and risk.

Everything here reads a :class:`~pisti.view.PlayerView` (or plain numbers derived from
one), never a state, so a bot that uses it cannot see a hidden card.
"""

from __future__ import annotations

from functools import lru_cache
from math import comb

from ..cards import JACK, TEN_OF_DIAMONDS, TWO_OF_CLUBS
from ..state import JACK_PISTI, NO_PISTI, PISTI, pisti_kind

MAJORITY_SHARE = 3 / 27  # roughly what one captured card is worth towards most cards


def card_points(card: int, rules) -> int:
    if card == TWO_OF_CLUBS:
        return rules.two_of_clubs_points
    if card == TEN_OF_DIAMONDS:
        return rules.ten_of_diamonds_points
    return 1 if card >> 2 in (0, JACK) else 0


def points_table(rules) -> list[int]:
    """Every card's points under ``rules``, indexed by card: one lookup per card later."""
    return [card_points(c, rules) for c in range(52)]


def unseen_cards(view) -> list[int]:
    """Cards this seat has never seen: other hands, the stock and face-down cards."""
    seen = set(view.seen)
    return [c for c in range(52) if c not in seen]


def rank_counts(cards) -> list[int]:
    counts = [0] * 13
    for card in cards:
        counts[card >> 2] += 1
    return counts


@lru_cache(maxsize=4096)
def chance_holds(copies: int, pool: int, hand: int) -> float:
    """Probability that a hand of ``hand`` cards drawn from ``pool`` unseen cards holds at
    least one of ``copies`` particular cards."""
    if copies <= 0 or hand <= 0 or pool <= 0:
        return 0.0
    if hand >= pool:
        return 1.0
    return 1.0 - comb(pool - copies, hand) / comb(pool, hand)


def capture_kind_from(rules, pile_size: int, top, card: int, plays_left: int) -> int:
    """The pişti a capture with ``card`` would score, for a caller that knows the card
    captures (the policies' hot loops): :func:`pisti.state.capture_kind` without the
    check. Outside the bots use that, or ``PlayerView.capture_kind``."""
    if plays_left == 1 and not rules.last_card_pisti:
        return NO_PISTI
    if pile_size == 0:
        return PISTI if card >> 2 == JACK and rules.jack_on_empty_table else NO_PISTI
    if pile_size == 1 and top is not None:
        return pisti_kind(rules, top, card)
    return NO_PISTI


def pisti_value(kind: int, rules) -> int:
    return {NO_PISTI: 0, PISTI: rules.pisti_points, JACK_PISTI: rules.jack_pisti_points}[kind]
