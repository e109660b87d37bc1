"""Reading the opponents' plays: the positions each play was chosen in are the engine's, a
world that explains the plays weighs more than one that does not, resampling follows
the weights, and racing stops playing out only the cards clearly behind."""

import random

from pisti import Rules, new_deal, view_for
from pisti.bots import make_bot
from pisti.bots.heuristics import points_table, unseen_cards
from pisti.bots.inference import decisions_this_round, likelihood, resample
from pisti.bots.search import _race
from pisti.cards import JACK

from .test_strong_bots import random_rules


def _engine_positions(state, plays):
    """Play the given choices among the legal cards, recording the engine's face-up pile,
    pile size, face-down count, plays left and every hand size just before each play."""
    before = []
    for choice in plays:
        legal = state.legal_plays()
        before.append(
            (
                list(state.pile[state.pile_face_down :]),
                len(state.pile),
                state.pile_face_down,
                state.remaining,
                [len(h) for h in state.hands],
            )
        )
        state.play(legal[choice % len(legal)])
    return state, before


def test_each_decision_is_the_position_the_engine_had_then():
    rng = random.Random(41)
    checked = 0
    for _ in range(300):
        rules = random_rules(rng)
        seed, dealer = rng.randrange(10**6), rng.randrange(rules.players)
        plays = [rng.randrange(4) for _ in range(rng.randrange(1, 44))]
        deal = new_deal(rules, rng=random.Random(seed), dealer=dealer)
        state, before = _engine_positions(deal, plays)
        if state.is_over:
            continue
        view = view_for(state, state.current_player)
        points = points_table(rules)
        history = view.history
        for decision in decisions_this_round(view, points):
            index = next(
                i
                for i in range(len(history) - 1, -1, -1)
                if history[i] == (decision.seat, decision.card)
                and i >= len(history) - (4 * rules.players - sum(view.hand_sizes))
            )
            face_up, size, face_down, remaining, sizes = before[index]
            assert list(decision.pile[decision.face_down :]) == face_up
            assert len(decision.pile) == size and decision.face_down == face_down
            assert decision.plays_left == remaining
            assert decision.next_hand == sizes[(decision.seat + 1) % rules.players]
            later = [c for s, c in history[index + 1 :] if s == decision.seat]
            assert list(decision.later_plays) == later
            checked += 1
    assert checked > 300


def _declined_capture():
    """A two-player deal after two plays: the second player held neither the top card's
    rank nor a jack, so it laid the card the counting bot lays. Returns the state, the
    first player's view, the top card not taken and the second player's seat."""
    rules = Rules()
    for seed in range(500):
        state = new_deal(rules, rng=random.Random(seed))
        me = state.current_player
        state.play(state.legal_plays()[0])
        opponent = state.current_player
        if len(state.pile) <= state.pile_face_down or state.pile[-1] >> 2 == JACK:
            continue
        top = state.pile[-1]
        hand = state.hands[opponent]
        if any(c >> 2 in (JACK, top >> 2) for c in hand):
            continue
        state.play(make_bot("counting").choose(view_for(state, opponent)))
        return state, view_for(state, me), top, opponent
    raise AssertionError("no such deal")


def test_a_world_holding_the_declined_rank_weighs_less():
    state, view, top, opponent = _declined_capture()
    points = points_table(view.rules)
    decisions = decisions_this_round(view, points)
    assert [d.card for d in decisions] == [view.history[-1][1]]
    honest = list(state.hands[opponent])  # what it holds: no match
    unseen = unseen_cards(view)
    match = next(c for c in unseen if c >> 2 == top >> 2 and c not in honest)
    holding_match = [match] + honest[1:]
    weight = {
        name: likelihood(decisions, {opponent: hand}, view.rules, points, sum(points))
        for name, hand in (("honest", honest), ("holding_match", holding_match))
    }
    assert weight["honest"] > 2 * weight["holding_match"] > 0


def test_resampling_follows_the_weights():
    worlds = ["a", "b", "c", "d"]
    drawn = resample(worlds, [1.0, 3.0, 0.0, 4.0], 800, random.Random(3))
    counts = {w: drawn.count(w) for w in worlds}
    assert abs(counts["a"] - 100) <= 1 and abs(counts["b"] - 300) <= 1
    assert counts["c"] == 0 and abs(counts["d"] - 400) <= 1


def test_racing_drops_only_cards_clearly_behind_the_leader():
    rng = random.Random(5)
    noise = [rng.gauss(0, 1) for _ in range(64)]
    differences = {
        1: [2.0 + n for n in noise],  # the leader, 2 points above the default card
        2: [2.0 + n + rng.gauss(0, 0.3) for n in noise],  # level with the leader
        3: [-1.0 + n for n in noise],  # 3 points behind it in every world
    }
    assert _race(differences, [1, 2, 3], z=3.0) == [1, 2]


def test_racing_drops_every_card_clearly_worse_than_the_default():
    differences = {1: [-2.0, -2.5, -1.5, -2.0] * 8, 2: [-0.1, 0.2, 0.0, -0.2] * 8}
    assert _race(differences, [1, 2], z=3.0) == [2]
    assert _race({1: differences[1]}, [1], z=3.0) == []
