"""The Glicko-2 module against the worked example of Glickman's paper."""

from __future__ import annotations

import pytest

from pisti_site.glicko2 import Rating, expected, update


def test_the_papers_worked_example():
    """ "Example of the Glicko-2 system": a 1500 (RD 200, volatility 0.06) player beats a
    1400 (RD 30), loses to a 1550 (RD 100) and to a 1700 (RD 300); tau 0.5. The paper gives
    1464.06, RD 151.52, volatility 0.05999."""
    player = Rating(1500, 200, 0.06)
    games = [(Rating(1400, 30), 1), (Rating(1550, 100), 0), (Rating(1700, 300), 0)]
    after = update(player, games, tau=0.5)
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)


def test_a_period_without_games_only_widens_the_deviation():
    player = Rating(1600, 100, 0.06)
    after = update(player, [])
    assert after.rating == 1600 and after.volatility == 0.06
    assert after.deviation > 100


def test_a_win_raises_a_loss_lowers_and_surprise_moves_more():
    player, weak, strong = Rating(1500, 200), Rating(1300, 80), Rating(1700, 80)
    assert expected(player, weak) > 0.5 > expected(player, strong)
    beat_strong = update(player, [(strong, 1)]).rating - 1500
    beat_weak = update(player, [(weak, 1)]).rating - 1500
    assert beat_strong > beat_weak > 0
    assert update(player, [(weak, 0)]).rating < 1500


@pytest.mark.parametrize(
    "stored", [None, "x", [1, 2], ["a", 1, 1], [1500, 0, 0.06], [1500, 80, -1]]
)
def test_an_unreadable_stored_rating_starts_over(stored):
    assert Rating.from_list(stored) == Rating()


def test_a_stored_rating_comes_back():
    rating = update(Rating(), [(Rating(1400, 60), 1)])
    assert Rating.from_list(rating.to_list()).rating == pytest.approx(rating.rating, abs=0.01)


def test_a_rating_is_shown_provisional_while_its_deviation_is_wide():
    assert Rating().shown() == "1500?" and Rating().provisional
    assert Rating(1671.4, 90).shown() == "1671" and not Rating(1671.4, 90).provisional
