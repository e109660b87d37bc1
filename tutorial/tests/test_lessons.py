"""Every step of every lesson, checked by the engine: the state is a real one, reached from a
full deck by the plays before it; the expected move is legal and does exactly what the step
says; every other card in the hand is either right too or a scripted wrong move with its own
explanation."""

import pytest

from pisti import Rules, new_deal
from pisti.cards import card_name, parse_card
from tutorial import engine
from tutorial.content_loader import read_lessons, read_texts

LESSONS = read_lessons()["lessons"]
STEPS = [(lesson["slug"], step) for lesson in LESSONS for step in lesson["steps"]]
IDS = [f"{slug}/{step['id']}" for slug, step in STEPS]

EXPECTED_ORDER = [
    "the-table",
    "capture",
    "no-match",
    "jack",
    "pisti",
    "jack-pisti",
    "jack-empty-table",
    "jack-on-lone-card",
    "first-capture",
    "last-cards",
    "counting",
    "match",
    "strategy",
    "partnership",
]


def test_the_fourteen_lessons_in_order():
    assert [lesson["slug"] for lesson in LESSONS] == EXPECTED_ORDER


@pytest.mark.parametrize("lesson", LESSONS, ids=[lesson["slug"] for lesson in LESSONS])
def test_every_lesson_makes_the_learner_act(lesson):
    assert any(step["kind"] in ("play", "quiz") for step in lesson["steps"])


@pytest.mark.parametrize("slug, step", STEPS, ids=IDS)
def test_step_state_is_valid_for_the_engine(slug, step):
    state = engine.build_state(step)
    if step["kind"] == "play":
        assert state is not None and state.current_player == engine.LEARNER
    for name, value in step.get("facts", {}).items():
        actual = {
            "face_down": lambda: state.pile_face_down,
            "pile_size": lambda: len(state.pile),
            "returned_jacks": lambda: len(state.layout.returned_jacks),
            "top": lambda: state.pile[-1] if state.pile else None,
            "stock": lambda: state.stock_left,
        }[name]()
        expected = parse_card(value) if name == "top" else value
        assert actual == expected, f"{name}: engine says {actual}, step says {expected}"


TABLE_STEPS = [(slug, step) for slug, step in STEPS if step["kind"] != "quiz" and "deal" in step]


TABLE_IDS = [f"{slug}/{step['id']}" for slug, step in TABLE_STEPS]


@pytest.mark.parametrize("slug, step", TABLE_STEPS, ids=TABLE_IDS)
def test_every_table_is_a_real_deal_replayed_by_the_engine(slug, step):
    """No hand-written position: a full deck and the plays before the step, nothing else."""
    assert set(step) <= {
        "id",
        "kind",
        "deal",
        "plays",
        "facts",
        "goal",
        "solution",
        "outcome",
        "replies",
        "wrong",
    }
    rules = Rules.from_dict(step["deal"].get("rules"))
    replay = new_deal(
        rules, deck=engine.deal_deck(step["deal"], rules), dealer=step["deal"]["dealer"]
    )
    for card in step["plays"]:
        assert parse_card(card) in replay.legal_plays()
        replay.play(card)
    state = engine.build_state(step)
    assert state.card_count() == 52  # hands, pile, stock still to deal, captured stacks
    assert state.hands == replay.hands and state.pile == replay.pile
    assert state.captured == replay.captured and state.stock_left == replay.stock_left
    assert not state.is_over
    seats_behind = {len(h) for h in state.hands}
    assert seats_behind <= {
        len(state.hands[state.current_player]),
        len(state.hands[state.current_player]) - 1,
    }


def test_every_step_with_cards_shows_a_table():
    for slug, step in STEPS:
        if step["kind"] == "play":
            assert "deal" in step, f"{slug}/{step['id']} has no deal"


PLAY_STEPS = [(slug, step) for slug, step in STEPS if step["kind"] == "play"]
PLAY_IDS = [f"{slug}/{step['id']}" for slug, step in PLAY_STEPS]


@pytest.mark.parametrize("slug, step", PLAY_STEPS, ids=PLAY_IDS)
def test_expected_move_is_legal_and_does_what_the_step_says(slug, step):
    before = engine.build_state(step)
    solution = parse_card(step["solution"])
    assert solution in before.legal_plays()
    result = engine.play_move(step, solution)
    assert result.right, "the solution must meet the goal"
    outcome = step["outcome"]
    assert result.event.captured == outcome["captured"]
    assert result.event.pisti == outcome.get("pisti", False)
    assert result.event.jack_pisti == outcome.get("jack_pisti", False)
    assert all(e.seat != engine.LEARNER for e in result.replies), "never play the learner's card"
    assert result.state.is_over or result.state.current_player == engine.LEARNER
    if step["replies"] != "engine":
        assert [card_name(e.card) for e in result.replies] == step["replies"]


@pytest.mark.parametrize("slug, step", PLAY_STEPS, ids=PLAY_IDS)
def test_every_card_in_the_hand_is_right_or_explained(slug, step):
    """One right move and a scripted explanation for each other card, or several right
    moves that the engine plays on from (replies chosen by a bot, not a script)."""
    hand = [card_name(c) for c in engine.build_state(step).hands[engine.LEARNER]]
    right = [card for card in hand if engine.play_move(step, card).right]
    assert sorted(right + step["wrong"]) == sorted(hand)
    if len(right) > 1:
        assert step["replies"] in ("engine", []), "several right moves need the engine's replies"
        for card in right:
            result = engine.play_move(step, card)
            assert result.state.is_over or result.state.current_player == engine.LEARNER


@pytest.mark.parametrize("slug, step", PLAY_STEPS, ids=PLAY_IDS)
def test_each_scripted_wrong_move_is_really_wrong(slug, step):
    before = engine.build_state(step)
    assert step.get("wrong") or len(before.hands[engine.LEARNER]) == 1, (
        "a move step explains its wrong cards"
    )
    for card in step["wrong"]:
        assert parse_card(card) in before.legal_plays(), f"{card} is not in the hand"
        assert not engine.play_move(step, card).right, f"{card} meets the goal after all"


QUIZ_STEPS = [(slug, step) for slug, step in STEPS if step["kind"] == "quiz"]


@pytest.mark.parametrize(
    "slug, step", QUIZ_STEPS, ids=[f"{slug}/{step['id']}" for slug, step in QUIZ_STEPS]
)
def test_quiz_has_exactly_one_answer_the_engine_agrees_with(slug, step):
    answer = engine.quiz_answer(step["question"])
    assert step["choices"].count(answer) == 1
    assert answer not in step["wrong"]
    assert sorted(step["wrong"]) == sorted(c for c in step["choices"] if c != answer)


@pytest.mark.parametrize("language", ["en", "tr", "de", "ru"])
def test_texts_exist_for_every_step_in_every_language(language):
    texts = read_texts(language)
    for lesson, translated in zip(LESSONS, texts["lessons"], strict=True):
        assert translated["title"].strip() and translated["summary"].strip()
        for step, text in zip(lesson["steps"], translated["steps"], strict=True):
            assert text["id"] == step["id"]
            assert text["title"].strip() and text["text"].strip()
            if step["kind"] != "explain":
                assert text["success"].strip()
            assert set(text["wrong"]) == set(step.get("wrong", []))
            assert all(v.strip() for v in text["wrong"].values())


def test_laying_a_card_is_never_answered_with_a_capture():
    """The "lay" text says the opponent could not match the card laid: true for each of the
    right cards, with the engine choosing the reply."""
    step = next(s for slug, s in PLAY_STEPS if slug == "no-match" and s["id"] == "lay")
    hand = engine.build_state(step).hands[engine.LEARNER]
    right = [card for card in hand if engine.play_move(step, card).right]
    assert len(right) == 3
    for card in right:
        result = engine.play_move(step, card)
        assert result.replies and all(e.captured == 0 for e in result.replies)


def test_no_lesson_speaks_of_a_rule_before_it_is_taught():
    """The jack pişti (lesson jack-pisti) comes before the lessons that mention it."""
    texts = read_texts("en")["lessons"]
    order = [lesson["slug"] for lesson in texts]
    taught = order.index("jack-pisti")
    for lesson in texts[:taught]:
        for step in lesson["steps"]:
            words = " ".join([step["text"], step["success"], *step["wrong"].values()])
            assert "jack pişti" not in words, f"{lesson['slug']}/{step['id']}"
