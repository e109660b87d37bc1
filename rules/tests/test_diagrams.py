"""Every outcome the rules pages state comes from the engine: re-check each claim here."""

import re

import pytest
from django.utils import translation

from pisti import GameState, Rules, Tally, score_tallies
from pisti.cards import parse_card
from rules import diagrams
from rules.content_loader import read_content
from rules.diagrams import DIAGRAMS, EXAMPLES

LANGUAGES = ["en", "tr", "de", "ru"]


def replay(plays):
    state = diagrams._state()
    events = [state.play(card) for card in plays]
    return state, events[-1] if events else None


@pytest.mark.parametrize(
    "name, plays, captured, kind",
    [
        ("capture-by-rank", ["9C"], 5, "none"),  # the four opening cards plus the nine
        ("no-match", ["5D"], 0, "none"),
        ("jack-capture", ["5D", "8D", "JC"], 7, "none"),
        ("jack-empty-table", ["9C", "JH"], 0, "none"),
        ("pisti", ["9C", "7H", "7S"], 2, "pisti"),
        ("jack-pisti", ["9C", "JH", "JC"], 2, "jack_pisti"),
        ("jack-on-lone-card", ["9C", "7H", "JC"], 2, "none"),
    ],
)
def test_each_play_diagram_shows_what_the_engine_does(name, plays, captured, kind):
    _, event = replay(plays)
    with translation.override("en"):
        diagram = DIAGRAMS[name]()
    assert diagram.played == parse_card(plays[-1])
    assert event.captured == captured == diagram.facts["captured"]
    assert diagram.facts["pisti"] == (kind == "pisti") == event.pisti
    assert diagram.facts["jack_pisti"] == (kind == "jack_pisti") == event.jack_pisti
    if name in ("capture-by-rank", "jack-capture", "jack-on-lone-card"):  # captions with a count
        assert str(captured) in re.findall(r"\d+", diagram.caption)


def test_opening_diagram_matches_the_deal():
    diagram = DIAGRAMS["opening-table"]()
    assert diagram.before_face_down == 3 and len(diagram.before_face_up) == 1
    assert diagram.facts["hand_size"] == 4


def test_last_cards_diagram_gives_the_leftover_to_the_last_capturer():
    diagram = DIAGRAMS["last-cards"]()
    facts = diagram.facts
    assert facts["captured"] == 0
    assert facts["leftover_side"] == facts["last_capture_side"]
    assert facts["leftover"] == diagram.before_face_down + len(diagram.before_face_up) + 1
    assert str(facts["leftover"]) in diagram.caption


def test_pisti_captions_state_the_rule_values():
    rules = Rules()
    assert str(rules.pisti_points) in DIAGRAMS["pisti"]().caption
    assert str(rules.jack_pisti_points) in DIAGRAMS["jack-pisti"]().caption


def test_worked_example_scores_21_as_the_sources_say():
    ours, theirs = EXAMPLES["worked-21"]()
    assert ours.points == 21  # 3 jacks + 2 aces + 3 (ten of diamonds) + 3 majority + 10 pişti
    assert ours.cards + theirs.cards == 52
    expected = score_tallies(
        [Tally(30, 2, 3, False, True, 1, 0), Tally(22, 2, 1, True, False, 0, 0)], Rules()
    )
    assert [s.points for s in expected] == [ours.points, theirs.points]


def test_full_deal_example_is_a_complete_engine_deal():
    sides = EXAMPLES["full-deal"]()
    assert sum(s.cards for s in sides) == 52
    without_pisti = sum(s.points - 10 * s.pisti - 20 * s.jack_pisti for s in sides)
    assert without_pisti in (13, 16)


@pytest.mark.parametrize("language", LANGUAGES)
def test_content_uses_only_known_placeholders(language):
    content = read_content(language)
    text = str(content)
    names = re.findall(r"\[\[(diagram|example|table):([a-z0-9-]+)\]\]", text)
    known = {("diagram", n) for n in DIAGRAMS} | {("example", n) for n in EXAMPLES}
    known.add(("table", "scoring"))
    assert names, "the content should show engine diagrams"
    assert set(names) <= known
    assert {("diagram", n) for n in DIAGRAMS} <= set(names), "every diagram appears"


@pytest.mark.parametrize("language", LANGUAGES)
def test_captions_are_translated(language):
    with translation.override(language):
        caption = DIAGRAMS["pisti"]().caption
        alt = DIAGRAMS["pisti"]().alt_text
    assert "%(" not in caption
    if language != "en":
        with translation.override("en"):
            assert caption != DIAGRAMS["pisti"]().caption
            assert alt != DIAGRAMS["pisti"]().alt_text


def test_diagram_svg_has_a_text_alternative_and_hides_no_hidden_card():
    diagram = DIAGRAMS["capture-by-rank"]()
    svg = diagram.svg
    assert 'role="img"' in svg and "aria-label=" in svg
    state = GameState(Rules(), diagrams._state().deck, diagrams.OPPONENT)
    face_down = state.pile[: state.pile_face_down]
    # a face-down card is drawn as a back: its rank never appears in the label
    from pisti_site.cardwords import card_words

    for card in face_down:
        assert card_words(card) not in diagram.alt_text


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_rules_page_renders_every_diagram(client, language):
    html = client.get(f"/{language}/rules/").content.decode()
    for name in DIAGRAMS:
        assert f'data-diagram="{name}"' in html
    assert "[[" not in html and "{rules}" not in html
