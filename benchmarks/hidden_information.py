"""What the hidden cards are worth, and how much of them a search can read: diagnostics for
the master level (issue 15), not levels anyone plays against.

Three measurements, each against ``pimc`` on the decks and bot seeds of
``bot_strength.py``'s rows (chunk seeds 17, 1017, ..., two deal pairs a chunk), so every
result can be paired deck by deck with master's own row:

``seeing``
    A bot that sees every card (the true deal, stock order included) and plays the card
    whose counting play-out from the true deal ends best: the one-step search master
    makes, with perfect information. ``--steps 2`` also chooses this seat's next card by
    that search inside each play-out, after the other seat's counting reply.
    ``--last-round endgame`` plays the last round by alpha-beta over every opponent hand
    (master's endgame when this was measured); ``exact`` also solves the last round
    exactly inside every play-out (counting policy up to the last deal); ``second-last``
    does that only for decisions of the round before it.
``hand``
    Master's search as measured then (768 worlds, the last round by alpha-beta), but
    every world deals the opponent its true hand; only the stock and the face-down cards
    are sampled. The gap to master is what a perfect reading of the opponent's hand
    would be worth.
``worlds``
    How well a level's sampled worlds predict the opponent's actual hand, as the Brier
    score and log loss of "card c is in the opponent's hand" over every unseen card, at
    positions of expert-vs-pimc deals where the opponent has played this round. Compares
    uniform worlds, uniform worlds kept consistent with the ranks the opponent showed it
    lacks, and master's weighting by the likelihood of the opponent's plays.

Run: ``.venv/bin/python -m benchmarks.hidden_information seeing --pairs 1000``
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from benchmarks.bot_strength import DEFAULT_CHUNKS
from pisti import Rules, new_deal
from pisti.bots import make_bot, search
from pisti.bots.endgame import value_after
from pisti.bots.heuristics import points_table, unseen_cards
from pisti.bots.inference import decisions_this_round
from pisti.bots.playout import other_hands, side_margin
from pisti.bots.policies import counting_outcome
from pisti.bots.search import MasterBot
from pisti.dealing import shuffled_deck
from pisti.duel import mean_ci95
from pisti.scoring import deal_points, side_gains
from pisti.state import GameState
from pisti.view import view_for

CHUNK_PAIRS = 2  # as bot_strength.py's rows (``--chunk 2``), so decks pair up


class AlphaBetaMaster(MasterBot):
    """Master as these diagnostics measured it: the last round by alpha-beta over every
    hand the opponent can hold (master now plays it by its one-step search), so the
    recorded numbers stay reproducible and pair with the rows they were measured beside."""

    exact_endgame = True


class SeeingBot:
    """Search on the true deal. One step: each distinct card played out by the counting
    policy for every seat (or, with ``exact``, to the last deal and then solved). Two
    steps: each card, the other seat's counting replies, then this seat's next card chosen
    by the one-step search, the rest on the counting policy.

    The true deal's captured cards are already in ``state``, so its play-outs score the
    whole deal (:func:`one_step_value`), not the gains since the view as master's worlds do.
    """

    def __init__(self, last_round: str, steps: int = 1) -> None:
        self.last_round = last_round
        self.steps = steps
        self.endgame = AlphaBetaMaster(1)
        self.counting = make_bot("counting", 0)

    def choose(self, state: GameState, view) -> int:
        hand = sorted(set(view.hand))
        if len(hand) == 1:
            return hand[0]
        if self.last_round != "counting" and not view.stock:
            return self.endgame.choose(view)  # the last round by alpha-beta
        points = points_table(view.rules)
        exact = self.last_round == "exact" or (
            self.last_round == "second-last" and view.stock == state.round_length
        )
        if exact:

            def value(card):
                return self._exact_play_out(state, card, view.seat, points)
        elif self.steps == 2:

            def value(card):
                return self._two_step_value(state, card, view.seat, points)
        else:

            def value(card):
                return one_step_value(state, view, card, points)

        return max(hand, key=lambda card: (value(card), -card))

    def _two_step_value(self, state: GameState, card: int, me: int, points) -> float:
        world = state.copy()
        world.play(card)
        while not world.is_over:
            if world.current_player == me:
                view = view_for(world, me)
                return max(one_step_value(world, view, c, points) for c in set(view.hand))
            world.play(self.counting.choose(view_for(world, world.current_player)))
        return deal_margin(world, me)

    def _exact_play_out(self, state: GameState, card: int, me: int, points) -> float:
        """Counting policy up to the last deal, then both seats' best play to the end."""
        world = state.copy()
        world.play(card)
        while not world.is_over:
            if not world.stock_left and world.remaining == world.round_length:
                return last_round_value(world, me, points)
            world.play(self.counting.choose(view_for(world, world.current_player)))
        return deal_margin(world, me)


def one_step_value(state: GameState, view, card: int, points) -> float:
    """Seat ``view.seat``'s margin for the whole deal after ``card`` and a counting
    play-out of the true deal ``state``."""
    captured, pisti, jack_pisti = counting_outcome(state, view, card, points)
    taken = [sum(points[c] for c in side) for side in captured]
    counts = [len(side) for side in captured]
    return side_margin(side_gains(taken, counts, pisti, jack_pisti, view.rules), view.side)


def deal_margin(state: GameState, me: int) -> float:
    points = deal_points(state)
    return points[me] - points[1 - me]


def last_round_value(world: GameState, me: int, points) -> float:
    """Seat ``me``'s deal margin from a two-player world at the start of the last round,
    both seats playing their best (the margin is zero-sum, so the other seat's best is
    ``me``'s worst). The world's captured cards are counted in it already."""
    mover = world.current_player
    before = [0] * len(world.captured)
    sign = 1 if mover == me else -1
    return sign * max(
        value_after(world, card, mover, points, before, lambda g: sign * side_margin(g, me))
        for card in set(world.hands[mover])
    )


class HandSeeingMaster(AlphaBetaMaster):
    """Master whose every world deals the opponent its true hand (set ``state`` before
    each decision); nothing to weigh, so the weighting is off."""

    weigh_worlds = False
    state: GameState

    def _worlds(self, view, unseen, points):
        true_hand = list(self.state.hands[1 - view.seat])
        held = set(true_hand)
        rest = [c for c in unseen if c not in held]
        worlds = []
        for _ in range(self.samples):
            stock = list(rest)
            self.rng.shuffle(stock)
            worlds.append(true_hand + stock)
        return worlds


def duel_chunk(job) -> tuple[int, list[float]]:
    """Two deal pairs from ``seed`` exactly as ``pisti.duel.duel`` deals them, the
    diagnostic bot (given the true state) against ``opponent`` (given its view)."""
    seed, kind, option, steps, opponent = job
    rules = Rules()
    rng = random.Random(seed)
    margins = []
    for pair in range(CHUNK_PAIRS):
        deck = shuffled_deck(rng, rules)
        seed_a, seed_b = rng.randrange(2**32), rng.randrange(2**32)
        both = []
        for a_seat in (0, 1):
            bot = SeeingBot(option, steps) if kind == "seeing" else HandSeeingMaster(seed_a)
            other = make_bot(opponent, seed_b)
            state = GameState(rules, deck, pair % rules.players)
            while not state.is_over:
                seat = state.current_player
                view = view_for(state, seat)
                if seat != a_seat:
                    state.play(other.choose(view))
                elif kind == "seeing":
                    state.play(bot.choose(state, view))
                else:
                    bot.state = state
                    state.play(bot.choose(view))
            both.append(deal_margin(state, a_seat))
        margins.append(statistics.fmean(both))
    return seed, margins


def run_duels(args) -> None:
    done = {}
    out = Path(args.out) if args.out else None
    if out and out.exists():
        rows = (json.loads(line) for line in out.read_text().splitlines())
        done = {row["seed"]: row["margins"] for row in rows}
    seeds = [17 + 1000 * i for i in range(args.pairs // CHUNK_PAIRS)]
    jobs = [
        (s, args.kind, args.last_round, args.steps, args.opponent) for s in seeds if s not in done
    ]
    with ProcessPoolExecutor(args.workers) as pool:
        for seed, margins in pool.map(duel_chunk, jobs):
            done[seed] = margins
            if out:
                with out.open("a") as f:
                    f.write(json.dumps({"seed": seed, "margins": margins}) + "\n")
    mine = [m for s in seeds for m in done[s]]
    report("diagnostic bot", mine)
    master = master_row(Path(args.chunks), args.opponent)
    common = [s for s in seeds if s in master]
    if common:
        theirs = [m for s in common for m in master[s]]
        ours = [m for s in common for m in done[s]]
        report("master on the same decks", theirs)
        report("difference, deck by deck", [a - b for a, b in zip(ours, theirs, strict=True)])


def master_row(path: Path, opponent: str) -> dict[int, list[float]]:
    """Master's pair margins against ``opponent`` by chunk seed, from bot_strength.py."""
    if not path.exists():
        return {}
    rows = (json.loads(line) for line in path.read_text().splitlines())
    return {
        r["seed"]: r["margins"]
        for r in rows
        if (r["a"], r["b"]) == ("master", opponent) and r["chunk"] == CHUNK_PAIRS
    }


def report(name: str, margins: list[float]) -> None:
    mean, (low, high) = mean_ci95(margins)
    print(f"{name}: {mean:+.2f} [{low:+.2f}, {high:+.2f}] over {len(margins)} pairs")


def reading_positions(count: int) -> list[tuple]:
    """Expert's views (vs pimc) with the stock not empty and at least one opponent play
    this round, each with the opponent's true hand."""
    rules = Rules()
    points = points_table(rules)
    positions, deal = [], 0
    while len(positions) < count:
        state = new_deal(rules, rng=random.Random(9000 + deal))
        deal += 1
        me = deal % 2
        bots = {me: make_bot("expert", deal), 1 - me: make_bot("pimc", deal + 7)}
        while not state.is_over:
            seat = state.current_player
            view = view_for(state, seat)
            if (
                seat == me
                and view.stock
                and len(view.hand) > 1
                and decisions_this_round(view, points)
            ):
                positions.append((view, frozenset(state.hands[1 - me])))
            state.play(bots[seat].choose(view))
    return positions[:count]


READINGS = {
    "uniform": {"weigh_worlds": False, "infer_jacks": False, "lacking": False},
    "uniform, consistent with ranks shown lacking": {"weigh_worlds": False},
    "master (weighted by the opponent's plays)": {},
}


def reading_score(job) -> tuple[float, float, int]:
    """Summed Brier score and log loss of one reading over ``positions``."""
    name, positions = job
    settings = dict(READINGS[name])
    lacking = settings.pop("lacking", True)
    original = search.ranks_not_held
    if not lacking:
        search.ranks_not_held = lambda view, jacks=False: {
            s: set() for s in range(view.players) if s != view.seat
        }
    brier = log_loss = 0.0
    count = 0
    try:
        for index, (view, truth) in enumerate(positions):
            bot = MasterBot(index)
            for key, value in settings.items():
                setattr(bot, key, value)
            points = points_table(view.rules)
            unseen = unseen_cards(view)
            worlds = bot._worlds(view, unseen, points)
            held = dict.fromkeys(unseen, 0)
            for cards in worlds:
                for card in other_hands(view, cards)[1 - view.seat]:
                    held[card] += 1
            for card in unseen:
                p, y = held[card] / len(worlds), card in truth
                brier += (p - y) ** 2
                p = min(max(p, 1e-3), 1 - 1e-3)
                log_loss -= math.log(p if y else 1 - p)
                count += 1
    finally:
        search.ranks_not_held = original
    return brier, log_loss, count


def run_readings(args) -> None:
    positions = reading_positions(args.positions)
    print(f"{len(positions)} positions; 0 would be a perfect reading")
    with ProcessPoolExecutor(args.workers) as pool:
        for name, (brier, log_loss, count) in zip(
            READINGS, pool.map(reading_score, [(n, positions) for n in READINGS]), strict=True
        ):
            print(f"{name}: Brier {brier / count:.5f}, log loss {log_loss / count:.5f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("kind", choices=["seeing", "hand", "worlds"])
    parser.add_argument("--pairs", type=int, default=1000)
    parser.add_argument("--positions", type=int, default=1000)
    parser.add_argument(
        "--last-round", default="counting", choices=["counting", "endgame", "exact", "second-last"]
    )
    parser.add_argument("--steps", type=int, default=1, choices=[1, 2])
    parser.add_argument("--opponent", default="pimc")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", help="JSON lines of finished chunks (resumed if present)")
    parser.add_argument("--chunks", default=str(DEFAULT_CHUNKS))
    args = parser.parse_args()
    if args.kind == "worlds":
        run_readings(args)
    else:
        run_duels(args)


if __name__ == "__main__":
    main()
