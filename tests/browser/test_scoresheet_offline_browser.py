"""The score sheet on several devices and without signal: the private edit link in a
second browser, the read-only link, and deals entered offline reaching the server once."""

import re

import pytest

from .test_scoresheet_browser import DETAILED, enter_quick, open_details, totals

pytestmark = pytest.mark.browser


def new_sheet(page, site_url, names=("Ann", "Bob")):
    page.goto(f"{site_url}/en/scoresheet/")
    page.fill("[name=name_0]", names[0])
    page.fill("[name=name_1]", names[1])
    page.click("text=Create the sheet")
    page.wait_for_selector(".sheet-table")


def keep_a_deal_offline(browser, site_url):
    """A phone with a new sheet that went offline and kept one deal (10 : 6) in the
    browser; returns its context and page."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    new_sheet(page, site_url)
    context.set_offline(True)
    enter_quick(page, 10, 6)  # kept in the browser: the page does not leave
    assert page.locator("tr[data-pending]").count() == 1
    return context, page


def wait_until_sent(page, deals: int, timeout=15000):
    """Until no deal is kept in the browser and the server's page shows ``deals`` deals."""
    page.wait_for_function(
        "(deals) => document.querySelectorAll('tr[data-pending]').length === 0 "
        "&& document.querySelectorAll('tr[data-deal]').length === deals",
        arg=deals,
        timeout=timeout,
    )


def abort_first(failures, method=None):
    """A route handler that fails the first request (of ``method``, if given) as a lost
    network would, records its URL in ``failures``, and lets every other one through."""

    def handle(route):
        if not failures and method in (None, route.request.method):
            failures.append(route.request.url)
            route.abort()
        else:
            route.continue_()

    return handle


def test_the_edit_link_edits_from_a_second_browser_and_the_read_only_link_cannot(
    page, browser, site_url
):
    new_sheet(page, site_url)
    enter_quick(page, 16, 0)
    edit_url = page.locator("#edit-url").input_value()
    share_url = page.locator("#share-url").input_value()
    sheet_url = page.url.split("#")[0]
    assert page.locator(".qr-code svg").count() == 2

    other = browser.new_context().new_page()
    other.goto(sheet_url)
    assert "not found" in other.content().lower()
    other.goto(edit_url)
    other.wait_for_selector(".sheet-table")
    assert other.url.split("#")[0] == sheet_url
    enter_quick(other, 0, 26)
    assert totals(other) == [16, 26]
    page.reload()
    assert totals(page) == [16, 26]

    reader = browser.new_context().new_page()
    reader.goto(share_url)
    assert totals(reader) == [16, 26]
    assert reader.locator("main form").count() == 0
    reader.goto(sheet_url)
    assert "not found" in reader.content().lower()
    reader.context.close()

    # revoked: the second browser loses the sheet, the first keeps it
    page.click("text=Revoke this edit link and make a new one")
    page.wait_for_load_state()
    assert page.locator("#edit-url").input_value() != edit_url
    other.goto(sheet_url)
    assert "not found" in other.content().lower()
    other.context.close()


def test_copy_buttons_copy_the_links(browser, site_url):
    context = browser.new_context(permissions=["clipboard-read", "clipboard-write"])
    page = context.new_page()
    new_sheet(page, site_url)
    page.click("[data-copy=edit-url]")
    assert (
        page.evaluate("navigator.clipboard.readText()") == page.locator("#edit-url").input_value()
    )
    page.click("[data-copy=share-url]")
    assert (
        page.evaluate("navigator.clipboard.readText()") == page.locator("#share-url").input_value()
    )
    context.close()


def test_a_failed_send_after_coming_back_online_is_tried_again(browser, site_url):
    """The first post after the browser comes back online fails (the network is not up
    yet); the page tries again by itself instead of waiting to go offline and online."""
    context, page = keep_a_deal_offline(browser, site_url)
    failures = []
    page.route(re.compile(r".*/deals/quick/.*"), abort_first(failures))
    context.set_offline(False)
    wait_until_sent(page, 1)
    assert len(failures) == 1
    assert totals(page) == [10, 6]
    context.close()


def test_a_send_that_never_answers_is_given_up_and_tried_again(browser, site_url):
    """On a weak signal a post can hang without end; the page gives it up after a while
    and sends the deal again (the server knows it by its id), instead of waiting for ever."""
    context, page = keep_a_deal_offline(browser, site_url)
    held = []

    def hold_first(route):
        if not held:
            held.append(route)  # never answered
        else:
            route.continue_()

    page.route(re.compile(r".*/deals/quick/.*"), hold_first)
    context.set_offline(False)
    wait_until_sent(page, 1, timeout=25000)  # given up after 8 s, sent again 2 s later
    assert len(held) == 1
    assert totals(page) == [10, 6]
    context.close()


def test_deals_entered_offline_are_kept_and_sent_once(browser, site_url):
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    new_sheet(page, site_url)
    enter_quick(page, 10, 6)
    assert page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()  # now served through the worker, which keeps a copy
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    sheet_url = page.url.split("#")[0]

    context.set_offline(True)
    for a, b in ((16, 0), (26, 0)):
        enter_quick(page, a, b)
    assert page.locator("tr[data-pending]").count() == 2
    assert totals(page) == [52, 6]
    assert page.locator("[data-offline-status]").is_visible()

    page.reload()  # offline: the worker's copy, and the deals kept in this browser
    page.wait_for_selector("tr[data-pending]")
    assert page.locator("tr[data-pending]").count() == 2
    assert totals(page) == [52, 6]
    kept = page.evaluate("JSON.stringify(localStorage)")

    context.set_offline(False)  # the page sends them and reloads with the server's totals
    # (a send that hangs is given up after 8 s and tried again 2 s later)
    wait_until_sent(page, 3, timeout=25000)
    assert totals(page) == [52, 6]

    # The same kept deals sent a second time (an answer lost on the way back, a retry)
    # are known by their ids and not added again.
    page.evaluate("(kept) => Object.assign(localStorage, JSON.parse(kept))", kept)
    page.reload()
    wait_until_sent(page, 3)
    assert totals(page) == [52, 6]
    assert page.evaluate("localStorage.length") == 0 or page.evaluate(
        "Object.keys(localStorage).every(k => localStorage.getItem(k) === '[]')"
    )
    server = browser.new_context().new_page()
    server.goto(page.locator("#share-url").input_value())
    assert totals(server) == [52, 6]
    assert server.locator("tr[data-deal]").count() == 3
    server.context.close()
    page.reload()
    assert page.locator("tr[data-deal]").count() == 3
    assert re.search(r"/en/scoresheet/[0-9a-f-]+/$", sheet_url)
    context.close()


def test_a_deal_entered_offline_on_a_sheet_changed_elsewhere_shows_the_conflict(browser, site_url):
    context = browser.new_context()
    page = context.new_page()
    new_sheet(page, site_url)
    edit_url = page.locator("#edit-url").input_value()
    context.set_offline(True)
    enter_quick(page, 16, 0)
    assert page.locator("tr[data-pending]").count() == 1

    other = browser.new_context().new_page()
    other.goto(edit_url)
    enter_quick(other, 0, 16)
    other.context.close()

    context.set_offline(False)
    page.wait_for_selector("text=changed on another device", timeout=15000)
    assert totals(page) == [16, 16]
    assert page.locator("tr[data-deal]").count() == 2
    context.close()


def test_four_long_names_fit_a_phone_with_every_action_on_screen(browser, site_url):
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    page.goto(f"{site_url}/en/scoresheet/")
    page.check("input[name=table][value='4']")
    names = ("Grandma Ayşe", "Your opponent", "Mehmet Yılmaz", "Cousin Zeynep")
    for i, name in enumerate(names):
        page.fill(f"[name=name_{i}]", name)
    page.click("text=Create the sheet")
    page.wait_for_selector(".sheet-table")
    for points in ((20, 6, 0, 0), (0, 16, 10, 0)):
        open_details(page, "quick")
        for i, p in enumerate(points):
            page.fill(f"input[name='quick-points_{i}']", str(p))
        page.locator("form[action*='/deals/quick/'] button[type=submit]").click()
        page.wait_for_load_state()
    assert page.evaluate("document.documentElement.scrollWidth <= 390")
    wrap = page.locator(".table-wrap")
    assert wrap.evaluate("w => w.scrollWidth <= w.clientWidth")
    for button in page.locator(".row-actions button").all():
        box = button.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= 390
    legend = page.locator(".chart-legend li").all_inner_texts()
    assert legend == list(names)
    context.close()


def test_a_refused_detailed_deal_shows_its_errors_on_screen(page, site_url):
    new_sheet(page, site_url)
    for deal in range(3):
        enter_quick(page, 10 + deal, 6)
    open_details(page, "detailed")
    page.fill("[name='detailed-cards_0']", "30")
    page.check("[name='detailed-two_of_clubs_0']")
    page.check("[name='detailed-two_of_clubs_1']")
    page.fill("[name='detailed-aces_0']", "9")
    page.locator("form[action*='/deals/detailed/'] button[type=submit]").click()
    page.wait_for_load_state()
    summary = page.locator("[data-error-summary]")
    assert summary.is_visible()
    assert page.evaluate("""() => { const r = document.querySelector('[data-error-summary]')
        .getBoundingClientRect(); return r.top >= 0 && r.top < window.innerHeight; }""")
    text = summary.inner_text()
    assert "add up to 52" in text and "only go to one side" in text and "At most 4" in text
    field = page.locator("[name='detailed-cards_1']")
    described = field.get_attribute("aria-describedby")
    assert page.locator(f"#{described}").inner_text().startswith("The cards taken")


def test_a_detailed_deal_entered_offline_is_scored_as_the_server_scores_it(browser, site_url):
    context = browser.new_context()
    page = context.new_page()
    page.goto(f"{site_url}/en/scoresheet/")
    page.select_option("[name=jack_on_lone_card]", "jack_pisti")
    page.fill("[name=majority_bonus]", "6")
    page.click("text=Create the sheet")
    page.wait_for_selector(".sheet-table")
    context.set_offline(True)
    open_details(page, "detailed")
    for side, values in DETAILED.items():
        for key, value in values.items():
            selector = f"[name='detailed-{key}_{side}']"
            if value is True:
                page.check(selector)
            else:
                page.fill(selector, str(value))
    page.locator("form[action*='/deals/detailed/'] button[type=submit]").click()
    assert page.locator("tr[data-pending]").count() == 1
    offline_totals = totals(page)
    assert offline_totals == [44, 5]  # 2 + 3 + 3 + 6 + 10 + 20 against 2 + 1 + 2
    context.set_offline(False)
    page.wait_for_function(
        "() => document.querySelectorAll('tr[data-deal]').length === 1", timeout=15000
    )
    assert totals(page) == offline_totals
    assert page.locator("tr[data-pending]").count() == 0
    context.close()


def test_a_stale_copy_after_sending_is_replaced_by_the_servers_page(browser, site_url):
    """After the kept deals are sent the page reloads; if that reload fails once, the
    worker answers with its copy from before the deals. The page sees that its revision
    is older than the one the server answered with and fetches the page again, instead of
    showing a sheet without the deals just sent."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    new_sheet(page, site_url)
    assert page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    sheet_path = page.url.split("#")[0].removeprefix(site_url)

    context.set_offline(True)
    enter_quick(page, 16, 0)
    assert page.locator("tr[data-pending]").count() == 1

    failed = []
    context.route(re.compile(re.escape(sheet_path) + r"$"), abort_first(failed, "GET"))
    context.set_offline(False)
    wait_until_sent(page, 1)
    assert failed, "the reload after sending was not made to fail"
    assert totals(page) == [16, 0]
    context.close()
