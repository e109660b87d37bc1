"""Contract section 6 on the sources' worked example.

"Your side takes 30 cards including three jacks, two aces and the ten of diamonds, with
one ordinary pişti: 3 + 2 + 3 for the cards, 3 for the majority, and 10 for the pişti —
21 points." The other side then has the other 22 cards: one jack, two aces and the two
of clubs, 1 + 2 + 2 = 5 points.
"""

from pisti.rules import Rules
from pisti.scoring import Tally, score_tallies

from .test_scripted_deals import W_DECK, W_PLAYS, run

OURS = Tally(cards=30, aces=2, jacks=3, two_of_clubs=False, ten_of_diamonds=True, pisti=1)
THEIRS = Tally(cards=22, aces=2, jacks=1, two_of_clubs=True, ten_of_diamonds=False)


def test_worked_example_scores_21_to_5():
    ours, theirs = score_tallies([OURS, THEIRS], Rules())
    assert ours.points == 21
    assert ours.majority is True
    assert theirs.points == 5
    assert theirs.majority is False


def test_worked_example_side_order_does_not_matter():
    theirs, ours = score_tallies([THEIRS, OURS], Rules())
    assert (theirs.points, ours.points) == (5, 21)


def test_worked_example_before_the_deal_is_complete_has_no_majority_bonus():
    """An unfinished deal scores captured cards and piştis only (docs/engine.md, "Command line")."""
    ours, theirs = score_tallies([OURS, THEIRS], Rules(), complete=False)
    assert (ours.points, theirs.points) == (18, 5)
    assert not ours.majority


def test_worked_example_with_other_point_values():
    rules = Rules(
        pisti_points=5, majority_bonus=0, ten_of_diamonds_points=10, two_of_clubs_points=0
    )
    ours, theirs = score_tallies([OURS, THEIRS], rules)
    assert (ours.points, theirs.points) == (3 + 2 + 10 + 0 + 5, 1 + 2 + 0)


def test_worked_example_as_a_real_deal():
    """Deal W (test_scripted_deals): four players in partnerships; seats 0 and 2 end with
    exactly the worked example's 30 cards and pişti."""
    state, _ = run(W_DECK, W_PLAYS, {"players": 4})
    tallies = [
        Tally.of_cards(cards, state.pisti[side], state.jack_pisti[side])
        for side, cards in enumerate(state.captured)
    ]
    assert tallies == [OURS, THEIRS]
    assert [s.points for s in score_tallies(tallies, state.rules)] == [21, 5]
