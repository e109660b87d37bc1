"""The practice game's moves: the human's card, the bots' replies, the next deal.

Each function loads the match from the row, checks the move against the engine, lets the
bots play until it is the human's turn again, and saves with a compare-and-swap on the
row's version: a replayed, stale or concurrent duplicate request changes nothing.
"""

from __future__ import annotations

import dataclasses
import random

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from pisti import Match, Rules, redealt, view_for
from pisti.analysis import advised_card
from pisti.state import JACK_PISTI, PISTI, Event
from pisti_site import matchplay
from pisti_site.matchplay import MoveRefused

from .models import Game

HUMAN = Game.HUMAN_SEAT

__all__ = [
    "HUMAN",
    "MoveRefused",
    "create_game",
    "play_on",
    "play_card",
    "next_deal",
    "hint",
    "load_match",
    "run_bots",
]


def load_match(game: Game) -> Match:
    return game.load_match()


def run_bots(game: Game, match: Match) -> list[Event]:
    """The bots play every seat but the human's, until the human is to move or the deal
    ends."""
    return matchplay.run_bots(game, match, lambda seat: None if seat == HUMAN else game.level)


def create_game(session_key: str, level: str, table: str, rules: Rules) -> Game:
    game = Game(
        session_key=session_key,
        level=level,
        table=table,
        rules=rules.to_dict(),
        seed=matchplay.new_seed(),
    )
    match = matchplay.new_match(rules)  # the human, after the dealer, leads the first deal
    run_bots(game, match)
    game.match = match.to_dict()
    game.save()
    return game


def play_on(game: Game, deal: int, play: int, level: str) -> Game:
    """A new game of the same visitor from the moment play ``play`` of the finished ``deal``
    was chosen, against ``level``: what the player had seen stays as it was, every card
    they had not seen is dealt anew (:func:`pisti.redealt`), so neither the bots nor the
    player play on with the real hidden cards. The new match is that one deal."""
    state = load_match(game).finished[deal - 1]
    seed = matchplay.new_seed()
    position = redealt(state, HUMAN, play - 1, random.Random(seed))
    rules = dataclasses.replace(state.rules, max_deals=1)
    match = Match(rules, first_dealer=state.dealer)
    match.current = position
    match = Match.from_dict(match.to_dict())  # the deal under the new match's rules
    new = Game(
        session_key=game.session_key,
        level=level,
        table=game.table,
        rules=rules.to_dict(),
        seed=seed,
        played_on_from=game,
        played_on_deal=deal,
        played_on_play=play,
    )
    run_bots(new, match)
    new.match = match.to_dict()
    new.save()
    return new


def _save(game: Game, match: Match, version: int) -> None:
    """Store the new match only if nobody moved since ``version`` (compare-and-swap)."""
    game.swap(version, match=match.to_dict(), finished=match.outcome.over)


def _check_version(game: Game, version) -> int:
    version = matchplay.version_from(version)
    if version != game.version:
        raise matchplay.stale_move()
    return version


def play_card(game: Game, card_text, version) -> list[Event]:
    version = _check_version(game, version)
    match = load_match(game)
    events = [matchplay.play_card(match, HUMAN, card_text)]
    events += run_bots(game, match)
    _save(game, match, version)
    return events


def next_deal(game: Game, version) -> list[Event]:
    version = _check_version(game, version)
    match = load_match(game)
    if match.outcome.over:
        raise MoveRefused(_("The match is over."), "match_over", 409)
    matchplay.deal_next(match)
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
    card, exact = advised_card(view, game.bot_seed(len(match.finished), len(state.events), 9))
    kind = view.capture_kind(card)
    if kind is not None:
        if kind == JACK_PISTI:
            reason = _("a jack pişti: %(points)d points.") % {
                "points": view.rules.jack_pisti_points
            }
        elif kind == PISTI:
            reason = _("a pişti: %(points)d points.") % {"points": view.rules.pisti_points}
        else:
            # the pile's own count, as the hand's "takes N" and the log's line say
            count = view.pile_size
            reason = ngettext("it takes %(count)d card.", "it takes %(count)d cards.", count) % {
                "count": count
            }
    elif view.pile_size == 0:
        reason = _("the card the next player is least likely to match for a pişti.")
    else:
        reason = _("the discard that risks the least, and your better cards stay in your hand.")
    return card, reason, exact
