"""The expert's review and the puzzles in a real browser: a reviewed deal stepped through
with the arrow keys while a real ``db_worker`` fills in the analysis, and a puzzle solved
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


def test_step_through_a_reviewed_deal_with_the_keyboard(review_page, site_url, worker):
    page = review_page
    start(page, site_url, level="easy", max_deals=1)
    play_until(page, ".deal-end")
    game = page.url.rstrip("/").split("/")[-1]
    page.goto(f"{site_url}/en/practice/{game}/review/1/")
    # progress first, then the page fills in by itself when the worker has stored it
    page.wait_for_selector(".analysis-moves", timeout=240_000)
    assert "Accuracy" in page.locator(".analysis-summary").inner_text()
    page.locator(".analysis-move a").first.click()
    page.wait_for_selector("[data-analysis-board]")
    assert page.url.endswith("/move/1/")
    for language in LANGUAGES:
        page.goto(f"{site_url}/{language}/analysis/{game}/1/move/1/")
        assert page.locator("html").get_attribute("lang") == language
        verdict = page.locator(".analysis-verdict").inner_text()
        assert len(verdict) > 10
        page.keyboard.press("ArrowRight")
        page.wait_for_url(f"**/{language}/analysis/{game}/1/move/2/")
        assert page.locator(".analysis-values tr.is-best").count() == 1
        page.keyboard.press("ArrowLeft")
        page.wait_for_url(f"**/{language}/analysis/{game}/1/move/1/")


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
