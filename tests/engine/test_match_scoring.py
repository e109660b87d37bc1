"""Contract sections 6 and 7: the majority rule and matches decided on deals won."""

import random

import pytest

from pisti.match import Match, decide_match, match_outcome, match_points, match_totals
from pisti.rules import Rules
from pisti.scoring import Tally, deal_points, score_tallies
from pisti.state import new_deal


def _random_deal(rules, seed):
    """A complete deal, both sides' plays drawn from one seeded RNG."""
    rng = random.Random(seed)
    state = new_deal(rules, rng=random.Random(seed))
    while not state.is_over:
        state.play(rng.choice(state.legal_plays()))
    return state


def _majority(counts, rule):
    rules = Rules(players=len(counts), majority_rule=rule)
    return [s.majority for s in score_tallies([Tally(cards=c) for c in counts], rules)]


@pytest.mark.parametrize("rule", ["most", "over_half"])
def test_two_sides_get_the_same_bonus_under_either_rule(rule):
    assert _majority([27, 25], rule) == [True, False]
    assert _majority([26, 26], rule) == [False, False]


def test_over_half_needs_27_cards_with_three_sides():
    assert _majority([20, 16, 16], "most") == [True, False, False]
    assert _majority([20, 16, 16], "over_half") == [False, False, False]
    assert _majority([27, 13, 12], "over_half") == [True, False, False]


def test_over_half_changes_only_the_bonus_of_a_real_four_player_deal():
    for seed in range(40):
        most = Rules(players=4, partnerships=False)
        half = Rules(players=4, partnerships=False, majority_rule="over_half")
        a = _random_deal(most, seed)
        b = _random_deal(half, seed)
        counts = [len(c) for c in a.captured]
        diff = [x - y for x, y in zip(deal_points(a), deal_points(b), strict=True)]
        leader = counts.index(max(counts))
        unique = counts.count(max(counts)) == 1
        expected_gap = 3 if unique and max(counts) < 27 else 0
        assert diff == [expected_gap if s == leader else 0 for s in range(4)]


def test_a_deal_earns_one_match_point_to_a_strict_winner_only():
    assert match_points([20, 7]) == [1, 0]
    assert match_points([8, 8]) == [0, 0]
    assert match_points([3, 9, 9]) == [0, 0, 0]
    assert match_points([3, 12, 9]) == [0, 1, 0]


def test_deals_scoring_ignores_the_point_target():
    rules = Rules(match_scoring="deals", deals_target=2)
    assert match_totals([[200, 0]], rules) == [1, 0]
    assert not match_outcome([1, 0], 1, rules).over
    assert match_outcome([2, 1], 3, rules).winners == (0,)


def test_deals_scoring_with_max_deals_can_end_shared():
    rules = Rules(match_scoring="deals", deals_target=5, max_deals=2)
    progress = decide_match([[20, 5], [3, 11]], rules)
    assert progress.outcome.over and progress.outcome.shared
    assert progress.totals == [1, 1]


def test_a_match_is_decided_on_the_deal_that_ended_it():
    rules = Rules()
    progress = decide_match([[156, 0], [0, 163]], rules)
    assert progress.outcome.winners == (0,)
    assert progress.deals_counted == 1
    assert progress.totals == [156, 0]


def test_an_unfinished_match_counts_every_deal():
    progress = decide_match([[20, 7], [9, 10]], Rules())
    assert not progress.outcome.over
    assert progress.deals_counted == 2 and progress.totals == [29, 17]


def test_a_real_match_under_deals_scoring_ends_at_the_deals_target():
    rules = Rules(match_scoring="deals", deals_target=3)
    match = Match(rules)
    rng = random.Random(5)
    while not match.outcome.over:
        state = match.start_deal(rng=rng)
        while not state.is_over:
            state.play(rng.choice(state.legal_plays()))
        match.finish_deal()
    assert max(match.totals) == 3
    assert match.totals == match_totals(match.points, rules)
    assert sum(match.point_totals) == sum(map(sum, match.points))
    won = [sum(match_points(p)[s] for p in match.points) for s in range(2)]
    assert won == match.totals
