"""The rating fit behind the Bots page: Elo gaps from win rates, one scale for all rows."""

import pytest

from benchmarks import bot_strength


def row(a, b, win_rate, pairs=100):
    return {"a": a, "b": b, "win_rate": win_rate, "pairs": pairs}


def test_an_even_duel_is_no_gap_and_64_percent_is_about_100():
    assert bot_strength.elo_difference(0.5) == 0
    assert bot_strength.elo_difference(0.64) == pytest.approx(100, abs=1)
    assert bot_strength.elo_difference(1.0) < 1000  # a clean sweep stays finite


def test_consistent_rows_give_exact_ratings_anchored_at_the_beginner():
    p = 1 / (1 + 10 ** (-100 / 400))  # the win rate of a 100-point gap
    ratings = bot_strength.fit_ratings(
        [
            row("easy", "beginner", p),
            row("medium", "easy", p),
            row("medium", "beginner", 1 / (1 + 10**-0.5)),
        ]
    )
    assert ratings == {"medium": 1200, "easy": 1100, "beginner": 1000}


def test_more_pairs_weigh_more():
    ratings = bot_strength.fit_ratings(
        [
            row("a", "beginner", 0.64, pairs=1000),
            row("b", "beginner", 0.5),
            row("a", "b", 0.5, pairs=1),
        ]
    )
    assert ratings["a"] == pytest.approx(1100, abs=3)
    assert ratings["b"] < ratings["a"]
