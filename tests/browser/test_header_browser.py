"""The site header: one slim row with a Menu button on phones, every link in view on a
desktop, and every link still reachable on a phone without JavaScript."""

import pytest

from .conftest import serious_violations

pytestmark = pytest.mark.browser

LANGUAGES = ["en", "tr", "de", "ru"]
MENU_LABEL = {"en": "Menu", "tr": "Menü", "de": "Menü", "ru": "Меню"}
NAV_PATHS = ["rules/", "tutorial/", "practice/", "friends/", "puzzles/", "scoresheet/", "bots/"]
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1366, "height": 900}


def nav_links(page):
    return page.locator(".site-nav a")


def language_links(page):
    return page.locator(".language-switcher a")


def assert_every_link_visible(page, language):
    hrefs = [nav_links(page).nth(i).get_attribute("href") for i in range(nav_links(page).count())]
    assert hrefs == [f"/{language}/{path}" for path in NAV_PATHS]
    for i in range(nav_links(page).count()):
        assert nav_links(page).nth(i).is_visible(), hrefs[i]
    assert language_links(page).count() == 4
    for i in range(4):
        assert language_links(page).nth(i).is_visible()


def scrolls_sideways(page):
    return page.evaluate(
        "document.documentElement.scrollWidth > document.documentElement.clientWidth"
    )


@pytest.fixture
def phone_page(browser):
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    yield page
    context.close()


def test_on_a_phone_the_header_is_one_slim_row_in_every_language(phone_page, site_url):
    page = phone_page
    for language in LANGUAGES:
        page.goto(f"{site_url}/{language}/rules/")
        header = page.locator(".site-header").bounding_box()
        assert header["height"] <= 56, (language, header)
        assert not scrolls_sideways(page), language
        button = page.locator("[data-menu-button]")
        assert button.is_visible()
        assert button.inner_text().strip() == MENU_LABEL[language]
        assert button.get_attribute("aria-expanded") == "false"
        assert button.get_attribute("aria-controls") == "site-menu"
        assert not nav_links(page).first.is_visible()
        assert not language_links(page).first.is_visible()


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_menu_opens_over_the_page_and_closes(phone_page, site_url, language):
    page = phone_page
    page.goto(f"{site_url}/{language}/rules/")
    button = page.locator("[data-menu-button]")
    main_top = page.locator("main").bounding_box()["y"]

    button.click()
    assert button.get_attribute("aria-expanded") == "true"
    assert_every_link_visible(page, language)
    assert page.locator("main").bounding_box()["y"] == main_top  # over the page, not pushing it
    assert not scrolls_sideways(page)
    current = page.locator(".language-switcher a[aria-current]")
    assert current.get_attribute("data-language") == language
    if language == "ru":
        assert serious_violations(page) == []

    button.click()  # the button again
    assert button.get_attribute("aria-expanded") == "false"
    assert not nav_links(page).first.is_visible()

    # By keyboard: the links follow the button; Escape closes and gives the focus back.
    button.focus()
    page.keyboard.press("Enter")
    assert button.get_attribute("aria-expanded") == "true"
    page.keyboard.press("Tab")
    assert nav_links(page).first.evaluate("(el) => el === document.activeElement")
    page.keyboard.press("Escape")
    assert button.get_attribute("aria-expanded") == "false"
    assert button.evaluate("(el) => el === document.activeElement")
    assert not nav_links(page).first.is_visible()

    # A tap on the dimmed page below the panel only closes it: the link there is not followed.
    button.click()
    bottom = page.locator("#site-menu").bounding_box()
    bottom = bottom["y"] + bottom["height"]
    below = page.evaluate(
        """(bottom) => {
          const link = [...document.querySelectorAll("main a")].find((a) => {
            const r = a.getBoundingClientRect();
            return r.top > bottom + 5 && r.bottom < innerHeight && r.width > 0;
          });
          const r = link.getBoundingClientRect();
          return {x: r.left + r.width / 2, y: r.top + r.height / 2};
        }""",
        bottom,
    )
    url = page.url
    page.mouse.click(below["x"], below["y"])
    assert button.get_attribute("aria-expanded") == "false"
    assert page.url == url

    # Choosing a link closes the menu and goes there; the language keeps the page.
    button.click()
    other = "de" if language == "ru" else "ru"
    page.locator(f".language-switcher a[data-language='{other}']").click()
    page.wait_for_url(f"{site_url}/{other}/rules/")
    assert page.locator("[data-menu-button]").get_attribute("aria-expanded") == "false"


def test_on_a_desktop_the_links_show_without_a_menu_button(browser, site_url):
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    for language in ["en", "ru"]:
        page.goto(f"{site_url}/{language}/rules/")
        assert not page.locator("[data-menu-button]").is_visible()
        assert_every_link_visible(page, language)
        assert page.locator(".site-header").bounding_box()["height"] <= 56
    context.close()


def test_without_javascript_a_phone_reaches_every_link(browser, site_url):
    context = browser.new_context(viewport=PHONE, java_script_enabled=False)
    page = context.new_page()
    for language in ["en", "ru"]:
        page.goto(f"{site_url}/{language}/rules/")
        assert not page.locator("[data-menu-button]").is_visible()
        assert_every_link_visible(page, language)
        assert not scrolls_sideways(page)
    context.close()


def test_the_script_only_styles_hold_from_the_first_paint(browser, site_url):
    """The class the script-only styles hang on (the phone's Menu, the moves drawer) is set
    before the body is parsed: set by the deferred site script, a phone showed the whole
    header and the moves list in the page's flow for 60-150 ms before the table."""
    context = browser.new_context(viewport=PHONE, is_mobile=True)
    context.add_init_script("""
      new MutationObserver((changes, observer) => {
        if (!document.body) return;
        window.__hasJsAtBody = document.documentElement.classList.contains("has-js");
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    """)
    page = context.new_page()
    page.goto(f"{site_url}/en/friends/")  # the base template's head: every page alike
    assert page.evaluate("window.__hasJsAtBody") is True
    context.close()
