"""The practice game's moves: the human's card, the bots' replies, the next deal.

Each function loads the match from the row, checks the move against the engine, lets the
bots play until it is the human's turn again, and saves with a compare-and-swap on the
row's version: a replayed, stale or concurrent duplicate request changes nothing.
"""

from __future__ import annotations

import random
import secrets

from django.db.models import F
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from pisti import Match, Rules, view_for
from pisti.analysis import advised_card
from pisti.bots import make_bot
from pisti.cards import InvalidCard, parse_card
from pisti.state import JACK_PISTI, PISTI, Event

from .models import Game

HUMAN = Game.HUMAN_SEAT


class MoveRefused(Exception):
    """A move the game cannot take; nothing was changed. ``status`` is the HTTP status."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.message = message
        self.status = status


def load_match(game: Game) -> Match:
    return game.load_match()


# Every deck is shuffled by the operating system's secure random source. A seeded
# ``random.Random`` would let a player who downloads one deal's record search the seed space
# and know every later deck of the match. The deck is stored with the deal, so nothing needs
# to be reproducible from a seed.
_DECK_SHUFFLER = secrets.SystemRandom()


def deal_rng() -> random.Random:
    """The source for a new deal's deck: never seeded, never predictable."""
    return _DECK_SHUFFLER


def bot_seed(game: Game, deal_index: int, move: int, seat: int) -> int:
    """The bots' own seeded choices (reproducible in tests); derived from the game's private
    63-bit seed, which no page, record or response ever shows, and which decides no deck."""
    return (game.seed * 7919 + deal_index * 104729 + move * 131 + seat) % (2**63)


def run_bots(game: Game, match: Match) -> list[Event]:
    """Bots play, each from its own view, until the human is to move or the deal ends."""
    state = match.current
    events = []
    deal_index = len(match.finished)
    while state is not None and not state.is_over and state.current_player != HUMAN:
        seat = state.current_player
        bot = make_bot(game.level, bot_seed(game, deal_index, len(state.events), seat))
        card = bot.choose(view_for(state, seat, match.totals))
        events.append(state.play(card))
    if state is not None and state.is_over:
        match.finish_deal()
    return events


def create_game(session_key: str, level: str, table: str, rules: Rules) -> Game:
    game = Game(
        session_key=session_key, level=level, table=table, rules=rules.to_dict(),
        seed=secrets.randbits(63),
    )
    match = Match(rules, first_dealer=rules.players - 1)  # the human leads the first deal
    match.start_deal(rng=deal_rng())
    run_bots(game, match)
    game.match = match.to_dict()
    game.save()
    return game


def _save(game: Game, match: Match, version: int) -> None:
    """Store the new match only if nobody moved since ``version`` (compare-and-swap)."""
    finished = match.outcome.over
    stored = Game.objects.filter(pk=game.pk, version=version).update(
        match=match.to_dict(), version=F("version") + 1, finished=finished
    )
    if not stored:
        raise MoveRefused(_("This move was already made or the game has moved on."), 409)
    game.match, game.version, game.finished = match.to_dict(), version + 1, finished


def _check_version(game: Game, version) -> int:
    try:
        version = int(version)
    except (TypeError, ValueError):
        raise MoveRefused(_("The move did not say which position it was made on.")) from None
    if version != game.version:
        raise MoveRefused(_("This move was already made or the game has moved on."), 409)
    return version


def play_card(game: Game, card_text, version) -> list[Event]:
    version = _check_version(game, version)
    match = load_match(game)
    state = match.current
    if state is None or state.is_over:
        raise MoveRefused(_("This deal is over: no more cards can be played."), 409)
    if state.current_player != HUMAN:
        raise MoveRefused(_("It is not your turn."), 409)
    try:
        card = parse_card(card_text if isinstance(card_text, str) else "")
    except InvalidCard:
        raise MoveRefused(_("That is not a card.")) from None
    if card not in state.hands[HUMAN]:
        raise MoveRefused(_("That card is not in your hand."))
    events = [state.play(card)]
    events += run_bots(game, match)
    _save(game, match, version)
    return events


def next_deal(game: Game, version) -> list[Event]:
    version = _check_version(game, version)
    match = load_match(game)
    if match.outcome.over:
        raise MoveRefused(_("The match is over."), 409)
    if match.current is not None:
        raise MoveRefused(_("Finish this deal first."), 409)
    match.start_deal(rng=deal_rng())
    events = run_bots(game, match)
    _save(game, match, version)
    return events


def hint(game: Game) -> tuple[int, str, bool] | None:
    """The master's choice for the human (the strongest level), a one-line reason, and
    whether the card comes from the exact search instead (see ``advised_card``)."""
    match = load_match(game)
    state = match.current
    if state is None or state.current_player != HUMAN:
        return None
    view = view_for(state, HUMAN, match.totals)
    card, exact = advised_card(view, "master",
                               bot_seed(game, len(match.finished), len(state.events), 9))
    kind = view.capture_kind(card)
    if kind is not None:
        if kind == JACK_PISTI:
            reason = _("a jack pişti: %(points)d points.") % {
                "points": view.rules.jack_pisti_points}
        elif kind == PISTI:
            reason = _("a pişti: %(points)d points.") % {"points": view.rules.pisti_points}
        else:
            count = view.pile_size + 1
            reason = ngettext("it takes %(count)d card.", "it takes %(count)d cards.",
                              count) % {"count": count}
    elif view.pile_size == 0:
        reason = _("the card the next player is least likely to match for a pişti.")
    else:
        reason = _("the discard that risks the least: it keeps your better cards.")
    return card, reason, exact
