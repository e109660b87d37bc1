"""The review's fixtures: a visitor's practice game with a finished deal, analysed."""

from __future__ import annotations

import random

import pytest

from analysis.models import DealAnalysis
from practice.service import load_match

from .helpers import game_with_a_finished_deal, review_url, run_worker

# a deal whose first-card-always human makes mistakes and blunders against expert bots
FIXED_SEED = 20261206


@pytest.fixture
def game(client, monkeypatch):
    """The visitor's game (its session in ``client``), one deal played; the deal is fixed
    so that what the tests look for in its analysis is always there."""
    monkeypatch.setattr("pisti_site.matchplay.new_seed", lambda: FIXED_SEED)
    # the deck too: the site's decks come from the system's randomness, never a seed
    monkeypatch.setattr("pisti_site.matchplay.deal_rng", lambda: random.Random(FIXED_SEED))
    client.get("/en/practice/")  # a session
    session = client.session
    session.save()
    return game_with_a_finished_deal(session.session_key)


@pytest.fixture
def analysed(client, game):
    """The deal's stored analysis (a worker has run) and the finished deal."""
    client.get(review_url(game))
    run_worker()
    return DealAnalysis.objects.get(), load_match(game).finished[0]
