"""What every card in hand was worth: the search bots' sampling, opened up for review.

The bots only need the best card; a review needs every card's value and how sure the
search is of it. :func:`evaluate` takes a :class:`~pisti.view.PlayerView` (the same
information the bot has, never a hidden card), samples worlds consistent with it exactly as
the chosen search level does, plays every card in hand in every world (the same worlds for
every card, so luck cancels in the differences) and returns, per card, the mean of the
seat's side's deal points minus the opponents' and the standard error of its difference
from the best card. In the last cards of a two-player deal it searches every opponent hand
consistent with the view to the end instead, and the values are exact.

The level is a parameter (``master`` by default; a stronger level plugs in the same way as long
as it is a :class:`~pisti.bots.search.SearchBot`). The match score is left out on purpose:
a review judges a deal's points.

Labels come from the loss against the best card, in deal points (:data:`THRESHOLDS`); a
loss within two standard errors of the best is never worse than ``good``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from .bots import LEVELS, make_bot
from .bots.heuristics import points_table, unseen_cards
from .bots.playout import world_from
from .bots.policies import public_ranks
from .bots.search import SearchBot
from .cards import JACK
from .state import GameState
from .view import PlayerView, view_for

DEFAULT_LEVEL = "master"
DEFAULT_SAMPLES = 128

# Upper bounds of the loss (deal points) for each label, checked in order. Chosen so that
# the expert's own moves are almost all "best" or "good" (tests/engine/test_analysis.py
# measures it): a loss below a tenth of a point is noise, below 0.6 a matter of taste.
THRESHOLDS = (("best", 0.1), ("good", 0.6), ("inaccuracy", 1.5), ("mistake", 3.0))
LABELS = ("best", "good", "inaccuracy", "mistake", "blunder")
NOISE_FACTOR = 2.0  # standard errors within which a move counts as the best's equal


@dataclass
class CardValue:
    card: int
    value: float  # mean deal points for the seat's side minus the opponents'
    stderr: float  # of the paired difference from the best card (0 when exact)


@dataclass
class Evaluation:
    values: dict[int, CardValue]
    exact: bool
    samples: int
    # facts the reasons quote: per card, the share of worlds in which the next player
    # could take the pile this card leaves (a match of the top card or a jack)
    next_takes: dict[int, float] = field(default_factory=dict)

    @property
    def best(self) -> int:
        return max(self.values, key=lambda c: (self.values[c].value, -c))

    def loss(self, card: int) -> float:
        return max(0.0, self.values[self.best].value - self.values[card].value)


def label(loss: float, stderr: float) -> str:
    """The label of a move that lost ``loss`` points against the best card, measured with
    ``stderr``: within the noise a move is at worst "good"."""
    if loss <= THRESHOLDS[0][1]:
        return "best"
    if loss <= NOISE_FACTOR * stderr:
        return "good"
    for name, bound in THRESHOLDS[1:]:
        if loss <= bound:
            return name
    return "blunder"


def searcher(level: str = DEFAULT_LEVEL, seed: int = 0) -> SearchBot:
    """The search bot of ``level``, judging deal points only (no match bonus)."""
    factory = LEVELS.get(level)
    if factory is None or not issubclass(factory, SearchBot):
        raise ValueError(f"analysis needs a search level, not {level!r}")
    bot = factory(seed)
    bot.match_aware = False
    return bot


def evaluate(
    view: PlayerView, level: str = DEFAULT_LEVEL, samples: int = DEFAULT_SAMPLES, seed: int = 0
) -> Evaluation:
    """Every card in ``view.hand`` with its value and standard error."""
    bot = searcher(level, seed)
    hand = sorted(set(view.hand))
    if len(hand) == 1:
        return Evaluation({hand[0]: CardValue(hand[0], 0.0, 0.0)}, exact=True, samples=0)
    exact = _exact(bot, view, hand)
    if exact is not None:
        return exact
    return _sampled(bot, view, hand, samples)


def _sampled(bot: SearchBot, view: PlayerView, hand: list[int], samples: int) -> Evaluation:
    """Every card played in the same ``samples`` worlds, drawn and played out exactly as
    the level's bot draws and plays them (weighed by the opponents' plays, its policy)."""
    unseen = unseen_cards(view)
    points = points_table(view.rules)
    bot.samples = samples
    results = {card: [] for card in hand}
    takes = dict.fromkeys(hand, 0)
    next_seat = (view.seat + 1) % view.players
    public = public_ranks(view)  # counted once for every play-out
    for cards in bot._worlds(view, unseen, points):
        world = world_from(view, cards)
        for card in hand:
            trial = world.copy()
            trial.play(card)
            if _next_can_take(trial, next_seat, card):
                takes[card] += 1
            bot._finish(trial, view, card, points, public)
            results[card].append(bot._utility(trial, view, points))
    means = {card: sum(r) / samples for card, r in results.items()}
    best = max(hand, key=lambda c: (means[c], -c))
    values = {}
    for card in hand:
        diffs = [a - b for a, b in zip(results[best], results[card], strict=True)]
        mean = sum(diffs) / samples
        var = sum((d - mean) ** 2 for d in diffs) / max(samples - 1, 1)
        values[card] = CardValue(card, means[card], (var / samples) ** 0.5)
    return Evaluation(
        values, exact=False, samples=samples, next_takes={c: takes[c] / samples for c in hand}
    )


def _next_can_take(trial: GameState, seat: int, played: int) -> bool:
    """Whether ``seat`` (to move next) holds a card that takes the pile ``played`` left."""
    if trial.current_player != seat or not trial.pile or trial.pile[-1] != played:
        return False
    rank = played >> 2
    return any(c >> 2 in (rank, JACK) for c in trial.hands[seat])


def _exact(bot: SearchBot, view: PlayerView, hand: list[int]) -> Evaluation | None:
    """Two players, stock empty, no face-down card, the level's last cards at most (the
    whole last round for ``master``): every opponent hand consistent with the view, each
    searched to the end; their average is exact."""
    found = bot.exact_totals(view, hand)
    if found is None:
        return None
    totals, count = found
    values = {c: CardValue(c, totals[c] / count, 0.0) for c in hand}
    return Evaluation(values, exact=True, samples=count)


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
        return label(self.loss, self.evaluation.values[self.played].stderr)


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


def analyse_deal(
    state: GameState,
    seat: int,
    level: str = DEFAULT_LEVEL,
    samples: int = DEFAULT_SAMPLES,
    seed: int = 0,
    progress=None,
):
    """Every decision of ``seat`` in the finished ``state``; ``progress(done, total)`` is
    called after each one (the task uses it to show how far it is)."""
    found = decisions(state, seat)
    reviews = []
    for number, (index, view, card) in enumerate(found):
        evaluation = evaluate(view, level, samples, seed=seed * 1000 + index)
        reviews.append(MoveReview(index, card, evaluation))
        if progress is not None:
            progress(number + 1, len(found))
    return reviews


def advised_card(view: PlayerView, level: str = DEFAULT_LEVEL, seed: int = 0) -> tuple[int, bool]:
    """The card to advise a player, and whether the review solved the position exactly: the
    level's own choice, except where the review is exact (the last cards of a two-player
    deal), where it is the review's best card. ``master`` plays its last round by its
    play-outs, which score more against real opponents, but advice the review then marks
    down would only confuse: over 300 last-round positions the two disagree by more than
    0.6 points on 6."""
    hand = sorted(set(view.hand))
    if len(hand) > 1:
        exact = _exact(searcher(level, seed), view, hand)
        if exact is not None:
            return exact.best, True
    return make_bot(level, seed).choose(view), False


def best_card_bot(level: str = DEFAULT_LEVEL, samples: int = DEFAULT_SAMPLES):
    """A bot that always plays the analysis' best card (tests and the duel benchmark)."""

    class AnalysisBot:
        def __init__(self, seed: int = 0) -> None:
            self.rng = random.Random(seed)

        def choose(self, view: PlayerView) -> int:
            return evaluate(view, level, samples, seed=self.rng.randrange(2**31)).best

    return AnalysisBot


# -- why: the kind of a move's loss, from what the search saw ----------------------------

LESSONS = {  # the tutorial lesson that teaches each kind of mistake
    "pisti_missed": "pisti",
    "capture_missed": "capture",
    "lone_card": "pisti",
    "jack_spent": "jack",
    "last_capture": "last-cards",
    "feeds_pile": "counting",
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
    if takes and takes.get(played, 0) > takes.get(best, 0) + 0.1:
        kind = "lone_card" if view.pile_size == 0 else "feeds_pile"
        return kind, {**facts, "percent": round(100 * takes[played])}
    return "value", facts
