"""The review and the puzzles in a real browser: a reviewed deal stepped through in the
page while a real ``db_worker`` fills in the analysis, and a puzzle solved
with its explanation shown, in all four languages."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from puzzles.content_loader import CONTENT

from .conftest import ROOT, SITE_ENV
from .test_practice_browser import play_until, start

pytestmark = pytest.mark.browser
LANGUAGES = ("en", "tr", "de", "ru")


@pytest.fixture
def review_page(browser):
    """Reduced motion, and the table's own pace (no init script on about:blank)."""
    context = browser.new_context(reduced_motion="reduce")
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture
def worker(site_url):
    """One analysis worker on the test site's database, as ``make serve`` runs it."""
    process = subprocess.Popen(
        [sys.executable, "manage.py", "db_worker", "--no-startup-delay", "--interval", "0.3"],
        cwd=ROOT,
        env=SITE_ENV,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    yield process
    process.terminate()
    process.wait(timeout=60)


def test_step_through_a_reviewed_deal_in_the_page(review_page, site_url, worker):
    """The review is a board: every play a step, stepped by keys, the move list and the
    chart's bars without a page load, the address following; the move list numbers the
    plays as the game's log did."""
    page = review_page
    start(page, site_url, level="easy", max_deals=1)
    play_until(page, ".deal-end")
    log = page.locator("[data-log] li:not(.is-remark)").all_inner_texts()
    page.click("text=Review this deal move by move")
    # progress first, then the page fills in by itself when the worker has stored it
    page.wait_for_selector(".loss-chart", timeout=240_000)
    game = page.url.split("/analysis/")[1].split("/")[0]
    assert "Accuracy" in page.locator(".review-accuracy").inner_text()
    items = page.locator(".move-list li")
    numbers = items.evaluate_all("items => items.map((li) => li.value)")
    assert numbers == list(range(1, len(log) + 1)) and len(log) == 48
    texts = [
        t.replace("?!", "").replace("??", "").replace("?", "").strip()
        for t in page.locator(".move-list li a").evaluate_all(
            "links => links.map((a) => a.childNodes[0].textContent)"
        )
    ]
    assert texts == log
    page.evaluate("window.samePage = true")  # gone if a step reloads the page
    page.keyboard.press("ArrowRight")
    page.wait_for_url(f"**/en/analysis/{game}/1/2/")
    assert page.locator(".review-position").inner_text() == "Play 2 of 48"
    assert page.locator(".move-list a[aria-current]").get_attribute("data-step") == "2"
    page.keyboard.press("End")
    page.wait_for_url("**/1/48/")
    page.keyboard.press("Home")
    page.wait_for_url("**/1/1/")
    # a bar of the chart: that play of yours, the card you played and the best one marked
    bar = page.locator(".loss-chart a[data-step]").nth(3)
    number = bar.get_attribute("data-step")
    bar.click()
    page.wait_for_url(f"**/1/{number}/")
    assert page.locator(".hand [data-card].is-played").count() == 1
    head = page.locator(".verdict-head").inner_text()
    assert len(head) > 3
    if not page.locator(".review-verdict.verdict-best").count():
        assert page.locator(".hand [data-card].is-best").count() == 1
    # ten quick presses go ten plays on, each from the play last asked for
    page.keyboard.press("Home")
    page.wait_for_url("**/1/1/")
    for _ in range(10):
        page.keyboard.press("ArrowRight")
    page.wait_for_url("**/1/11/")
    page.wait_for_function(
        "() => document.querySelector('.review-position').textContent.includes('11')"
    )
    assert page.locator(".move-list a[aria-current]").get_attribute("data-step") == "11"
    assert page.evaluate("window.samePage") is True
    # the steps replace the address: Back leaves the review
    page.go_back()
    page.wait_for_url(lambda url: "/analysis/" not in url)
    for language in LANGUAGES:
        page.goto(f"{site_url}/{language}/analysis/{game}/1/{number}/")
        assert page.locator("html").get_attribute("lang") == language
        assert number in page.locator(".review-position").inner_text()
        assert len(page.locator(".review-verdict").inner_text()) > 10
        assert page.evaluate("document.documentElement.scrollWidth") <= 1366
    # play on from that play of yours: a new game with the hand you held then
    page.goto(f"{site_url}/en/analysis/{game}/1/{number}/")
    held = sorted(
        page.locator(".hand [data-card]").evaluate_all("cards => cards.map((c) => c.dataset.card)")
    )
    page.select_option("#play-on-level", "beginner")
    page.click(".play-on button[type=submit]")
    page.wait_for_selector("[data-practice] .hand button[name=card]")
    assert game not in page.url
    hand = sorted(
        page.locator(".hand button[name=card]").evaluate_all("cards => cards.map((c) => c.value)")
    )
    assert hand == held
    assert "Beginner" in page.locator("[data-table]").inner_text()


def test_your_mistakes_come_back_as_your_puzzles_on_a_phone(phone, site_url, worker):
    """Once a deal is reviewed, each play the review marks a mistake or a blunder is one of
    the visitor's puzzles: the position as they saw it, a card pressed, the verdict and the
    way back to the review; the list marks it tried or found."""
    start(phone, site_url, level="beginner", max_deals=1)
    play_until(phone, ".deal-end")
    phone.click("text=Review this deal move by move")
    phone.wait_for_selector(".loss-chart", timeout=240_000)
    marked = phone.locator(".move-list li.label-mistake, .move-list li.label-blunder").count()
    phone.goto(f"{site_url}/en/puzzles/")
    phone.click("[data-your-puzzles-link]")
    phone.wait_for_selector("[data-your-puzzles], [data-your-puzzles-empty]")  # loaded
    if not marked:
        assert phone.locator("[data-your-puzzles-empty]").count() == 1
        return
    items = phone.locator("[data-your-puzzles] li")
    assert items.count() == marked
    assert phone.evaluate("document.documentElement.scrollWidth") <= 375
    items.first.locator("a").click()
    phone.wait_for_selector("[data-puzzle] .hand button[name=card]")  # the puzzle's page
    cards = phone.locator(".hand button[name=card]")
    assert cards.count() >= 2
    assert phone.locator("[data-your-puzzle-solution]").count() == 0  # nothing told before
    cards.first.click()
    phone.wait_for_selector("[data-your-puzzle-solution], [data-your-puzzle-retry]")
    assert phone.url.endswith("#solution")
    if phone.locator("[data-your-puzzle-retry]").count():  # a wrong card: try, or be shown
        assert "loses about" in phone.locator("[data-your-puzzle-retry]").inner_text()
        assert phone.locator(".hand button[name=card]").count() == cards.count()
        phone.click("[data-show-solution]")
        phone.wait_for_selector("[data-your-puzzle-solution]")
    solution = phone.locator("[data-your-puzzle-solution]").inner_text()
    assert "In the game you played the" in solution and "The best card: the" in solution
    phone.click("text=See this play in the review")
    phone.wait_for_selector(".review-verdict")
    phone.goto(f"{site_url}/en/analysis/yours/")
    assert phone.locator("[data-your-puzzles] li .your-puzzle-state").count() == 1
    assert phone.evaluate("document.documentElement.scrollWidth") <= 375


def _answers() -> dict[int, str]:
    return {p["number"]: p["answer"] for p in json.loads(CONTENT.read_text())}


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_puzzle_solved_and_its_explanation_shown(browser, site_url, language):
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    page = context.new_page()
    page.goto(f"{site_url}/{language}/puzzles/")
    assert page.locator("[data-solved-count]").get_attribute("data-solved-count") == "0"
    page.locator("a[href*='/puzzles/'][class=button]").first.click()
    page.wait_for_selector("form.hand-form")
    number = int(page.url.rstrip("/").split("/")[-1])
    answer = _answers()[number]
    page.focus(f"button[name=card][value='{answer}']")
    page.keyboard.press("Enter")  # keyboard only
    page.wait_for_selector("[data-puzzle-solution]")
    solution = page.locator("[data-puzzle-solution]")
    assert solution.locator("p").count() >= 2
    assert page.locator(".puzzle-values tr.is-best").count() == 1
    assert page.locator("[data-solved-count]").get_attribute("data-solved-count") == "1"
    page.click("[data-next-puzzle]")
    page.wait_for_selector("form.hand-form")
    assert int(page.url.split("/puzzles/")[1].split("/")[0]) != number
    context.close()
