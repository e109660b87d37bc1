"""Bots choose a card from a :class:`~pisti.view.PlayerView`, never from the state.

``make_bot(level, seed)`` returns an object with ``choose(view) -> card``. Every bot is
deterministic for a given seed.
"""

from __future__ import annotations

from .levels import BeginnerBot, EasyBot, MediumBot
from .reference import CountingBot, PimcBot
from .search import ExpertBot, HardBot, MasterBot
from .simple import GreedyBot, RandomBot

LEVELS = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "beginner": BeginnerBot,
    "easy": EasyBot,
    "medium": MediumBot,
    "hard": HardBot,
    "expert": ExpertBot,
    "master": MasterBot,
    # fixed reference opponents for measuring the ladder (issue 15), not practice levels
    "counting": CountingBot,
    "pimc": PimcBot,
}
PLAYING_LEVELS = ("beginner", "easy", "medium", "hard", "expert", "master")


class UnknownBot(ValueError):
    pass


def make_bot(level: str, seed: int = 0):
    try:
        factory = LEVELS[level]
    except KeyError:
        raise UnknownBot(
            f"unknown bot level {level!r}; choose one of {', '.join(LEVELS)}"
        ) from None
    return factory(seed)
