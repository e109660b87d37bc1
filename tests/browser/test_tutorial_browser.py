"""The tutorial in a real browser: every lesson in English, one in each other language,
a wrong move explained, progress kept across a reload, keyboard only, accessibility."""

import pytest

from tutorial import engine
from tutorial.content_loader import read_lessons

from .conftest import serious_violations

pytestmark = pytest.mark.browser

LESSONS = read_lessons()["lessons"]


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


def test_every_lesson_in_english(page, site_url):
    for lesson in LESSONS:
        complete_lesson(page, site_url, "en", lesson)
    page.goto(f"{site_url}/en/tutorial/")
    assert page.locator(".lesson-tile.is-done").count() == len(LESSONS)


@pytest.mark.parametrize("language, index", [("tr", 1), ("de", 5), ("ru", 10)])
def test_a_whole_lesson_in_each_other_language(page, site_url, language, index):
    lesson = LESSONS[index]
    complete_lesson(page, site_url, language, lesson)
    assert page.locator("html").get_attribute("lang") == language


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
    lesson = LESSONS[5]  # pişti
    page.goto(f"{site_url}/en/tutorial/{lesson['slug']}/")
    for step in lesson["steps"]:
        if step["kind"] == "play":
            key = page.locator(
                f"button[name=card][value='{step['solution']}']").get_attribute("data-key")
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
        "document.documentElement.scrollWidth <= document.documentElement.clientWidth")
