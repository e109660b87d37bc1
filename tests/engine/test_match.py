"""Contract section 7: matches — running totals, dealer rotation, storage mid-deal."""

import json
import random

import pytest

from pisti.cards import parse_card
from pisti.match import Match
from pisti.record import deal_record, replay_summary
from pisti.rules import Rules

from .decks import play_all
from .test_scripted_deals import P_DECKS, P_PLAYS


def p_deck(dealer):
    """Deal P (test_scripted_deals): [13, 33] with dealer 0, [33, 13] with dealer 1."""
    return [parse_card(c) for c in P_DECKS[dealer]]


def play_randomly(state, rng, plays=None):
    count = 0
    while not state.is_over and (plays is None or count < plays):
        state.play(rng.choice(state.legal_plays()))
        count += 1


def test_totals_add_up_deal_by_deal():
    match = Match(Rules())
    assert match.totals == [0, 0]
    expected = [([13, 33], [13, 33]), ([33, 13], [46, 46]), ([13, 33], [59, 79])]
    for points, totals in expected:
        state = match.start_deal(deck=p_deck(match.next_dealer))
        play_all(state, P_PLAYS)
        assert match.finish_deal() == points
        assert match.totals == totals
    assert match.points == [[13, 33], [33, 13], [13, 33]]
    assert not match.outcome.over


@pytest.mark.parametrize(
    ("players", "partnerships", "first_dealer", "dealers"),
    [
        (2, False, 0, [0, 1, 0, 1]),
        (2, False, 1, [1, 0, 1, 0]),
        (3, False, 0, [0, 1, 2, 0]),
        (3, False, 2, [2, 0, 1, 2]),
        (4, True, 0, [0, 1, 2, 3, 0]),
        (4, False, 3, [3, 0, 1, 2, 3]),
    ],
)
def test_the_dealer_moves_one_seat_each_deal(players, partnerships, first_dealer, dealers):
    """The next dealer is (dealer + 1) % players; play starts left of the dealer."""
    rules = Rules(players=players, partnerships=partnerships)
    match = Match(rules, first_dealer)
    rng = random.Random(players * 10 + first_dealer)
    seen = []
    for _ in dealers:
        state = match.start_deal(rng=rng)
        seen.append(state.dealer)
        assert state.current_player == (state.dealer + 1) % players
        play_randomly(state, rng)
        match.finish_deal()
    assert seen == dealers
    assert len(match.totals) == (2 if partnerships else players)


def test_the_first_dealer_is_seat_0_unless_chosen():
    assert Match(Rules()).next_dealer == 0
    assert Match(Rules(players=3), 2).next_dealer == 2
    with pytest.raises(ValueError):
        Match(Rules(), 2)


def test_a_deal_must_be_finished_before_the_next_one():
    match = Match(Rules())
    with pytest.raises(ValueError):
        match.finish_deal()
    state = match.start_deal(deck=p_deck(0))
    play_all(state, P_PLAYS[:10])
    with pytest.raises(ValueError):
        match.start_deal(deck=p_deck(1))
    with pytest.raises(ValueError):
        match.finish_deal()
    play_all(state, P_PLAYS[10:])
    match.finish_deal()
    assert match.totals == [13, 33]


def test_no_deal_after_the_match_is_over():
    match = Match(Rules(max_deals=1))
    play_all(match.start_deal(deck=p_deck(0)), P_PLAYS)
    match.finish_deal()
    assert match.outcome.over and match.outcome.winners == (1,)
    with pytest.raises(ValueError):
        match.start_deal(deck=p_deck(1))


def test_a_match_stored_mid_deal_resumes_exactly():
    """Two deals of P, then 5 plays into the third: [46, 46], seat 0 to play; finishing
    the third deal after reloading gives [59, 79]."""
    match = Match(Rules(target=60))
    for _ in range(2):
        play_all(match.start_deal(deck=p_deck(match.next_dealer)), P_PLAYS)
        match.finish_deal()
    play_all(match.start_deal(deck=p_deck(0)), P_PLAYS[:5])
    text = match.dumps()
    json.loads(text)  # plain JSON
    loaded = Match.loads(text)
    assert loaded.dumps() == text
    assert loaded.totals == [46, 46]
    assert loaded.rules == Rules(target=60)
    assert loaded.current.dealer == 0 and loaded.current.current_player == 0
    assert deal_record(loaded.current) == deal_record(match.current)
    play_all(loaded.current, P_PLAYS[5:])
    assert loaded.finish_deal() == [13, 33]
    assert loaded.totals == [59, 79]
    assert loaded.outcome.over and loaded.outcome.winners == (1,)


@pytest.mark.parametrize(
    "rules",
    [
        Rules(target=50),
        Rules(players=3, target=80),
        Rules(players=4, target=60),
        Rules(players=4, partnerships=False, jack_on_empty_table=True, max_deals=3),
    ],
)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_storing_and_loading_at_every_point_changes_nothing(rules, seed):
    """Play a match of random deals; at many points (before a deal, mid-deal, after the
    last play of a deal) store it, load it and carry on with the loaded copy."""
    rng = random.Random(seed)
    match = Match(rules, first_dealer=seed % rules.players)
    reference = Match(rules, first_dealer=seed % rules.players)
    while not match.outcome.over:
        deck = list(range(52))
        rng.shuffle(deck)
        state = match.start_deal(deck=deck)
        reference_state = reference.start_deal(deck=deck)
        while not state.is_over:
            if rng.random() < 0.1:
                text = match.dumps()
                match = Match.loads(text)
                assert match.dumps() == text
                state = match.current
            card = rng.choice(state.legal_plays())
            state.play(card)
            reference_state.play(card)
        if rng.random() < 0.5:
            match = Match.loads(match.dumps())
        assert match.finish_deal() == reference.finish_deal()
        assert match.totals == reference.totals
        assert match.dumps() == reference.dumps()
        loaded = Match.loads(match.dumps())
        assert [replay_summary(s) for s in loaded.finished] == [
            replay_summary(s) for s in reference.finished
        ]
    assert reference.outcome == match.outcome
