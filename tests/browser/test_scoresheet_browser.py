"""The score sheet in a real browser: four deals, a rule change that ends the match earlier,
a reload, the read-only link, and accessibility."""

import re

import pytest

from .conftest import serious_violations

pytestmark = pytest.mark.browser

DETAILED = {
    0: {"cards": 30, "aces": 2, "jacks": 3, "pisti": 1, "jack_on_card": 1, "ten_of_diamonds": True},
    1: {"cards": 22, "aces": 2, "jacks": 1, "two_of_clubs": True},
}


def totals(page):
    return [int(t) for t in page.locator("[data-final-total]").all_inner_texts()]


def open_details(page, name):
    details = page.locator(f"details[data-entry={name}]")
    if details.get_attribute("open") is None:
        details.locator("summary").click()


def enter_quick(page, a, b):
    open_details(page, "quick")
    page.fill("input[name='quick-points_0']", str(a))
    page.fill("input[name='quick-points_1']", str(b))
    page.locator("form[action*='/deals/quick/'] button[type=submit]").click()
    page.wait_for_load_state()


def enter_detailed(page):
    open_details(page, "detailed")
    for side, values in DETAILED.items():
        for key, value in values.items():
            selector = f"[name='detailed-{key}_{side}']"
            if value is True:
                page.check(selector)
            else:
                page.fill(selector, str(value))
    page.locator("form[action*='/deals/detailed/'] button[type=submit]").click()
    page.wait_for_load_state()


def test_four_deals_a_rule_change_a_reload_and_the_shared_link(page, browser, site_url):
    page.goto(f"{site_url}/en/scoresheet/")
    page.fill("[name=name_0]", "Ayşe")
    page.fill("[name=name_1]", "Mehmet")
    page.fill("[name=target]", "60")
    page.click("text=Create the sheet")
    page.wait_for_selector("h1:has-text('Ayşe')")
    enter_detailed(page)
    enter_quick(page, 6, 10)
    enter_quick(page, 10, 16)
    enter_quick(page, 0, 16)
    assert totals(page) == [37, 47]
    assert "Leading: Mehmet" in page.content()
    open_details(page, "rules")
    page.select_option("[name=jack_on_lone_card]", "jack_pisti")
    page.click("text=Apply the rules")
    page.wait_for_load_state()
    assert totals(page) == [57, 47]
    open_details(page, "rules")
    page.fill("[name=majority_bonus]", "6")
    page.click("text=Apply the rules")
    page.wait_for_load_state()
    # Ayşe reaches 60 after deal 3 (60 to 31): the match ends there, deal 4 never counts
    assert totals(page) == [60, 31]
    assert page.locator("[data-winner]").inner_text() == "Winner: Ayşe"
    assert page.locator("tr[data-after-end]").count() == 1
    page.reload()
    assert totals(page) == [60, 31]
    share = page.locator("#share-url").input_value()
    stranger = browser.new_context().new_page()
    stranger.goto(share)
    assert [int(t) for t in stranger.locator("[data-final-total]").all_inner_texts()] == [60, 31]
    assert stranger.locator("main form").count() == 0
    assert stranger.locator("text=read-only").count() == 1
    stranger.context.close()


def test_a_refused_entry_shows_its_message_at_the_field(page, site_url):
    page.goto(f"{site_url}/en/scoresheet/")
    page.click("text=Create the sheet")
    open_details(page, "detailed")
    page.fill("[name='detailed-cards_0']", "30")
    page.fill("[name='detailed-cards_1']", "30")
    page.locator("form[action*='/deals/detailed/'] button[type=submit]").click()
    error = page.locator(".field-error", has_text="add up to 52")
    assert error.count() == 1
    assert re.search(r"60", error.inner_text())
    assert page.locator("[data-final-total]").all_inner_texts() == ["0", "0"]


@pytest.mark.parametrize("language", ["en", "tr"])
def test_no_serious_accessibility_violations(page, site_url, language):
    page.goto(f"{site_url}/{language}/scoresheet/")
    assert serious_violations(page) == []
    page.locator("form.new-game button[type=submit]").click()
    page.wait_for_selector(".sheet-table")
    enter_quick(page, 16, 0)
    assert serious_violations(page) == []


def test_sheet_fits_a_phone(phone, site_url):
    phone.goto(f"{site_url}/en/scoresheet/")
    phone.locator("form.new-game button[type=submit]").click()
    phone.wait_for_selector(".sheet-table")
    assert phone.evaluate(
        "document.documentElement.scrollWidth <= document.documentElement.clientWidth"
    )
