"""``GameState.replayed(n)``: the one replay of a stored deal to its n-th play."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from pisti import Rules, new_deal
from pisti.bots import make_bot
from pisti.duel import play_deal


def finished_deal(seed: int, players: int):
    state = new_deal(Rules(players=players), rng=random.Random(seed))
    play_deal(state, [make_bot("easy", seed + seat) for seat in range(players)])
    return state


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.sampled_from([2, 3, 4]), data=st.data())
def test_replayed_to_n_is_the_deal_as_it_stood_after_n_plays(seed, players, data):
    state = finished_deal(seed, players)
    n = data.draw(st.integers(0, len(state.events)))
    replay = state.replayed(n)
    walked = new_deal(state.rules, deck=state.deck, dealer=state.dealer)
    for event in state.events[:n]:
        walked.play(event.card)
    assert replay.events == state.events[:n] == walked.events
    assert replay.hands == walked.hands and replay.pile == walked.pile
    assert replay.current_player == walked.current_player
    assert replay is not state and replay.events is not state.events


def test_replayed_without_a_count_is_the_whole_deal():
    state = finished_deal(7, 2)
    whole = state.replayed()
    assert whole.is_over and whole.events == state.events and whole.captured == state.captured
