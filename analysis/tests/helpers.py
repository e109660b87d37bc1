"""A practice game with one finished deal, played through the game's own service."""

from __future__ import annotations

from django.core.management import call_command

from pisti import Rules
from pisti.cards import card_name
from practice import service


def game_with_a_finished_deal(session_key: str = "k" * 32):
    """The human plays the first card of the hand until the first deal is over."""
    game = service.create_game(session_key, "expert", "1v1", Rules())
    while not service.load_match(game).finished:
        hand = service.load_match(game).current.hands[service.HUMAN]
        service.play_card(game, card_name(hand[0]), str(game.version))
        game.refresh_from_db()
    return game


def review_url(game, deal=1, language="en"):
    return f"/{language}/analysis/{game.pk}/{deal}/"


def run_worker():
    call_command("db_worker", "--batch", "--no-startup-delay", "--interval", "0.1")
