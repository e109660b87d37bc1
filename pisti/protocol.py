"""External bots over JSON lines (docs/engine.md, "Bot protocol"), like UCI for chess engines.

The engine starts the bot's command once per duel side, sends ``{"type": "play", "view":
…}`` whenever that bot is to move and reads one ``{"card": "7H"}`` line back. The view is
the seat's :class:`~pisti.view.PlayerView` and nothing else. A bot that answers with bad
JSON, a card it does not hold, nothing in time, or dies, loses with a clear message.
"""

from __future__ import annotations

import json
import os
import selectors
import shlex
import subprocess
import time

from .cards import InvalidCard, card_name, parse_card
from .view import PlayerView

DEFAULT_TIMEOUT = 10.0


class BotFailure(Exception):
    """The external bot broke the protocol; it loses the duel."""

    def __init__(self, message: str, bot: ExternalBot | None = None) -> None:
        super().__init__(message)
        self.bot = bot


class ExternalBot:
    def __init__(self, command: str, timeout: float = DEFAULT_TIMEOUT) -> None:
        self.command = command
        self.timeout = timeout
        try:
            argv = shlex.split(command)
            if not argv:
                raise ValueError("the command is empty")
            self.process = subprocess.Popen(
                argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                text=True,
                bufsize=1,
            )
        except (OSError, ValueError) as error:
            raise BotFailure(f"cannot start {command!r}: {error}") from None
        self._selector = selectors.DefaultSelector()
        self._selector.register(self.process.stdout, selectors.EVENT_READ)
        self._buffer = ""

    def choose(self, view: PlayerView) -> int:
        try:
            return self._choose(view)
        except BotFailure as failure:
            failure.bot = self
            raise

    def _choose(self, view: PlayerView) -> int:
        self._send({"type": "play", "view": view.to_dict()})
        line = self._read_line()
        try:
            answer = json.loads(line)
        except json.JSONDecodeError:
            raise BotFailure(f"answered with invalid JSON: {line.strip()[:80]!r}") from None
        if not isinstance(answer, dict) or "card" not in answer:
            raise BotFailure(f'answered without a "card": {line.strip()[:80]!r}')
        try:
            card = parse_card(answer["card"])
        except InvalidCard as error:
            raise BotFailure(f"answered {error}") from None
        if card not in view.hand:
            raise BotFailure(f"played {card_name(card)}, which is not in its hand")
        return card

    def _send(self, message: dict) -> None:
        try:
            self.process.stdin.write(json.dumps(message) + "\n")
            self.process.stdin.flush()
        except (BrokenPipeError, OSError):
            raise BotFailure(f"exited (status {self.process.poll()})") from None

    def _read_line(self) -> str:
        deadline = time.monotonic() + self.timeout
        fd = self.process.stdout.fileno()
        while "\n" not in self._buffer:
            remaining = deadline - time.monotonic()
            if remaining <= 0 or not self._selector.select(remaining):
                raise BotFailure(f"did not answer within {self.timeout:g} s")
            chunk = os.read(fd, 65536).decode("utf-8", "replace")
            if not chunk:
                raise BotFailure(f"exited without answering (status {self.process.wait()})")
            self._buffer += chunk
        line, self._buffer = self._buffer.split("\n", 1)
        return line

    def close(self) -> None:
        if self.process.poll() is None:
            try:
                self._send({"type": "quit"})
                self.process.wait(timeout=2)
            except (BotFailure, subprocess.TimeoutExpired):
                self.process.kill()
                self.process.wait()
        self._selector.close()


def external_bot_factory(command: str, timeout: float = DEFAULT_TIMEOUT):
    """A factory giving the same running process for every deal of a duel."""
    bots: list[ExternalBot] = []

    def factory(seed: int) -> ExternalBot:
        if not bots:
            bots.append(ExternalBot(command, timeout))
        return bots[0]

    factory.bots = bots
    factory.close = lambda: [bot.close() for bot in bots]
    return factory
