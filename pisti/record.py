"""Deal records (docs/engine.md, "The deal record"): export any deal, validate and replay one.

A record is also how a game in progress is stored: deck, dealer, rules and plays determine
the state exactly, so ``state_from_record(deal_record(state))`` is that state again.
"""

from __future__ import annotations

import json
from typing import Any

from .cards import InvalidCard, card_name, card_names, parse_card
from .dealing import InvalidDeck
from .rules import InvalidRules, Rules
from .scoring import score_deal
from .state import GameState, IllegalPlay

FORMAT = "pisti-deal/1"
_KNOWN_KEYS = {"format", "rules", "dealer", "deck", "plays"}


class InvalidRecord(ValueError):
    """A deal record that cannot be replayed; the message names the problem."""


def deal_record(state: GameState, **extra: Any) -> dict[str, Any]:
    """The record of ``state`` so far; ``extra`` keys (names, bot levels) ride along."""
    record = {
        "format": FORMAT,
        "rules": state.rules.changes(),
        "dealer": state.dealer,
        "deck": card_names(state.deck),
        "plays": card_names(state.plays),
    }
    record.update({k: v for k, v in extra.items() if k not in _KNOWN_KEYS})
    return record


def state_from_record(record: Any) -> GameState:
    """Replay a record into a state, refusing anything invalid with :class:`InvalidRecord`."""
    if not isinstance(record, dict):
        raise InvalidRecord("a deal record must be a JSON object")
    if record.get("format") != FORMAT:
        raise InvalidRecord(
            f'unknown format {json.dumps(record.get("format"))}: expected "{FORMAT}"'
        )
    for key in ("dealer", "deck", "plays"):
        if key not in record:
            raise InvalidRecord(f"the record has no {key!r}")
    try:
        rules = Rules.from_dict(record.get("rules"))
    except InvalidRules as error:
        raise InvalidRecord(str(error)) from None
    deck = _cards(record["deck"], "deck")
    plays = _cards(record["plays"], "plays")
    dealer = record["dealer"]
    if type(dealer) is not int or not 0 <= dealer < rules.players:
        raise InvalidRecord(
            f"dealer must be a seat from 0 to {rules.players - 1}, not {json.dumps(dealer)}"
        )
    try:
        state = GameState(rules, deck, dealer)
    except InvalidDeck as error:
        raise InvalidRecord(str(error)) from None
    for number, card in enumerate(plays, start=1):
        try:
            state.play(card)
        except IllegalPlay as error:
            raise InvalidRecord(f"play {number} ({card_name(card)}): {error}") from None
    return state


def _cards(value: Any, key: str) -> list[int]:
    if not isinstance(value, list):
        raise InvalidRecord(f"{key!r} must be a list of cards")
    try:
        return [parse_card(text) for text in value]
    except InvalidCard as error:
        raise InvalidRecord(f"{key}: {error}") from None


def replay_summary(state: GameState) -> dict[str, Any]:
    """The JSON object ``python -m pisti replay`` prints (docs/engine.md, "Command line")."""
    return {
        "complete": state.is_over,
        "sides": [side.to_dict() for side in score_deal(state)],
        "events": [
            {
                "seat": e.seat,
                "card": card_name(e.card),
                "captured": e.captured,
                "pisti": e.pisti,
                "jack_pisti": e.jack_pisti,
            }
            for e in state.events
        ],
        "last_capture_side": state.last_capture_side,
    }


def dumps_state(state: GameState) -> str:
    """A game in progress as JSON text, for a database row."""
    return json.dumps(deal_record(state), separators=(",", ":"))


def loads_state(text: str) -> GameState:
    return state_from_record(json.loads(text))
