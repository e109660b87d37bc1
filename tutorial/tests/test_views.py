"""The lesson pages: moves judged by the engine, mistakes explained, progress in the session,
bad requests refused without changing anything, and no hidden card ever shown."""

import json
import re

import pytest
from django.urls import reverse

from pisti import view_for
from pisti.cards import card_name
from pisti_site.cardwords import card_words
from tutorial import engine
from tutorial.models import Lesson, Step

pytestmark = pytest.mark.django_db


def act_url(slug):
    return reverse("tutorial:act", args=[slug])


def first_play_step():
    return (
        Step.objects.filter(kind=Step.PLAY)
        .select_related("lesson")
        .order_by("lesson__order", "order")
        .first()
    )


def go_to(client, step):
    """Walk the lesson up to ``step`` by playing every earlier step correctly."""
    for earlier in step.lesson.steps.filter(order__lt=step.order):
        solve(client, earlier)


def solve(client, step, **extra):
    slug = step.lesson.slug
    if step.kind == Step.PLAY:
        client.post(
            act_url(slug),
            {"action": "play", "step": step.order, "card": step.spec["solution"]},
            **extra,
        )
    elif step.kind == Step.QUIZ:
        answer = engine.quiz_answer(step.spec["question"])
        client.post(
            act_url(slug), {"action": "answer", "step": step.order, "choice": answer}, **extra
        )
    return client.post(act_url(slug), {"action": "next", "step": step.order}, **extra)


def progress_of(client, slug):
    return client.session.get("tutorial", {}).get(slug, {})


def test_lesson_map_lists_all_lessons(client):
    response = client.get(reverse("tutorial:index"))
    assert response.status_code == 200
    for lesson in Lesson.objects.all():
        assert reverse("tutorial:lesson", args=[lesson.slug]) in response.content.decode()


@pytest.mark.parametrize("language", ["en", "tr", "de", "ru"])
def test_every_lesson_page_renders_in_every_language(client, language):
    for lesson in Lesson.objects.all():
        response = client.get(f"/{language}/tutorial/{lesson.slug}/")
        assert response.status_code == 200
        assert response.content.decode().count("<h1") == 1


def test_right_move_is_played_and_explained(client):
    step = first_play_step()
    go_to(client, step)
    response = client.post(
        act_url(step.lesson.slug),
        {"action": "play", "step": step.order, "card": step.spec["solution"]},
        follow=True,
    )
    assert progress_of(client, step.lesson.slug)["solved"] is True
    html = response.content.decode()
    assert "feedback-right" in html
    result = engine.play_move(step.spec, step.spec["solution"])
    assert engine.fill_text(step.success, result, engine.build_state(step.spec)) in html


def test_wrong_move_is_explained_and_the_table_stays(client):
    step = first_play_step()
    go_to(client, step)
    wrong = step.spec["wrong"][0]
    response = client.post(
        act_url(step.lesson.slug),
        {"action": "play", "step": step.order, "card": wrong},
        follow=True,
    )
    progress = progress_of(client, step.lesson.slug)
    assert progress["mistakes"] == 1 and progress["solved"] is False
    html = response.content.decode()
    assert "feedback-wrong" in html
    assert step.wrong_moves.get(choice=wrong).text in html
    assert f'value="{wrong}"' in html  # the card is still in the hand: retry


def test_json_path_returns_the_new_step_and_an_announcement(client):
    step = first_play_step()
    go_to(client, step)
    response = client.post(
        act_url(step.lesson.slug),
        {"action": "play", "step": step.order, "card": step.spec["solution"]},
        HTTP_ACCEPT="application/json",
    )
    payload = response.json()
    assert response.status_code == 200
    assert "feedback-right" in payload["html"]
    assert card_words(engine.parse_card(step.spec["solution"])) in payload["announce"]


@pytest.mark.parametrize(
    "bad",
    [
        {"action": "play", "card": "ZZ"},
        {"action": "play", "card": "__not_in_hand__"},
        {"action": "dance"},
        {"action": "play"},
    ],
)
def test_bad_moves_are_refused_and_change_nothing(client, bad):
    step = first_play_step()
    go_to(client, step)
    before = dict(progress_of(client, step.lesson.slug))
    data = {"step": step.order, **bad}
    if data.get("card") == "__not_in_hand__":
        hand = set(engine.build_state(step.spec).hands[0])
        data["card"] = next(card_name(c) for c in range(52) if c not in hand)
    response = client.post(act_url(step.lesson.slug), data, HTTP_ACCEPT="application/json")
    assert response.status_code == 400
    assert response.json()["error"]
    assert dict(progress_of(client, step.lesson.slug)) == before


def test_a_replayed_move_is_refused(client):
    step = first_play_step()
    go_to(client, step)
    move = {"action": "play", "step": step.order, "card": step.spec["solution"]}
    client.post(act_url(step.lesson.slug), move)
    client.post(act_url(step.lesson.slug), {"action": "next", "step": step.order})
    after = dict(progress_of(client, step.lesson.slug))
    replay = client.post(act_url(step.lesson.slug), move, HTTP_ACCEPT="application/json")
    assert replay.status_code == 409
    assert dict(progress_of(client, step.lesson.slug)) == after
    malformed = client.post(
        act_url(step.lesson.slug), {"action": "next", "step": "x"}, HTTP_ACCEPT="application/json"
    )
    assert malformed.status_code == 400


def test_next_is_refused_before_the_move(client):
    step = first_play_step()
    go_to(client, step)
    response = client.post(
        act_url(step.lesson.slug),
        {"action": "next", "step": step.order},
        HTTP_ACCEPT="application/json",
    )
    assert response.status_code == 409


def test_whole_lesson_earns_stars_and_survives_a_reload(client):
    lesson = Lesson.objects.get(slug="capture")
    steps = list(lesson.steps.all())
    solve(client, steps[0])
    reloaded = client.get(reverse("tutorial:lesson", args=[lesson.slug]))
    assert progress_of(client, lesson.slug)["step"] == 1
    assert steps[1].title in reloaded.content.decode()
    for step in steps[1:]:
        solve(client, step)
    progress = progress_of(client, lesson.slug)
    assert progress["done"] is True and progress["stars"] == 3
    page = client.get(reverse("tutorial:lesson", args=[lesson.slug])).content.decode()
    assert reverse("tutorial:lesson", args=["no-match"]) in page  # "next lesson"


def test_mistakes_cost_stars(client):
    lesson = Lesson.objects.get(slug="capture")
    for step in lesson.steps.all():
        if step.kind == Step.PLAY:
            for wrong in step.spec["wrong"][:2]:
                client.post(
                    act_url(lesson.slug), {"action": "play", "step": step.order, "card": wrong}
                )
        solve(client, step)
    progress = progress_of(client, lesson.slug)
    assert progress["done"] and progress["mistakes"] >= 2 and progress["stars"] == 1


def test_reset_clears_progress(client):
    solve(client, Lesson.objects.get(slug="capture").steps.first())
    assert client.session.get("tutorial")
    client.post(reverse("tutorial:reset"))
    assert not client.session.get("tutorial")


def test_lessons_are_per_visitor(client, django_user_model):
    from django.test import Client

    solve(client, Lesson.objects.get(slug="capture").steps.first())
    other = Client()
    other.get(reverse("tutorial:lesson", args=["capture"]))
    assert not other.session.get("tutorial")


def test_csrf_token_is_required(client):
    from django.test import Client

    strict = Client(enforce_csrf_checks=True)
    step = first_play_step()
    response = strict.post(
        act_url(step.lesson.slug), {"action": "play", "step": 0, "card": step.spec["solution"]}
    )
    assert response.status_code == 403


def hidden_cards(step):
    """Cards the learner may not see before moving: other hands, face-down, stock."""
    state = engine.build_state(step.spec)
    view = view_for(state, 0)
    visible = set(view.hand) | set(view.pile_face_up)
    everything = set(c for h in state.hands for c in h) | set(state.pile) | set(state.stock)
    # A face-up jack sent back under the stock was shown to everyone before it went, and
    # every card played this deal was played face up (the seats say their last one); a
    # lesson's made-up stock holds the whole rest of the pack, played cards too.
    played = {card for _seat, card in view.history}
    return everything - visible - set(state.layout.returned_jacks) - played


def test_no_page_shows_a_card_the_learner_cannot_see(client):
    pattern = re.compile(r"\b[A2-9TJQK][CDHS]\b")
    for step in Step.objects.exclude(kind=Step.QUIZ).select_related("lesson"):
        if engine.build_state(step.spec) is None:
            continue
        client.cookies.clear()
        go_to(client, step)
        html = client.get(reverse("tutorial:lesson", args=[step.lesson.slug])).content.decode()
        hidden = hidden_cards(step)
        shown_names = set(pattern.findall(html))
        for card in hidden:
            assert card_name(card) not in shown_names, f"{step}: {card_name(card)} leaked"
            assert card_words(card) not in html, f"{step}: {card_words(card)} leaked"


def test_json_never_carries_hidden_cards(client):
    step = first_play_step()
    go_to(client, step)
    wrong = step.spec["wrong"][0]
    payload = client.post(
        act_url(step.lesson.slug),
        {"action": "play", "step": step.order, "card": wrong},
        HTTP_ACCEPT="application/json",
    ).json()
    text = json.dumps(payload)
    for card in hidden_cards(step):
        assert card_words(card) not in text


def counts_on_page(html, side):
    """Stock, the learner's side's captured cards, everyone else's, and the pile, as the
    shared table prints them (its labels and its counters)."""
    stock = re.search(r"(\d+) cards? left to deal", html)
    stacks = {
        int(s): int(n)
        for s, n in re.findall(r'data-stack="(\d+)">.*?data-stack-count>(\d+)<', html, re.S)
    }
    on_table = re.search(r"data-pile-count>(\d+)<", html)
    ours = stacks.pop(side, 0)
    return (
        int(stock.group(1)),
        ours,
        sum(stacks.values()),
        int(on_table.group(1)) if on_table else 0,
    )


def test_the_counts_on_every_table_come_from_the_engine_state(client):
    """Stock, captured stacks and pile as the engine has them after the earlier plays."""
    for step in Step.objects.exclude(kind=Step.QUIZ).select_related("lesson"):
        state = engine.build_state(step.spec)
        if state is None:
            continue
        client.cookies.clear()
        go_to(client, step)
        html = client.get(reverse("tutorial:lesson", args=[step.lesson.slug])).content.decode()
        side = state.side_of(engine.LEARNER)
        ours = len(state.captured[side])
        theirs = sum(len(c) for c in state.captured) - ours
        assert counts_on_page(html, side) == (state.stock_left, ours, theirs, len(state.pile)), step
        assert state.card_count() == 52


def test_a_right_move_answers_with_each_play_in_order(client):
    step = Step.objects.get(lesson__slug="partnership", key="leave-for-partner")
    go_to(client, step)
    payload = client.post(
        act_url(step.lesson.slug),
        {"action": "play", "step": step.order, "card": step.spec["solution"]},
        HTTP_ACCEPT="application/json",
    ).json()
    events = payload["events"]
    assert [e["card"] for e in events] == [step.spec["solution"], *step.spec["replies"]]
    assert [e["seat"] for e in events] == [0, 1, 2, 3]
    assert events[2]["captured"] == 6 and events[2]["who"] == "Your partner"
    assert all(e["text"] for e in events)
    assert "feedback-right" in payload["html"]


def test_a_wrong_move_answers_with_no_plays(client):
    step = first_play_step()
    go_to(client, step)
    payload = client.post(
        act_url(step.lesson.slug),
        {"action": "play", "step": step.order, "card": step.spec["wrong"][0]},
        HTTP_ACCEPT="application/json",
    ).json()
    assert payload["events"] == []


@pytest.mark.parametrize("card", ["5C", "8H"])
def test_a_step_with_several_right_moves_plays_on_from_the_card_played(client, card):
    step = Step.objects.get(lesson__slug="jack-empty-table", key="keep-jack")
    go_to(client, step)
    response = client.post(
        act_url(step.lesson.slug), {"action": "play", "step": step.order, "card": card}, follow=True
    )
    html = response.content.decode()
    result = engine.play_move(step.spec, card)
    assert result.right
    assert f"Your {card_words(engine.parse_card(card))} starts the new pile" in html
    for reply in result.replies:  # the engine's replies to this card, not a script's
        assert card_words(reply.card) in html
    hand = [c for c in re.findall(r'name="card" value="(\w\w)"', html)]
    assert card not in hand


def test_no_praise_is_said_twice(client):
    step = Step.objects.get(lesson__slug="the-table", key="first-move")
    go_to(client, step)
    html = client.post(
        act_url(step.lesson.slug),
        {"action": "play", "step": step.order, "card": step.spec["solution"]},
        follow=True,
    ).content.decode()
    assert html.count("Well done!") == 1
    for step in Step.objects.exclude(kind=Step.EXPLAIN):
        assert not step.success_en.startswith(("Well done", "Good.", "Nicely done", "Right:"))


def test_a_wrong_quiz_answer_is_worded_for_a_quiz(client):
    step = Step.objects.get(lesson__slug="counting", key="first-count")
    go_to(client, step)
    html = client.post(
        act_url(step.lesson.slug),
        {"action": "answer", "step": step.order, "choice": step.spec["wrong"][0]},
        follow=True,
    ).content.decode()
    assert "Try another answer." in html
    assert "The table is as it was" not in html


def quiz_choices(html):
    return re.findall(r'name="choice" value="([^"]+)"', html)


def test_quiz_answers_are_shuffled_per_visitor_and_stable_across_reloads(client):
    from django.test import Client

    step = Step.objects.get(lesson__slug="match", key="both-past")
    url = reverse("tutorial:lesson", args=[step.lesson.slug])
    orders = set()
    for _ in range(12):
        visitor = Client()
        go_to(visitor, step)
        first = quiz_choices(visitor.get(url).content.decode())
        assert sorted(first) == sorted(step.spec["choices"])
        assert quiz_choices(visitor.get(url).content.decode()) == first
        orders.add(tuple(first))
    assert len(orders) > 1
    positions = set()
    for _ in range(12):
        visitor = Client()
        counting = Step.objects.get(lesson__slug="counting", key="first-count")
        go_to(visitor, counting)
        page = visitor.get(reverse("tutorial:lesson", args=["counting"])).content.decode()
        positions.add(quiz_choices(page).index(engine.quiz_answer(counting.spec["question"])))
    assert len(positions) > 1  # the right answer is not always in the same place


def test_playing_a_lesson_again_keeps_the_best_stars(client):
    lesson = Lesson.objects.get(slug="capture")
    for step in lesson.steps.all():
        solve(client, step)
    assert progress_of(client, lesson.slug)["stars"] == 3
    client.post(act_url(lesson.slug), {"action": "restart"})
    progress = progress_of(client, lesson.slug)
    assert progress["step"] == 0 and not progress["done"] and progress["best"] == 3
    index = client.get(reverse("tutorial:index")).content.decode()
    assert "3 stars of 3" in index
    steps = list(lesson.steps.all())
    for step in steps:  # a worse run does not lower the best
        if step.kind == Step.PLAY:
            for wrong in step.spec["wrong"]:
                client.post(
                    act_url(lesson.slug), {"action": "play", "step": step.order, "card": wrong}
                )
        solve(client, step)
    progress = progress_of(client, lesson.slug)
    assert progress["stars"] == 1 and progress["best"] == 3
    assert "3 stars of 3" in client.get(reverse("tutorial:index")).content.decode()


def test_the_step_goal_has_the_focus_on_load(client):
    step = first_play_step()
    go_to(client, step)
    html = client.get(reverse("tutorial:lesson", args=[step.lesson.slug])).content.decode()
    assert html.count("autofocus") == 1
    assert re.search(r'name="card"[^>]*autofocus', html)
    explain = Lesson.objects.get(slug="capture").steps.first()
    client.cookies.clear()
    html = client.get(reverse("tutorial:lesson", args=["capture"])).content.decode()
    assert explain.kind == Step.EXPLAIN
    assert re.search(r"data-next autofocus", html)


def test_a_session_from_older_lessons_is_shown_not_crashed(client):
    """Progress kept from before the lessons changed: a step past the end, a card no longer
    in the hand. The page shows a step that exists and the learner can go on."""
    session = client.session
    session["tutorial"] = {
        "the-table": {
            "step": 3,
            "mistakes": 0,
            "solved": True,
            "last_choice": "9C",
            "done": False,
            "stars": 0,
        },
        "pisti": {
            "step": 1,
            "mistakes": 1,
            "solved": False,
            "last_choice": "2D",
            "done": False,
            "stars": 0,
            "retired_field": 1,
        },
    }
    session.save()
    for slug in ("the-table", "pisti"):
        page = client.get(reverse("tutorial:lesson", args=[slug]))
        assert page.status_code == 200
    step = Step.objects.get(lesson__slug="pisti", key="make-pisti")
    html = client.get(reverse("tutorial:lesson", args=["pisti"])).content.decode()
    assert "feedback" not in html and step.title in html
    response = client.post(
        act_url("pisti"),
        {"action": "play", "step": 1, "card": step.spec["solution"]},
        HTTP_ACCEPT="application/json",
    )
    assert response.status_code == 200 and "feedback-right" in response.json()["html"]
    last = Step.objects.get(lesson__slug="the-table", key="first-move")
    html = client.get(reverse("tutorial:lesson", args=["the-table"])).content.decode()
    assert last.title in html and "data-next" in html  # its last step, already solved
    response = client.post(
        act_url("the-table"), {"action": "next", "step": last.order}, HTTP_ACCEPT="application/json"
    )
    assert response.status_code == 200 and progress_of(client, "the-table")["done"]
