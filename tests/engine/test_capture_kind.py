"""``capture_kind`` (the engine's public rule the bots and the practice pages ask) says
what ``GameState.play`` then does, for every card in hand, in thousands of positions."""

import random

from pisti import capture_kind, new_deal, view_for

from .test_strong_bots import random_rules


def test_capture_kind_is_what_play_does():
    rng = random.Random(25)
    checked = {None: 0, 0: 0, 1: 0, 2: 0}
    for _ in range(300):
        rules = random_rules(rng)
        state = new_deal(rules, rng=rng, dealer=rng.randrange(rules.players))
        while not state.is_over:
            view = view_for(state, state.current_player)
            for card in view.hand:
                kind = view.capture_kind(card)
                assert kind == capture_kind(rules, view.pile_size, view.top, card, view.plays_left)
                event = state.copy().play(card)
                assert kind == (event.kind if event.captured else None)
                checked[kind] += 1
            state.play(rng.choice(state.legal_plays()))
    assert all(checked.values()), checked  # captures, piştis, jack piştis and no capture
