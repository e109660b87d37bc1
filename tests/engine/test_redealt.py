"""``redealt``: a finished deal as one seat knew it after n plays, its hidden cards dealt
anew ("play on from here" in the review)."""

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pisti import Rules, new_deal, redealt, view_for
from pisti.bots import make_bot
from pisti.duel import play_deal


def finished_deal(seed: int, rules: Rules):
    state = new_deal(rules, rng=random.Random(seed))
    play_deal(state, [make_bot("easy", seed + seat) for seat in range(rules.players)])
    return state


RULES = st.builds(
    Rules,
    players=st.sampled_from([2, 3, 4]),
    opening=st.sampled_from(["three_down_one_up", "four_up"]),
)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), rules=RULES, data=st.data())
def test_the_seat_knows_exactly_as_much_as_before(seed, rules, data):
    state = finished_deal(seed, rules)
    plays = data.draw(st.integers(0, len(state.events) - 1))
    seat = data.draw(st.integers(0, rules.players - 1))
    before = state.replayed(plays)
    again = redealt(state, seat, plays, random.Random(seed))
    assert view_for(again, seat) == view_for(before, seat)
    assert again.events == before.events  # the same plays, the same captures
    assert sorted(again.deck) == sorted(state.deck)
    seen = set(view_for(before, seat).seen)
    moved = [i for i, (a, b) in enumerate(zip(again.deck, state.deck, strict=True)) if a != b]
    assert all(state.deck[i] not in seen for i in moved)  # only unseen cards moved


def test_the_hidden_cards_are_not_the_real_ones():
    """Over many redeals of the first decision, the opponent's hand is rarely the real one
    and every unseen card turns up in it."""
    state = finished_deal(11, Rules())
    real = sorted(state.replayed(0).hands[1])
    hands = [sorted(redealt(state, 0, 0, random.Random(n)).hands[1]) for n in range(300)]
    assert sum(hand == real for hand in hands) <= 3
    seen = set(view_for(state.replayed(0), 0).seen)
    held = Counter(card for hand in hands for card in hand)
    assert set(held) == set(state.deck) - seen


def test_a_view_no_reshuffle_keeps_is_refused():
    state = finished_deal(5, Rules())
    with pytest.raises(ValueError):
        redealt(state, 0, 10, random.Random(0), attempts=0)
