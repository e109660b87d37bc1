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
from ..state import GameState
from ..view import PlayerView
from .counting_playouts import CountingPlayouts
from .endgame import totals_over_hands
from .heuristics import points_table, unseen_cards
from .inference import decisions_this_round, resample, weigh
from .levels import Evaluator, medium_choice
from .playout import (
    deal_gains,
    deal_unseen,
    fast_roll_out,
    other_hands,
    outcome_gains,
    side_margin,
    world_from,
)
from .policies import (
    counting_choice,
    counting_outcome,
    counting_roll_out,
    public_ranks,
    view_unseen_ranks,
)

try:  # NumPy plays a batch of worlds at once; the standard library alone, one by one
    from .batch_playouts import BatchPlayouts
except ImportError:  # pragma: no cover (the site installs NumPy)
    BatchPlayouts = None

MATCH_WEIGHT = 10.0


class SearchBot:
    samples = 12
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
        more than their noise: paired over the same worlds, so luck cancels. The worlds
        are played in groups of ``prune_after`` (all at once without pruning), the race
        run after each whole group."""
        points = points_table(view.rules)
        default = self._default(view, hand, points)
        worlds = self._worlds(view, unseen_cards(view), points)
        values = self._values_in(view, points)
        differences = {card: [] for card in hand if card != default}
        alive = list(differences)
        group = self.prune_after or len(worlds)
        for start in range(0, len(worlds), group):
            deals = worlds[start : start + group]
            played = values(deals, [default, *alive])
            baseline = played[default]
            for card in alive:
                differences[card].extend(
                    value - base for value, base in zip(played[card], baseline, strict=True)
                )
            if self.prune_after and (start + len(deals)) % self.prune_after == 0:
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
            return counting_choice(
                hand,
                view.pile_face_up,
                view.pile_size,
                view_unseen_ranks(view),
                view.plays_left,
                view.rules,
                points,
            )
        return Evaluator.from_view(view).best(hand)

    def _worlds(self, view: PlayerView, unseen: list[int], points) -> list[list[int]]:
        """The unseen cards dealt ``samples`` times (``world_from`` order); when weighing, drawn
        from more candidates in proportion to how well each explains the opponents' plays."""
        lacking = ranks_not_held(view, jacks=self.infer_jacks)
        decisions = decisions_this_round(view, points) if self.weigh_worlds else []
        if not decisions:
            return [deal_unseen(view, unseen, lacking, self.rng) for _ in range(self.samples)]
        pool = [
            deal_unseen(view, unseen, lacking, self.rng)
            for _ in range(self.samples * self.proposals)
        ]
        total = sum(points)
        weights = weigh(
            decisions, [other_hands(view, cards) for cards in pool], view.rules, points, total
        )
        return resample(pool, weights, self.samples, self.rng)

    def _values_in(self, view: PlayerView, points):
        """``values(deals, cards)``: each card's :meth:`_play_out` value in the world of
        each deal (``world_from`` order). With the counting policy and NumPy, a batch of
        worlds is played at once (:class:`~pisti.bots.batch_playouts.BatchPlayouts`: the
        same play-outs, the same values); otherwise one world at a time."""
        if self.counting_policy and BatchPlayouts is not None:
            batch = BatchPlayouts(CountingPlayouts(view))

            def batched(deals, cards):
                return {
                    card: [self._value(gains, view) for gains in rows]
                    for card, rows in batch.gains(deals, cards).items()
                }

            return batched
        public = public_ranks(view)  # counted once for every play-out of this decision

        def one_by_one(deals, cards):
            worlds = [world_from(view, dealt) for dealt in deals]
            return {
                card: [self._play_out(world, card, view, points, public) for world in worlds]
                for card in cards
            }

        return one_by_one

    def _play_out(
        self, world: GameState, card: int, view: PlayerView, points, public: list[int] | None = None
    ) -> float:
        """The value of ``card`` played in ``world`` and the deal finished by this level's
        rollout policy. ``public``: :func:`~pisti.bots.policies.public_ranks` of ``view``,
        counted once by a caller that plays out many worlds."""
        if self.counting_policy:  # on the fast loop from the world itself: no copy
            gains = outcome_gains(
                *counting_outcome(world, view, card, points, public), view, points
            )
            return self._value(gains, view)
        trial = world.copy()
        trial.play(card)
        self._finish(trial, view, card, points)
        return self._utility(trial, view, points)

    def _finish(
        self,
        trial: GameState,
        view: PlayerView,
        played: int,
        points,
        public: list[int] | None = None,
    ) -> None:
        """Play ``trial`` (a world just after ``played``) to the end of the deal with this
        level's rollout policy for every seat."""
        if self.counting_policy:
            counting_roll_out(trial, view, played, points, public)
        else:
            _roll_out(trial, points, view, played)

    def _utility(self, world: GameState, view: PlayerView, points) -> float:
        return self._value(deal_gains(world, view, points), view)

    def _value(self, gains: list[int], view: PlayerView) -> float:
        value = side_margin(gains, view.side)
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
        lacking = ranks_not_held(view)[opponent]
        hands = list(combinations(unseen, view.hand_sizes[opponent]))
        consistent = [h for h in hands if not any(c >> 2 in lacking for c in h)] or hands
        totals = totals_over_hands(view, hand, consistent, lambda gains: self._value(gains, view))
        return totals, len(consistent)


class HardBot(SearchBot):
    """Sampling search, every seat played out by the medium policy."""

    samples = 16


class ExpertBot(SearchBot):
    """Worlds weighed by the opponents' plays, counting play-outs, exact search of the last
    cards, match-aware."""

    samples = 96
    confidence = 1.0
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


class MasterBot(ExpertBot):
    """The expert's method with more worlds and the card with the best mean (no bar for
    leaving the default: with this many worlds the bar costs more than the noise it
    guards against, measured against a 4,096-world evaluation of the same positions).

    The last round is played by that same search, not by alpha-beta over every hand the
    opponent can hold (the opening's face-down cards stay unseen once taken, so there are
    up to 35): alpha-beta plays each hand as if both seats saw every card, and against
    opponents who do not, the play-outs' average scores more (benchmarks/bots_levels.md).
    The exact search (``exact_totals``) stays for the analysis."""

    samples = 768
    confidence = 0.0
    exact_endgame = False
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


def _roll_out(state: GameState, points, view: PlayerView, played=None) -> None:
    """Finish the deal, every seat playing the medium policy from public counts and its own
    hand."""
    public = set(view.seen) - set(view.hand)
    if played is not None:
        public.add(played)
    fast_roll_out(state, points, public, medium_choice)


def _fast_medium_roll_out(state: GameState, points, public: set[int]) -> None:
    fast_roll_out(state, points, public, medium_choice)


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
