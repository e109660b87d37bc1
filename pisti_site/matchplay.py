"""The match core that practice games and friends tables share.

Both store a whole match as the engine's JSON in one row and change it by a compare-and-swap
on the row's ``version``; both let bots play from their own views with seeds derived from
the row's private seed; both check a human's card against the engine the same way and
refuse it with the same words. That flow lives here, once: :class:`MatchRecord` (the
abstract row), :func:`run_bots`, :func:`play_card`, :func:`deal_next`, :func:`new_match`,
one fair deck source (:func:`deal_rng`) and one :class:`MoveRefused`. Each app keeps only
what differs: who may move, and how the update reaches the browser.

A table kind names how many play and whether partners sit opposite; both apps store it and
turn it into the engine's rules here, so "2 against 2" means one thing everywhere.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable

from django.db import models
from django.db.models import F
from django.dispatch import Signal
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from pisti import Match, Rules, view_for
from pisti.bots import make_bot
from pisti.cards import InvalidCard, parse_card
from pisti.state import Event


class TableKind(models.TextChoices):
    # in the practice game's order, so both choices of table read alike
    ONE_ON_ONE = "1v1", _("1 against 1")
    PARTNERS = "2v2", _("2 against 2")
    THREE = "3", _("3 players, each for themselves")
    FOUR = "4", _("4 players, each for themselves")


#: The engine's table rules of each kind (the rest of the rules are the house rules).
TABLE_RULES: dict[str, dict] = {
    TableKind.ONE_ON_ONE: {"players": 2},
    TableKind.THREE: {"players": 3},
    TableKind.FOUR: {"players": 4, "partnerships": False},
    TableKind.PARTNERS: {"players": 4, "partnerships": True},
}


def kind_for(rules: dict) -> str:
    """The table kind that plays ``players``/``partnerships`` as a rules object says."""
    players = rules.get("players", 2)
    partnerships = bool(rules.get("partnerships", players == 4)) and players == 4
    for kind, table_rules in TABLE_RULES.items():
        if table_rules["players"] == players and table_rules.get("partnerships", False) == (
            partnerships
        ):
            return str(kind)
    raise ValueError(f"no table kind for {players} players")


class MoveRefused(Exception):
    """A request the game cannot take; nothing was changed. ``code`` names the reason (for
    scripts and tests), ``status`` is the HTTP status a page answers with."""

    def __init__(self, message: str, code: str = "refused", status: int = 400) -> None:
        super().__init__(message)
        self.message = message
        self.code = code
        self.status = status


class StaleMove(MoveRefused):
    """The row changed since the version the player saw; the move may be tried again on the
    fresh row, whose own checks then decide."""


def stale_move() -> StaleMove:
    return StaleMove(gettext("This move was already made or the game has moved on."), "stale", 409)


def not_a_card() -> MoveRefused:
    return MoveRefused(gettext("That is not a card."), "card")


def no_version() -> MoveRefused:
    return MoveRefused(gettext("The move did not say which position it was made on."), "version")


def version_from(value) -> int:
    """The version a move says it was made on: a whole number, or its digits as a form
    posts them; anything else is refused."""
    if type(value) is int and value >= 0:
        return value
    if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) < 12:
        return int(value)
    raise no_version()


class MatchRecord(models.Model):
    """A stored match: its rules, the whole match as the engine's JSON (``match``, declared
    by each model), a private seed for the bots and the version every change swaps on."""

    rules = models.JSONField(_("rules"))
    seed = models.BigIntegerField()
    version = models.PositiveIntegerField(default=0)

    class Meta:
        abstract = True

    def load_match(self) -> Match | None:
        """The whole match, rebuilt from the stored deal records (``None`` before it starts)."""
        return Match.from_dict(self.match) if self.match else None

    def bot_seed(self, deal_index: int, move: int, seat: int) -> int:
        """A bot's seed for one decision: reproducible from the row's private 63-bit seed,
        which no page, record or response shows and which decides no deck."""
        return (self.seed * 7919 + deal_index * 104729 + move * 131 + seat) % (2**63)

    def swap(self, version: int, *, unchanged: dict | None = None, **fields) -> None:
        """Store ``fields`` only if the row is still at ``version`` (compare-and-swap), and
        move it on by one; raises :func:`stale_move` otherwise. ``unchanged``: more columns
        the row must still hold for the write to happen (the same refusal otherwise). Plain
        values are copied onto this instance; expressions (``F(...)``) are left for the
        caller."""
        stored = (
            type(self)
            .objects.filter(pk=self.pk, version=version, **(unchanged or {}))
            .update(version=F("version") + 1, **fields)
        )
        if not stored:
            raise stale_move()
        for key, value in fields.items():
            if not hasattr(value, "resolve_expression"):
                setattr(self, key, value)
        self.version = version + 1


# Every deck is shuffled by the operating system's secure random source. A seeded
# ``random.Random`` would let a player who downloads one deal's record search the seed space
# and know every later deck of the match. The deck is stored with the deal, so nothing needs
# to be reproducible from a seed.
_DECK_SHUFFLER = secrets.SystemRandom()


def deal_rng() -> random.Random:
    """The source of every new deal's deck: never seeded, never predictable."""
    return _DECK_SHUFFLER


def new_seed() -> int:
    """A row's private seed for its bots' choices."""
    return secrets.randbits(63)


def new_match(rules: Rules, first_dealer: int | None = None) -> Match:
    """A match with its first deal dealt; the seat after the dealer leads (seat 0 unless
    ``first_dealer`` says otherwise: a table's next match goes on round the table)."""
    dealer = rules.players - 1 if first_dealer is None else first_dealer
    match = Match(rules, first_dealer=dealer)
    match.start_deal(rng=deal_rng())
    return match


def require_deal_over(match: Match) -> None:
    """Refuse what may only happen between deals while a deal is still running."""
    if match.current is not None:
        raise MoveRefused(gettext("Finish this deal first."), "deal_running", 409)


def deal_next(match: Match) -> None:
    """Deal the next deal of a match whose last deal is over."""
    require_deal_over(match)
    match.start_deal(rng=deal_rng())


def run_bots(
    record: MatchRecord,
    match: Match,
    level_of: Callable[[int], str | None],
) -> list[Event]:
    """Bots play, each from its own view, while ``level_of(seat)`` names a bot for the seat
    to move; the deal is closed when it ends. Returns the plays."""
    state = match.current
    events = []
    while state is not None and not state.is_over:
        seat = state.current_player
        level = level_of(seat)
        if level is None:
            break
        events.append(bot_play(record, match, level))
    if state is not None and state.is_over:
        match.finish_deal()
    return events


def bot_play(record: MatchRecord, match: Match, level: str) -> Event:
    """A bot of ``level`` plays for the seat to move, from that seat's view only."""
    state = match.current
    seat = state.current_player
    bot = make_bot(level, record.bot_seed(len(match.finished), len(state.events), seat))
    return state.play(bot.choose(view_for(state, seat, match.totals)))


def play_card(match: Match, seat: int, card_text) -> Event:
    """``seat`` plays ``card_text`` from its hand, checked against the engine."""
    state = match.current
    if state is None or state.is_over:
        raise MoveRefused(
            gettext("This deal is over: no more cards can be played."), "deal_over", 409
        )
    if state.current_player != seat:
        raise MoveRefused(gettext("It is not your turn."), "turn", 409)
    try:
        card = parse_card(card_text if isinstance(card_text, str) else "")
    except InvalidCard:
        raise not_a_card() from None
    if card not in state.hands[seat]:
        raise MoveRefused(gettext("That card is not in your hand."), "hand")
    return state.play(card)


#: Sent by a game whose move ended a deal, with ``record`` (the stored game, which has
#: ``load_match()`` and ``HUMAN_SEAT``) and ``deal`` (1-based). The analysis app listens and
#: queues the deal's review, so the game needs no import of it.
deal_finished = Signal()
