"""Bots choose a card from a :class:`~pisti.view.PlayerView`, never from the state.

``make_bot(level, seed)`` returns an object with ``choose(view) -> card``. Every bot is
deterministic for a given seed.
"""

from __future__ import annotations

from .levels import BeginnerBot, EasyBot, MediumBot
from .search import ExpertBot, HardBot
from .simple import GreedyBot, RandomBot

LEVELS = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "beginner": BeginnerBot,
    "easy": EasyBot,
    "medium": MediumBot,
    "hard": HardBot,
    "expert": ExpertBot,
}
PLAYING_LEVELS = ("beginner", "easy", "medium", "hard", "expert")


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
