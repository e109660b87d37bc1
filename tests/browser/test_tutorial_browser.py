"""The tutorial in a real browser: every lesson in all four languages, a step with several
right moves played with each of them, a wrong move explained, progress kept across a
reload, replaying keeps the stars, keyboard only, accessibility."""

import pytest

from pisti.cards import card_name
from pisti_site.cardwords import card_words
from tutorial import engine
from tutorial.content_loader import read_lessons

from .conftest import serious_violations

pytestmark = pytest.mark.browser

LESSONS = read_lessons()["lessons"]
BY_SLUG = {lesson["slug"]: lesson for lesson in LESSONS}


def wait_for_step(page, title_before=None):
    page.wait_for_function(
        "() => !document.querySelector('[data-tutorial]').hasAttribute('aria-busy')"
    )


def do_step(page, step):
    """Solve one step by clicking, as a learner would."""
    if step["kind"] == "play":
        page.click(f"button[name=card][value='{step['solution']}']")
        page.wait_for_selector(".feedback-right")
    elif step["kind"] == "quiz":
        answer = engine.quiz_answer(step["question"])
        page.click(f"button[name=choice][value='{answer}']")
        page.wait_for_selector(".feedback-right")
    with page.expect_response(lambda r: "/act/" in r.url):
        page.click("button[data-next]")
    wait_for_step(page)


def complete_lesson(page, site_url, language, lesson):
    page.goto(f"{site_url}/{language}/tutorial/{lesson['slug']}/")
    for step in lesson["steps"]:
        do_step(page, step)
    page.wait_for_selector(".lesson-done")
    assert page.locator(".lesson-done .stars").get_attribute("aria-label")


# Every lesson in English, and each lesson in one of the other languages too (a lesson's
# moves do not depend on the language; its pages do): all four pages of every lesson are
# rendered by the unit tests, and played through in a browser this way in half the time.
LESSONS_BY_LANGUAGE = {
    "en": LESSONS,
    **{language: LESSONS[index::3] for index, language in enumerate(["tr", "de", "ru"])},
}


@pytest.mark.parametrize("language", list(LESSONS_BY_LANGUAGE))
def test_every_lesson_in_english_and_in_another_language(page, site_url, language):
    lessons = LESSONS_BY_LANGUAGE[language]
    for lesson in lessons:
        complete_lesson(page, site_url, language, lesson)
        assert page.locator("html").get_attribute("lang") == language
    page.goto(f"{site_url}/{language}/tutorial/")
    assert page.locator(".lesson-tile.is-done").count() == len(lessons)


def right_moves(step):
    """Every card the engine accepts on a step: one, or several for a free choice."""
    state = engine.build_state(step)
    names = [card_name(c) for c in state.hands[engine.LEARNER]]
    return [card for card in names if engine.play_move(step, card).right]


MULTI = [
    (slug, step["id"], card)
    for slug in ("no-match", "jack-empty-table")
    for step in BY_SLUG[slug]["steps"]
    if step["kind"] == "play"
    for card in right_moves(step)
    if len(right_moves(step)) > 1
]


def test_there_are_steps_with_several_right_moves():
    assert len(MULTI) >= 4


@pytest.mark.parametrize("slug, key, card", MULTI)
def test_a_step_with_several_right_moves_with_each_of_them(page, site_url, slug, key, card):
    lesson = BY_SLUG[slug]
    page.goto(f"{site_url}/en/tutorial/{slug}/")
    index = [s["id"] for s in lesson["steps"]].index(key)
    for step in lesson["steps"][:index]:
        do_step(page, step)
    page.click(f"button[name=card][value='{card}']")
    feedback = page.wait_for_selector(".feedback-right").inner_text()
    result = engine.play_move(lesson["steps"][index], card)
    assert card_words(result.card) in feedback
    log = page.locator(".event-log").inner_text()
    for event in result.events:  # what the engine did after this very card
        assert card_words(event.card) in log
    with page.expect_response(lambda r: "/act/" in r.url):
        page.click("button[data-next]")
    wait_for_step(page)
    for step in lesson["steps"][index + 1 :]:
        do_step(page, step)
    page.wait_for_selector(".lesson-done")


def test_playing_a_lesson_again_keeps_the_stars(page, site_url):
    lesson = BY_SLUG["capture"]
    complete_lesson(page, site_url, "en", lesson)
    assert "3 stars" in page.locator(".lesson-done .stars").get_attribute("aria-label")
    with page.expect_response(lambda r: "/act/" in r.url):
        page.click("text=Play this lesson again")
    page.wait_for_selector("#step-title")
    page.goto(f"{site_url}/en/tutorial/")
    tile = page.locator(".lesson-tile", has=page.locator(f"a[href$='/{lesson['slug']}/']"))
    assert "3 stars" in tile.locator(".stars").get_attribute("aria-label")
    assert "is-done" in tile.get_attribute("class")


def test_the_goal_has_the_focus_when_a_step_loads(page, site_url):
    lesson = BY_SLUG["capture"]
    page.goto(f"{site_url}/en/tutorial/{lesson['slug']}/")
    assert page.evaluate("document.activeElement.hasAttribute('data-next')")
    do_step(page, lesson["steps"][0])
    page.reload()
    assert page.evaluate("document.activeElement.name") == "card"


def first_play(lesson_index=1):
    lesson = LESSONS[lesson_index]
    position = next(i for i, s in enumerate(lesson["steps"]) if s["kind"] == "play")
    return lesson, position


def test_wrong_move_is_explained_then_retried(page, site_url):
    lesson, position = first_play()
    page.goto(f"{site_url}/en/tutorial/{lesson['slug']}/")
    for step in lesson["steps"][:position]:
        do_step(page, step)
    step = lesson["steps"][position]
    page.click(f"button[name=card][value='{step['wrong'][0]}']")
    feedback = page.wait_for_selector(".feedback-wrong")
    assert "Not quite" in feedback.inner_text()
    page.wait_for_function(
        "() => document.querySelector('[data-announce]').textContent.includes('Not quite')"
    )
    page.click(f"button[name=card][value='{step['solution']}']")
    page.wait_for_selector(".feedback-right")


def test_progress_survives_a_reload(page, site_url):
    lesson = LESSONS[2]
    page.goto(f"{site_url}/en/tutorial/{lesson['slug']}/")
    do_step(page, lesson["steps"][0])
    title = page.locator("#step-title").inner_text()
    page.reload()
    assert page.locator("#step-title").inner_text() == title
    assert "2" in page.locator(".step-progress span").inner_text()


def test_a_lesson_with_the_keyboard_only(page, site_url):
    lesson = BY_SLUG["pisti"]
    page.goto(f"{site_url}/en/tutorial/{lesson['slug']}/")
    for step in lesson["steps"]:
        if step["kind"] == "play":
            key = page.locator(f"button[name=card][value='{step['solution']}']").get_attribute(
                "data-key"
            )
            page.keyboard.press(key)
            page.wait_for_selector(".feedback-right")
        elif step["kind"] == "quiz":
            answer = engine.quiz_answer(step["question"])
            key = page.locator(f"button[name=choice][value='{answer}']").get_attribute("data-key")
            page.keyboard.press(key)
            page.wait_for_selector(".feedback-right")
        page.locator("button[data-next]").focus()
        with page.expect_response(lambda r: "/act/" in r.url):
            page.keyboard.press("Enter")
        wait_for_step(page)
    page.wait_for_selector(".lesson-done")


def test_the_tutorial_works_without_javascript(browser, site_url):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    lesson = LESSONS[1]
    page.goto(f"{site_url}/en/tutorial/{lesson['slug']}/")
    for step in lesson["steps"]:
        if step["kind"] == "play":
            page.click(f"button[name=card][value='{step['solution']}']")
        elif step["kind"] == "quiz":
            page.click(f"button[name=choice][value='{engine.quiz_answer(step['question'])}']")
        page.click("button[data-next]")
    assert page.locator(".lesson-done").count() == 1
    context.close()


@pytest.mark.parametrize("path", ["/en/tutorial/", "/en/tutorial/pisti/", "/de/tutorial/counting/"])
def test_tutorial_pages_have_no_serious_accessibility_violations(page, site_url, path):
    page.goto(site_url + path)
    assert serious_violations(page) == []


def test_lesson_page_fits_a_phone(phone, site_url):
    phone.goto(f"{site_url}/en/tutorial/partnership/")
    assert phone.evaluate(
        "document.documentElement.scrollWidth <= document.documentElement.clientWidth"
    )


def test_a_finished_lesson_is_celebrated_and_a_worse_replay_keeps_the_best(page, site_url):
    lesson = BY_SLUG["capture"]
    complete_lesson(page, site_url, "en", lesson)
    running = page.evaluate(
        "() => document.getAnimations().filter(a => a.effect && a.effect.target"
        " && a.effect.target.closest('[data-lesson-done]')).length"
    )
    assert running >= 1  # the earned stars pop in one after another
    with page.expect_response(lambda r: "/act/" in r.url):
        page.click("text=Play this lesson again")
    wait_for_step(page)
    first_play_index = next(i for i, s in enumerate(lesson["steps"]) if s["kind"] == "play")
    for index, step in enumerate(lesson["steps"]):
        if index == first_play_index:  # one wrong card on the way: fewer stars this time
            page.click(f"button[name=card][value='{step['wrong'][0]}']")
            page.wait_for_selector(".feedback-wrong")
        do_step(page, step)
    page.wait_for_selector(".lesson-done")
    assert "3 stars" not in page.locator(".lesson-done .stars").get_attribute("aria-label")
    assert "stays at 3 stars" in page.locator(".best-kept").inner_text()


def test_no_celebration_moves_with_reduced_motion(browser, site_url):
    context = browser.new_context(reduced_motion="reduce")
    page = context.new_page()
    complete_lesson(page, site_url, "en", BY_SLUG["capture"])
    assert page.evaluate("() => document.getAnimations().length") == 0
    context.close()
