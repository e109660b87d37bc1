"""Properties over random deals: random seeds, random valid rules, random legal plays.

Pins: 52 cards conserved after every play (section 3), the points a 2-side deal hands out
(section 6), replay and storage of records (section 9), and what a view may hold (11).
Expected sets are rebuilt here from the deck order and the contract, not read from the
engine's own bookkeeping.
"""

import json
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from pisti.cards import JACK, card_name
from pisti.dealing import shuffled_deck
from pisti.record import deal_record, dumps_state, loads_state, replay_summary, state_from_record
from pisti.rules import Rules
from pisti.scoring import score_deal
from pisti.state import GameState
from pisti.view import view_for


@st.composite
def rules_st(draw):
    """Any valid rules object, every key drawn from its allowed values."""
    players = draw(st.sampled_from([2, 3, 4]))
    data = {
        "players": players,
        "partnerships": draw(st.booleans()) if players == 4 else False,
        "opening": draw(st.sampled_from(["three_down_one_up", "four_up"])),
        "face_up_jack": draw(st.sampled_from(["return", "keep"])),
        "pisti_points": draw(st.integers(5, 20)),
        "jack_pisti_points": draw(st.sampled_from(range(10, 41, 5))),
        "jack_on_lone_jack": draw(st.sampled_from(["jack_pisti", "pisti"])),
        "jack_on_lone_card": draw(st.sampled_from(["none", "pisti", "jack_pisti"])),
        "jack_on_empty_table": draw(st.booleans()),
        "last_card_pisti": draw(st.booleans()),
        "majority_bonus": draw(st.integers(0, 10)),
        "two_of_clubs_points": draw(st.integers(0, 10)),
        "ten_of_diamonds_points": draw(st.integers(0, 10)),
        "target": draw(st.integers(50, 500)),
        "target_tie": draw(st.sampled_from(["play_on", "shared"])),
        "max_deals": draw(st.none() | st.integers(1, 50)),
    }
    # leave some keys out: missing keys take the default
    keys = draw(st.sets(st.sampled_from(sorted(data))))
    return Rules.from_dict({k: v for k, v in data.items() if k in keys or k == "players"})


@st.composite
def deals(draw, rules=None):
    """(rules, deck, dealer, play_seed). The deck comes from a seed; sometimes jacks are
    moved to deck[3], deck[4] so that a record's face-up jack is exercised too."""
    rules = rules if rules is not None else draw(rules_st())
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    deck = shuffled_deck(rng, rules)
    for position in range(3, 3 + draw(st.integers(0, 2))):
        later = [i for i, c in enumerate(deck) if c >> 2 == JACK and i >= position]
        if not later:  # every jack already lies above this position
            break
        deck[position], deck[later[0]] = deck[later[0]], deck[position]
    dealer = draw(st.integers(0, rules.players - 1))
    return rules, deck, dealer, draw(st.integers(0, 2**32 - 1))


def random_plays(state, seed):
    """Yield after each random legal play (and once before the first)."""
    rng = random.Random(seed)
    yield
    while state.current_player is not None:
        state.play(rng.choice(state.legal_plays()))
        yield


def expected_layout(rules, deck):
    """Contract 3.1–3.2 by hand: (face-down cards, face-up cards, stock in dealing order)."""
    table, stock = list(deck[:4]), list(deck[4:])
    if rules.face_up_jack == "return":
        while table[3] >> 2 == JACK:
            stock.append(table[3])
            table[3] = stock.pop(0)
    down = 3 if rules.opening == "three_down_one_up" else 0
    return table[:down], table[down:], stock


def dealt_to(rules, stock, dealer, seat, rounds):
    """Every card dealt to ``seat`` in the first ``rounds`` rounds (docs/engine.md, Hands)."""
    n = rules.players
    offset = (seat - dealer - 1) % n
    starts = [(r * n + offset) * 4 for r in range(rounds)]
    return [c for start in starts for c in stock[start : start + 4]]


@settings(max_examples=300, deadline=None)
@given(deals())
def test_52_cards_are_conserved_after_every_play(deal):
    rules, deck, dealer, seed = deal
    state = GameState(rules, deck, dealer)
    n = rules.players
    for _ in random_plays(state, seed):
        assert state.card_count() == 52
        undealt = state.stock[state.rounds_dealt * 4 * n :]
        everywhere = (
            [c for hand in state.hands for c in hand]
            + list(state.pile)
            + list(undealt)
            + [c for side in state.captured for c in side]
        )
        assert len(everywhere) == 52
        assert Counter(everywhere) == Counter(range(52))
    assert not state.pile and not any(state.hands)
    assert sum(map(len, state.captured)) == 52
    assert len(state.events) == 48


@settings(max_examples=300, deadline=None)
@given(deals())
def test_captured_counts_add_up_to_each_sides_cards(deal):
    """A side's cards = the sum of its events' `captured` plus any leftover it received."""
    rules, deck, dealer, seed = deal
    state = GameState(rules, deck, dealer)
    for _ in random_plays(state, seed):
        pass
    per_side = [0] * rules.sides
    for event in state.events:
        per_side[rules.side_of(event.seat)] += event.captured
    if state.leftover is not None:
        side, cards = state.leftover
        per_side[side] += cards
        expected_side = (
            state.last_capture_side
            if state.last_capture_side is not None
            else rules.side_of(dealer)
        )
        assert side == expected_side
    assert per_side == [len(cards) for cards in state.captured]


def two_side_rules():
    return st.one_of(
        rules_st().filter(lambda r: r.sides == 2),
        st.builds(Rules),
        st.builds(Rules, players=st.just(4)),
    )


@settings(max_examples=400, deadline=None)
@given(two_side_rules().flatmap(lambda rules: deals(rules)))
def test_a_two_side_deal_hands_out_16_points_plus_pisti_points(deal):
    """8 aces and jacks + 2C + TD + majority (unless 26–26) + piştis; with the default card
    values and no piştis that is exactly 16, or 13 on a 26–26 split."""
    rules, deck, dealer, seed = deal
    state = GameState(rules, deck, dealer)
    for _ in random_plays(state, seed):
        pass
    sides = score_deal(state)
    cards = [s.cards for s in sides]
    assert sum(cards) == 52
    split = cards == [26, 26]
    pistis = sum(e.pisti for e in state.events)
    jack_pistis = sum(e.jack_pisti for e in state.events)
    assert [s.pisti for s in sides] == state.pisti and sum(state.pisti) == pistis
    total = sum(s.points for s in sides)
    assert total == (
        8
        + rules.two_of_clubs_points
        + rules.ten_of_diamonds_points
        + (0 if split else rules.majority_bonus)
        + pistis * rules.pisti_points
        + jack_pistis * rules.jack_pisti_points
    )
    default_values = (
        rules.two_of_clubs_points,
        rules.ten_of_diamonds_points,
        rules.majority_bonus,
    ) == (2, 3, 3)
    if default_values and pistis == jack_pistis == 0:
        assert total == (13 if split else 16)


@settings(max_examples=300, deadline=None)
@given(deals())
def test_replaying_a_record_gives_the_same_summary(deal):
    rules, deck, dealer, seed = deal
    state = GameState(rules, deck, dealer)
    cut = random.Random(seed).randrange(49)
    for played, _ in enumerate(random_plays(state, seed)):
        if played == cut:  # an unfinished deal replays too
            record = json.loads(json.dumps(deal_record(state)))
            assert replay_summary(state_from_record(record)) == replay_summary(state)
    record = json.loads(json.dumps(deal_record(state, names=["a", "b"])))
    assert record["names"] == ["a", "b"]
    replayed = state_from_record(record)
    assert replay_summary(replayed) == replay_summary(state)
    assert deal_record(replayed) == deal_record(state)
    assert replay_summary(state)["complete"] is True


@settings(max_examples=300, deadline=None)
@given(deals(), st.integers(0, 48))
def test_a_stored_game_in_progress_continues_exactly(deal, cut):
    """dumps_state mid-deal → loads_state → the same plays → the same record and summary."""
    rules, deck, dealer, seed = deal
    original = GameState(rules, deck, dealer)
    for _ in random_plays(original, seed):
        pass
    plays = [e.card for e in original.events]
    partial = GameState(rules, deck, dealer)
    for card in plays[:cut]:
        partial.play(card)
    text = dumps_state(partial)
    assert isinstance(text, str)
    resumed = loads_state(text)
    assert deal_record(resumed) == deal_record(partial)
    assert resumed.current_player == partial.current_player
    for card in plays[cut:]:
        resumed.play(card)
    assert deal_record(resumed) == deal_record(original)
    assert replay_summary(resumed) == replay_summary(original)


@settings(max_examples=200, deadline=None)
@given(deals())
def test_a_view_holds_nothing_its_seat_could_not_know(deal):
    rules, deck, dealer, seed = deal
    n = rules.players
    state = GameState(rules, deck, dealer)
    face_down, face_up, stock = expected_layout(rules, deck)
    assert list(state.pile) == face_down + face_up
    for _ in random_plays(state, seed):
        rounds = state.rounds_dealt
        played = [e.card for e in state.events]
        undealt = stock[rounds * 4 * n :]
        for seat in range(n):
            view = view_for(state, seat)
            own = dealt_to(rules, stock, dealer, seat, rounds)
            this_round = own[-4:] if own else []
            # the hand: this round's cards not played yet, nothing else
            assert set(view.hand) <= set(own)
            assert sorted(view.hand) == sorted(c for c in this_round if c not in played)
            # seen: exactly the face-up opening cards, its own hands and the plays
            assert len(view.seen) == len(set(view.seen))
            assert set(view.seen) == set(face_up) | set(own) | set(played)
            # the pile: face-down cards are never shown
            assert not set(view.pile_face_up) & set(face_down)
            assert view.pile_size == len(state.pile)
            assert set(view.pile_face_up) <= set(face_up) | set(played)
            assert view.hand_sizes == tuple(len(h) for h in state.hands)
            assert view.stock == len(undealt)
            assert view.history == tuple((e.seat, e.card) for e in state.events)
            text = json.dumps(view.to_dict())
            hidden = set(face_down) | set(undealt)
            for other in range(n):
                if other != seat:
                    hidden |= set(state.hands[other])
            for card in hidden:
                assert f'"{card_name(card)}"' not in text, (seat, card_name(card))
