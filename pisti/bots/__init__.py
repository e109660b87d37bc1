"""Bots choose a card from a :class:`~pisti.view.PlayerView`, never from the state.

``make_bot(level, seed)`` returns an object with ``choose(view) -> card``. Every bot is
deterministic for a given seed.
"""

from __future__ import annotations

from .simple import GreedyBot, RandomBot

LEVELS = {"random": RandomBot, "greedy": GreedyBot}


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
