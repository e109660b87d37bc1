"""What the rules reference claims, checked: rule keys, links, list items and numbers.

* every rule key and value the variants page prints (in all four languages) is accepted by
  the engine's ``Rules``, and its link opens the practice form set to exactly those rules;
* every English link and list item has its counterpart in Turkish, German and Russian;
* every number the engine can compute (match lengths, card counts, worked examples) is
  recomputed here and looked for in each language's text.
"""

from __future__ import annotations

import html as html_lib
import json
import re

import pytest
from django.utils import translation

from pisti import Rules, Tally, score_tallies
from pisti.dealing import rounds_per_deal
from rules import diagrams
from rules.content_loader import read_content
from rules.measurements import MATCHES, match_lengths
from rules.models import Variant

LANGUAGES = ["en", "tr", "de", "ru"]
RULE = re.compile(r"<code data-rule>([a-z_]+): ([^<]+)</code>")
OPTION = re.compile(
    r'<li>((?:<code data-rule>.*?</code>(?:, )?)+) · <a href="([^"]+)" data-try-variant>'
)
REMOVED_KEYS = ("card_values", "match_points", "last_deal_timing")


def variants_page(client, language) -> str:
    response = client.get(f"/{language}/rules/variants/")
    assert response.status_code == 200
    return response.content.decode()


def printed_options(page: str) -> list[tuple[dict, str]]:
    """Each playable alternative on the page: the rules it prints and its link."""
    options = []
    for codes, link in OPTION.findall(page):
        rules = {key: json.loads(html_lib.unescape(value)) for key, value in RULE.findall(codes)}
        options.append((rules, html_lib.unescape(link)))
    return options


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_printed_rule_key_and_value_is_accepted_by_the_engine(client, language):
    page = variants_page(client, language)
    options = printed_options(page)
    assert len(options) == sum(len(v.play) for v in Variant.objects.all()) >= 20
    assert len(RULE.findall(page)) == sum(len(rules) for rules, _ in options)
    for rules, _ in options:
        Rules.from_dict(rules)  # raises InvalidRules on a key or value the engine refuses
    for key in REMOVED_KEYS:
        assert key not in page
    customs = Variant.objects.filter(play=[]).count()
    assert customs >= 3 and page.count("data-custom") == customs


@pytest.mark.django_db
def test_every_variant_is_playable_or_a_custom_and_names_its_sources():
    content = read_content("en")
    for variant in content["variants"]:
        assert re.search(r"\(sources? 00\d", variant["body"]), variant["key"]
        if variant["key"] in {f.name for f in Rules.__dataclass_fields__.values()}:
            assert variant["play"], f"{variant['key']} is a rule key, so it must be playable"
    cited = set(re.findall(r"\b00(\d)\b", json.dumps(content)))
    assert cited <= {"0", "1", "2", "3", "4"}


@pytest.mark.django_db
def test_each_variant_link_opens_the_practice_form_with_its_rules(client):
    options = printed_options(variants_page(client, "en"))
    for rules, link in options:
        response = client.get(link)
        assert response.status_code == 200, link
        initial = response.context["form"].initial
        assert not list(response.context["messages"]), link
        for key, value in rules.items():
            if key in ("players", "partnerships"):
                continue
            expected = ("true" if value else "false") if isinstance(value, bool) else value
            assert initial[key] == expected, (link, key)
        if "players" in rules:
            table = {(3, False): "3", (4, False): "4", (4, True): "2v2"}[
                (rules["players"], rules.get("partnerships", rules["players"] == 4))
            ]
            assert initial["table"] == table


@pytest.mark.django_db
@pytest.mark.parametrize(
    "query",
    [
        "target=9999",
        "jack_on_lone_card=bogus",
        "table=9",
        "deals_target=0&match_scoring=deals",
        "max_deals=x",
    ],
)
def test_a_link_with_rules_that_cannot_be_played_changes_nothing(client, query):
    response = client.get(f"/en/practice/?{query}")
    assert response.status_code == 200
    assert len(list(response.context["messages"])) == 1
    initial = response.context["form"].initial
    assert initial["target"] == 151 and initial["jack_on_lone_card"] == "none"
    assert initial["table"] == "1v1"


# -- translations keep every link and list item --------------------------------------


def entries(content: dict) -> dict:
    out = {}
    for page in content["pages"]:
        out[("page", page["slug"])] = page["summary"]
        for section in page["sections"]:
            out[("section", page["slug"], section["slug"])] = section["body"]
    for variant in content["variants"]:
        for field in ("body", "default", "alternatives"):
            out[("variant", variant["key"], field)] = variant[field]
    for question in content["faq"]:
        out[("faq", question["slug"])] = question["answer"]
    for term in content["glossary"]:
        out[("term", term["slug"])] = term["definition"]
    return out


def links_and_items(text: str) -> tuple[list[str], int]:
    return sorted(re.findall(r'<a href="([^"]*)"', text)), len(re.findall(r"<li[ >]", text))


@pytest.mark.parametrize("language", ["tr", "de", "ru"])
def test_translations_keep_every_link_and_list_item(language):
    english, other = entries(read_content("en")), entries(read_content(language))
    assert english.keys() == other.keys()
    different = [
        (key, links_and_items(english[key]), links_and_items(other[key]))
        for key in english
        if links_and_items(english[key]) != links_and_items(other[key])
    ]
    assert not different, different[:3]


# -- numbers in the text come from the engine ----------------------------------------


def decimal(value: float, language: str) -> str:
    text = f"{value:.1f}"
    return text if language == "en" else text.replace(".", ",")


def variant_text(language: str, key: str) -> str:
    return next(v["body"] for v in read_content(language)["variants"] if v["key"] == key)


def section_text(language: str, page: str, slug: str) -> str:
    pages = {p["slug"]: p for p in read_content(language)["pages"]}
    return next(s["body"] for s in pages[page]["sections"] if s["slug"] == slug)


@pytest.fixture(scope="module")
def match_lengths_measured():
    return {target: match_lengths(target) for target in (151, 101)}


@pytest.mark.parametrize("language", LANGUAGES)
def test_match_lengths_in_the_text_are_the_engines(language, match_lengths_measured):
    text = variant_text(language, "target")
    assert str(MATCHES) in text
    for measured in match_lengths_measured.values():
        assert decimal(measured.mean, language) in text, (language, measured)
        assert str(measured.fewest) in text and str(measured.most) in text
    long, short = match_lengths_measured[151], match_lengths_measured[101]
    assert 9 <= long.mean <= 11 and 6 <= short.mean <= 8  # what the tutorial's quizzes assume


@pytest.mark.parametrize("language", LANGUAGES)
def test_cards_and_rounds_per_player_count_are_the_engines(language):
    for players, slug in ((3, "three-players"), (4, "four-players")):
        text = section_text(language, "rules", slug)
        per_player = 4 * rounds_per_deal(players)
        assert str(per_player) in text, (language, slug)
        assert per_player * players == 52 - 4
    words = section_text(language, "rules", "words")
    if language == "en":
        for players, word in ((2, "six"), (3, "four"), (4, "three")):
            assert f"{word} with" in words or f"{word} rounds" in words
            assert {"six": 6, "four": 4, "three": 3}[word] == rounds_per_deal(players)


def points_without_pisti(sides, rules: Rules) -> int:
    return sum(
        s.points - s.pisti * rules.pisti_points - s.jack_pisti * rules.jack_pisti_points
        for s in sides
    )


@pytest.mark.parametrize("language", LANGUAGES)
def test_worked_examples_agree_with_their_text(language):
    three = diagrams.THREE_PLAYER_TALLIES
    assert sum(t.cards for t in three) == 52
    assert sum(t.aces for t in three) == 4 and sum(t.jacks for t in three) == 4
    text = section_text(language, "scoring", "example-three")
    for tally in three:
        assert str(tally.cards) in text
    most = score_tallies(three, Rules(players=3))
    over_half = score_tallies(three, Rules(players=3, majority_rule="over_half"))
    assert [s.majority for s in most] == [True, False, False]
    assert not any(s.majority for s in over_half)
    assert points_without_pisti(most, Rules()) == 16 and "16" in text
    assert points_without_pisti(over_half, Rules()) == 13 and "13" in text

    ours, theirs = diagrams.PARTNERSHIP_TALLIES
    text = section_text(language, "scoring", "example-partnership")
    for number in (14, 16, 22, ours.cards):
        assert str(number) in text
    assert ours.cards == 14 + 16 and ours.cards + theirs.cards == 52
    assert score_tallies(diagrams.PARTNERSHIP_TALLIES, Rules(players=4))[0].majority

    house = diagrams.HOUSE_VALUES
    card_points = 4 + 4 + house.two_of_clubs_points + house.ten_of_diamonds_points
    text = section_text(language, "scoring", "house-values")
    check = points_without_pisti(diagrams.house_values(), house)
    assert check == card_points + house.majority_bonus
    assert str(card_points) in text and str(check) in text


@pytest.mark.parametrize("language", LANGUAGES)
def test_variant_numbers_agree_with_the_engine(language):
    rules = Rules(two_of_clubs_points=3, ten_of_diamonds_points=4)
    split = [
        Tally(cards=30, aces=2, jacks=2, two_of_clubs=True),
        Tally(cards=22, aces=2, jacks=2, ten_of_diamonds=True),
    ]
    card_points = 4 + 4 + 3 + 4
    assert points_without_pisti(score_tallies(split, rules), rules) == card_points + 3
    text = variant_text(language, "point-cards")
    assert str(card_points) in text and str(card_points + 3) in text

    leader = Tally(cards=20, aces=2, jacks=2, two_of_clubs=True)
    others = [
        Tally(cards=18, aces=1, jacks=1, ten_of_diamonds=True),
        Tally(cards=14, aces=1, jacks=1),
    ]
    over_half = Rules(players=3, majority_rule="over_half")
    sides = score_tallies([leader, *others], over_half)
    assert not sides[0].majority and points_without_pisti(sides, over_half) == 13
    text = variant_text(language, "majority_rule")
    assert "20" in text and "13" in text and "27" in text


def test_diagram_counts_use_plural_forms():
    with translation.override("ru"):
        caption = diagrams.DIAGRAMS["capture-by-rank"]().caption
    assert "5 карт" in caption  # "5 карты" or "Всего карт: 5" would be the old, wrong forms
