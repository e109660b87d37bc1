"""Search bots: ``hard`` and ``expert`` sample the hidden cards and play each candidate out.

A sampled world deals the cards this seat has not seen (other hands, face-down cards, the
stock) consistently with its view: hand sizes, stock size, face-down count. Each candidate
card is played in every world (the same worlds for every candidate, so luck cancels) and
the deal is finished by a fast rollout policy; the card with the best average wins.
``expert`` adds more worlds, a counting rollout policy, an exact search of the last cards
and an eye on the match score.
"""

from __future__ import annotations

import random
from itertools import combinations

from ..cards import JACK
from ..position import build_position
from ..scoring import majority_side
from ..state import GameState
from ..view import PlayerView
from .heuristics import card_points, unseen_cards

MATCH_WEIGHT = 10.0


class SearchBot:
    samples = 12
    smart_rollouts = False
    exact_endgame = False
    match_aware = False

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView) -> int:
        hand = sorted(view.hand)
        if len(hand) == 1:
            return hand[0]
        values = self._endgame(view, hand) if self.exact_endgame else None
        if values is None:
            values = self._sampled(view, hand)
        return max(hand, key=lambda c: (values[c], -c))

    # -- sampling ----------------------------------------------------------------------

    def _sampled(self, view: PlayerView, hand: list[int]) -> dict[int, float]:
        totals = dict.fromkeys(hand, 0.0)
        unseen = unseen_cards(view)
        points = _points_table(view.rules)
        for _ in range(self.samples):
            self.rng.shuffle(unseen)
            world = _world(view, unseen)
            for card in hand:
                trial = world.copy()
                trial.play(card)
                _roll_out(trial, points, self.smart_rollouts, view)
                totals[card] += self._utility(trial, view, points)
        return totals

    def _utility(self, world: GameState, view: PlayerView, points) -> float:
        rules = view.rules
        counts = [view.captured_cards[s] + len(c) for s, c in enumerate(world.captured)]
        winner = majority_side(counts)
        gains = [
            sum(points[c] for c in captured)
            + world.pisti[side] * rules.pisti_points
            + world.jack_pisti[side] * rules.jack_pisti_points
            + (rules.majority_bonus if side == winner else 0)
            for side, captured in enumerate(world.captured)
        ]
        mine = view.side
        others = [g for s, g in enumerate(gains) if s != mine]
        value = gains[mine] - sum(others) / len(others)
        if self.match_aware and any(view.match_totals):
            value += _match_term(view, gains)
        return value

    # -- exact search of the last cards --------------------------------------------------

    def _endgame(self, view: PlayerView, hand: list[int]) -> dict[int, float] | None:
        """With two players, the stock empty and few cards left, try every possible
        opponent hand and search each to the end; average over those hands."""
        if view.players != 2 or view.stock or len(hand) > 3:
            return None
        if view.pile_size != len(view.pile_face_up):
            return None  # face-down cards still on the table: sample instead
        opponent = 1 - view.seat
        size = view.hand_sizes[opponent]
        unseen = unseen_cards(view)
        if len(unseen) > 12:
            return None
        points = _points_table(view.rules)
        totals = dict.fromkeys(hand, 0.0)
        for their_hand in combinations(unseen, size):
            world = _world(view, list(their_hand) + [c for c in unseen if c not in their_hand])
            for card in hand:
                trial = world.copy()
                trial.play(card)
                totals[card] += self._minimax(trial, view, points)
        return totals

    def _minimax(self, state: GameState, view: PlayerView, points) -> float:
        if state.current_player is None:
            return self._utility(state, view, points)
        mine = state.current_player == view.seat
        best = None
        for card in sorted(set(state.hands[state.current_player])):
            child = state.copy()
            child.play(card)
            value = self._minimax(child, view, points)
            if best is None or (value > best if mine else value < best):
                best = value
        return best


class HardBot(SearchBot):
    """Sampling search with greedy rollouts."""

    samples = 12


class ExpertBot(SearchBot):
    """More samples, counting rollouts, exact search at the end, match-aware."""

    samples = 40
    smart_rollouts = True
    exact_endgame = True
    match_aware = True


def _points_table(rules) -> list[int]:
    return [card_points(c, rules) for c in range(52)]


def _world(view: PlayerView, unseen: list[int]) -> GameState:
    """A full position consistent with ``view``, hidden cards dealt from ``unseen``."""
    hands, i = [], 0
    for seat, size in enumerate(view.hand_sizes):
        if seat == view.seat:
            hands.append(list(view.hand))
        else:
            hands.append(unseen[i : i + size])
            i += size
    face_down = view.pile_size - len(view.pile_face_up)
    pile = unseen[i : i + face_down] + list(view.pile_face_up)
    i += face_down
    stock = unseen[i : i + view.stock]
    return build_position(
        GameState, view.rules, dealer=view.dealer, to_move=view.seat, hands=hands, pile=pile,
        face_down=face_down, stock=stock, captured=None, pisti=None, jack_pisti=None,
        last_capture_side=view.last_capture_side,
    )


def _roll_out(state: GameState, points, smart: bool, view: PlayerView) -> None:
    """Finish the deal with a fast policy for every seat."""
    played = [0] * 13
    if smart:
        for card in view.seen:
            played[card >> 2] += 1
    while state.current_player is not None:
        hand = state.hands[state.current_player]
        card = hand[0] if len(hand) == 1 else _rollout_move(state, hand, points, smart, played)
        state.play(card)
        played[card >> 2] += 1


def _rollout_move(state: GameState, hand, points, smart: bool, played) -> int:
    pile = state.pile
    jack = None
    if pile:
        top = pile[-1] >> 2
        for card in hand:
            rank = card >> 2
            if rank == top and rank != JACK:
                return card
            if rank == JACK:
                jack = card
        if jack is not None and (len(pile) >= 4 or sum(points[c] for c in pile) >= 2):
            return jack
    best, best_key = None, None
    for card in hand:
        rank = card >> 2
        if rank == JACK and len(hand) > 1:
            continue
        # Cheap cards first; with counting, ranks already seen are safer to leave.
        key = points[card] * 2 - (played[rank] if smart else 0) + (rank == JACK) * 9
        if best is None or key < best_key:
            best, best_key = card, key
    return best if best is not None else hand[0]


def _match_term(view: PlayerView, gains: list[float]) -> float:
    """A bonus for finishing the match ahead, a penalty for letting another side do so."""
    target = view.rules.target
    totals = [t + g for t, g in zip(view.match_totals, gains, strict=True)]
    mine = view.side
    best_other = max(t for s, t in enumerate(totals) if s != mine)
    if totals[mine] >= target and totals[mine] > best_other:
        return MATCH_WEIGHT
    if best_other >= target and best_other > totals[mine]:
        return -MATCH_WEIGHT
    return 0.0
