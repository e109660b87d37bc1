"""Contract sections 2–8 on scripted deals: fixed deck orders and plays, results by hand.

Every option of section 8 is pinned by running the SAME deck and plays under the default
and under the option, with the two different outcomes worked out by hand in the comments.
Two players and dealer 0 unless said otherwise: seat 1 (side 1) makes plays 1, 3, 5, …,
the dealer, seat 0 (side 0), plays 2, 4, 6, … and the deal's last card.
"""

import pytest

from pisti.cards import card_name, parse_card
from pisti.match import Match, match_outcome
from pisti.record import deal_record, replay_summary
from pisti.rules import Rules
from pisti.scoring import score_deal
from pisti.state import GameState, IllegalPlay
from pisti.view import view_for

from .decks import build_deck, deck_for_plays, is_quiet, play_all, quiet, remaining


def start(deck, rules=None, dealer=0):
    return GameState(Rules.from_dict(rules or {}), [parse_card(c) for c in deck], dealer)


def run(deck, plays, rules=None, dealer=0):
    state = start(deck, rules, dealer)
    events = play_all(state, plays)
    return state, events


def ev(event):
    """An event as (seat, card, captured, pisti, jack_pisti)."""
    return (event.seat, card_name(event.card), event.captured, event.pisti, event.jack_pisti)


def points(state):
    return [side.points for side in score_deal(state)]


def counts(state):
    return [len(cards) for cards in state.captured]


def names(cards):
    return [card_name(c) for c in cards]


# --- Deal P: piştis, jack piştis and jacks on lone cards, then a quiet tail -------------
#
#  1 s1 5S takes the opening 2H 3H 4H 5H: 5 cards, never a pişti
#  2 s0 6C on the empty table      3 s1 6D takes it: pişti (2)
#  4 s0 JC on the empty table      5 s1 JD takes the lone jack: jack pişti (2)
#  6 s0 7C on the empty table      7 s1 JH takes the lone 7C: plain capture (2)
#  8 s0 JS on the empty table      9 s1 8C on JS: no capture
# 10 s0 8D takes JS 8C 8D (3): the pile held two cards, no pişti; last capture side 0
# 11–48: the 38 other cards, no jack, no two neighbours of a rank: nothing is captured,
#        and the leftover 38 go to side 0.
# Side 1: 11 cards, jacks JC JD JH, 1 pişti, 1 jack pişti: 3 + 10 + 20 = 33.
# Side 0: 41 cards, JS, four aces, 2C, TD, most cards: 1 + 4 + 2 + 3 + 3 = 13.
P_TABLE = ["2H", "3H", "4H", "5H"]
P_OPENING = ["5S", "6C", "6D", "JC", "JD", "7C", "JH", "JS", "8C", "8D"]
P_TAIL = quiet(remaining(P_TABLE, P_OPENING))
P_PLAYS = P_OPENING + P_TAIL
P_DECK = deck_for_plays(P_TABLE, P_PLAYS)

P_EVENTS = [
    (1, "5S", 5, False, False),
    (0, "6C", 0, False, False),
    (1, "6D", 2, True, False),
    (0, "JC", 0, False, False),
    (1, "JD", 2, False, True),
    (0, "7C", 0, False, False),
    (1, "JH", 2, False, False),
    (0, "JS", 0, False, False),
    (1, "8C", 0, False, False),
    (0, "8D", 3, False, False),
]


def test_deal_p_script_is_what_the_comments_say():
    assert len(P_PLAYS) == 48 and len(P_TAIL) == 38
    assert is_quiet(P_TAIL)
    assert P_DECK[:4] == P_TABLE
    assert P_DECK[4:8] == ["5S", "6D", "JD", "JH"]  # seat 1 is dealt first
    assert P_DECK[8:12] == ["6C", "JC", "7C", "JS"]


def test_deal_p_default_rules():
    state, events = run(P_DECK, P_PLAYS)
    assert [ev(e) for e in events[:10]] == P_EVENTS
    assert all(e.captured == 0 and not e.pisti and not e.jack_pisti for e in events[10:])
    assert [e.seat for e in events] == [1, 0] * 24
    assert state.current_player is None
    assert state.legal_plays() == []
    assert state.rounds_dealt == 6
    assert state.leftover == (0, 38)
    assert state.last_capture_side == 0
    assert counts(state) == [41, 11]
    assert sorted(names(state.captured[1])) == sorted(
        P_TABLE + ["5S", "6C", "6D", "JC", "JD", "7C", "JH"]
    )
    assert state.pisti == [0, 1]
    assert state.jack_pisti == [0, 1]
    sides = [side.to_dict() for side in score_deal(state)]
    assert sides == [
        {
            "seats": [0],
            "cards": 41,
            "aces": 4,
            "jacks": 1,
            "two_of_clubs": True,
            "ten_of_diamonds": True,
            "majority": True,
            "pisti": 0,
            "jack_pisti": 0,
            "points": 13,
        },
        {
            "seats": [1],
            "cards": 11,
            "aces": 0,
            "jacks": 3,
            "two_of_clubs": False,
            "ten_of_diamonds": False,
            "majority": False,
            "pisti": 1,
            "jack_pisti": 1,
            "points": 33,
        },
    ]


def test_capture_by_rank_takes_the_face_down_opening_cards_too():
    """5S takes the 5H on top whatever the suits; the 3 face-down cards come along (5)."""
    state, (event,) = run(P_DECK, ["5S"])
    assert ev(event) == (1, "5S", 5, False, False)
    assert state.pile == []
    assert sorted(names(state.captured[1])) == sorted(["2H", "3H", "4H", "5H", "5S"])
    assert state.last_capture_side == 1


def test_no_match_adds_the_card_on_top_of_the_pile():
    deck = build_deck(P_TABLE, {1: ["9C"]})
    state, (event,) = run(deck, ["9C"])
    assert ev(event) == (1, "9C", 0, False, False)
    assert names(state.pile) == ["2H", "3H", "4H", "5H", "9C"]
    assert state.captured == [[], []]
    assert state.last_capture_side is None
    view = view_for(state, 0)
    assert (view.pile_size, names(view.pile_face_up), card_name(view.top)) == (
        5,
        ["5H", "9C"],
        "9C",
    )


@pytest.mark.parametrize("jack", ["JC", "JD", "JH", "JS"])
def test_a_jack_captures_the_pile_whatever_the_top(jack):
    deck = build_deck(P_TABLE, {1: [jack]})
    state, (event,) = run(deck, [jack])
    assert ev(event) == (1, jack, 5, False, False)
    assert state.pile == []
    assert state.last_capture_side == 1


def test_a_match_needs_the_rank_of_the_top_card_not_of_a_lower_one():
    """4S matches the face-down 4H, not the top 5H: no capture."""
    deck = build_deck(P_TABLE, {1: ["4S"]})
    _, (event,) = run(deck, ["4S"])
    assert event.captured == 0


def test_pisti_points_option():
    """pisti_points: 10 by default; 5 and 20 change side 1's 33 (one pişti)."""
    assert points(run(P_DECK, P_PLAYS)[0]) == [13, 33]
    assert points(run(P_DECK, P_PLAYS, {"pisti_points": 5})[0]) == [13, 28]
    assert points(run(P_DECK, P_PLAYS, {"pisti_points": 20})[0]) == [13, 43]


def test_jack_pisti_points_option():
    """jack_pisti_points: 20 by default; 10 and 40 change side 1's 33 (one jack pişti)."""
    assert points(run(P_DECK, P_PLAYS, {"jack_pisti_points": 10})[0]) == [13, 23]
    assert points(run(P_DECK, P_PLAYS, {"jack_pisti_points": 40})[0]) == [13, 53]


def test_jack_on_lone_jack_option():
    """jack_on_lone_jack: play 5 (JD on the lone JC) is a jack pişti by default, a plain
    pişti with "pisti"."""
    default, events = run(P_DECK, P_PLAYS)
    assert ev(events[4]) == (1, "JD", 2, False, True)
    option, events = run(P_DECK, P_PLAYS, {"jack_on_lone_jack": "pisti"})
    assert ev(events[4]) == (1, "JD", 2, True, False)
    assert (default.pisti, default.jack_pisti) == ([0, 1], [0, 1])
    assert (option.pisti, option.jack_pisti) == ([0, 2], [0, 0])
    assert points(default) == [13, 33]
    assert points(option) == [13, 3 + 10 + 10]


@pytest.mark.parametrize(
    ("value", "event", "pisti", "jack_pisti", "side_1_points"),
    [
        ("none", (1, "JH", 2, False, False), [0, 1], [0, 1], 33),
        ("pisti", (1, "JH", 2, True, False), [0, 2], [0, 1], 3 + 20 + 20),
        ("jack_pisti", (1, "JH", 2, False, True), [0, 1], [0, 2], 3 + 10 + 40),
    ],
)
def test_jack_on_lone_card_option(value, event, pisti, jack_pisti, side_1_points):
    """jack_on_lone_card: play 7 (JH on the lone 7C) is an ordinary capture by default
    ("none"), a pişti with "pisti", a jack pişti with "jack_pisti"."""
    state, events = run(P_DECK, P_PLAYS, {"jack_on_lone_card": value})
    assert ev(events[6]) == event
    assert (state.pisti, state.jack_pisti) == (pisti, jack_pisti)
    assert points(state) == [13, side_1_points]


def test_jack_on_empty_table_option():
    """jack_on_empty_table: false (default) lets a jack start a pile; true makes it a
    one-card capture and a pişti, and makes its side the last capturer."""
    default, events = run(P_DECK, P_PLAYS)
    assert [ev(e) for e in events[3:10]] == P_EVENTS[3:10]
    option, events = run(P_DECK, P_PLAYS, {"jack_on_empty_table": True})
    assert [ev(e) for e in events[3:10]] == [
        (0, "JC", 1, True, False),  # alone on the empty table: taken, pişti
        (1, "JD", 1, True, False),  # the table is empty again: same
        (0, "7C", 0, False, False),
        (1, "JH", 2, False, False),  # on the lone 7C: jack_on_lone_card "none"
        (0, "JS", 1, True, False),
        (1, "8C", 0, False, False),  # now on an empty table
        (0, "8D", 2, True, False),  # so 8D on the lone 8C is a pişti
    ]
    assert names(option.captured[0])[:2] == ["JC", "JS"]
    # side 1: 5 + 2 + JD + 7C JH = 10 cards, jacks JD JH, 2 piştis: 2 + 20 = 22
    # side 0: JC JS 8C 8D + leftover 38 = 42, 2 jacks, 4 aces, 2C, TD, most cards,
    #         3 piştis: 2 + 4 + 2 + 3 + 3 + 30 = 44
    assert counts(option) == [42, 10]
    assert option.pisti == [3, 2] and option.jack_pisti == [0, 0]
    assert points(option) == [44, 22]
    assert points(default) == [13, 33]


def test_jack_on_empty_table_as_the_first_play_of_the_deal_cannot_happen():
    """The table starts with four cards, so a first-play jack is an ordinary capture."""
    deck = build_deck(P_TABLE, {1: ["JC"]})
    _, (event,) = run(deck, ["JC"], {"jack_on_empty_table": True})
    assert ev(event) == (1, "JC", 5, False, False)


@pytest.mark.parametrize(
    ("rules", "side_0_points", "side_1_points"),
    [
        ({}, 13, 33),
        ({"majority_bonus": 0}, 10, 33),
        ({"majority_bonus": 10}, 20, 33),
        ({"two_of_clubs_points": 0}, 11, 33),
        ({"two_of_clubs_points": 10}, 21, 33),
        ({"ten_of_diamonds_points": 0}, 10, 33),
        ({"ten_of_diamonds_points": 10}, 20, 33),
    ],
    ids=[
        "default",
        "majority_bonus-0",
        "majority_bonus-10",
        "two_of_clubs_points-0",
        "two_of_clubs_points-10",
        "ten_of_diamonds_points-0",
        "ten_of_diamonds_points-10",
    ],
)
def test_card_point_options(rules, side_0_points, side_1_points):
    """majority_bonus, two_of_clubs_points, ten_of_diamonds_points: side 0 took the most
    cards, 2C and TD in deal P (13 points by default: 1 + 4 + 2 + 3 + 3)."""
    state, _ = run(P_DECK, P_PLAYS, rules)
    assert points(state) == [side_0_points, side_1_points]
    assert counts(state) == [41, 11]  # the cards taken never depend on point values


def test_point_values_do_not_change_what_is_captured():
    default, _ = run(P_DECK, P_PLAYS)
    option, _ = run(
        P_DECK, P_PLAYS, {"pisti_points": 20, "jack_pisti_points": 40, "majority_bonus": 0}
    )
    assert replay_summary(default)["events"] == replay_summary(option)["events"]


# --- Deal F1: the dealer's last card takes a lone card ----------------------------------
#
#  1 s1 JS takes JC JD JH KS (face down JC JD JH): 5 cards, 4 jacks
#  2–44 43 quiet cards   45 s1 QH   46 s0 QS takes 45 cards
# 47 s1 KH on the empty table   48 s0 KD, the last card of the deal, takes the lone KH
# Side 1: 5 cards, 4 jacks = 4. Side 0: 47 cards, 4 aces, 2C, TD, most cards = 12.
F1_TABLE = ["JC", "JD", "JH", "KS"]
F1_END = ["QH", "QS", "KH", "KD"]
F1_MIDDLE = quiet(remaining(F1_TABLE, ["JS"], F1_END), then="QH")
F1_PLAYS = ["JS", *F1_MIDDLE, *F1_END]
F1_DECK = deck_for_plays(F1_TABLE, F1_PLAYS)


def test_last_card_pisti_option():
    """last_card_pisti: false (default) — the dealer's last card taking a lone card is no
    pişti; true — it is one (side 0: 12 → 22)."""
    assert len(F1_MIDDLE) == 43 and is_quiet(F1_MIDDLE + ["QH"])
    default, events = run(F1_DECK, F1_PLAYS)
    assert ev(events[0]) == (1, "JS", 5, False, False)
    assert ev(events[45]) == (0, "QS", 45, False, False)
    assert ev(events[46]) == (1, "KH", 0, False, False)
    assert ev(events[47]) == (0, "KD", 2, False, False)
    assert all(e.captured == 0 for e in events[1:45])
    assert counts(default) == [47, 5]
    assert default.pisti == [0, 0]
    assert default.leftover is None and default.last_capture_side == 0
    assert points(default) == [12, 4]

    option, events = run(F1_DECK, F1_PLAYS, {"last_card_pisti": True})
    assert ev(events[47]) == (0, "KD", 2, True, False)
    assert option.pisti == [1, 0]
    assert points(option) == [22, 4]


# --- Deal F3: the dealer's last card is a jack on an empty table ------------------------
#
#  1 s1 5S takes JC JD JH 5H: 5 cards    2–45 44 quiet cards   46 s0 KC
# 47 s1 KD takes 46 cards (plays 2–47)    48 s0 JS on the empty table
F3_TABLE = ["JC", "JD", "JH", "5H"]
F3_MIDDLE = quiet(remaining(F3_TABLE, ["5S", "KC", "KD", "JS"]), then="KC")
F3_PLAYS = ["5S", *F3_MIDDLE, "KC", "KD", "JS"]
F3_DECK = deck_for_plays(F3_TABLE, F3_PLAYS)


def test_leftover_goes_to_the_last_capturer_not_the_dealer():
    """Default: JS just starts a pile; that one card goes to side 1, the last capturer,
    and it is not a capture. Side 1 has all 52 cards: 16 points."""
    assert len(F3_MIDDLE) == 44 and is_quiet(F3_MIDDLE + ["KC"])
    state, events = run(F3_DECK, F3_PLAYS)
    assert ev(events[46]) == (1, "KD", 46, False, False)
    assert ev(events[47]) == (0, "JS", 0, False, False)
    assert state.leftover == (1, 1)
    assert state.last_capture_side == 1
    assert counts(state) == [0, 52]
    assert points(state) == [0, 16]


@pytest.mark.parametrize(
    ("rules", "last_event", "side_0_points"),
    [
        ({"jack_on_empty_table": True}, (0, "JS", 1, False, False), 1),
        ({"jack_on_empty_table": True, "last_card_pisti": True}, (0, "JS", 1, True, False), 11),
    ],
)
def test_jack_on_empty_table_with_the_last_card(rules, last_event, side_0_points):
    """jack_on_empty_table true: the last card JS is a one-card capture for side 0 (which
    becomes the last capturer, no leftover) but a pişti only with last_card_pisti."""
    state, events = run(F3_DECK, F3_PLAYS, rules)
    assert ev(events[47]) == last_event
    assert state.last_capture_side == 0
    assert state.leftover is None
    assert counts(state) == [1, 51]
    # side 1: 3 jacks, 4 aces, 2C, TD, most cards = 15
    assert points(state) == [side_0_points, 15]


def test_last_card_pisti_alone_does_not_make_a_jack_on_an_empty_table_capture():
    state, events = run(F3_DECK, F3_PLAYS, {"last_card_pisti": True})
    assert ev(events[47]) == (0, "JS", 0, False, False)
    assert points(state) == [0, 16]


# --- Deal N: nobody ever captures ------------------------------------------------------
#
# face_up_jack "keep" leaves all four jacks on the table (JS face up); the 48 other cards
# are played with no two neighbours of a rank. The whole pile goes to the dealer's side.
N_TABLE = ["JC", "JD", "JH", "JS"]
N_PLAYS = quiet(remaining(N_TABLE))


@pytest.mark.parametrize(
    ("players", "partnerships", "dealer", "side", "sides"),
    [
        (2, False, 1, 1, 2),
        (2, False, 0, 0, 2),
        (3, False, 2, 2, 3),
        (4, True, 3, 1, 2),
        (4, True, 2, 0, 2),
        (4, False, 3, 3, 4),
    ],
)
def test_leftover_goes_to_the_dealers_side_when_nobody_captured(
    players, partnerships, dealer, side, sides
):
    """Not a capture: last_capture_side stays None. That side has every card: 16 points."""
    deck = deck_for_plays(N_TABLE, N_PLAYS, players=players, dealer=dealer)
    rules = {"face_up_jack": "keep", "players": players, "partnerships": partnerships}
    state, events = run(deck, N_PLAYS, rules, dealer)
    assert all(e.captured == 0 for e in events)
    assert state.last_capture_side is None
    assert state.leftover == (side, 52)
    expected = [0] * sides
    expected[side] = 52
    assert counts(state) == expected
    expected[side] = 16
    assert points(state) == expected


# --- The face-up jack and the opening ---------------------------------------------------

# deck[3] is JS. "return": JS goes under the stock, 9C (deck[4]) is turned up, and the
# hands start at deck[5] (seat 1 gets 9D 3C 4C 5C). "keep": JS stays on top and the hands
# start at deck[4] (seat 1 gets 9C 9D 3C 4C).
J_DECK = build_deck(["2H", "3H", "4H", "JS"], {1: ["9D", "3C", "4C", "5C"]}, turned=["9C"])


def test_face_up_jack_option():
    """face_up_jack: "return" (default) turns the next card; "keep" leaves the jack on
    top. Seat 1's 9D then takes the table (5 cards) or does not."""
    assert J_DECK[3:9] == ["JS", "9C", "9D", "3C", "4C", "5C"]
    returned = start(J_DECK)
    assert names(returned.pile) == ["2H", "3H", "4H", "9C"]
    assert names(returned.hands[1]) == ["9D", "3C", "4C", "5C"]
    assert names(returned.hands[0]) == J_DECK[9:13]
    kept = start(J_DECK, {"face_up_jack": "keep"})
    assert names(kept.pile) == ["2H", "3H", "4H", "JS"]
    assert names(kept.hands[1]) == ["9C", "9D", "3C", "4C"]

    assert ev(returned.play("9D")) == (1, "9D", 5, False, False)
    assert ev(kept.play("9D")) == (1, "9D", 0, False, False)
    assert returned.last_capture_side == 1 and kept.last_capture_side is None


def test_a_returned_jack_is_unseen_and_goes_to_the_bottom_of_the_stock():
    """The table keeps 4 cards; JS is in nobody's seen list; it is the last card dealt:
    the 4th card of the dealer's sixth hand (after deck[49..51])."""
    state = start(J_DECK)
    for seat in (0, 1):
        view = view_for(state, seat)
        assert view.pile_size == 4
        assert names(view.pile_face_up) == ["9C"]
        assert "JS" not in names(view.seen)
        assert "JS" not in str(view.to_dict())
    assert names(view_for(state, 1).seen) == ["9C", "9D", "3C", "4C", "5C"]
    while state.rounds_dealt < 6:
        assert parse_card("JS") not in state.hands[0] + state.hands[1]
        state.play(state.legal_plays()[0])
    assert names(state.hands[0]) == [*J_DECK[49:52], "JS"]
    assert names(state.hands[1]) == J_DECK[45:49]
    assert "JS" in names(view_for(state, 0).seen)
    assert "JS" not in names(view_for(state, 1).seen)


def test_several_face_up_jacks_go_under_the_stock_in_the_order_turned():
    deck = build_deck(["2H", "3H", "4H", "JS"], {1: ["9D"]}, turned=["JH", "9C"])
    state = start(deck)
    assert names(state.pile) == ["2H", "3H", "4H", "9C"]
    assert names(state.hands[1])[0] == "9D" and deck[6] == "9D"
    while state.rounds_dealt < 6:
        state.play(state.legal_plays()[0])
    assert names(state.hands[0]) == [*deck[50:52], "JS", "JH"]


def test_a_kept_jack_on_top_is_taken_by_any_jack_with_no_pisti():
    state = start(J_DECK, {"face_up_jack": "keep"})
    state.play("9C")  # seat 1 on JS
    assert ev(state.play(state.hands[0][0])) == (0, J_DECK[8], 0, False, False)


# Seat 1 holds 5S 6S 7S 8S and seat 0 the first filler cards AC AD AH AS.
O_DECK = build_deck(P_TABLE, {1: ["5S", "6S", "7S", "8S"]})


def test_opening_option():
    """opening: "three_down_one_up" (default) shows only deck[3]; "four_up" shows all four
    in pile_face_up and in every seat's seen list. Face-down cards stay unseen after
    they are captured."""
    assert O_DECK[8:12] == ["AC", "AD", "AH", "AS"]
    default = start(O_DECK)
    four_up = start(O_DECK, {"opening": "four_up"})
    assert names(view_for(default, 1).pile_face_up) == ["5H"]
    assert names(view_for(four_up, 1).pile_face_up) == ["2H", "3H", "4H", "5H"]
    assert names(view_for(default, 1).seen) == ["5H", "5S", "6S", "7S", "8S"]
    assert names(view_for(four_up, 1).seen) == ["2H", "3H", "4H", "5H", "5S", "6S", "7S", "8S"]
    assert view_for(default, 0).pile_size == view_for(four_up, 0).pile_size == 4

    for state in (default, four_up):  # the capture itself is the same
        assert ev(state.play("5S")) == (1, "5S", 5, False, False)
    assert names(view_for(default, 0).seen) == ["5H", "AC", "AD", "AH", "AS", "5S"]
    assert names(view_for(four_up, 0).seen) == [
        "2H",
        "3H",
        "4H",
        "5H",
        "AC",
        "AD",
        "AH",
        "AS",
        "5S",
    ]


def test_a_view_as_json_has_exactly_the_bot_protocol_fields():
    """Section 11: seat 0's view after 5S (takes the table), 6C and 6D (pişti)."""
    state, _ = run(P_DECK, P_PLAYS[:3])
    assert view_for(state, 0, match_totals=[40, 12]).to_dict() == {
        "rules": Rules().to_dict(),
        "seat": 0,
        "dealer": 0,
        "players": 2,
        "partnerships": False,
        "hand": ["JC", "7C", "JS"],
        "pile_size": 0,
        "pile_face_up": [],
        "top": None,
        "history": [
            {"seat": 1, "card": "5S"},
            {"seat": 0, "card": "6C"},
            {"seat": 1, "card": "6D"},
        ],
        "seen": ["5H", "6C", "JC", "7C", "JS", "5S", "6D"],
        "captured_cards": [0, 7],
        "pisti": [0, 1],
        "jack_pisti": [0, 0],
        "hand_sizes": [3, 2],
        "stock": 40,
        "last_capture_side": 1,
        "match_totals": [40, 12],
    }
    assert view_for(state, 1).to_dict()["match_totals"] == [0, 0]
    assert view_for(state, 1).to_dict()["hand"] == ["JD", "JH"]


# --- Seats, sides, dealing --------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "dealer", "hands"),
    [
        (2, 0, {1: ["2C", "2D", "2H", "2S"], 0: ["3C", "3D", "3H", "3S"]}),
        (2, 1, {0: ["2C", "2D", "2H", "2S"], 1: ["3C", "3D", "3H", "3S"]}),
        (
            3,
            0,
            {1: ["2C", "2D", "2H", "2S"], 2: ["3C", "3D", "3H", "3S"], 0: ["4C", "4D", "4H", "4S"]},
        ),
        (
            3,
            2,
            {0: ["2C", "2D", "2H", "2S"], 1: ["3C", "3D", "3H", "3S"], 2: ["4C", "4D", "4H", "4S"]},
        ),
        (
            4,
            1,
            {
                2: ["2C", "2D", "2H", "2S"],
                3: ["3C", "3D", "3H", "3S"],
                0: ["4C", "4D", "4H", "4S"],
                1: ["5C", "5D", "5H", "5S"],
            },
        ),
    ],
)
def test_dealing_starts_after_the_dealer_four_consecutive_cards_each(players, dealer, hands):
    """In the plain deck order (AC AD AH AS 2C …) the table is the aces; then four each."""
    deck = [r + s for r in "A23456789TJQK" for s in "CDHS"]
    state = start(deck, {"players": players}, dealer)
    assert names(state.pile) == ["AC", "AD", "AH", "AS"]
    assert {seat: names(hand) for seat, hand in enumerate(state.hands)} == hands
    assert state.current_player == (dealer + 1) % players


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_the_first_player_is_the_seat_after_the_dealer(players, dealer):
    if dealer >= players:
        with pytest.raises(ValueError):
            start(P_DECK, {"players": players}, dealer)
        return
    assert start(P_DECK, {"players": players}, dealer).current_player == (dealer + 1) % players


def test_a_new_round_is_dealt_only_when_every_hand_is_empty():
    state, _ = run(P_DECK, P_PLAYS[:7])
    assert [len(h) for h in state.hands] == [1, 0]
    assert state.current_player == 0 and state.rounds_dealt == 1
    state.play(P_PLAYS[7])
    assert state.rounds_dealt == 2
    assert names(state.hands[1]) == P_DECK[12:16]
    assert names(state.hands[0]) == P_DECK[16:20]
    assert state.current_player == 1


# Both the first two plays are legal with 2, 3 or 4 players: 7C is deck[4] (the first
# seat's hand: seat 1) and 7D is deck[8] (the second seat's: seat 0 with two players,
# seat 2 with three or four). 7C goes on the table, 7D takes the 6 cards.
SEATS_DECK = build_deck(P_TABLE, {1: ["7C"], 0: ["7D"]})


@pytest.mark.parametrize(
    ("rules", "second_seat", "captured", "last_side", "next_seat"),
    [
        ({}, 0, [6, 0], 0, 1),
        ({"players": 3}, 2, [0, 0, 6], 2, 0),
        ({"players": 4}, 2, [6, 0], 0, 3),
        ({"players": 4, "partnerships": False}, 2, [0, 0, 6, 0], 2, 3),
    ],
    ids=["2 players", "3 players", "4 in partnerships", "4 without partnerships"],
)
def test_players_and_partnerships_options(rules, second_seat, captured, last_side, next_seat):
    """players and partnerships: the same two plays are made by different seats and
    counted for different sides (seats 0 and 2 are side 0 in partnerships)."""
    assert SEATS_DECK[4] == "7C" and SEATS_DECK[8] == "7D"
    state, events = run(SEATS_DECK, ["7C", "7D"], rules)
    assert ev(events[0]) == (1, "7C", 0, False, False)
    assert ev(events[1]) == (second_seat, "7D", 6, False, False)
    assert counts(state) == captured
    assert state.last_capture_side == last_side
    assert state.current_player == next_seat


# --- Deal T3: three players, each their own side, 4 rounds ------------------------------
#
# Play i is made by seat i % 3 (dealer 0).
#  1 s1 9H takes JS 4D 4H 9S: 5          2–10 quiet (AC …)   11 s2 JC takes 10
# 12–28 quiet (2C …)   29 s2 JD takes 18  30 s0 KC            31 s1 KD: pişti (2)
# 32–47 quiet (TD, AD, AH, AS …)          48 s0 JH takes 17
# Side 0: 17 cards, JH, 3 aces, TD = 7. Side 1: 7 cards, JS, a pişti = 11.
# Side 2: 28 cards, JC JD, AC, 2C, most cards = 8.
T3_TABLE = ["JS", "4D", "4H", "9S"]
T3_STRETCHES = [
    ["AC", "2D", "3D", "5D", "6D", "7D", "8D", "9D", "QD"],
    [
        "2C",
        "3C",
        "4C",
        "5C",
        "6C",
        "7C",
        "8C",
        "9C",
        "TC",
        "QC",
        "2H",
        "3H",
        "5H",
        "6H",
        "7H",
        "8H",
        "TH",
    ],
    [
        "TD",
        "AD",
        "AH",
        "AS",
        "QH",
        "KH",
        "2S",
        "3S",
        "4S",
        "5S",
        "6S",
        "7S",
        "8S",
        "TS",
        "QS",
        "KS",
    ],
]
T3_PLAYS = [
    "9H",
    *quiet(T3_STRETCHES[0]),
    "JC",
    *quiet(T3_STRETCHES[1]),
    "JD",
    "KC",
    "KD",
    *quiet(T3_STRETCHES[2]),
    "JH",
]
T3_DECK = deck_for_plays(T3_TABLE, T3_PLAYS, players=3)


def test_three_players_each_seat_its_own_side_four_rounds():
    state, events = run(T3_DECK, T3_PLAYS, {"players": 3})
    captures = [(i + 1, ev(e)) for i, e in enumerate(events) if e.captured]
    assert captures == [
        (1, (1, "9H", 5, False, False)),
        (11, (2, "JC", 10, False, False)),
        (29, (2, "JD", 18, False, False)),
        (31, (1, "KD", 2, True, False)),
        (48, (0, "JH", 17, False, False)),
    ]
    assert [e.seat for e in events] == [1, 2, 0] * 16
    assert state.rounds_dealt == 4
    assert state.leftover is None and state.last_capture_side == 0
    assert counts(state) == [17, 7, 28]
    assert state.pisti == [0, 1, 0]
    assert points(state) == [7, 11, 8]
    assert [s["seats"] for s in replay_summary(state)["sides"]] == [[0], [1], [2]]
    assert [s["majority"] for s in replay_summary(state)["sides"]] == [False, False, True]


# --- Deal W: four players, the sources' worked example -----------------------------------
#
# Play i is made by seat i % 4 (dealer 0).
#  1 s1 JS takes 3C 3D 3H 9S: 5          2–9 quiet (AC, AD …)   10 s2 JC takes 9
# 11 s3 KH                               12 s0 KS: pişti (2)
# 13–25 quiet (TD …)                     26 s2 JD takes 14
# 27–41 quiet (AH, AS, 2C …), 42 s2 QH   43 s3 QS takes 17
# 44–47 quiet                            48 s0 JH takes 5
# Partnerships: side 0 (seats 0, 2) 2 + 5 + 9 + 14 = 30 cards with JC JD JH, AC AD, TD and
# a pişti: 3 + 2 + 3 + 3 (most cards) + 10 = 21. Side 1 (seats 1, 3): 22 cards with JS,
# AH AS, 2C: 1 + 2 + 2 = 5.
W_TABLE = ["3C", "3D", "3H", "9S"]
W_PLAYS = [
    "JS",
    *quiet(["AC", "AD", "2D", "4C", "5C", "6C", "7C", "8C"]),
    "JC",
    "KH",
    "KS",
    *quiet(["TD", "9C", "9D", "9H", "TC", "TH", "TS", "QC", "QD", "4D", "5D", "6D", "7D"]),
    "JD",
    *quiet(
        ["AH", "AS", "2C", "2H", "2S", "3S", "4H", "4S", "5H", "5S", "6H", "6S", "7H", "7S", "8S"],
        then="QH",
    ),
    "QH",
    "QS",
    *quiet(["8D", "8H", "KC", "KD"]),
    "JH",
]
W_DECK = deck_for_plays(W_TABLE, W_PLAYS, players=4)
W_CAPTURES = [
    (1, (1, "JS", 5, False, False)),
    (10, (2, "JC", 9, False, False)),
    (12, (0, "KS", 2, True, False)),
    (26, (2, "JD", 14, False, False)),
    (43, (3, "QS", 17, False, False)),
    (48, (0, "JH", 5, False, False)),
]


def test_four_players_in_partnerships_seats_0_and_2_are_side_0():
    state, events = run(W_DECK, W_PLAYS, {"players": 4})
    assert [(i + 1, ev(e)) for i, e in enumerate(events) if e.captured] == W_CAPTURES
    assert [e.seat for e in events] == [1, 2, 3, 0] * 12
    assert state.rounds_dealt == 3
    assert counts(state) == [30, 22]
    assert state.pisti == [1, 0]
    sides = replay_summary(state)["sides"]
    assert sides == [
        {
            "seats": [0, 2],
            "cards": 30,
            "aces": 2,
            "jacks": 3,
            "two_of_clubs": False,
            "ten_of_diamonds": True,
            "majority": True,
            "pisti": 1,
            "jack_pisti": 0,
            "points": 21,
        },
        {
            "seats": [1, 3],
            "cards": 22,
            "aces": 2,
            "jacks": 1,
            "two_of_clubs": True,
            "ten_of_diamonds": False,
            "majority": False,
            "pisti": 0,
            "jack_pisti": 0,
            "points": 5,
        },
    ]


def test_partnerships_option_four_players_without_partnerships():
    """partnerships false: the same deal scores four sides, one per seat.
    Seat 0: KH KS + 5 = 7 cards, JH, a pişti = 11. Seat 1: 5 cards, JS = 1.
    Seat 2: 9 + 14 = 23 cards, JC JD, AC AD, TD, most cards = 10. Seat 3: 17 cards,
    AH AS, 2C = 4."""
    state, events = run(W_DECK, W_PLAYS, {"players": 4, "partnerships": False})
    assert [(i + 1, ev(e)) for i, e in enumerate(events) if e.captured] == W_CAPTURES
    assert counts(state) == [7, 5, 23, 17]
    assert state.pisti == [1, 0, 0, 0]
    assert points(state) == [11, 1, 10, 4]
    assert [s["seats"] for s in replay_summary(state)["sides"]] == [[0], [1], [2], [3]]


# --- Deal S: the cards split 26–26 ------------------------------------------------------
#
#  1 s1 JS takes JC JD JH 9S: 5          2–21 clubs and diamonds, 22 s0 QD takes 21
# 23–42 the aces and others, 43 s1 QS takes 21      44–47, 48 s0 KS takes 5
# Side 1: 26 cards, 4 jacks, 4 aces = 8. Side 0: 26 cards, 2C, TD = 5. 13 in all.
S_TABLE = ["JC", "JD", "JH", "9S"]
S_PLAYS = [
    "JS",
    "2C",
    "3C",
    "4C",
    "5C",
    "6C",
    "7C",
    "8C",
    "9C",
    "TC",
    "KC",
    "2D",
    "3D",
    "4D",
    "5D",
    "6D",
    "7D",
    "8D",
    "9D",
    "TD",
    "QC",
    "QD",
    "AC",
    "2H",
    "AD",
    "3H",
    "AH",
    "4H",
    "AS",
    "5H",
    "KD",
    "6H",
    "7H",
    "8H",
    "9H",
    "TH",
    "2S",
    "3S",
    "4S",
    "5S",
    "TS",
    "QH",
    "QS",
    "6S",
    "7S",
    "8S",
    "KH",
    "KS",
]
S_DECK = deck_for_plays(S_TABLE, S_PLAYS)


@pytest.mark.parametrize("rules", [{}, {"majority_bonus": 10}])
def test_a_26_26_split_gives_no_majority_bonus_and_13_points(rules):
    state, events = run(S_DECK, S_PLAYS, rules)
    assert [(i + 1, ev(e)) for i, e in enumerate(events) if e.captured] == [
        (1, (1, "JS", 5, False, False)),
        (22, (0, "QD", 21, False, False)),
        (43, (1, "QS", 21, False, False)),
        (48, (0, "KS", 5, False, False)),
    ]
    assert counts(state) == [26, 26]
    assert [s.majority for s in score_deal(state)] == [False, False]
    assert points(state) == [5, 8]
    assert sum(points(state)) == 13


# --- Matches: target, target_tie, max_deals ---------------------------------------------
#
# Deal P with dealer 0 scores [13, 33]. With dealer 1 the same plays are made by the other
# seats (seat 0 first), so it scores [33, 13]. Totals after each deal of a match starting
# with dealer 0: [13, 33] [46, 46] [59, 79] [92, 92] [105, 125] [138, 138] [151, 171].
P_DECKS = {dealer: deck_for_plays(P_TABLE, P_PLAYS, dealer=dealer) for dealer in (0, 1)}


def play_match(rules, limit=20):
    match = Match(Rules.from_dict(rules))
    while not match.outcome.over and len(match.finished) < limit:
        dealer = match.next_dealer
        state = match.start_deal(deck=[parse_card(c) for c in P_DECKS[dealer]])
        assert state.dealer == dealer and state.current_player == 1 - dealer
        play_all(state, P_PLAYS)
        match.finish_deal()
    return match


def test_deal_p_with_dealer_1_swaps_the_sides():
    assert points(run(P_DECKS[1], P_PLAYS, dealer=1)[0]) == [33, 13]


@pytest.mark.parametrize(
    ("rules", "deals", "totals", "winners"),
    [
        ({}, 7, [151, 171], (1,)),  # target 151
        ({"target": 100}, 5, [105, 125], (1,)),  # both past: highest
        ({"target": 59}, 3, [59, 79], (1,)),  # reaching is enough
        ({"target": 92}, 5, [105, 125], (1,)),  # tie 92–92: play on
        ({"target": 92, "target_tie": "shared"}, 4, [92, 92], (0, 1)),
        ({"target": 138, "target_tie": "shared"}, 6, [138, 138], (0, 1)),
        ({"max_deals": 1}, 1, [13, 33], (1,)),
        ({"max_deals": 2}, 2, [46, 46], (0, 1)),  # shared despite play_on
        ({"max_deals": 3, "target": 500}, 3, [59, 79], (1,)),
        ({"max_deals": 10}, 7, [151, 171], (1,)),  # target comes first
    ],
)
def test_target_target_tie_and_max_deals_in_a_match_of_fixed_decks(rules, deals, totals, winners):
    match = play_match(rules)
    assert len(match.finished) == deals
    assert match.totals == totals
    assert match.outcome.over
    assert match.outcome.winners == winners
    assert match.outcome.shared == (len(winners) > 1)
    assert [s.dealer for s in match.finished] == [d % 2 for d in range(deals)]


@pytest.mark.parametrize(
    ("totals", "deals", "rules", "over", "winners"),
    [
        ([150, 149], 5, {}, False, ()),
        ([151, 149], 5, {}, True, (0,)),
        ([149, 151], 5, {}, True, (1,)),
        ([160, 170], 5, {}, True, (1,)),
        ([151, 151], 5, {}, False, ()),
        ([151, 151], 5, {"target_tie": "shared"}, True, (0, 1)),
        ([150, 150], 5, {"target_tie": "shared"}, False, ()),
        ([49, 50], 1, {"target": 50}, True, (1,)),
        ([10, 5], 3, {"max_deals": 3}, True, (0,)),
        ([10, 10], 3, {"max_deals": 3}, True, (0, 1)),
        ([10, 10], 2, {"max_deals": 3}, False, ()),
        ([200, 200], 3, {"max_deals": 4}, False, ()),
        ([20, 30, 10], 2, {"players": 3, "target": 50}, False, ()),
        ([60, 55, 60], 2, {"players": 3, "target": 50}, False, ()),
        ([60, 55, 60], 2, {"players": 3, "target": 50, "target_tie": "shared"}, True, (0, 2)),
        ([60, 70, 65], 2, {"players": 3, "target": 50}, True, (1,)),
    ],
)
def test_match_outcome(totals, deals, rules, over, winners):
    outcome = match_outcome(totals, deals, Rules.from_dict(rules))
    assert (outcome.over, outcome.winners) == (over, winners)


# --- Illegal plays ----------------------------------------------------------------------


def snapshot(state):
    return (
        deal_record(state),
        replay_summary(state),
        state.current_player,
        [list(h) for h in state.hands],
        list(state.pile),
    )


@pytest.mark.parametrize(
    ("before", "card"),
    [
        (0, "6C"),  # in the other seat's hand
        (0, "5H"),  # the table's top card
        (0, "2H"),  # a face-down table card
        (0, "AC"),  # still in the stock
        (1, "5S"),  # already played
        (1, "JD"),  # seat 1's own card, but it is seat 0's turn
        (7, "AC"),
    ],
)
def test_a_card_not_in_the_hand_of_the_player_to_move_is_an_illegal_play(before, card):
    state, _ = run(P_DECK, P_PLAYS[:before])
    assert parse_card(card) not in state.legal_plays()
    expected = snapshot(state)
    with pytest.raises(IllegalPlay):
        state.play(card)
    assert snapshot(state) == expected
    state.play(P_PLAYS[before])  # and the state still plays on normally


def test_no_play_after_the_end_of_the_deal():
    state, _ = run(P_DECK, P_PLAYS)
    expected = snapshot(state)
    for card in ["AC", P_PLAYS[-1], "JS"]:
        with pytest.raises(IllegalPlay):
            state.play(card)
    assert snapshot(state) == expected
    assert points(state) == [13, 33]


def test_legal_plays_are_the_whole_hand_of_the_player_to_move():
    state = start(P_DECK)
    assert sorted(names(state.legal_plays())) == sorted(["5S", "6D", "JD", "JH"])
    state.play("6D")  # no capture is ever forced
    assert sorted(names(state.legal_plays())) == sorted(["6C", "JC", "7C", "JS"])
