"""Contract section 1: card names, parsing and printing."""

import pytest

from pisti.cards import CARD_NAMES, InvalidCard, card_name, parse_card

RANKS = "A23456789TJQK"
SUITS = "CDHS"


def test_there_are_52_distinct_cards_that_print_as_rank_then_suit():
    expected = {r + s for r in RANKS for s in SUITS}
    assert len(expected) == 52
    assert len(CARD_NAMES) == 52
    assert set(CARD_NAMES) == expected
    assert {parse_card(name) for name in expected} == set(range(52))


@pytest.mark.parametrize("name", [r + s for r in RANKS for s in SUITS])
def test_every_card_parses_and_prints_back_to_its_name(name):
    assert card_name(parse_card(name)) == name


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("TD", "TD"),
        ("td", "TD"),
        ("tD", "TD"),
        ("10D", "TD"),
        ("10d", "TD"),
        ("2c", "2C"),
        ("jh", "JH"),
        ("As", "AS"),
        ("10S", "TS"),
        ("qS", "QS"),
    ],
)
def test_parsing_is_case_insensitive_and_accepts_10_for_the_ten(text, expected):
    """Output always uses the two-character upper-case form."""
    assert card_name(parse_card(text)) == expected


def test_distinct_names_are_distinct_cards():
    assert parse_card("TD") != parse_card("TC")
    assert parse_card("TD") != parse_card("JD")
    assert parse_card("10D") == parse_card("TD")


@pytest.mark.parametrize(
    "text",
    [
        "",
        "T",
        "D",
        "1D",
        "11D",
        "0D",
        "XD",
        "TX",
        "TDD",
        "10",
        "100D",
        "1OD",
        "JJ",
        "ZZ",
        "2 C",
        "C2",
        "DT",
        "ten of diamonds",
        "T♦",
        " TD",
        "TD ",
        "TD\n",
        "1 0D",
        "Aſ",
        "ＴＤ",
    ],
)
def test_anything_else_is_an_invalid_card(text):
    """Only the two-character form (any case) or 10 for the ten: no padding, no look-alikes
    ("ſ" upper-cases to "S", full-width letters are not ASCII)."""
    with pytest.raises(InvalidCard):
        parse_card(text)


@pytest.mark.parametrize("value", [None, 10, 3.5, ["TD"], b"TD"])
def test_non_strings_are_invalid_cards(value):
    with pytest.raises(InvalidCard):
        parse_card(value)


def test_invalid_card_is_a_value_error_naming_the_input():
    with pytest.raises(ValueError, match="XD"):
        parse_card("XD")
