"""Pişti, the Turkish fishing card game: rules, scoring, deal records and bots.

Pure Python with no dependencies, so the site, the tutorial, the bots and the command
line all share one implementation of the rules. ``docs/engine.md`` describes it completely:
notation, the rules object, the deal record, the command line and the bot protocol.
"""

from .cards import CARD_NAMES, InvalidCard, card_name, card_names, parse_card, parse_cards
from .dealing import InvalidDeck, shuffled_deck
from .match import Match, MatchProgress, Outcome, decide_match, match_outcome, match_totals
from .record import InvalidRecord, deal_record, replay_summary, state_from_record
from .rules import InvalidRules, Rules
from .scoring import SideScore, Tally, deal_points, score_deal, score_tallies
from .state import Event, GameState, IllegalPlay, capture_kind, new_deal
from .view import PlayerView, redealt, view_for

__all__ = [
    "CARD_NAMES",
    "Event",
    "GameState",
    "IllegalPlay",
    "InvalidCard",
    "InvalidDeck",
    "InvalidRecord",
    "InvalidRules",
    "Match",
    "MatchProgress",
    "Outcome",
    "PlayerView",
    "Rules",
    "SideScore",
    "Tally",
    "capture_kind",
    "card_name",
    "card_names",
    "deal_points",
    "deal_record",
    "decide_match",
    "match_outcome",
    "match_totals",
    "new_deal",
    "parse_card",
    "parse_cards",
    "replay_summary",
    "score_deal",
    "score_tallies",
    "shuffled_deck",
    "state_from_record",
    "redealt",
    "view_for",
]
