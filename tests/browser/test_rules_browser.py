"""The rules reference in a real browser: language switch, accessibility, phone layout."""

import pytest

from .conftest import serious_violations

pytestmark = pytest.mark.browser


def test_switching_language_keeps_the_page_and_section(page, site_url):
    page.goto(f"{site_url}/en/rules/scoring/#example-one")
    page.click(".language-switcher a[data-language='de']")
    page.wait_for_load_state()
    assert page.url == f"{site_url}/de/rules/scoring/#example-one"
    assert page.locator("html").get_attribute("lang") == "de"
    assert page.locator("h1").inner_text() != ""
    page.click(".language-switcher a[data-language='tr']")
    page.wait_for_load_state()
    assert page.url.startswith(f"{site_url}/tr/rules/scoring/")


@pytest.mark.parametrize("path", ["/en/", "/en/rules/", "/ru/rules/variants/", "/tr/rules/faq/"])
def test_no_serious_accessibility_violations(page, site_url, path):
    page.goto(site_url + path)
    assert serious_violations(page) == []


PHONE_PAGES = ["/en/", "/en/rules/", "/de/rules/glossary/", "/ru/rules/scoring/"]


@pytest.mark.parametrize("path", PHONE_PAGES)
def test_phone_width_has_no_horizontal_scroll(phone, site_url, path, tmp_path):
    phone.goto(site_url + path)
    phone.screenshot(path=str(tmp_path / "phone.png"), full_page=True)
    scroll_width = phone.evaluate("document.documentElement.scrollWidth")
    client_width = phone.evaluate("document.documentElement.clientWidth")
    assert scroll_width <= client_width


def test_diagrams_are_inline_and_nothing_loads_from_elsewhere(page, site_url):
    requests = []
    page.on("request", lambda request: requests.append(request.url))
    page.goto(f"{site_url}/en/rules/")
    page.wait_for_load_state("networkidle")
    assert page.locator("figure.diagram svg[role=img]").count() >= 9
    assert requests and all(url.startswith(site_url) for url in requests)
