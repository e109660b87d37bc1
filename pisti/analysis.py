"""What every card in hand was worth, and whether the card played was a mistake.

:func:`evaluate` takes a :class:`~pisti.view.PlayerView` (the information the player had,
never a hidden card) and asks, for every card in hand: over the deals that were possible
from where the player sat, how many deal points does this card keep?

- **Worlds**: the unseen cards (the other hands, the stock, face-down cards) dealt
  uniformly at random, consistent with the view's hand sizes, stock and face-down count.
  Nothing is inferred from how the opponents played: people hold back captures and make
  mistakes, so a hand is not ruled out because its owner "would have" taken a card.
- **Play-outs**: every card in hand is played in the same worlds (luck cancels in the
  differences) and the deal is finished with every seat on the counting policy
  (:func:`~pisti.bots.policies.counting_outcome`, played out by
  :class:`~pisti.bots.counting_playouts.CountingPlayouts`, or a batch of worlds at once by
  :class:`~pisti.bots.batch_playouts.BatchPlayouts` where NumPy is installed: the same
  numbers, faster). A card's value is the mean of the
  seat's side's points from the rest of the deal minus the opponents' (the cards taken
  before count towards the majority; points already banked are the same for every card).
- **Noise**: the worlds are independent draws, so the standard error of a paired
  difference is honest. Sampling starts with :data:`FIRST_WORLDS` and doubles until the
  label of the card played (every card's, when no card is named) is the same at both ends
  of its interval, the loss ± :data:`SETTLED` standard errors: up to :data:`MOST_WORLDS`
  while a flag is at stake, :data:`MOST_WORLDS_BEST` while only "best" against "good" is.
- **Exact**: with two players, the stock empty and nothing face down, every opponent hand
  the unseen cards allow is searched to the end with both seats playing their best; their
  average is exact.

A move is labelled from its loss against the best card, in deal points (:data:`THRESHOLDS`).
The match score is left out on purpose: a review judges a deal's points.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from itertools import combinations

from .bots import make_bot
from .bots.counting_playouts import CountingPlayouts
from .bots.endgame import totals_over_hands
from .bots.heuristics import card_points, rank_counts, unseen_cards
from .bots.playout import shuffle_like, shuffle_steps, side_margin
from .cards import JACK
from .state import GameState
from .view import PlayerView, view_for

try:  # NumPy plays a batch of worlds at once; the standard library alone, one by one
    from .bots.batch_playouts import BatchPlayouts
except ImportError:  # pragma: no cover (the site installs NumPy)
    BatchPlayouts = None

# Stored with every analysis: one made by another method is made again.
METHOD = "uniform-4"
FIRST_WORLDS = 256
MOST_WORLDS = 16384  # while a card sits on a flag's boundary (0.6, 1.5 or 3 points)
MOST_WORLDS_BEST = 512  # while it sits between "best" and "good" only
SETTLED = 2.0  # standard errors on each side of a loss within which its label must not change
EXACT_CARDS = 4  # the whole last round of a two-player deal
EXACT_UNSEEN = 12  # ... when the unseen cards leave at most C(12, 4) = 495 hands

# Upper bounds of the loss (deal points) for each label, checked in order: a loss below a
# tenth of a point is noise, below 0.6 a matter of taste.
THRESHOLDS = (("best", 0.1), ("good", 0.6), ("inaccuracy", 1.5), ("mistake", 3.0))
LABELS = ("best", "good", "inaccuracy", "mistake", "blunder")
FLAGS = ("inaccuracy", "mistake", "blunder")
# A loss explained by the part of the deal it goes to (:func:`loss_parts`) when one part
# carries at least this share of it, measured over this many worlds.
PARTS = ("point_cards", "most_cards", "pisti_chances")  # in CountingPlayouts.parts' order
MAIN_PART = 0.6
PART_WORLDS = 1024
ADVISOR_LEVEL = "master"  # the level whose card a hint gives outside the exact last round


@dataclass
class CardValue:
    card: int
    value: float  # mean deal points for the seat's side minus the opponents'
    stderr: float  # of the paired difference from the best card (0 when exact)


@dataclass
class Evaluation:
    values: dict[int, CardValue]
    exact: bool
    samples: int  # worlds played (sampled) or opponent hands searched (exact)
    # facts the reasons quote: per card, the share of worlds in which the next player
    # could take the pile this card leaves (a match of the top card or a jack)
    next_takes: dict[int, float] = field(default_factory=dict)

    @property
    def best(self) -> int:
        return max(self.values, key=lambda c: (self.values[c].value, -c))

    def loss(self, card: int) -> float:
        return max(0.0, self.values[self.best].value - self.values[card].value)

    def label(self, card: int) -> str:
        return label(self.loss(card))

    def settled(self, card: int) -> bool:
        """Whether ``card``'s label is the same at both ends of its confidence interval."""
        return self.straddles(card) is None

    def straddles(self, card: int) -> str | None:
        """The highest label boundary inside ``card``'s confidence interval (the label
        just above it), or ``None`` when its label is settled."""
        loss, spread = self.loss(card), SETTLED * self.values[card].stderr
        highest = loss + spread
        if card == self.best:
            # Its loss is 0 by definition: it is unsettled while another card may still be
            # ahead of it by a bound (its gap to this card, plus its spread, which is the
            # spread of exactly that difference).
            highest = max(
                [highest]
                + [SETTLED * v.stderr - self.loss(c) for c, v in self.values.items() if c != card]
            )
        low, high = label(max(loss - spread, 0.0)), label(highest)
        return None if low == high else high


def label(loss: float) -> str:
    """The label of a move that lost ``loss`` points against the best card. It is given
    once the sampling has settled it (see :func:`evaluate`): a move is not called a mistake
    while a mistake's bound lies within two standard errors of its loss, unless even
    :data:`MOST_WORLDS` worlds could not tell."""
    for name, bound in THRESHOLDS:
        if loss <= bound:
            return name
    return "blunder"


def evaluate(
    view: PlayerView,
    seed: int = 0,
    first: int = FIRST_WORLDS,
    most: int = MOST_WORLDS,
    focus: int | None = None,
    most_best: int = MOST_WORLDS_BEST,
) -> Evaluation:
    """Every card in ``view.hand`` with its value and standard error. Sampling stops once
    the label of ``focus`` (every card's, by default) is settled, or at ``most`` worlds
    (``most_best`` when only "best" or "good" is in question)."""
    hand = sorted(set(view.hand))
    if len(hand) == 1:
        return Evaluation({hand[0]: CardValue(hand[0], 0.0, 0.0)}, exact=True, samples=0)
    exact = exact_evaluation(view, hand)
    if exact is not None:
        return exact
    return _sampled(view, hand, random.Random(seed), first, most, focus, most_best)


def _sampled(view: PlayerView, hand, rng, first, most, focus, most_best) -> Evaluation:
    """Every card played in the same independent uniform worlds; then, while a watched
    card's label is unsettled, twice as many worlds for the watched cards and the cards
    that may still be best (a card clearly behind the best stops being played: its values
    stay paired with the best's over the worlds it saw)."""
    unseen = unseen_cards(view)
    playouts = CountingPlayouts(view)
    batch = playouts if BatchPlayouts is None else BatchPlayouts(playouts)
    results = {card: [] for card in hand}
    takes = dict.fromkeys(hand, 0)
    watched = hand if focus is None else [focus]
    playing, worlds, target = list(hand), 0, first
    getrandbits, steps = rng.getrandbits, shuffle_steps(len(unseen))
    while True:
        deals = []
        for _ in range(target - worlds):
            cards = list(unseen)
            shuffle_like(cards, getrandbits, steps)  # rng.shuffle(cards), faster
            deals.append(cards)
        for card, margins in batch.margins(deals, playing).items():
            results[card].extend(margins)
        if worlds == 0:  # the first worlds also give the facts the reasons quote
            takes.update(batch.next_can_take(deals, playing))
        worlds = target
        evaluation = _summary(results, takes, first)
        unsettled = [evaluation.straddles(card) for card in watched]
        cap = most if any(u in FLAGS for u in unsettled) else min(most, most_best)
        if target >= cap or not any(unsettled):
            return evaluation
        target = min(2 * target, cap)
        playing = [c for c in playing if c in watched or _may_be_best(evaluation, c)]


def _may_be_best(evaluation: Evaluation, card: int) -> bool:
    value = evaluation.values[card]
    return evaluation.loss(card) <= SETTLED * value.stderr


def _summary(results: dict[int, list[float]], takes: dict[int, int], first: int) -> Evaluation:
    """Values and standard errors from the play-outs so far. The best card is the best
    mean among the cards played in every world; a card played in fewer worlds is valued
    by its paired difference from the best over those worlds."""
    count = max(len(r) for r in results.values())
    full = [card for card, r in results.items() if len(r) == count]
    means = {card: sum(results[card]) / count for card in full}
    best = max(full, key=lambda c: (means[c], -c))
    values = {}
    for card, mine in results.items():
        seen = len(mine)
        diffs = [a - b for a, b in zip(results[best], mine, strict=False)]
        mean = sum(diffs) / seen
        var = sum((d - mean) ** 2 for d in diffs) / max(seen - 1, 1)
        values[card] = CardValue(card, means[best] - mean, (var / seen) ** 0.5)
    shares = {c: n / min(count, first) for c, n in takes.items()}
    return Evaluation(values, exact=False, samples=count, next_takes=shares)


def exact_evaluation(view: PlayerView, hand: list[int]) -> Evaluation | None:
    """Two players, the stock empty, nothing face down, at most :data:`EXACT_CARDS` in
    hand: every hand the opponent can hold (any of the unseen cards, no inference), each
    searched to the end with both seats playing their best. The average over those hands
    is exact; ``None`` where the position is not one of these."""
    if view.players != 2 or view.stock or len(hand) > EXACT_CARDS:
        return None
    if view.pile_size != len(view.pile_face_up):
        return None  # face-down cards still on the table: sample instead
    unseen = unseen_cards(view)
    if len(unseen) > EXACT_UNSEEN:
        return None
    hands = list(combinations(unseen, view.hand_sizes[1 - view.seat]))
    totals = totals_over_hands(view, hand, hands, lambda gains: side_margin(gains, view.side))
    values = {c: CardValue(c, totals[c] / len(hands), 0.0) for c in hand}
    return Evaluation(values, exact=True, samples=len(hands))


@dataclass
class MoveReview:
    """One decision of the reviewed seat: the position's index, the card played, the
    evaluation and what it means."""

    index: int  # plays made before this decision
    played: int
    evaluation: Evaluation

    @property
    def best(self) -> int:
        return self.evaluation.best

    @property
    def loss(self) -> float:
        return self.evaluation.loss(self.played)

    @property
    def label(self) -> str:
        return self.evaluation.label(self.played)


def review_move(
    view: PlayerView, played: int, seed: int = 0, index: int = 0, **sampling
) -> MoveReview:
    """One decision judged: sampling goes on until the played card's label is settled
    (``sampling``: :func:`evaluate`'s bounds, for the benchmarks)."""
    return MoveReview(index, played, evaluate(view, seed=seed, focus=played, **sampling))


def decisions(state: GameState, seat: int) -> list[tuple[int, PlayerView, int]]:
    """Replays a finished deal: (plays before, the seat's view, card played) per decision
    of ``seat`` with more than one distinct card in hand."""
    replay = state.replayed(0)
    found = []
    for index, event in enumerate(state.events):
        if event.seat == seat and len(set(replay.hands[seat])) > 1:
            found.append((index, view_for(replay, seat), event.card))
        replay.play(event.card)
    return found


def analyse_deal(state: GameState, seat: int, seed: int = 0, progress=None) -> list[MoveReview]:
    """Every decision of ``seat`` in the finished ``state``; ``progress(done, total)`` is
    called after each one (the task uses it to show how far it is)."""
    found = decisions(state, seat)
    reviews = []
    for number, (index, view, card) in enumerate(found):
        reviews.append(review_move(view, card, seed=seed * 1000 + index, index=index))
        if progress is not None:
            progress(number + 1, len(found))
    return reviews


def advised_card(view: PlayerView, seed: int = 0) -> tuple[int, bool]:
    """The card to advise a player, and whether the review solved the position exactly:
    the advisor level's own choice, except where the review is exact (the last round of a
    two-player deal), where it is the review's best card, so taking a hint is never marked
    down there. (Elsewhere the advisor's card is judged like any other.)"""
    hand = sorted(set(view.hand))
    if len(hand) > 1:
        exact = exact_evaluation(view, hand)
        if exact is not None:
            return exact.best, True
    return make_bot(ADVISOR_LEVEL, seed).choose(view), False


def best_card_bot(first: int = FIRST_WORLDS, most: int = MOST_WORLDS):
    """A bot that always plays the analysis' best card (tests and the duel benchmark)."""

    class AnalysisBot:
        def __init__(self, seed: int = 0) -> None:
            self.rng = random.Random(seed)

        def choose(self, view: PlayerView) -> int:
            seed = self.rng.randrange(2**31)
            return evaluate(view, seed=seed, first=first, most=most).best

    return AnalysisBot


# -- why: the kind of a move's loss, from what the search saw ----------------------------

LESSONS = {  # the tutorial lesson that teaches each kind of mistake
    "pisti_missed": "pisti",
    "capture_missed": "capture",
    "lone_card": "pisti",
    "jack_spent": "jack",
    "last_capture": "last-cards",
    "feeds_pile": "counting",
    "safe_card": "counting",
    "points_offered": "strategy",
    "point_cards": "strategy",
    "most_cards": "strategy",
    "pisti_chances": "pisti",
    "value": "strategy",
}


def _takes(view: PlayerView, card: int) -> bool:
    top = view.top
    if top is None:
        return card >> 2 == JACK and view.rules.jack_on_empty_table and view.pile_size == 0
    return card >> 2 in (JACK, top >> 2)


def classify(view: PlayerView, played: int, best: int, evaluation: Evaluation):
    """(kind, facts) for a move that was not the best: the first of these that fits.

    Facts are numbers and cards only; the site turns them into a sentence in the visitor's
    language."""
    takes = evaluation.next_takes
    best_takes, played_takes = _takes(view, best), _takes(view, played)
    facts = {
        "best": best,
        "played": played,
        "pile": view.pile_size,
        "gain": round(evaluation.loss(played), 1),
        "samples": evaluation.samples,
    }
    if best_takes and not played_takes and view.pile_size == 1:
        return "pisti_missed", facts
    if view.stock == 0 and best_takes and not played_takes and len(view.hand) <= 2:
        return "last_capture", facts
    if best_takes and not played_takes:
        return "capture_missed", facts
    if played >> 2 == JACK and best >> 2 != JACK and view.pile_size <= 2:
        jacks = sum(1 for c in view.hand if c >> 2 == JACK)
        return "jack_spent", {**facts, "last_jack": jacks == 1}
    if not best_takes and not played_takes and best >> 2 != JACK:
        unseen = rank_counts(unseen_cards(view))
        if unseen[best >> 2] == 0 and unseen[played >> 2]:
            # no card is left that matches the best one; a jack may be, or none; and the
            # played card's own rank still has copies out that can take it
            return "safe_card", {
                **facts,
                "jacks_unseen": unseen[JACK],
                "played_unseen": unseen[played >> 2],
            }
    if takes and takes.get(played, 0) > takes.get(best, 0) + 0.1:
        kind = "lone_card" if view.pile_size == 0 else "feeds_pile"
        shares = {"percent": round(100 * takes[played]), "percent_best": round(100 * takes[best])}
        return kind, {**facts, **shares}
    if not evaluation.exact:
        parts = loss_parts(view, played, best)
        lead = sum(parts.values())
        main = max(parts, key=parts.get)
        if lead > 0 and parts[main] >= MAIN_PART * lead:
            points = card_points(played, view.rules)
            if (
                main == "point_cards"
                and not played_takes
                and points > card_points(best, view.rules)
            ):
                return "points_offered", {**facts, "points": points}
            return main, facts
    return "value", facts


def loss_parts(
    view: PlayerView, played: int, best: int, worlds: int = PART_WORLDS, seed: int = 0
) -> dict[str, float]:
    """Where ``best``'s lead over ``played`` comes from, as means over ``worlds`` fresh
    uniform worlds (the verdict's own world model and play-outs): the points of the cards
    taken later, the bonus for the most cards, the piştis. Descriptive only: the label
    comes from :func:`evaluate`; this says in which part of the deal the points go."""
    playouts, rng = CountingPlayouts(view), random.Random(seed)
    unseen = list(unseen_cards(view))
    sums = dict.fromkeys(PARTS, 0.0)
    for _ in range(worlds):
        rng.shuffle(unseen)
        world = playouts.world(unseen)
        ahead, behind = playouts.parts(world, best), playouts.parts(world, played)
        for name, a, b in zip(PARTS, ahead, behind, strict=True):
            sums[name] += a - b
    return {name: total / worlds for name, total in sums.items()}
