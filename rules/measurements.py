"""Numbers the rules pages quote about whole matches, measured by playing them.

The variants page says how many deals a match to 151 or to 101 takes. Those figures are
not guesses: they come from :func:`match_lengths`, which plays complete matches between
two of the engine's Medium bots (the practice game's default opponent) from fixed seeds,
and ``rules/tests`` re-run it and compare with every language's text.
"""

from __future__ import annotations

import random
import statistics
from dataclasses import dataclass

from pisti import Rules
from pisti.bots import make_bot
from pisti.duel import play_deal
from pisti.match import Match

MATCHES = 200
LEVEL = "medium"


@dataclass(frozen=True)
class MatchLengths:
    target: int
    matches: int
    mean: float
    fewest: int
    most: int


def match_lengths(target: int, matches: int = MATCHES, seed: int = 0) -> MatchLengths:
    """Deals per two-player match to ``target``, over ``matches`` bot-against-bot matches.

    The first dealer alternates between matches so neither bot always leads first.
    """
    rules = Rules(target=target)
    counts = []
    for number in range(matches):
        rng = random.Random(seed * 1_000_003 + number)
        match = Match(rules, first_dealer=number % 2)
        bots = [make_bot(LEVEL, 2 * number), make_bot(LEVEL, 2 * number + 1)]
        while not match.outcome.over:
            play_deal(match.start_deal(rng=rng), bots, match.totals)
            match.finish_deal()
        counts.append(len(match.finished))
    return MatchLengths(target, matches, statistics.fmean(counts), min(counts), max(counts))


if __name__ == "__main__":  # python -m rules.measurements
    for target in (151, 101):
        print(match_lengths(target))
