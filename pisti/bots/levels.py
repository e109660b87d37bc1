"""The view-only bots below the search bots: ``beginner``, ``easy`` and ``medium``.

``medium`` counts cards and weighs each card by what it wins now against what it risks
handing the next player, who may hold a matching card or a jack. Its judgement lives in
:class:`Evaluator`, which the search bots reuse as their rollout policy.
"""

from __future__ import annotations

import random

from ..cards import JACK
from ..view import PlayerView
from .heuristics import (
    MAJORITY_SHARE,
    capture_kind_from,
    chance_holds,
    pisti_value,
    points_table,
    rank_counts,
    unseen_cards,
)
from .simple import GreedyBot


class BeginnerBot:
    """Takes an obvious match, otherwise plays at random, jacks included."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView) -> int:
        hand = sorted(view.hand)
        top = view.top
        if top is not None:
            matches = [c for c in hand if c >> 2 == top >> 2 and c >> 2 != JACK]
            if matches:
                return self.rng.choice(matches)
        return self.rng.choice(hand)


class EasyBot(GreedyBot):
    """``easy``: greedy, the best capture now or the least valuable discard."""


class MediumBot:
    """Card counting and risk: keeps jacks for piles worth it, avoids lone cards the next
    player can pişti, plays ranks already seen three times, aims for the last capture."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: PlayerView) -> int:
        hand = sorted(view.hand)
        if len(hand) == 1:
            return hand[0]
        return Evaluator.from_view(view).best(hand)


class Evaluator:
    """The value of each card in hand for one decision, from counts a seat may know."""

    __slots__ = (
        "rules",
        "pile_size",
        "top",
        "pool",
        "unseen_ranks",
        "next_hand",
        "pile_points",
        "jack_reserve",
        "plays_left",
        "points",
    )

    def __init__(
        self,
        rules,
        *,
        pile_face_up,
        pile_size,
        unseen_ranks,
        pool,
        unseen_points,
        next_hand,
        plays_left,
        my_turns_left,
        last_round,
        points,
    ) -> None:
        self.rules = rules
        self.points = points
        self.pile_size = pile_size
        self.top = pile_face_up[-1] if pile_face_up else None
        self.pool = pool
        self.unseen_ranks = unseen_ranks
        self.next_hand = next_hand
        self.plays_left = plays_left
        mean_unseen = unseen_points / pool if pool else 0.0
        face_down = pile_size - len(pile_face_up)
        self.pile_points = sum(points[c] for c in pile_face_up) + face_down * mean_unseen
        self.jack_reserve = 0.0 if my_turns_left == 0 else (4.0 if last_round else 1.8)

    @classmethod
    def from_view(cls, view: PlayerView) -> Evaluator:
        points = points_table(view.rules)
        unseen = unseen_cards(view)
        return cls(
            view.rules,
            pile_face_up=view.pile_face_up,
            pile_size=view.pile_size,
            unseen_ranks=rank_counts(unseen),
            pool=len(unseen),
            unseen_points=sum(points[c] for c in unseen),
            next_hand=view.hand_sizes[(view.seat + 1) % view.players],
            plays_left=view.plays_left,
            my_turns_left=len(view.hand) - 1 + view.stock // view.players,
            last_round=view.stock == 0,
            points=points,
        )

    def best(self, hand) -> int:
        return max(hand, key=lambda c: (self.value(c), -c))

    def value(self, card: int) -> float:
        rules, points = self.rules, self.points
        jack = card >> 2 == JACK
        top = self.top
        if (top is not None and (jack or top >> 2 == card >> 2)) or (
            self.pile_size == 0 and jack and rules.jack_on_empty_table
        ):
            bonus = pisti_value(
                capture_kind_from(rules, self.pile_size, top, card, self.plays_left), rules
            )
            gain = self.pile_points + points[card] + MAJORITY_SHARE * (self.pile_size + 1)
            if jack and bonus == 0:
                gain -= self.jack_reserve
            return gain + bonus
        # A discard: the pile grows by this card and the next player may take it.
        if self.next_hand == 0:
            return -points[card] * 0.1 - (self.jack_reserve if jack else 0.0)
        match = chance_holds(self.unseen_ranks[card >> 2], self.pool, self.next_hand)
        jacks = 0.0 if jack else chance_holds(self.unseen_ranks[JACK], self.pool, self.next_hand)
        at_stake = self.pile_points + points[card] + MAJORITY_SHARE * (self.pile_size + 1)
        jack_appeal = min(1.0, at_stake / 3.0)
        taken = 1.0 - (1.0 - match) * (1.0 - jacks * jack_appeal)
        loss = taken * at_stake
        if self.pile_size == 0 and not (self.plays_left == 2 and not rules.last_card_pisti):
            loss += match * rules.pisti_points
        if jack:
            loss += self.jack_reserve
        return -loss


def medium_choice(
    hand,
    rules,
    points,
    pile,
    face_down: int,
    unseen_ranks,
    pool: int,
    unseen_points: float,
    next_hand: int,
    plays_left: int,
    my_turns_left: int,
    last_round: bool,
    face_up_points: int | None = None,
) -> int:
    """``Evaluator(...).best(hand)`` without building an object: the search bots' rollouts
    call it hundreds of thousands of times a move. The arithmetic is the evaluator's, step
    for step and in the same order, so the choice is always the same card (a test holds
    the two to that). ``face_up_points``, the points of the face-up pile, can be passed in
    by a caller that keeps a running total."""
    pile_size = len(pile)
    top = pile[-1] if pile_size > face_down else None
    mean_unseen = unseen_points / pool if pool else 0.0
    if face_up_points is None:
        face_up_points = sum(points[c] for c in pile[face_down:])
    pile_points = face_up_points + face_down * mean_unseen
    jack_reserve = 0.0 if my_turns_left == 0 else (4.0 if last_round else 1.8)
    share = MAJORITY_SHARE * (pile_size + 1)
    top_rank = top >> 2 if top is not None else -1
    jack_on_empty = pile_size == 0 and rules.jack_on_empty_table
    jacks_chance = None
    discard_pisti = pile_size == 0 and not (plays_left == 2 and not rules.last_card_pisti)
    best, best_key = None, None
    for card in hand:
        rank = card >> 2
        jack = rank == JACK
        if (top is not None and (jack or top_rank == rank)) or (jack and jack_on_empty):
            bonus = pisti_value(capture_kind_from(rules, pile_size, top, card, plays_left), rules)
            gain = pile_points + points[card] + share
            if jack and bonus == 0:
                gain -= jack_reserve
            value = gain + bonus
        elif next_hand == 0:
            value = -points[card] * 0.1 - (jack_reserve if jack else 0.0)
        else:
            match = chance_holds(unseen_ranks[rank], pool, next_hand)
            if jack:
                jacks = 0.0
            else:
                if jacks_chance is None:
                    jacks_chance = chance_holds(unseen_ranks[JACK], pool, next_hand)
                jacks = jacks_chance
            at_stake = pile_points + points[card] + share
            jack_appeal = min(1.0, at_stake / 3.0)
            taken = 1.0 - (1.0 - match) * (1.0 - jacks * jack_appeal)
            loss = taken * at_stake
            if discard_pisti:
                loss += match * rules.pisti_points
            if jack:
                loss += jack_reserve
            value = -loss
        key = (value, -card)
        if best_key is None or key > best_key:
            best, best_key = card, key
    return best
