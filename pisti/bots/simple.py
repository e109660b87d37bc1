"""The two simple bots: uniformly random, and greedy (best capture now, cheapest discard)."""

from __future__ import annotations

import random

from ..cards import JACK, TEN_OF_DIAMONDS, TWO_OF_CLUBS
from ..state import JACK_PISTI, NO_PISTI, PISTI, pisti_kind
from ..view import PlayerView


def card_points(card: int, rules) -> int:
    """What a card is worth to whoever takes it."""
    if card == TWO_OF_CLUBS:
        return rules.two_of_clubs_points
    if card == TEN_OF_DIAMONDS:
        return rules.ten_of_diamonds_points
    return 1 if card >> 2 in (0, JACK) else 0


def captures(view: PlayerView, card: int) -> bool:
    top = view.top
    if top is None:
        return card >> 2 == JACK and view.rules.jack_on_empty_table
    return card >> 2 == JACK or top >> 2 == card >> 2


def capture_kind(view: PlayerView, card: int) -> int:
    """The pişti a capture with ``card`` would score, as the engine would rule it."""
    rules = view.rules
    last_card = view.plays_left == 1
    if last_card and not rules.last_card_pisti:
        return NO_PISTI
    if view.pile_size == 0:
        return PISTI if card >> 2 == JACK and rules.jack_on_empty_table else NO_PISTI
    if view.pile_size == 1 and view.top is not None:
        return pisti_kind(rules, view.top, card)
    return NO_PISTI


def capture_value(view: PlayerView, card: int) -> float:
    """Points in sight for capturing with ``card``: the pile's known cards, a pişti, a
    little per card. The played card's own value is left out: it is kept either way."""
    rules = view.rules
    kind = capture_kind(view, card)
    bonus = {NO_PISTI: 0, PISTI: rules.pisti_points, JACK_PISTI: rules.jack_pisti_points}[kind]
    known = sum(card_points(c, rules) for c in view.pile_face_up)
    return bonus + known + 0.1 * (view.pile_size + 1)


class RandomBot:
    """A uniformly random legal card."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView) -> int:
        return self.rng.choice(sorted(view.hand))


class GreedyBot:
    """Takes the most valuable capture (a non-jack when it is worth as much), otherwise
    throws away its least valuable card, keeping jacks."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: PlayerView) -> int:
        hand = sorted(view.hand)
        options = [c for c in hand if captures(view, c)]
        if options:
            return max(options, key=lambda c: (capture_value(view, c), c >> 2 != JACK, -c))
        return min(hand, key=lambda c: (c >> 2 == JACK, card_points(c, view.rules), c))
