"""Dragging a card of the hand onto the pile (static/js/drag.js), in a practice game: by
mouse it plays the card with one move request and the card flies from where it was
dropped; dropped elsewhere, back on its place, or cancelled with Escape, it goes back and
nothing is sent (the click the browser sends after the drag is not a play); by
touch (real touch events through the DevTools protocol, so the page sees pointer events
of type "touch") it plays too, while a finger elsewhere still scrolls the page; and a
plain click still plays exactly once."""

from __future__ import annotations

import pytest

from .test_table_browser import context_for, new_game, wait_idle

pytestmark = pytest.mark.browser

HAND = ".hand:not([disabled]) button[name=card]"
# The first card that flies from the player's seat: where its flight starts, as the
# board's Web Animation places it in the frame it is added.
WATCH_FLIGHT = """
window.__flight = null;
new MutationObserver((records) => {
  for (const record of records) for (const node of record.addedNodes) {
    const me = document.querySelector("[data-table]").getAttribute("data-me");
    if (window.__flight || !node.classList || !node.classList.contains("flying-card")
        || node.getAttribute("data-seat") !== me) continue;
    const r = node.getBoundingClientRect();
    window.__flight = {x: r.left + r.width / 2, y: r.top + r.height / 2};
  }
}).observe(document.body, {childList: true});
"""


def centre(box):
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def moves_sent(page):
    """The list every move request the page posts is added to."""
    sent = []
    page.on("request", lambda r: r.method == "POST" and sent.append(r.url))
    return sent


def hand_cards(page):
    return page.locator(HAND).evaluate_all("(buttons) => buttons.map((b) => b.value)")


def press_and_move(page, card, to, steps=12):
    x, y = centre(card.bounding_box())
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(*to, steps=steps)


def test_a_mouse_drag_onto_the_pile_plays_the_card_once_from_where_it_was_dropped(
    browser, site_url
):
    context = context_for(browser, "desktop")
    page = context.new_page()
    new_game(page, site_url)
    before = hand_cards(page)
    log_lines = page.locator("[data-log] li").count()
    card = page.locator(HAND).first
    slot = card.evaluate("(b) => [b.offsetLeft, b.offsetTop]")
    home = centre(card.bounding_box())
    pile = centre(page.locator("[data-pile]").bounding_box())
    sent = moves_sent(page)
    page.evaluate(WATCH_FLIGHT)

    press_and_move(page, card, pile)
    # Mid-drag: the card follows the pointer on a transform (its place in the hand does not
    # move), the pile is lit, nothing is sent yet.
    moved = centre(card.bounding_box())
    assert abs(moved[0] - pile[0]) < 12 and abs(moved[1] - pile[1]) < 12, (moved, pile)
    assert card.evaluate("(b) => [b.offsetLeft, b.offsetTop]") == slot
    assert "is-drop-target" in page.locator("[data-pile]").get_attribute("class")
    assert sent == []
    page.mouse.up()
    wait_idle(page)

    after = hand_cards(page)
    assert len(after) == len(before) - 1 and before[0] not in after
    assert page.locator("[data-log] li").count() > log_lines
    assert len(sent) == 1, sent  # the drag is not also a click
    flight = page.evaluate("window.__flight")
    assert flight, "the card did not fly"
    # it flew from where it was dropped (on the pile), not from its place in the hand
    assert abs(flight["x"] - pile[0]) < 20 and abs(flight["y"] - pile[1]) < 20, (flight, home)
    assert "is-drop-target" not in page.locator("[data-pile]").get_attribute("class")

    # A plain click after a drag still plays, once.
    page.locator(HAND).first.click()
    wait_idle(page)
    assert len(sent) == 2, sent
    assert len(hand_cards(page)) == len(after) - 1
    context.close()


def test_a_card_dropped_away_from_the_pile_or_cancelled_goes_back(browser, site_url):
    context = context_for(browser, "desktop")
    page = context.new_page()
    new_game(page, site_url)
    before = hand_cards(page)
    card = page.locator(HAND).nth(1)
    home = card.bounding_box()
    pile = centre(page.locator("[data-pile]").bounding_box())
    sent = moves_sent(page)

    # Dropped on the page's margin, far from the pile.
    press_and_move(page, card, (20, 20))
    page.mouse.up()
    page.wait_for_timeout(400)  # the way back (180 ms) and any click that would follow
    assert sent == [] and hand_cards(page) == before
    assert card.evaluate("(b) => b.style.transform") == ""
    assert card.bounding_box() == home

    # Lifted and put down again on its own place: the browser's click is not a play.
    press_and_move(page, card, (home["x"] + 40, home["y"] - 120), steps=6)
    page.mouse.move(*centre(home), steps=6)
    page.mouse.up()
    page.wait_for_timeout(400)
    assert sent == [] and hand_cards(page) == before

    # Over the pile, Escape, then released there: nothing is played either.
    press_and_move(page, card, pile)
    page.keyboard.press("Escape")
    assert "is-drop-target" not in page.locator("[data-pile]").get_attribute("class")
    page.mouse.up()
    page.wait_for_timeout(400)
    assert sent == [] and hand_cards(page) == before
    assert card.bounding_box() == home
    context.close()


def test_a_touch_drag_onto_the_pile_plays_the_card(browser, site_url):
    context = context_for(browser, "phone")
    page = context.new_page()
    new_game(page, site_url)
    before = hand_cards(page)
    scroll = page.evaluate("scrollY")
    x, y = centre(page.locator(HAND).first.bounding_box())
    to_x, to_y = centre(page.locator("[data-pile]").bounding_box())
    page.evaluate("""() => {
      window.__types = [];
      document.addEventListener("pointermove", (e) => window.__types.push(e.pointerType));
    }""")
    sent = moves_sent(page)
    cdp = context.new_cdp_session(page)

    def touch(kind, *points):
        cdp.send(
            "Input.dispatchTouchEvent",
            {"type": kind, "touchPoints": [{"x": px, "y": py} for px, py in points]},
        )

    touch("touchStart", (x, y))
    for i in range(1, 13):
        touch("touchMove", (x + (to_x - x) * i / 12, y + (to_y - y) * i / 12))
    assert "is-drop-target" in page.locator("[data-pile]").get_attribute("class")
    touch("touchEnd")
    wait_idle(page)
    types = page.evaluate("window.__types")
    assert types and set(types) == {"touch"}, types
    assert len(sent) == 1, sent
    after = hand_cards(page)
    assert len(after) == len(before) - 1 and before[0] not in after
    assert page.evaluate("scrollY") == scroll  # the page did not scroll with the card

    # A finger on the table away from the hand still scrolls the page.
    x, y = centre(page.locator("[data-stock]").bounding_box())
    touch("touchStart", (x, y))
    for i in range(1, 9):
        touch("touchMove", (x, y - 20 * i))
    touch("touchEnd")
    page.wait_for_function(f"() => scrollY > {scroll}")
    context.close()
