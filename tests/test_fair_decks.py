"""Decks come from the operating system's secure random source, not from the game's seed,
in practice games and at friends tables alike (one source: ``pisti_site.matchplay``).

With seeded decks, a player who downloads one finished deal's record could search the seed
space and know every later deck of the match.
"""

import random
import secrets

import pytest

from friends import service as friends_service
from friends.tests.helpers import make_table
from pisti import Rules
from pisti.cards import card_name
from pisti_site import matchplay
from practice import service
from practice.models import Game
from practice.service import create_game

pytestmark = pytest.mark.django_db


def deck_of(game: Game) -> list[str]:
    return game.match["current"]["deck"]


def test_two_games_with_the_same_seed_get_different_decks(monkeypatch):
    monkeypatch.setattr(secrets, "randbits", lambda bits: 12345)
    decks = {tuple(deck_of(create_game("s", "beginner", "1v1", Rules()))) for _ in range(4)}
    assert len(decks) == 4
    assert Game.objects.filter(seed=12345).count() == 4


def test_the_deck_is_not_the_old_seeded_shuffle():
    """The formula the site used to shuffle with no longer predicts the deck."""
    game = create_game("s", "beginner", "1v1", Rules())
    from pisti.cards import card_names
    from pisti.dealing import shuffled_deck

    predicted = card_names(shuffled_deck(random.Random(game.seed * 1009), Rules()))
    assert deck_of(game) != predicted


def test_the_deal_source_is_the_systems_secure_random():
    assert isinstance(matchplay.deal_rng(), random.SystemRandom)


def spy_on_the_deal_source(monkeypatch, calls: list) -> None:
    real = matchplay.deal_rng

    def spy():
        calls.append(1)
        return real()

    monkeypatch.setattr(matchplay, "deal_rng", spy)


def test_every_next_deal_is_drawn_from_the_secure_source(monkeypatch):
    """The second deal of a match asks the secure source too (spied on, not replaced)."""
    calls = []
    spy_on_the_deal_source(monkeypatch, calls)
    game = create_game("s", "beginner", "1v1", Rules(max_deals=2))
    assert calls == [1]
    match = service.load_match(game)
    while match.current is not None:
        state = match.current
        state.play(state.legal_plays()[0])
        if state.is_over:
            match.finish_deal()
        else:
            service.run_bots(game, match)
    game.match = match.to_dict()
    game.save()
    service.next_deal(game, game.version)
    assert calls == [1, 1]


def test_the_seed_is_private_and_wide():
    game = create_game("s", "beginner", "1v1", Rules())
    assert 0 <= game.seed < 2**63
    record = service.load_match(game).to_dict()
    assert str(game.seed) not in str(record)


def test_friends_tables_deal_every_deal_from_the_secure_source(monkeypatch):
    """A friends table's first deal, its next deal and a new match all ask the one source."""
    calls = []
    spy_on_the_deal_source(monkeypatch, calls)
    table, token = make_table("1v1", bots=[(1, "beginner")], max_deals=1)
    friends_service.start(table, token)
    assert calls == [1]
    while not friends_service.load_match(table).outcome.over:
        hand = friends_service.load_match(table).current.hands[0]
        friends_service.play(table, 0, card_name(hand[0]), table.version)
    friends_service.next_deal(table, 0, table.version)  # "play again": a new match
    assert calls == [1, 1]


def test_friends_tables_with_the_same_seed_get_different_decks(monkeypatch):
    monkeypatch.setattr(secrets, "randbits", lambda bits: 12345)
    decks = set()
    for _ in range(4):
        table, token = make_table("1v1", bots=[(1, "beginner")])
        friends_service.start(table, token)
        decks.add(tuple(friends_service.load_match(table).current.deck))
        assert table.seed == 12345
    assert len(decks) == 4
