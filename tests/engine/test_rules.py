"""Contract section 8: the rules object, its defaults and its validation."""

import pytest

from pisti.rules import InvalidRules, Rules

DEFAULTS = {
    "players": 2,
    "partnerships": False,
    "opening": "three_down_one_up",
    "face_up_jack": "return",
    "pisti_points": 10,
    "jack_pisti_points": 20,
    "jack_on_lone_jack": "jack_pisti",
    "jack_on_lone_card": "none",
    "jack_on_empty_table": False,
    "last_card_pisti": False,
    "majority_bonus": 3,
    "majority_rule": "most",
    "two_of_clubs_points": 2,
    "ten_of_diamonds_points": 3,
    "target": 151,
    "target_tie": "play_on",
    "max_deals": None,
    "match_scoring": "points",
    "deals_target": 5,
}

# Every allowed value of every key (integer ranges by their ends and a middle value).
ALLOWED = {
    "players": [2, 3, 4],
    "opening": ["three_down_one_up", "four_up"],
    "face_up_jack": ["return", "keep"],
    "pisti_points": [5, 12, 20],
    "jack_pisti_points": [10, 15, 20, 25, 30, 35, 40],
    "jack_on_lone_jack": ["jack_pisti", "pisti"],
    "jack_on_lone_card": ["none", "pisti", "jack_pisti"],
    "jack_on_empty_table": [False, True],
    "last_card_pisti": [False, True],
    "majority_bonus": [0, 5, 10],
    "majority_rule": ["most", "over_half"],
    "two_of_clubs_points": [0, 5, 10],
    "ten_of_diamonds_points": [0, 5, 10],
    "target": [50, 151, 500],
    "target_tie": ["play_on", "shared"],
    "max_deals": [None, 1, 25, 50],
    "match_scoring": ["points", "deals"],
    "deals_target": [1, 5, 25],
}

# Values the contract refuses: wrong JSON type (10.0 and true are not integers), out of
# range, off the step, and strings in the wrong case.
REFUSED = {
    "players": [1, 5, 0, -2, 2.0, "2", True, None, [2]],
    "partnerships": [0, 1, "true", "false", None, "True"],
    "opening": ["Four_up", "FOUR_UP", "four up", "four_down", "", None, 4, True],
    "face_up_jack": ["Return", "KEEP", "reshuffle", None, 1, False],
    "pisti_points": [4, 21, 0, -10, 10.0, "10", True, None],
    "jack_pisti_points": [5, 45, 12, 23, 37, 20.0, "20", True, None],
    "jack_on_lone_jack": ["Jack_pisti", "PISTI", "none", "jack pisti", None, True],
    "jack_on_lone_card": ["None", "NONE", "Pisti", "jack", "", None, False, 0],
    "jack_on_empty_table": ["false", "true", 0, 1, None, "False"],
    "last_card_pisti": ["false", 1, 0, None, "True"],
    "majority_bonus": [-1, 11, 3.0, "3", True, None],
    "majority_rule": ["Most", "over half", "half", "", None, 27, True],
    "two_of_clubs_points": [-1, 11, 2.0, "2", True, None],
    "ten_of_diamonds_points": [-1, 11, 3.0, "3", False, None],
    "target": [49, 501, 0, 151.0, "151", True, None],
    "target_tie": ["Shared", "PLAY_ON", "play on", "split", "", None, 1],
    "max_deals": [0, 51, -1, 10.0, "10", True, False],
    "match_scoring": ["Points", "DEALS", "games", "", None, 1, True],
    "deals_target": [0, 26, -1, 5.0, "5", True, None],
}


def test_defaults_are_the_contract_defaults():
    assert Rules().to_dict() == DEFAULTS
    assert Rules.from_dict({}).to_dict() == DEFAULTS
    assert Rules.from_dict(None).to_dict() == DEFAULTS


def test_partnerships_default_to_true_with_four_players_only():
    assert Rules.from_dict({"players": 4}).partnerships is True
    assert Rules.from_dict({"players": 3}).partnerships is False
    assert Rules.from_dict({"players": 2}).partnerships is False


@pytest.mark.parametrize("players", [2, 3, 4])
def test_partnerships_false_is_accepted_with_any_number_of_players(players):
    assert Rules.from_dict({"players": players, "partnerships": False}).partnerships is False


def test_partnerships_true_is_accepted_with_four_players():
    assert Rules.from_dict({"players": 4, "partnerships": True}).partnerships is True


@pytest.mark.parametrize("players", [2, 3])
def test_partnerships_true_without_four_players_is_refused(players):
    with pytest.raises(InvalidRules, match="partnerships"):
        Rules.from_dict({"players": players, "partnerships": True})


def test_partnerships_true_with_the_default_two_players_is_refused():
    with pytest.raises(InvalidRules, match="partnerships"):
        Rules.from_dict({"partnerships": True})


@pytest.mark.parametrize(
    ("key", "value"), [(key, value) for key, values in ALLOWED.items() for value in values]
)
def test_every_allowed_value_is_accepted(key, value):
    rules = Rules.from_dict({key: value})
    assert getattr(rules, key) == value
    assert type(getattr(rules, key)) is type(value)


@pytest.mark.parametrize(
    ("key", "value"), [(key, value) for key, values in REFUSED.items() for value in values]
)
def test_every_refused_value_raises_invalid_rules_naming_the_key(key, value):
    data = {key: value}
    if key == "partnerships":
        data["players"] = 4  # so that only the value itself can be wrong
    with pytest.raises(InvalidRules) as excinfo:
        Rules.from_dict(data)
    assert key in str(excinfo.value)


def test_every_key_has_refused_values():
    assert set(REFUSED) == set(DEFAULTS)
    assert set(ALLOWED) | {"partnerships"} == set(DEFAULTS)


@pytest.mark.parametrize(
    "key", ["player", "Players", "PLAYERS", "pisti", "jack_pisti", "partnership", "deals", ""]
)
def test_unknown_keys_raise_invalid_rules_naming_the_key(key):
    with pytest.raises(InvalidRules) as excinfo:
        Rules.from_dict({key: 2})
    assert repr(key) in str(excinfo.value) or f'"{key}"' in str(excinfo.value)


@pytest.mark.parametrize("data", [[], "players", 2, [["players", 2]]])
def test_rules_must_be_an_object(data):
    with pytest.raises(InvalidRules):
        Rules.from_dict(data)


def test_invalid_rules_is_a_value_error():
    assert issubclass(InvalidRules, ValueError)


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"players": 3},
        {"players": 4},
        {"players": 4, "partnerships": False},
        {
            "opening": "four_up",
            "face_up_jack": "keep",
            "jack_on_lone_card": "jack_pisti",
            "jack_on_lone_jack": "pisti",
            "jack_on_empty_table": True,
            "last_card_pisti": True,
        },
        {
            "pisti_points": 5,
            "jack_pisti_points": 40,
            "majority_bonus": 0,
            "two_of_clubs_points": 10,
            "ten_of_diamonds_points": 0,
            "target": 50,
            "target_tie": "shared",
            "max_deals": 7,
        },
    ],
)
def test_to_dict_round_trips_and_holds_every_key(data):
    rules = Rules.from_dict(data)
    full = rules.to_dict()
    assert set(full) == set(DEFAULTS)
    assert {**DEFAULTS, "partnerships": data.get("players") == 4, **data} == full
    assert Rules.from_dict(full) == rules
    assert Rules.from_dict(rules.changes()) == rules
