"""The diagnostics behind "Where the points are" (benchmarks/bots_levels.md): the seeing
player scores the whole deal as the engine does, the hand-seeing master's worlds hold the
opponent's true hand, and the duels use the same decks as bot_strength.py's rows."""

import random

import pisti.duel
from benchmarks import hidden_information as hidden
from pisti import Rules, new_deal, view_for
from pisti.bots import make_bot
from pisti.bots.heuristics import points_table, unseen_cards
from pisti.bots.playout import other_hands
from pisti.duel import duel
from pisti.state import GameState


def mid_deal(seed, plays):
    state = new_deal(Rules(), rng=random.Random(seed))
    bots = [make_bot("counting", s) for s in range(2)]
    for _ in range(plays):
        state.play(bots[state.current_player].choose(view_for(state, state.current_player)))
    return state


def test_one_step_value_is_the_engines_margin_after_a_counting_play_out():
    points = points_table(Rules())
    counting = make_bot("counting", 0)
    for seed in range(20):
        state = mid_deal(seed, plays=seed % 30)
        view = view_for(state, state.current_player)
        for card in set(view.hand):
            world = state.copy()
            world.play(card)
            while not world.is_over:
                world.play(counting.choose(view_for(world, world.current_player)))
            assert hidden.one_step_value(state, view, card, points) == hidden.deal_margin(
                world, view.seat
            )


def test_the_hand_seeing_master_deals_the_opponent_its_true_hand_and_samples_the_rest():
    state = mid_deal(3, plays=9)
    view = view_for(state, state.current_player)
    bot = hidden.HandSeeingMaster(1)
    bot.samples = 40
    bot.state = state
    worlds = bot._worlds(view, unseen_cards(view), points_table(view.rules))
    opponent = 1 - view.seat
    assert all(other_hands(view, w)[opponent] == state.hands[opponent] for w in worlds)
    assert len({tuple(w) for w in worlds}) > 1  # the stock is still shuffled
    assert bot.choose(view) in view.hand


def recording(decks):
    class Recording(GameState):
        def __init__(self, rules, deck, dealer):
            decks.append((list(deck), dealer))
            super().__init__(rules, deck, dealer)

    return Recording


def test_a_diagnostic_duel_plays_the_decks_of_the_rows(monkeypatch):
    """Chunk seed 17 deals what ``pisti.duel.duel`` deals for bot_strength.py's chunk 17,
    so the margins pair deck by deck with master's row."""
    rows, ours = [], []
    monkeypatch.setattr(pisti.duel, "GameState", recording(rows))
    duel(lambda s: make_bot("counting", s), lambda s: make_bot("random", s), 2, seed=17)
    monkeypatch.setattr(hidden, "GameState", recording(ours))
    seed, margins = hidden.duel_chunk((17, "seeing", "counting", 1, "random"))
    assert ours == rows and len(rows) == 4
    assert seed == 17 and len(margins) == hidden.CHUNK_PAIRS
    assert sum(margins) > 0  # seeing every card beats a random player
