"""Many counting play-outs from one view: the analysis' inner loop.

The analysis plays every card in hand in hundreds or thousands of sampled worlds and
finishes each deal with every seat on the counting policy. :class:`CountingPlayouts` gives
exactly what :func:`~pisti.bots.policies.counting_outcome` scored by
:func:`~pisti.bots.playout.outcome_gains` and :func:`~pisti.bots.playout.side_margin`
gives (a test holds the two together on random positions under random rules), with each
piece of work done where it stops changing:

- once per view: what the rules fix, each card's key in the counting policy's order, the
  public count of each rank;
- once per world, for every card tried in it: every later round's hands and the count of
  each rank in each hand, so the policy asks "can this hand take?" without a search;
- once per play-out: running totals only (each side's points and cards taken, piştis; the
  pile's size, top rank and points), no list of cards taken;
- once per world and round start: the rest of the deal. When a round starts, every card
  dealt before has been played, whatever the order, so the public count is the same and
  the rest of the deal depends only on the world, the pile and the last capturer: a card
  whose play-out meets a state another card's met in the same world takes the totals
  that rest of the deal added then;
- once per view and totals: the score (most play-outs end in totals met before).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import JACK
from ..dealing import HAND_SIZE
from ..scoring import side_gains
from ..state import JACK_PISTI, PISTI, pisti_kind
from ..view import PlayerView
from .heuristics import pisti_value, points_table, rank_counts
from .playout import hands_and_pile, side_margin
from .policies import public_ranks


class World:
    """One deal of the unseen cards (:func:`~pisti.bots.playout.world_from`'s), as the
    play-outs read it, and what its play-outs learnt about the rest of the deal."""

    __slots__ = (
        "hands",
        "held",
        "rounds",
        "pile_size",
        "face_down",
        "top_rank",
        "pile_points",
        "plays_left",
        "rests",
    )

    def __init__(self, hands, rounds, pile: list[int], face_down: int, points) -> None:
        self.hands = hands  # by seat, the cards in hand now
        self.held = [rank_counts(hand) for hand in hands]
        self.rounds = rounds  # by later round: (hands, held), dealt from the stock
        self.pile_size = len(pile)
        self.face_down = face_down
        self.top_rank = pile[-1] >> 2 if pile else None  # face down or not
        self.pile_points = sum(points[card] for card in pile)
        self.plays_left = sum(map(len, hands)) + len(rounds) * len(hands) * HAND_SIZE
        # by the state at the start of a later round, the totals the rest of the deal
        # adds from there (see CountingPlayouts._totals)
        self.rests: dict[tuple, list[int]] = {}


@dataclass(frozen=True, slots=True)
class _Choosing:
    """What the rules fix for every counting choice of a view's play-outs."""

    last_card_pisti: bool
    jack_takes_empty: bool
    pisti: int  # the bonus of a pişti with a card that is not a jack
    jack_on_jack: int  # ... with a jack on a lone jack
    jack_on_card: int  # ... with a jack on a lone card that is not a jack


class CountingPlayouts:
    """The counting play-outs from one view (its seat to move): :meth:`world` deals the
    unseen cards, :meth:`margin` plays a card in that world and finishes the deal."""

    def __init__(self, view: PlayerView) -> None:
        rules = view.rules
        players, sides = rules.players, rules.sides
        self.view = view
        self.points = points = points_table(rules)
        self.public = public_ranks(view)
        self.sides = sides
        self.side_of = tuple(rules.side_of(seat) for seat in range(players))
        self.next_seat = tuple((seat + 1) % players for seat in range(players))
        self.round_length = HAND_SIZE * players
        self.jack_on_jack = pisti_kind(rules, JACK * 4, JACK * 4)
        self.jack_on_card = pisti_kind(rules, 0, JACK * 4)
        self.choosing = _Choosing(
            rules.last_card_pisti,
            rules.jack_on_empty_table,
            rules.pisti_points,
            pisti_value(self.jack_on_jack, rules),
            pisti_value(self.jack_on_card, rules),
        )
        # lean_counting_choice's packed key for a card that takes nothing, before the
        # copies of its rank seen are taken off (4096 each)
        self.keep_keys = [
            (((card >> 2 == JACK) * 8 + 4) * 64 + points[card]) * 64 + card for card in range(52)
        ]
        # the totals a play-out starts from (see _score): the cards taken before count
        # towards the majority
        self.totals = [0] * sides + list(view.captured_cards) + [0] * (2 * sides)
        self.scores: dict[tuple[int, ...], float] = {}  # margins by totals, once scored
        self.dealt_from = self._dealt_from(view)

    def _dealt_from(self, view: PlayerView) -> list[list[int]]:
        """Where each later round's hand of each seat starts in the unseen cards, in the
        order :func:`~pisti.bots.playout.world_from` deals them (other hands, face-down
        cards, then the stock, dealt as :func:`~pisti.dealing.dealt_hand` deals it)."""
        stock = sum(view.hand_sizes) - len(view.hand) + view.pile_size - len(view.pile_face_up)
        players, dealer = view.players, view.dealer
        return [
            [
                stock + (round_index * players + (seat - dealer - 1) % players) * HAND_SIZE
                for seat in range(players)
            ]
            for round_index in range(view.stock // self.round_length)
        ]

    def world(self, unseen: list[int]) -> World:
        """The world :func:`~pisti.bots.playout.world_from` deals from ``unseen``."""
        hands, pile, face_down, _stock = hands_and_pile(self.view, unseen)
        rounds = []
        for starts in self.dealt_from:
            dealt = [unseen[start : start + HAND_SIZE] for start in starts]
            rounds.append((dealt, [rank_counts(hand) for hand in dealt]))
        return World(hands, rounds, pile, face_down, self.points)

    def margins(self, deals: list[list[int]], cards: list[int]) -> dict[int, list[float]]:
        """For each card of ``cards``, its :meth:`margin` in the world of each of ``deals``
        (orders of the unseen cards): what :class:`~pisti.bots.batch_playouts.BatchPlayouts`
        gives with NumPy, one world at a time with the standard library alone."""
        worlds = [self.world(cards) for cards in deals]
        return {card: [self.margin(world, card) for world in worlds] for card in cards}

    def next_can_take(self, deals: list[list[int]], cards: list[int]) -> dict[int, int]:
        """For each card of ``cards``, in how many of ``deals`` the next seat holds a card
        that takes the pile it leaves when it takes nothing: one of its rank or a jack."""
        view = self.view
        following = (view.seat + 1) % view.players
        counts = dict.fromkeys(cards, 0)
        for cards_dealt in deals:
            world = self.world(cards_dealt)
            for card in cards:
                rank = card >> 2
                if rank == JACK:
                    if world.pile_size or view.rules.jack_on_empty_table:
                        continue  # the jack takes
                elif world.pile_size > world.face_down and world.top_rank == rank:
                    continue  # it takes the pile
                counts[card] += any(c >> 2 in (rank, JACK) for c in world.hands[following])
        return counts

    def margin(self, world: World, first: int) -> float:
        """``first`` played in ``world`` and the deal finished with every seat on the
        counting policy: the view's side's points from the rest of the deal minus the mean
        of the other sides' (the cards taken before count towards the majority)."""
        totals = tuple(self._totals(world, first))
        margin = self.scores.get(totals)
        if margin is None:  # most play-outs of a view end in totals met before
            margin = self.scores[totals] = self._score(totals)
        return margin

    def _totals(self, world: World, first: int) -> list[int]:
        """The play-out's totals (see :meth:`_score`), in one loop on local variables as
        :func:`~pisti.bots.playout.fast_roll_out` plays: tens of thousands of plays per
        decision. At each round start the rest of the deal is taken from ``world.rests``
        when another card's play-out met the same state there, and left there otherwise."""
        view, points, keep_keys, choosing = self.view, self.points, self.keep_keys, self.choosing
        next_seat, round_length, side_of = self.next_seat, self.round_length, self.side_of
        last_card_pisti, jack_takes_empty = choosing.last_card_pisti, choosing.jack_takes_empty
        cards_at, pisti_at, jack_pisti_at = self.sides, 2 * self.sides, 3 * self.sides
        totals, public = list(self.totals), list(self.public)
        hands, held = [list(hand) for hand in world.hands], [list(h) for h in world.held]
        rounds, rests, round_starts = iter(world.rounds), world.rests, []
        pile_size, face_down = world.pile_size, world.face_down
        top_rank, pile_points = world.top_rank, world.pile_points
        plays_left, last_side = world.plays_left, view.last_capture_side
        seat, card = view.seat, first
        while True:
            hand, counts = hands[seat], held[seat]
            if card is None:
                if len(hand) == 1:
                    card = hand[0]
                else:
                    card = _counting_card(
                        hand,
                        counts,
                        public,
                        keep_keys,
                        pile_size,
                        face_down,
                        top_rank,
                        plays_left,
                        choosing,
                    )
            hand.remove(card)
            rank = card >> 2
            jack = rank == JACK
            counts[rank] -= 1
            public[rank] += 1
            plays_left -= 1
            # the engine's turn flow (GameState.play), on the totals
            if pile_size and (jack or rank == top_rank):
                side = side_of[seat]
                if pile_size == 1 and (plays_left or last_card_pisti):
                    kind = PISTI
                    if jack:
                        kind = self.jack_on_jack if top_rank == JACK else self.jack_on_card
                    if kind == PISTI:
                        totals[pisti_at + side] += 1
                    elif kind == JACK_PISTI:
                        totals[jack_pisti_at + side] += 1
                totals[side] += pile_points + points[card]
                totals[cards_at + side] += pile_size + 1
                pile_size = pile_points = face_down = 0
                top_rank, last_side = None, side
            elif jack and not pile_size and jack_takes_empty:
                side = side_of[seat]
                totals[side] += points[card]
                totals[cards_at + side] += 1
                if plays_left or last_card_pisti:
                    totals[pisti_at + side] += 1
                last_side = side
            else:
                pile_size += 1
                top_rank = rank
                pile_points += points[card]
            if not plays_left:
                if pile_size:  # the leftover pile goes to the last capturer
                    side = side_of[view.dealer] if last_side is None else last_side
                    totals[side] += pile_points
                    totals[cards_at + side] += pile_size
                break
            if plays_left % round_length == 0:  # a round starts
                state = (plays_left, pile_size, face_down, top_rank, pile_points, last_side)
                rest = rests.get(state)
                if rest is not None:
                    totals = [total + more for total, more in zip(totals, rest, strict=True)]
                    break
                round_starts.append((state, list(totals)))
                dealt, dealt_held = next(rounds)
                hands, held = [list(hand) for hand in dealt], [list(h) for h in dealt_held]
            seat, card = next_seat[seat], None
        for state, before in round_starts:
            rests[state] = [total - then for total, then in zip(totals, before, strict=True)]
        return totals

    def parts(self, world: World, first: int) -> tuple[float, float, float]:
        """:meth:`margin` split by where its points come from: the points of the cards
        taken, the bonus for the most cards, the piştis (jack piştis included). The three
        add up to the margin; the review says which of them a weaker card gives away."""
        sides = self.sides
        totals = self._totals(world, first)
        # each part is what the scoring formula (:meth:`_score`, ``side_gains``) adds with
        # it over without it: no second copy of the rules' points
        without_pisti = totals[: 2 * sides] + [0] * (2 * sides)
        taken = side_margin(totals[:sides], self.view.side)
        with_bonus = self._score(tuple(without_pisti))
        return taken, with_bonus - taken, self._score(tuple(totals)) - with_bonus

    def _score(self, totals: tuple[int, ...]) -> float:
        """The margin from a play-out's totals (see :meth:`gains`)."""
        return side_margin(self.gains(totals), self.view.side)

    def gains(self, totals: tuple[int, ...]) -> list[int]:
        """Each side's points from the rest of the deal (``outcome_gains``'), from a
        play-out's totals: by side, the points of the cards taken, then the cards held
        (those taken before included), the piştis, the jack piştis."""
        sides = self.sides
        taken, cards = totals[:sides], totals[sides : 2 * sides]
        pisti, jack_pisti = totals[2 * sides : 3 * sides], totals[3 * sides :]
        return side_gains(taken, cards, pisti, jack_pisti, self.view.rules)


def _counting_card(
    hand, held, public, keep_keys, pile_size, face_down, top_rank, plays_left, choosing
) -> int:
    """:func:`~pisti.bots.policies.lean_counting_choice`'s card, from the play-out's
    running state: ``held`` counts the hand's ranks, ``public`` the ranks everybody has
    seen. Between captures only the pişti bonus, then a card that is not a jack, then the
    lower card decide: the pile's points and size are the same whichever card takes it."""
    card = best = None
    if pile_size > face_down and (held[top_rank] or held[JACK]):
        lone = pile_size == 1 and (plays_left > 1 or choosing.last_card_pisti)
        for candidate in hand:
            rank = candidate >> 2
            if rank == JACK:
                if not lone:
                    bonus = 0
                elif top_rank == JACK:
                    bonus = choosing.jack_on_jack
                else:
                    bonus = choosing.jack_on_card
                key = bonus * 128 - candidate  # (bonus, not a jack, -card) in one integer
            elif rank == top_rank:
                key = (choosing.pisti if lone else 0) * 128 + 64 - candidate
            else:
                continue
            if best is None or key > best:
                card, best = candidate, key
        return card
    if not pile_size and choosing.jack_takes_empty and held[JACK]:
        return min(candidate for candidate in hand if candidate >> 2 == JACK)
    for candidate in hand:
        rank = candidate >> 2
        key = keep_keys[candidate] - (public[rank] + held[rank]) * 4096
        if best is None or key < best:
            card, best = candidate, key
    return card
