"""The site under its Content-Security-Policy in a real browser, and what a script shows
when one of its requests fails (instead of a silent reload that loses the move)."""

import re

import pytest

from .conftest import PAGE_PROBLEMS

pytestmark = pytest.mark.browser


def test_the_watch_catches_an_inline_script(page, site_url, no_page_problems):
    """The policy is enforced and the tests see it: an injected inline script is refused."""
    page.goto(f"{site_url}/en/")
    page.evaluate("""() => {
        const script = document.createElement("script");
        script.textContent = "window.ranInline = true";
        document.body.appendChild(script);
    }""")
    page.wait_for_timeout(200)
    assert page.evaluate("window.ranInline === undefined")
    assert any("script-src" in problem for problem in PAGE_PROBLEMS), PAGE_PROBLEMS
    PAGE_PROBLEMS.clear()  # expected here; any other test with a violation fails


def test_favicon_loads_without_console_errors(page, site_url):
    errors = []
    page.on("console", lambda m: m.type == "error" and errors.append(m.text))
    page.goto(f"{site_url}/en/rules/")
    page.wait_for_load_state("networkidle")
    assert errors == []
    assert page.request.get(f"{site_url}/favicon.ico").ok


def _start_game(page, site_url, language="en"):
    page.goto(f"{site_url}/{language}/practice/")
    page.click(".settings-fold summary")  # the settings are folded under "Play now"
    page.check("input[name=level][value='beginner']")
    page.click("form[data-new-game] button[type=submit]")
    page.wait_for_selector(".hand:not([disabled]) button[name=card]")


def _hand(page):
    return page.locator(".hand button[name=card]").evaluate_all(
        "buttons => buttons.map(b => b.value)"
    )


def test_an_expired_form_is_explained_and_the_move_kept_on_screen(page, site_url):
    _start_game(page, site_url, "de")
    page.evaluate("window.sameDocument = true")
    hand = _hand(page)
    page.context.clear_cookies(name="csrftoken")
    page.locator(".hand:not([disabled]) button[name=card]").first.click()
    # told once, in the table's own status line, where the eye is (no second alert)
    status = page.locator("[data-status].is-error")
    status.wait_for()
    assert "Die Seite ist abgelaufen" in status.inner_text()
    assert page.evaluate("window.sameDocument === true")  # no silent reload
    page.wait_for_function("() => !document.querySelector('[data-practice][aria-busy]')")
    assert _hand(page) == hand
    assert page.locator("[data-fetch-error]").count() == 0


def test_a_lost_connection_is_explained(page, site_url, tmp_path):
    _start_game(page, site_url)
    page.route(re.compile(r".*/play/$"), lambda route: route.abort())
    page.locator(".hand:not([disabled]) button[name=card]").first.click()
    status = page.locator("[data-status].is-error")
    status.wait_for()
    assert "could not be sent" in status.inner_text()
    page.screenshot(path=str(tmp_path / "fetch-error.png"))
    assert page.locator("[data-fetch-error]").count() == 0


def test_the_tutorial_explains_a_failed_request_too(page, site_url):
    """The tutorial no longer reloads silently: an expired form is explained in Turkish."""
    from tutorial.content_loader import read_lessons

    lesson = read_lessons()["lessons"][0]
    page.goto(f"{site_url}/tr/tutorial/{lesson['slug']}/")
    page.evaluate("window.sameDocument = true")
    page.context.clear_cookies(name="csrftoken")
    page.locator("[data-tutorial] form button:enabled").first.click()
    alert = page.locator("[data-fetch-error]")
    alert.wait_for()
    assert "sayfanın süresi doldu" in alert.inner_text()
    assert page.evaluate("window.sameDocument === true")
