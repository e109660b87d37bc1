"""The analysis' counting play-outs, thousands of worlds at once (NumPy).

:class:`~pisti.bots.counting_playouts.CountingPlayouts` plays one world and one first card
at a time, in a Python loop. Here every (world, first card) pair of a batch is a row of a
few arrays and the deal is played for all rows together: every seat plays in the same
order in every world, so each play is one step of array arithmetic over the rows. A row
gets exactly the totals :meth:`CountingPlayouts._totals` gives for the same world and card
(a test holds the two together on random positions under random rules), so the margins,
the means and the labels stay what they were; only the time changes. The hard decisions,
thousands of worlds for two or three cards, are where the analysis spent its time.

Arrays, for R rows and P seats: ``hands`` (R, P, 4) cards with -1 for a card played,
``held`` (R, P, 13) each hand's count of each rank, ``public`` (R, 13) the ranks everybody
has seen; the pile as its size, face-down count, top rank (-1 on an empty table) and
points; ``totals`` (R, 4 x sides) as in ``CountingPlayouts``.
"""

from __future__ import annotations

import numpy as np

from ..cards import JACK
from ..dealing import HAND_SIZE
from ..state import JACK_PISTI, PISTI
from .counting_playouts import CountingPlayouts
from .playout import hands_and_pile

NONE = -1  # no card, no top rank, no capturing side yet
FAR = 1 << 40  # a key no card has: outside the cards a choice may take


class BatchPlayouts:
    """:class:`CountingPlayouts`' play-outs from one view, for many worlds and first cards
    at once. ``deals`` are orders of the unseen cards (as ``CountingPlayouts.world`` takes
    them); :meth:`margins` plays each card of ``cards`` first in each of them."""

    def __init__(self, playouts: CountingPlayouts) -> None:
        self.playouts = playouts
        view = playouts.view
        self.points = np.array(playouts.points, dtype=np.int64)
        self.keep_keys = np.array(playouts.keep_keys, dtype=np.int64)
        # where each seat's hand, the face-down cards and each later round's hands lie in
        # a deal of the unseen cards
        _hands, _pile, self.face_down, _stock = hands_and_pile(view, list(range(100, 152)))
        self.hand_slots = [
            [card - 100 for card in hand] if seat != view.seat else None
            for seat, hand in enumerate(_hands)
        ]
        self.face_down_slots = [card - 100 for card in _pile[: self.face_down]]
        self.face_up = list(view.pile_face_up)

    def _deal(self, deals: np.ndarray):
        """The arrays of the worlds in ``deals`` (W, unseen): hands, counts, pile."""
        view, worlds = self.playouts.view, len(deals)
        players = view.players
        hands = np.full((worlds, players, HAND_SIZE), NONE, dtype=np.int64)
        for seat, slots in enumerate(self.hand_slots):
            cards = (
                np.array(view.hand)[None, :].repeat(worlds, 0) if slots is None else deals[:, slots]
            )
            hands[:, seat, : cards.shape[1]] = cards
        pile = [deals[:, slot] for slot in self.face_down_slots]
        pile += [np.full(worlds, card, dtype=np.int64) for card in self.face_up]
        pile_points = sum((self.points[cards] for cards in pile), np.zeros(worlds, np.int64))
        top = pile[-1] >> 2 if pile else np.full(worlds, NONE, dtype=np.int64)
        rounds = [
            np.stack([deals[:, start : start + HAND_SIZE] for start in starts], axis=1)
            for starts in self.playouts.dealt_from
        ]
        return hands, rounds, len(pile), top, pile_points

    def margins(self, deals: list[list[int]], cards: list[int]) -> dict[int, list[float]]:
        """For each card of ``cards``, its margin (``CountingPlayouts.margin``) in each deal,
        in the order of ``deals``."""
        playouts, scores = self.playouts, self.playouts.scores
        margins = []
        for row in self.totals(deals, cards):
            margin = scores.get(row)
            if margin is None:
                margin = scores[row] = playouts._score(row)
            margins.append(margin)
        return _by_card(margins, deals, cards)

    def gains(self, deals: list[list[int]], cards: list[int]) -> dict[int, list[list[int]]]:
        """For each card of ``cards``, each side's points from the rest of the deal
        (``outcome_gains`` of ``counting_outcome``) in each deal: what a search that
        values more than the margin (the match score) reads."""
        known: dict[tuple, list[int]] = {}
        gains = []
        for row in self.totals(deals, cards):
            found = known.get(row)
            if found is None:
                found = known[row] = self.playouts.gains(row)
            gains.append(found)
        return _by_card(gains, deals, cards)

    def totals(self, deals: list[list[int]], cards: list[int]) -> list[tuple[int, ...]]:
        """The play-out totals (``CountingPlayouts._totals``') of every card of ``cards``
        in every deal, card-major (every deal for the first card, then the next)."""
        dealt = np.array(deals, dtype=np.int64)
        hands, rounds, pile_size, top, pile_points = self._deal(dealt)
        many = len(cards)
        first = np.repeat(np.array(cards, dtype=np.int64), len(deals))
        totals = self._play(
            np.tile(hands, (many, 1, 1)),
            [np.tile(hand, (many, 1, 1)) for hand in rounds],
            pile_size,
            np.tile(top, many),
            np.tile(pile_points, many),
            first,
        )
        return list(map(tuple, totals.tolist()))

    def next_can_take(self, deals: list[list[int]], cards: list[int]) -> dict[int, int]:
        """For each card of ``cards``, in how many of ``deals`` the next seat holds a card
        that takes the pile it leaves when it takes nothing: one of its rank or a jack (the
        analysis' ``next_takes`` facts)."""
        view = self.playouts.view
        hands, _rounds, pile_size, top, _points = self._deal(np.array(deals, dtype=np.int64))
        following = hands[:, (view.seat + 1) % view.players, :]
        ranks = np.where(following >= 0, following >> 2, NONE)
        counts = {}
        for card in cards:
            rank = card >> 2
            if rank == JACK:
                if pile_size or view.rules.jack_on_empty_table:
                    counts[card] = 0  # the jack takes
                    continue
                leaves = np.ones(len(deals), dtype=bool)
            else:
                leaves = ~((pile_size > self.face_down) & (top == rank))  # else it takes
            holds = ((ranks == rank) | (ranks == JACK)).any(axis=1)
            counts[card] = int((leaves & holds).sum())
        return counts

    def _play(self, hands, rounds, pile_size, top, pile_points, first) -> np.ndarray:
        """Every row's deal played to its end from ``first``: the totals."""
        playouts, view = self.playouts, self.playouts.view
        choosing, points = playouts.choosing, self.points
        rows, players = hands.shape[0], view.players
        every = np.arange(rows)
        sides = playouts.sides
        cards_at, pisti_at, jack_pisti_at = sides, 2 * sides, 3 * sides
        totals = np.tile(np.array(playouts.totals, dtype=np.int64), (rows, 1))
        public = np.tile(np.array(playouts.public, dtype=np.int64), (rows, 1))
        held = _rank_counts(hands)
        pile_size = np.full(rows, pile_size, dtype=np.int64)
        face_down = np.full(rows, self.face_down, dtype=np.int64)
        last_side = np.full(
            rows, NONE if view.last_capture_side is None else view.last_capture_side, np.int64
        )
        plays_left = sum(view.hand_sizes) + len(rounds) * players * HAND_SIZE
        rounds = iter(rounds)
        seat, card = view.seat, first
        while True:
            hand, counts = hands[:, seat, :], held[:, seat, :]
            if card is None:
                card = _counting_cards(
                    hand, counts, public, self.keep_keys, pile_size, face_down, top,
                    plays_left, choosing,
                )  # fmt: skip
            slot = (hand == card[:, None]).argmax(axis=1)
            hand[every, slot] = NONE
            rank = card >> 2
            jack = rank == JACK
            counts[every, rank] -= 1
            public[every, rank] += 1
            plays_left -= 1
            side = playouts.side_of[seat]
            value = points[card]
            takes = (pile_size > 0) & (jack | (rank == top))
            if takes.any():
                lone = takes & (pile_size == 1) if plays_left or choosing.last_card_pisti else None
                if lone is not None and lone.any():
                    on_jack = top == JACK
                    kind_pisti = ~jack | np.where(
                        on_jack, playouts.jack_on_jack == PISTI, playouts.jack_on_card == PISTI
                    )
                    kind_jack = jack & np.where(
                        on_jack,
                        playouts.jack_on_jack == JACK_PISTI,
                        playouts.jack_on_card == JACK_PISTI,
                    )
                    totals[:, pisti_at + side] += lone & kind_pisti
                    totals[:, jack_pisti_at + side] += lone & kind_jack
                totals[:, side] += np.where(takes, pile_points + value, 0)
                totals[:, cards_at + side] += np.where(takes, pile_size + 1, 0)
            empties = jack & (pile_size == 0) if choosing.jack_takes_empty else None
            if empties is not None and empties.any():
                totals[:, side] += np.where(empties, value, 0)
                totals[:, cards_at + side] += empties
                if plays_left or choosing.last_card_pisti:
                    totals[:, pisti_at + side] += empties
                taken = takes | empties
            else:
                taken = takes
            stays = ~taken
            pile_size = np.where(stays, pile_size + 1, 0)
            pile_points = np.where(stays, pile_points + value, 0)
            top = np.where(stays, rank, NONE)
            face_down = np.where(takes, 0, face_down)
            last_side = np.where(taken, side, last_side)
            if not plays_left:
                # the leftover pile goes to the last capturer (the dealer's side if none)
                owner = np.where(last_side == NONE, playouts.side_of[view.dealer], last_side)
                for each in range(sides):
                    mine = owner == each
                    totals[:, each] += np.where(mine, pile_points, 0)
                    totals[:, cards_at + each] += np.where(mine, pile_size, 0)
                return totals
            if plays_left % playouts.round_length == 0:  # a round starts
                hands = next(rounds).copy()
                held = _rank_counts(hands)
            seat, card = playouts.next_seat[seat], None


def _by_card(rows: list, deals: list, cards: list[int]) -> dict[int, list]:
    """Card-major rows (:meth:`BatchPlayouts.totals`' order) by card."""
    return {card: rows[i * len(deals) : (i + 1) * len(deals)] for i, card in enumerate(cards)}


def _rank_counts(hands: np.ndarray) -> np.ndarray:
    """(R, P, 13): each hand's count of each rank (cards played, -1, not counted)."""
    rows, players, _ = hands.shape
    counts = np.zeros((rows, players, 14), dtype=np.int64)
    ranks = np.where(hands >= 0, hands >> 2, 13)
    np.add.at(counts, (np.arange(rows)[:, None, None], np.arange(players)[None, :, None], ranks), 1)
    return counts[:, :, :13]


def _counting_cards(
    hand, held, public, keep_keys, pile_size, face_down, top, plays_left, choosing
) -> np.ndarray:
    """:func:`~pisti.bots.counting_playouts._counting_card` for every row: the same card
    (each key holds the card itself, so no two cards tie)."""
    rows = hand.shape[0]
    every = np.arange(rows)
    present = hand >= 0
    card = np.where(present, hand, 0)
    rank = card >> 2
    is_jack = present & (rank == JACK)
    safe_top = np.where(top >= 0, top, 0)
    held_top = np.where(top >= 0, held[every, safe_top], 0)
    capture = (pile_size > face_down) & ((held_top > 0) | (held[:, JACK] > 0))
    # a capture: the pişti bonus, then a card that is not a jack, then the lower card
    lone = (pile_size == 1) & ((plays_left > 1) | choosing.last_card_pisti)
    jack_bonus = np.where(
        lone, np.where(top == JACK, choosing.jack_on_jack, choosing.jack_on_card), 0
    )[:, None]
    match_bonus = np.where(lone, choosing.pisti, 0)[:, None]
    matches = present & ~is_jack & (rank == top[:, None])
    capture_key = np.where(
        is_jack, jack_bonus * 128 - card, np.where(matches, match_bonus * 128 + 64 - card, -FAR)
    )
    taking = capture_key.argmax(axis=1)
    # a jack on an empty table, when it takes: the lowest jack
    empty = ~capture & (pile_size == 0) & (held[:, JACK] > 0) if choosing.jack_takes_empty else None
    jack_key = np.where(is_jack, card, FAR)
    # otherwise the card to keep: its key less 4096 for each copy of its rank seen
    seen = np.take_along_axis(public, rank, axis=1) + np.take_along_axis(held, rank, axis=1)
    keep_key = np.where(present, keep_keys[card] - seen * 4096, FAR)
    chosen = keep_key.argmin(axis=1)
    if empty is not None:
        chosen = np.where(empty, jack_key.argmin(axis=1), chosen)
    chosen = np.where(capture, taking, chosen)
    return hand[every, chosen]
