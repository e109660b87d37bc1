"""Search bots: ``hard``, ``expert`` and ``master`` sample the hidden cards and play each
candidate out.

A sampled world deals the cards this seat has not seen (other hands, face-down cards, the
stock) consistently with its view: hand sizes, stock size, face-down count. Each candidate
card is played in every world (the same worlds for every candidate, so luck cancels) and
the deal is finished by a fast rollout policy; the card with the best average wins.
``expert`` adds more worlds weighed by the opponents' plays, a counting rollout policy, an
exact search of the last cards and an eye on the match score; ``master`` the same with
768 worlds and the whole last round searched exactly.
"""

from __future__ import annotations

import random
from itertools import combinations

from ..cards import JACK
from ..dealing import dealt_hand
from ..position import assemble_position
from ..scoring import side_gains
from ..state import JACK_PISTI, PISTI, GameState
from ..view import PlayerView
from .endgame import value_after
from .heuristics import points_table, unseen_cards
from .inference import decisions_this_round, resample, weigh
from .levels import Evaluator, medium_choice

MATCH_WEIGHT = 10.0


class SearchBot:
    samples = 12
    smart_rollouts = False
    exact_endgame = False
    match_aware = False

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    confidence = 1.5  # standard errors a card must beat the medium choice by
    infer_jacks = False
    weigh_worlds = False  # resample worlds by how likely the opponents' plays were in them
    proposals = 3  # candidate worlds drawn per world kept, when weighing
    counting_policy = False  # default card and rollouts from the counting policy
    prune_after = 0  # every this many worlds, stop playing out cards clearly worse
    prune_z = 3.0  # ... than the leader by this many standard errors
    endgame_cards = 3  # exact search once the hand holds this many cards or fewer

    def choose(self, view: PlayerView) -> int:
        hand = sorted(view.hand)
        if len(hand) == 1:
            return hand[0]
        values = self._endgame(view, hand) if self.exact_endgame else None
        if values is not None:
            return max(hand, key=lambda c: (values[c], -c))
        return self._sampled(view, hand)

    # -- sampling ----------------------------------------------------------------------

    def _sampled(self, view: PlayerView, hand: list[int]) -> int:
        """The medium choice, unless the sampled play-outs show another card is better by
        more than their noise: paired over the same worlds, so luck cancels."""
        points = points_table(view.rules)
        default = self._default(view, hand, points)
        unseen = unseen_cards(view)
        differences = {card: [] for card in hand if card != default}
        alive = list(differences)
        for index, cards in enumerate(self._worlds(view, unseen, points), start=1):
            world = _world(view, cards)
            baseline = self._play_out(world, default, view, points)
            for card in alive:
                differences[card].append(self._play_out(world, card, view, points) - baseline)
            if self.prune_after and index % self.prune_after == 0:
                alive = _race(differences, alive, self.prune_z)
                if not alive:
                    break  # every other card is clearly worse than the default
                if len(alive) == 1 and _bound(differences[alive[0]], -self.prune_z) > 0:
                    break  # one card is left, clearly better than the default
        best, best_margin = default, 0.0
        for card, diffs in differences.items():
            margin = _bound(diffs, -self.confidence)
            if margin > best_margin:
                best, best_margin = card, margin
        return best

    def _default(self, view: PlayerView, hand: list[int], points) -> int:
        if self.counting_policy:
            from .reference import counting_choice, view_unseen_ranks

            return counting_choice(hand, view.pile_face_up, view.pile_size,
                                   view_unseen_ranks(view), view.plays_left, view.rules, points)
        return Evaluator.from_view(view).best(hand)

    def _worlds(self, view: PlayerView, unseen: list[int], points) -> list[list[int]]:
        """The unseen cards dealt ``samples`` times (``_world`` order); when weighing, drawn
        from more candidates in proportion to how well each explains the opponents' plays."""
        lacking = ranks_not_held(view, jacks=self.infer_jacks)
        decisions = decisions_this_round(view, points) if self.weigh_worlds else []
        if not decisions:
            return [_deal_unseen(view, unseen, lacking, self.rng) for _ in range(self.samples)]
        pool = [_deal_unseen(view, unseen, lacking, self.rng)
                for _ in range(self.samples * self.proposals)]
        total = sum(points)
        weights = weigh(decisions, [_other_hands(view, cards) for cards in pool], view.rules,
                        points, total)
        return resample(pool, weights, self.samples, self.rng)

    def _play_out(self, world: GameState, card: int, view: PlayerView, points) -> float:
        if self.counting_policy:  # on the fast loop from the world itself: no copy
            from .reference import counting_outcome

            gains = outcome_gains(*counting_outcome(world, view, card, points), view, points)
            return self._value(gains, view)
        trial = world.copy()
        trial.play(card)
        self._finish(trial, view, card, points)
        return self._utility(trial, view, points)

    def _finish(self, trial: GameState, view: PlayerView, played: int, points) -> None:
        """Play ``trial`` (a world just after ``played``) to the end of the deal with this
        level's rollout policy for every seat."""
        if self.counting_policy:
            from .reference import counting_roll_out

            counting_roll_out(trial, view, played, points)
        else:
            _roll_out(trial, points, self.smart_rollouts, view, played)

    def _utility(self, world: GameState, view: PlayerView, points) -> float:
        return self._value(deal_gains(world, view, points), view)

    def _value(self, gains: list[int], view: PlayerView) -> float:
        value = _margin(gains, view.side)
        if self.match_aware and any(view.match_totals):
            value += _match_term(view, gains)
        return value

    # -- exact search of the last cards --------------------------------------------------

    def _endgame(self, view: PlayerView, hand: list[int]) -> dict[int, float] | None:
        """Each card's total over the opponent hands :meth:`exact_totals` tries."""
        found = self.exact_totals(view, hand)
        return found and found[0]

    def exact_totals(self, view: PlayerView, hand: list[int]) -> tuple[dict, int] | None:
        """With two players, the stock empty, nothing face down and at most
        ``endgame_cards`` in hand: every opponent hand consistent with the view (the ranks
        it showed it lacks), each searched to the end with both seats playing their best.
        Each card's total value over those hands, and how many there were."""
        if view.players != 2 or view.stock or len(hand) > self.endgame_cards:
            return None
        if view.pile_size != len(view.pile_face_up):
            return None  # face-down cards still on the table: sample instead
        opponent = 1 - view.seat
        unseen = unseen_cards(view)
        if len(unseen) > 12:
            return None
        points = points_table(view.rules)
        lacking = ranks_not_held(view)[opponent]
        hands = list(combinations(unseen, view.hand_sizes[opponent]))
        consistent = [h for h in hands if not any(c >> 2 in lacking for c in h)] or hands
        totals = dict.fromkeys(hand, 0.0)
        before = view.captured_cards

        def value_of(gains: list[int]) -> float:
            return self._value(gains, view)

        for their_hand in consistent:
            world = _world(view, list(their_hand) + [c for c in unseen if c not in their_hand])
            for card in hand:
                totals[card] += value_after(world, card, view.seat, points, before, value_of)
        return totals, len(consistent)


class HardBot(SearchBot):
    """Sampling search, every seat played out by the medium policy."""

    samples = 16
    smart_rollouts = True


class ExpertBot(SearchBot):
    """Worlds weighed by the opponents' plays, counting play-outs, exact search of the last
    cards, match-aware."""

    samples = 96
    confidence = 1.0
    smart_rollouts = True
    exact_endgame = True
    match_aware = True
    infer_jacks = True
    counting_policy = True
    weigh_worlds = True
    prune_after = 32


def _race(differences: dict[int, list[float]], alive: list[int], z: float) -> list[int]:
    """The cards still worth playing out: a card is dropped once it is behind the leader
    (the card with the best mean so far, the default card counting as 0) by more than
    ``z`` standard errors of their paired difference over the worlds both have seen.
    Worlds then go to the close calls, where they change the answer."""
    means = {c: sum(differences[c]) / len(differences[c]) for c in alive}
    leader = max(means, key=means.get)
    if means[leader] <= 0:
        leader = None  # the default card leads
    kept = []
    for card in alive:
        if card == leader:
            kept.append(card)
            continue
        mine = differences[card]
        if leader is None:
            gaps = [-d for d in mine]
        else:
            theirs = differences[leader]
            gaps = [a - b for a, b in zip(theirs, mine, strict=False)]
        if _bound(gaps, -z) <= 0:
            kept.append(card)
    return kept


def _bound(diffs: list[float], z: float) -> float:
    """The mean paired difference plus ``z`` standard errors (minus, for negative ``z``)."""
    count = len(diffs)
    mean = sum(diffs) / count
    spread = (sum((d - mean) ** 2 for d in diffs) / max(count - 1, 1)) ** 0.5
    return mean + z * spread / count**0.5


def deal_gains(world: GameState, view: PlayerView, points) -> list[int]:
    """Each side's points from the rest of the deal once ``world`` (a copy started at
    ``view``'s position) has been played out; the majority counts the cards taken before."""
    return outcome_gains(world.captured, world.pisti, world.jack_pisti, view, points)


def outcome_gains(captured_by_side, pisti, jack_pisti, view: PlayerView, points) -> list[int]:
    """:func:`deal_gains` from the outcome of a play-out (captured cards and piştis per
    side, as :func:`fast_roll_out` returns them)."""
    counts = [view.captured_cards[s] + len(c) for s, c in enumerate(captured_by_side)]
    taken = [sum(points[c] for c in captured) for captured in captured_by_side]
    return side_gains(taken, counts, pisti, jack_pisti, view.rules)


def _margin(gains: list[int], mine: int) -> float:
    others = [g for s, g in enumerate(gains) if s != mine]
    return gains[mine] - sum(others) / len(others)


class MasterBot(ExpertBot):
    """The expert's method with more worlds, the card with the best mean (no bar for
    leaving the default: with this many worlds the bar costs more than the noise it
    guards against, measured against a 4,096-world evaluation of the same positions) and
    the whole last round of a two-player deal searched exactly: with the stock gone and
    nothing face down, the unseen cards are the opponent's hand and, under the default
    opening, the three face-down cards once taken (never shown), so every hand the
    opponent can hold is solved by alpha-beta and the totals compared."""

    samples = 768
    confidence = 0.0
    endgame_cards = 4


def ranks_not_held(view: PlayerView, jacks: bool = False) -> dict[int, set[int]]:
    """Ranks each other seat showed it does not hold: this round it laid a card on a top
    card of that rank instead of taking it. The hand it holds now is the one it had then.
    With ``jacks``, a seat that let a big pile go is also taken to hold no jack."""
    players = view.players
    round_plays = 4 * players - sum(view.hand_sizes)
    face_up = len(view.seen) and (4 if view.rules.opening == "four_up" else 1)
    top = view.seen[face_up - 1] if face_up else None
    lacking: dict[int, set[int]] = {seat: set() for seat in range(players) if seat != view.seat}
    history = view.history
    jack_takes_empty = view.rules.jack_on_empty_table
    pile = 4  # the opening cards
    for index, (seat, card) in enumerate(history):
        in_this_round = index >= len(history) - round_plays
        jack = card >> 2 == JACK
        took = (jack or card >> 2 == top >> 2) if top is not None else jack and jack_takes_empty
        declined = top is not None and not took and top >> 2 != JACK
        if in_this_round and seat != view.seat and declined:
            lacking[seat].add(top >> 2)
            if jacks and pile >= 5:
                lacking[seat].add(JACK)
        top = None if took else card
        pile = 0 if took else pile + 1
    return lacking


def _deal_unseen(view: PlayerView, unseen: list[int], lacking, rng) -> list[int]:
    """Unseen cards in the order ``_world`` deals them, each other hand free of the ranks its
    seat showed it lacks (when the unseen cards allow it)."""
    cards = list(unseen)
    rng.shuffle(cards)
    if not any(lacking.values()):
        return cards
    order, pool = [], cards
    for seat, size in enumerate(view.hand_sizes):
        if seat == view.seat:
            continue
        allowed = [c for c in pool if c >> 2 not in lacking[seat]]
        if len(allowed) < size:
            allowed = pool  # the evidence does not fit: fall back to any cards
        hand = allowed[:size]
        order += hand
        taken = set(hand)
        pool = [c for c in pool if c not in taken]
    return order + pool


def _other_hands(view: PlayerView, unseen: list[int]) -> dict[int, list[int]]:
    """Each other seat's hand in a world dealt in ``_world`` order."""
    hands, i = {}, 0
    for seat, size in enumerate(view.hand_sizes):
        if seat != view.seat:
            hands[seat] = unseen[i : i + size]
            i += size
    return hands


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
    return assemble_position(  # the view is a real position and ``unseen`` its cards
        GameState, view.rules, dealer=view.dealer, to_move=view.seat, hands=hands, pile=pile,
        face_down=face_down, stock=stock, captured=[[] for _ in range(view.rules.sides)],
        pisti=None, jack_pisti=None, last_capture_side=view.last_capture_side,
    )


def _roll_out(state: GameState, points, smart: bool, view: PlayerView, played=None) -> None:
    """Finish the deal, every seat playing the medium policy from public counts and its own
    hand (``smart``), or a plain greedy policy."""
    if not smart:
        while state.current_player is not None:
            hand = state.hands[state.current_player]
            state.play(hand[0] if len(hand) == 1 else _greedy_move(state, hand, points))
        return
    public = set(view.seen) - set(view.hand)
    if played is not None:
        public.add(played)
    fast_roll_out(state, points, public, medium_choice)


def _fast_medium_roll_out(state: GameState, points, public: set[int]) -> None:
    fast_roll_out(state, points, public, medium_choice)


def fast_roll_out(state: GameState, points, public: set[int] | None, policy,
                  lean: bool = False, ranks: list[int] | None = None,
                  first: int | None = None) -> tuple | None:
    """The search bots' inner loop: the rest of the deal with every seat on ``policy``
    (called like :func:`~pisti.bots.levels.medium_choice`, from public counts and the
    seat's own hand), on plain local lists instead of ``GameState.play``. A ``lean``
    policy is called with the running totals only (see
    :func:`~pisti.bots.reference.lean_counting_choice`): no per-play recount. ``ranks``,
    the public copies of each rank, may be counted by the caller instead of ``public``
    (the list is then updated in place).

    It follows the engine's turn flow exactly (captures, the pişti kinds, the last-card
    rule, dealing each round from the stock, the leftover pile) and writes the result back
    into ``state``: captured cards, pişti counts, the end of the deal. A test plays the same
    worlds through the engine and requires the same result every time.

    With ``first``, the seat to move plays that card first and ``state`` is left as it was:
    the outcome (captured cards, piştis, jack piştis per side) is returned instead. A search
    plays every candidate card from one world, so no copy of the world is made.
    """
    if state.current_player is None:
        return None
    rules, players = state.rules, state.players
    if ranks is not None:  # counted by the caller, once for many play-outs
        public_ranks = ranks
    else:
        public_ranks = [0] * 13
        for card in public:
            public_ranks[card >> 2] += 1
    if not lean:
        public_points = sum(points[c] for c in public)
        public_count = len(public)
        total_points = sum(points)
    hands = [list(h) for h in state.hands]
    pile = list(state.pile)
    face_down = state.pile_face_down
    captured = [list(c) for c in state.captured]
    pisti, jack_pisti = list(state.pisti), list(state.jack_pisti)
    last_side = state.last_capture_side
    remaining = state._remaining
    rounds = state._rounds_dealt
    round_length = state._round_length
    stock, dealer = state.stock, state.dealer
    stock_left = len(stock) - rounds * round_length
    side_of = state._side
    jack_on_jack, jack_on_card = state._jack_on_jack, state._jack_on_card
    last_card_pisti = state._last_card_pisti
    jack_takes_empty = rules.jack_on_empty_table
    face_up_points = sum(points[c] for c in pile[face_down:])
    seat = state.current_player
    card = first
    while True:
        hand = hands[seat]
        if card is not None:
            pass  # the candidate card a search is trying
        elif len(hand) == 1:
            card = hand[0]
        elif lean:
            card = policy(hand, pile, face_down, public_ranks, face_up_points, remaining, rules,
                          points)
        else:
            unseen_ranks = [4 - n for n in public_ranks]
            own_points = 0
            for c in hand:
                unseen_ranks[c >> 2] -= 1
                own_points += points[c]
            card = policy(
                hand, rules, points, pile, face_down, unseen_ranks,
                52 - public_count - len(hand), total_points - public_points - own_points,
                len(hands[(seat + 1) % players]), remaining,
                len(hand) - 1 + stock_left // players, stock_left == 0, face_up_points,
            )
        hand.remove(card)
        public_ranks[card >> 2] += 1
        if not lean:
            public_points += points[card]
            public_count += 1
        remaining -= 1
        side = side_of[seat]
        jack = card >> 2 == JACK
        if pile:
            if jack or pile[-1] >> 2 == card >> 2:
                if len(pile) == 1 and (remaining or last_card_pisti):
                    if not jack:
                        pisti[side] += 1
                    else:
                        kind = jack_on_jack if pile[0] >> 2 == JACK else jack_on_card
                        if kind == PISTI:
                            pisti[side] += 1
                        elif kind == JACK_PISTI:
                            jack_pisti[side] += 1
                pile.append(card)
                captured[side] += pile
                pile = []
                face_down = face_up_points = 0
                last_side = side
            else:
                pile.append(card)
                face_up_points += points[card]
        elif jack and jack_takes_empty:
            captured[side].append(card)
            last_side = side
            if remaining or last_card_pisti:
                pisti[side] += 1
        else:
            pile.append(card)
            face_up_points += points[card]
        if not remaining:
            break
        if remaining % round_length == 0:
            for s in range(players):
                hands[s] = list(dealt_hand(stock, players, dealer, s, rounds))
            rounds += 1
            stock_left -= round_length
        seat = (seat + 1) % players
        card = None
    if pile:
        side = side_of[dealer] if last_side is None else last_side
        captured[side] += pile
    if first is not None:
        return captured, pisti, jack_pisti
    state.hands, state.pile, state.pile_face_down = hands, [], 0
    state.captured, state.pisti, state.jack_pisti = captured, pisti, jack_pisti
    state.last_capture_side, state._remaining, state._rounds_dealt = last_side, 0, rounds
    state.current_player = None
    return None


def _greedy_move(state: GameState, hand, points) -> int:
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
    plain = [c for c in hand if c >> 2 != JACK] or hand
    return min(plain, key=lambda c: (points[c], c))


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
