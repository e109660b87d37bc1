"""Every kind of move the analysis names has a line and a name in each language."""

from __future__ import annotations

import random

import pytest
from django.utils import translation

from analysis.board import verdict
from pisti import Rules, new_deal
from pisti.analysis import LESSONS
from pisti.cards import card_name
from pisti_site.verdicts import kind_name, reason

LANGUAGES = ("en", "tr", "de", "ru")


def move(kind: str, exact: bool = False) -> dict:
    facts = {"best": "AD", "played": "7C", "pile": 3, "gain": 1.4, "samples": 1024}
    facts |= {"percent": 62, "percent_best": 30, "last_jack": True, "points": 2}
    return {"kind": kind, "exact": exact, "facts": facts}


@pytest.mark.parametrize("kind", sorted(LESSONS))
def test_each_kind_reads_in_every_language_and_names_the_better_card(kind):
    lines = {}
    for language in LANGUAGES:
        with translation.override(language):
            lines[language] = (reason(move(kind)), kind_name(kind))
    english_line, english_name = lines["en"]
    for language in LANGUAGES[1:]:
        line, name = lines[language]
        assert line != english_line and name != english_name, language
    # named as the subject or, where the sentence plays it, as its object ("сыграть туза")
    cards = {"en": ("ace of diamonds",), "de": ("karo-ass",), "ru": ("туз бубён", "туза бубён")}
    for language, forms in cards.items():
        line = lines[language][0]
        if "%(card)s" in _english_template(kind):
            assert any(words in line.lower() for words in forms), (language, line)


def _english_template(kind: str) -> str:
    with translation.override("en"):
        return reason(move(kind)).lower().replace("ace of diamonds", "%(card)s")


@pytest.mark.parametrize("kind", ["point_cards", "most_cards", "pisti_chances"])
def test_a_loss_to_a_later_part_of_the_deal_says_how_much_in_plain_words(kind):
    with translation.override("en"):
        line = reason(move(kind))
    assert line.startswith("The ace of diamonds keeps about 1.4 points more on average")


@pytest.mark.parametrize("kind", ["capture_missed", "pisti_chances"])
def test_the_verdict_says_the_points_once(kind):
    """The review's verdict adds "keeps about N points more" to a reason that does not
    already say it, and only then."""
    state = new_deal(Rules(), rng=random.Random(3))
    first = state.current_player
    state.play(state.hands[first][0])
    played = state.events[0].card
    best = next(c for c in state.replayed(0).hands[first] if c != played)
    analysed = {
        1: {
            **move(kind),
            "played": card_name(played),
            "best": card_name(best),
            "facts": {**move(kind)["facts"], "best": card_name(best)},
            "loss": 1.4,
            "label": "inaccuracy",
            "values": {card_name(best): [1.0, 0.2], card_name(played): [-0.4, 0.2]},
        }
    }
    with translation.override("en"):
        sentences = verdict(state, first, 1, analysed)["sentences"]
    assert sum("keeps about 1.4 points more" in s for s in sentences) == 1


def test_a_safe_card_with_no_jack_left_unseen_says_no_one_can_take_it():
    """ "Only a jack can take it" is wrong once every jack is seen: the sentence says so."""
    with translation.override("en"):
        some = reason(
            {**move("safe_card"), "facts": {**move("safe_card")["facts"], "jacks_unseen": 2}}
        )
        none = reason(
            {**move("safe_card"), "facts": {**move("safe_card")["facts"], "jacks_unseen": 0}}
        )
    assert "only a jack can take the pile" in some
    assert "nobody can take the pile" in none and "jack can take" not in none


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_safe_card_reason_first_says_what_is_wrong_with_the_card_played(language):
    """ "Why not the seven?" is answered about the seven first (copies of its rank are still
    out, so it can be taken), then about the safe best card; an analysis stored before the
    count was kept still reads, without that first sentence."""
    facts = {**move("safe_card")["facts"], "jacks_unseen": 2}
    with translation.override(language):
        one = reason({**move("safe_card"), "facts": {**facts, "played_unseen": 1}})
        three = reason({**move("safe_card"), "facts": {**facts, "played_unseen": 3}})
        older = reason({**move("safe_card"), "facts": facts})
    assert one.endswith(older) and three.endswith(older)
    first_one, first_three = one[: -len(older)], three[: -len(older)]
    assert "1" in first_one and "3" in first_three


@pytest.mark.parametrize("kind", sorted(LESSONS))
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_sentence_of_a_reason_opens_with_a_capital(kind, language):
    """A card's name may lead a sentence ("туз бубён забирает…", "karo ası ile eşleşen…"),
    also the second sentence of a reason made of two; each opens with a capital."""
    facts = {**move(kind)["facts"], "played_unseen": 2, "jacks_unseen": 1}
    with translation.override(language):
        line = reason({**move(kind), "facts": facts})
    for sentence in line.split(". "):
        assert sentence[0].isupper() or sentence[0].isdigit(), (language, line)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_card_left_alone_on_an_empty_table_is_said_to_risk_a_pisti(language):
    """On an empty table the card played lies alone: what can take it takes a pişti, and
    the reason says so (a new player missed it in "that card can still be taken")."""
    facts = {**move("safe_card")["facts"], "jacks_unseen": 2, "played_unseen": 2}
    with translation.override(language):
        empty = reason({**move("safe_card"), "facts": {**facts, "pile": 0}})
        pile = reason({**move("safe_card"), "facts": {**facts, "pile": 3}})
    word = {"en": "pişti", "tr": "pişti", "de": "Pişti", "ru": "пишти"}[language]
    assert word in empty.split(".")[0] and word not in pile.split(".")[0]


def jack_move(kind: str, pile: int, **best) -> dict:
    """A jack played where the ten of diamonds was best, with what the position says of the
    ten (:func:`pisti_site.verdicts.best_card_facts`)."""
    facts = {"best": "TD", "played": "JH", "pile": pile, "gain": 2.4, "samples": 2048}
    return {"kind": kind, "exact": False, "facts": facts | {"last_jack": False}, **best}


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_jack_played_is_told_by_what_the_best_card_does(language):
    """A jack laid where a matching card was best says why in the jack's terms: on the lone
    card it is no pişti (the match is); on a pile both take, the match takes it and keeps
    the jack; on a pile the best card leaves, the jack is spent. "Later in the deal" alone
    taught a new player nothing, and "spends your last jack" gave the wrong reason for a
    missed pişti."""
    with translation.override(language):
        on_lone = reason(jack_move("jack_spent", 1, best_takes=True, best_pisti=True))
        both_take = reason(jack_move("point_cards", 20, best_takes=True, best_pisti=False))
        spent = reason(jack_move("pisti_chances", 6, best_takes=False, best_pisti=False))
        unknown = reason(jack_move("point_cards", 20))  # a caller without the position
        seven = jack_move("point_cards", 20)
        seven["facts"]["played"] = "7C"  # the same loss without a jack
        later = reason(seven)
    assert len({on_lone, both_take, spent, unknown}) == 4
    assert "20" in both_take and "6" in spent and "20" not in spent
    if language == "en":
        assert on_lone.startswith("A jack takes the lone card too, but that is no pişti")
        assert "ten of diamonds" in on_lone
        assert both_take.startswith("Both take the pile of 20 cards, but the ten of diamonds")
        assert spent.startswith("Spends a jack on a pile of 6 cards; kept")
        assert "most of them in piştis made or given away later" in spent
        assert unknown.startswith("Spends a jack on a pile of 20 cards")
        assert later.startswith("The ten of diamonds keeps about 2.4 points more")  # no jack


def test_a_safe_card_is_called_safe_only_with_no_jack_left_unseen():
    """Before the solution, a safe card not used was "safe on top of the pile" also where
    an unseen jack could take it; the solution then said "only a jack can take the pile"."""
    from pisti_site.verdicts import what_it_gives_away

    no_jack, jacks = move("safe_card"), move("safe_card")
    no_jack["facts"] |= {"jacks_unseen": 0, "played_unseen": 1}
    jacks["facts"] |= {"jacks_unseen": 2, "played_unseen": 1}
    with translation.override("en"):
        assert "is safe on top of the pile" in what_it_gives_away(no_jack)
        told = what_it_gives_away(jacks)
    assert "safe" not in told and "can be taken only by a jack" in told
