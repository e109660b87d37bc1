"""Does a move the review flags hold under a deeper look? Agreement, flag rate and stability.

Positions: every decision of seat 0 (two or more different cards in hand) in deals where
seat 0 is played by a bot that plays well, badly or in between, against opponents of
three strengths; one deal in four is a table of partners. Each decision is analysed by
:func:`pisti.analysis.review_move` as the site does it (seeded by the position).

- **Flags per 100 decisions**: moves labelled inaccuracy, mistake or blunder.
- **Agreement**: on each flagged move, an independent deep evaluation of the same world
  model says the analysis' best card beats the card played. It is written apart from the
  analysis: its own uniform deal of the unseen cards (dealt in another order, straight
  into the engine's position), ``--deep`` worlds (8,192 by default, fixed, not adaptive)
  for the two cards, the play-outs on the reference bots' frozen copy of the counting
  policy (:mod:`pisti.bots.reference`). It agrees when the best card's mean lead is
  positive; it *contradicts* the flag when the played card is ahead by more than two
  standard errors. An exact position (the last round of a two-player deal) is checked
  instead by brute force through the engine: every opponent hand, each solved with both
  hands open by :class:`~pisti.state.GameState` play (the same model the analysis solves).
- **Stability**: every decision analysed again with another seed; the share whose label
  is the same.

Run: ``.venv/bin/python -m benchmarks.analysis_agreement [--deals 160] [--jobs 2]``.
Results are recorded in ``docs/analysis.md``.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from itertools import combinations

from pisti import Rules, analysis, new_deal, view_for
from pisti.analysis import FIRST_WORLDS, MOST_WORLDS, MOST_WORLDS_BEST, review_move
from pisti.bots import make_bot
from pisti.bots.heuristics import points_table
from pisti.bots.reference import PimcBot
from pisti.position import assemble_position
from pisti.scoring import deal_points
from pisti.state import GameState

FLAGS = ("inaccuracy", "mistake", "blunder")
PLACEHOLDER = 5 * 4  # a card worth no points (a seven)
PLAYERS = ("beginner", "easy", "medium", "counting", "hard")  # the reviewed seat
OPPONENTS = ("beginner", "medium", "expert")


def deal(number: int) -> tuple[GameState, str, str]:
    """Deal ``number`` played out: seat 0 (and its partner) by one level, the others by
    another; one deal in four at a table of partners."""
    rng = random.Random(number)
    rules = Rules(players=4) if number % 4 == 3 else Rules()
    player, opponent = PLAYERS[number % len(PLAYERS)], OPPONENTS[number // 5 % len(OPPONENTS)]
    state = new_deal(rules, rng=rng, dealer=rng.randrange(rules.players))
    bots = [
        make_bot(player if seat % 2 == 0 else opponent, number * 10 + seat)
        for seat in range(rules.players)
    ]
    while not state.is_over:
        seat = state.current_player
        state.play(bots[seat].choose(view_for(state, seat)))
    return state, player, opponent


def seat_decisions(state: GameState) -> list[tuple[int, object, int]]:
    """(plays before, view, card played) for every decision of seat 0."""
    replay, found = state.replayed(0), []
    for index, event in enumerate(state.events):
        if event.seat == 0 and len(set(replay.hands[0])) > 1:
            found.append((index, view_for(replay, 0), event.card))
        replay.play(event.card)
    return found


# -- the independent evaluation ------------------------------------------------------------


def _deep_world(view, hidden: list[int], taken_before: bool = False) -> GameState:
    """A position consistent with ``view``: the shuffled ``hidden`` cards dealt stock first,
    then the face-down cards, then the other hands (the analysis deals hands first). With
    ``taken_before``, each side has already captured as many cards as the view says (cards
    worth nothing stand in for them: only their number matters, for the majority), so the
    engine's ``deal_points`` scores the whole deal."""
    stock = hidden[: view.stock]
    face_down = view.pile_size - len(view.pile_face_up)
    under = hidden[view.stock : view.stock + face_down]
    rest = iter(hidden[view.stock + face_down :])
    hands = [
        list(view.hand) if seat == view.seat else [next(rest) for _ in range(size)]
        for seat, size in enumerate(view.hand_sizes)
    ]
    return assemble_position(
        GameState,
        view.rules,
        dealer=view.dealer,
        to_move=view.seat,
        hands=hands,
        pile=under + list(view.pile_face_up),
        face_down=face_down,
        stock=stock,
        captured=[[PLACEHOLDER] * count if taken_before else [] for count in view.captured_cards],
        pisti=None,
        jack_pisti=None,
        last_capture_side=view.last_capture_side,
    )


def deep_lead(view, better: int, worse: int, worlds: int, seed: int) -> tuple[float, float]:
    """Mean and standard error of (``better`` minus ``worse``) over ``worlds`` independent
    uniform worlds, both cards in each, the deal finished by the frozen counting policy."""
    rng = random.Random(seed)
    seen = set(view.seen)
    hidden = [card for card in range(52) if card not in seen]
    points = points_table(view.rules)
    public = [0] * 13
    for card in seen - set(view.hand):
        public[card >> 2] += 1
    total = square = 0.0
    for _ in range(worlds):
        rng.shuffle(hidden)
        world = _deep_world(view, hidden)
        lead = PimcBot._play_out(world, better, view, points, public) - PimcBot._play_out(
            world, worse, view, points, public
        )
        total += lead
        square += lead * lead
    mean = total / worlds
    variance = max(square / worlds - mean * mean, 0.0) * worlds / (worlds - 1)
    return mean, (variance / worlds) ** 0.5


def _open_value(state: GameState, seat: int) -> float:
    """Minimax through the engine with both hands open: ``seat``'s side's deal points minus
    the other side's, both playing their best."""
    if state.is_over:
        points = deal_points(state)
        return points[seat % 2] - points[1 - seat % 2]
    values = []
    for card in sorted(set(state.hands[state.current_player])):
        child = state.copy()
        child.play(card)
        values.append(_open_value(child, seat))
    return max(values) if state.current_player == seat else min(values)


def brute_force_lead(view, better: int, worse: int) -> float:
    """The exact lead of ``better`` over ``worse``: every opponent hand the unseen cards
    allow, each solved open-handed through the engine, averaged."""
    seen = set(view.seen)
    hidden = [card for card in range(52) if card not in seen]
    size = view.hand_sizes[1 - view.seat]
    total, count = 0.0, 0
    for hand in combinations(hidden, size):
        rest = [card for card in hidden if card not in hand]
        world = _deep_world(view, list(hand) + rest, taken_before=True)  # no stock or face-down
        leads = []
        for card in (better, worse):
            trial = world.copy()
            trial.play(card)
            leads.append(_open_value(trial, view.seat))
        total += leads[0] - leads[1]
        count += 1
    return total / count


# -- the run -------------------------------------------------------------------------------


def check_deal(number: int, deep: int, sampling: dict | None = None) -> list[dict]:
    state, player, opponent = deal(number)
    rows, sampling = [], sampling or {}
    for index, view, played in seat_decisions(state):
        started = time.process_time()
        review = review_move(view, played, seed=number * 1000 + index, **sampling)
        seconds = time.process_time() - started
        again = review_move(view, played, seed=number * 1000 + index + 500_000, **sampling)
        row = {
            "deal": number,
            "player": player,
            "opponent": opponent,
            "label": review.label,
            "again": again.label,
            "exact": review.evaluation.exact,
            "worlds": review.evaluation.samples,
            "loss": review.loss,
            "seconds": seconds,
        }
        if review.label in FLAGS:
            if review.evaluation.exact:
                lead, stderr = brute_force_lead(view, review.best, played), 0.0
            else:
                lead, stderr = deep_lead(view, review.best, played, deep, number * 7 + index)
            row.update(lead=lead, stderr=stderr)
        rows.append(row)
    return rows


def _mark(label: str) -> str:
    return label if label in FLAGS else ""


def report(rows: list[dict], seconds: float) -> None:
    flagged = [r for r in rows if "lead" in r]
    agree = [r for r in flagged if r["lead"] > 0]
    contradict = [r for r in flagged if r["lead"] < -2 * r["stderr"]]
    exact = [r for r in flagged if r["exact"]]
    exact_agree = [r for r in exact if r["lead"] > 1e-9]
    stable = sum(r["label"] == r["again"] for r in rows)
    marked = sum(_mark(r["label"]) == _mark(r["again"]) for r in rows)
    print(f"{len(rows)} decisions from {len({r['deal'] for r in rows})} deals ({seconds:.0f} s)")
    print(f"labels: {dict(Counter(r['label'] for r in rows))}")
    print(f"flags per 100 decisions: {100 * len(flagged) / len(rows):.1f}")
    print(
        f"agreement on flagged moves: {len(agree)}/{len(flagged)} = "
        f"{len(agree) / max(len(flagged), 1):.1%}; the played card ahead by more than 2 SE: "
        f"{len(contradict)}"
    )
    for name in FLAGS:
        some = [r for r in flagged if r["label"] == name]
        hits = sum(r["lead"] > 0 for r in some)
        print(f"  {name}: {hits}/{len(some)}")
    print(f"exact part: {len(exact_agree)}/{len(exact)} agree with the brute force")
    print(f"label stability under reseeding: {stable}/{len(rows)} = {stable / len(rows):.1%}")
    print(f"mark stability (no mark, ?!, ?, ??): {marked}/{len(rows)} = {marked / len(rows):.1%}")
    cpu = sum(r["seconds"] for r in rows) / len(rows)
    print(f"CPU per decision: {cpu:.3f} s")
    sampled = [r for r in rows if not r["exact"]]
    if sampled:
        mean_worlds = sum(r["worlds"] for r in sampled) / len(sampled)
        print(f"worlds per sampled decision: mean {mean_worlds:.0f}")
    for player in PLAYERS:
        some = [r for r in rows if r["player"] == player]
        if some:
            count = sum(r["label"] in FLAGS for r in some)
            print(f"  seat 0 {player}: {count} flags in {len(some)} decisions")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=160)
    parser.add_argument("--deep", type=int, default=8192)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--first", type=int, default=FIRST_WORLDS)
    parser.add_argument("--most", type=int, default=MOST_WORLDS)
    parser.add_argument("--most-best", type=int, default=MOST_WORLDS_BEST)
    parser.add_argument("--settled", type=float, default=analysis.SETTLED)
    parser.add_argument("--rows", help="write every decision's row to this JSON file")
    args = parser.parse_args()
    analysis.SETTLED = args.settled  # the worker processes are forked with it
    sampling = {"first": args.first, "most": args.most, "most_best": args.most_best}
    started = time.time()
    with ProcessPoolExecutor(args.jobs) as pool:
        chunks = pool.map(
            check_deal, range(args.deals), [args.deep] * args.deals, [sampling] * args.deals
        )
        rows = [row for chunk in chunks for row in chunk]
    report(rows, time.time() - started)
    if args.rows:
        with open(args.rows, "w") as out:
            json.dump(rows, out)


if __name__ == "__main__":
    main()
