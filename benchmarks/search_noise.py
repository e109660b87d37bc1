"""How many points a search level loses to its own sampling noise, per decision.

Positions come from expert-vs-expert two-player deals (stock not empty, at least two
different cards in hand: the decisions the sampling search makes). Each is evaluated once
with ``--oracle`` worlds (4,096 by default) by the expert's model: worlds weighed by the
opponents' plays, every card played out by the counting policy. A setting's loss is the
oracle value of the best card minus the oracle value of the card the setting chose, over
every position and two bot seeds. It measures only noise and the rule for choosing (the
model is the same), which is what the number of worlds and the bar for leaving the default
card decide; strength against other bots is ``bot_strength.py``'s job.

Run: ``.venv/bin/python -m benchmarks.search_noise --positions 288 96:1.0 256:0``
(each setting is worlds:bar in standard errors; racing every 32 worlds as the levels do).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

from pisti import Rules, new_deal, view_for
from pisti.bots import make_bot
from pisti.bots.heuristics import points_table, unseen_cards
from pisti.bots.playout import world_from
from pisti.bots.search import ExpertBot

PER_JOB = 12


def positions(count: int, seed: int) -> list:
    """``count`` sampled decisions from expert-vs-expert deals, about one in three."""
    rng, found, deal = random.Random(seed), [], 0
    while len(found) < count:
        state = new_deal(Rules(), rng=random.Random(seed * 1000 + deal))
        deal += 1
        bots = [make_bot("expert", deal * 10 + seat) for seat in range(2)]
        while not state.is_over:
            view = view_for(state, state.current_player)
            if len(set(view.hand)) > 1 and view.stock and rng.random() < 0.3:
                found.append(view)
            state.play(bots[state.current_player].choose(view))
    return found[:count]


def oracle_values(view, worlds: int) -> dict[int, float]:
    bot = ExpertBot(7)
    bot.samples, bot.match_aware = worlds, False
    points = points_table(view.rules)
    hand = sorted(set(view.hand))
    totals = dict.fromkeys(hand, 0.0)
    for cards in bot._worlds(view, unseen_cards(view), points):
        world = world_from(view, cards)
        for card in hand:
            totals[card] += bot._play_out(world, card, view, points)
    return {card: total / worlds for card, total in totals.items()}


def _job(args):
    seed, worlds = args
    return [(view, oracle_values(view, worlds)) for view in positions(PER_JOB, seed)]


def loss_of(setting: str, data) -> tuple[float, float]:
    """Mean oracle loss per decision and mean CPU seconds per decision of a setting."""
    worlds, bar = setting.split(":")

    class Setting(ExpertBot):
        samples = int(worlds)
        confidence = float(bar)
        match_aware = False

    losses, started = [], time.process_time()
    for seed in (1, 1001):
        for view, values in data:
            card = Setting(seed).choose(view)
            losses.append(max(values.values()) - values[card])
    return statistics.fmean(losses), (time.process_time() - started) / len(losses)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("settings", nargs="+", help="worlds:bar, e.g. 96:1.0 256:0")
    parser.add_argument("--positions", type=int, default=288)
    parser.add_argument("--oracle", type=int, default=4096)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    jobs = [(seed, args.oracle) for seed in range(max(1, args.positions // PER_JOB))]
    with ProcessPoolExecutor(args.workers) as pool:
        data = [item for chunk in pool.map(_job, jobs) for item in chunk]
    print(f"{len(data)} positions, oracle {args.oracle} worlds")
    for setting in args.settings:
        loss, cpu = loss_of(setting, data)
        print(f"{setting}: {loss:.3f} points lost per decision, {cpu * 1000:.0f} ms CPU each")


if __name__ == "__main__":
    main()
