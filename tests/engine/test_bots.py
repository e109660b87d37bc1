"""Each level's character on scripted positions, determinism, and views without secrets."""

import random

import pytest

from pisti import GameState, Rules, new_deal, view_for
from pisti.bots import LEVELS, PLAYING_LEVELS, UnknownBot, make_bot
from pisti.cards import parse_card
from pisti.duel import duel, play_deal

ALL = list(LEVELS)


def position(hands, pile, *, face_down=0, stock=(), rules=None, to_move=0, dealer=1, captured=None):
    return GameState.from_position(
        rules or Rules(),
        dealer=dealer,
        to_move=to_move,
        hands=hands,
        pile=pile,
        face_down=face_down,
        stock=stock,
        captured=captured,
    )


def choice(level, state, seed=1):
    return make_bot(level, seed).choose(view_for(state, state.current_player))


def test_the_playing_levels_exist():
    assert set(PLAYING_LEVELS) <= set(LEVELS)
    with pytest.raises(UnknownBot):
        make_bot("grandmaster")


@pytest.mark.parametrize("level", ["medium", "hard", "expert", "master"])
def test_keeps_a_jack_rather_than_taking_two_worthless_cards(level):
    # Mid-deal: two low cards on the table, no match in hand; the jack could take them.
    state = position(
        hands=[["JS", "KD", "9C", "5H"], ["QH", "QD", "8S", "3D"]],
        pile=["4H", "6C"],
        stock=[
            "2S",
            "3S",
            "4S",
            "5S",
            "6S",
            "7S",
            "8D",
            "9S",
            "TS",
            "QS",
            "KS",
            "AS",
            "7D",
            "6D",
            "5D",
            "4D",
        ],
    )
    assert choice(level, state) != parse_card("JS")


def test_greedy_easy_takes_the_worthless_pile_with_the_jack():
    """The contrast: easy captures whenever it can."""
    state = position(hands=[["JS", "KD", "9C", "5H"], ["QH", "QD", "8S", "3D"]], pile=["4H", "6C"])
    assert choice("easy", state) == parse_card("JS")


@pytest.mark.parametrize("level", ["beginner", "easy", "medium", "hard", "expert", "master"])
def test_takes_a_pisti(level):
    state = position(
        hands=[["7S", "KD", "9C", "2H"], ["QH", "QD", "8S", "3D"]],
        pile=["7H"],
        stock=[
            "2S",
            "3S",
            "4S",
            "5S",
            "6S",
            "AH",
            "8D",
            "9S",
            "TS",
            "QS",
            "KS",
            "AS",
            "7D",
            "6D",
            "5D",
            "4D",
        ],
    )
    assert choice(level, state) == parse_card("7S")


@pytest.mark.parametrize("level", ["medium", "hard", "expert", "master"])
def test_does_not_leave_a_lone_card_needlessly(level):
    """Empty table; the three other eights were played, so a lone 8D cannot be matched,
    while the other cards in hand can be."""
    state = _with_seen_eights()
    view = view_for(state, 0)
    assert state.current_player == 0 and view.pile_size == 0
    assert parse_card("8D") in view.hand
    assert choice(level, state) == parse_card("8D")


def _with_seen_eights():
    """Seat 0 to move on an empty table; the other three eights were captured earlier."""
    return position(
        hands=[["8D", "KC", "5H", "QS"], ["KS", "5S", "QH", "3C"]],
        pile=[],
        captured=[["AD", "TC", "2S"], ["8C", "8H", "8S", "4D", "9H"]],
        stock=[
            "2D",
            "3S",
            "4S",
            "6S",
            "7S",
            "9S",
            "TS",
            "AS",
            "7D",
            "6D",
            "5D",
            "4C",
            "3D",
            "2H",
            "6H",
            "7H",
        ],
    )


@pytest.mark.parametrize("level", ALL)
def test_same_seed_same_game(level):
    def record(seed):
        state = new_deal(Rules(), rng=random.Random(42))
        play_deal(state, [make_bot(level, seed), make_bot("medium", seed)])
        return [e.card for e in state.events]

    assert record(7) == record(7)


@pytest.mark.parametrize("level", ["random", "beginner", "hard", "expert"])
def test_bots_decide_from_the_view_alone(level):
    """Shuffling what the seat cannot see (other hands, stock, face-down cards) never
    changes its choice: nothing hidden reaches the bot."""
    rng = random.Random(3)
    for _ in range(4):
        state = new_deal(Rules(), rng=rng)
        for _ in range(rng.randrange(0, 30)):
            state.play(rng.choice(state.legal_plays()))
        seat = state.current_player
        if seat is None:
            continue
        view = view_for(state, seat)
        hidden = [c for c in range(52) if c not in set(view.seen)]
        assert not set(hidden) & set(view.hand)
        first = make_bot(level, 9).choose(view)
        other = _reshuffle_hidden(state, seat, rng)
        assert view_for(other, seat) == view
        assert make_bot(level, 9).choose(view_for(other, seat)) == first


def _reshuffle_hidden(state, seat, rng):
    """The same public position with the other seats' hands dealt differently."""
    other = state.copy()
    pool = [c for s, h in enumerate(other.hands) if s != seat for c in h]
    rng.shuffle(pool)
    for s, h in enumerate(other.hands):
        if s != seat:
            other.hands[s] = [pool.pop() for _ in h]
    return other


@pytest.mark.parametrize("players, partnerships", [(3, False), (4, True), (4, False)])
def test_search_bots_play_every_table(players, partnerships):
    rules = Rules(players=players, partnerships=partnerships)
    state = new_deal(rules, rng=random.Random(1))
    bots = [make_bot(level, 1) for level in ["expert", "hard", "medium", "beginner"][:players]]
    play_deal(state, bots)
    assert state.is_over and state.card_count() == 52


def test_a_partner_counts_as_the_same_side():
    rules = Rules(players=4)
    result = duel(
        lambda s: make_bot("medium", s), lambda s: make_bot("random", s), 20, seed=2, rules=rules
    )
    assert result.mean_margin > 0
