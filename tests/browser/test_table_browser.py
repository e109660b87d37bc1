"""The card table in a real browser, desktop 1366×900 and phone 390×844: whole deals where
the pile, the turn marker and the hand stay on screen after every play, the partner sits
opposite, nothing shifts, plays are animated (and not with reduced motion), the fast pace
is fast, "Play now" is one click, the focus ring contrasts, the page stays light, and the
score strip counts each deal as its captures land.

Screenshots of the table go to ``tests/browser/screenshots/`` (named in the README).
"""

from __future__ import annotations

import gzip
import re
import statistics
import urllib.request
from pathlib import Path
from urllib.parse import urljoin, urlparse

import pytest

from .conftest import serious_violations

pytestmark = pytest.mark.browser
SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"
VIEWPORTS = {
    "desktop": {"viewport": {"width": 1366, "height": 900}},
    "phone": {
        "viewport": {"width": 390, "height": 844},
        "is_mobile": True,
        "has_touch": True,
        "device_scale_factor": 2,
    },
}
# Sums every layout shift not caused by input, from the moment it is reset.
CLS_SCRIPT = """
window.__cls = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__cls += entry.value;
}).observe({type: "layout-shift", buffered: true});
"""


def context_for(browser, kind, pace="fast", **extra):
    context = browser.new_context(**VIEWPORTS[kind], **extra)
    context.add_init_script(
        f"try {{ localStorage.setItem('pisti-pace', '{pace}'); }} catch (e) {{}}"
    )
    context.add_init_script(CLS_SCRIPT)
    return context


def new_game(page, site_url, table="1v1", level="easy", language="en"):
    page.goto(f"{site_url}/{language}/practice/")
    page.click(".settings-fold summary")
    page.check(f"input[name=level][value='{level}']")
    page.check(f"input[name=table][value='{table}']")
    page.click("[data-house-rules] > summary")  # folded: most keep the usual rules
    page.fill("[name=max_deals]", "1")
    page.click("form[data-new-game] button[type=submit]")
    page.wait_for_selector("[data-practice] [data-table]")


def play_first_cards(page, count):
    """Play the first playable card ``count`` times, each time until the board is idle."""
    for _ in range(count):
        page.locator(".hand:not([disabled]) button[name=card]").first.click()
        wait_idle(page)


def wait_idle(page):
    page.wait_for_function(
        "() => !document.querySelector('[data-practice]').hasAttribute('aria-busy')"
    )


def inside_viewport(page, selector) -> list[str]:
    """The elements matching ``selector`` that are not wholly on screen."""
    return page.evaluate(
        """(selector) => [...document.querySelectorAll(selector)].filter((el) => {
             const r = el.getBoundingClientRect();
             return r.width === 0 || r.top < 0 || r.left < 0 || r.bottom > innerHeight + 0.5
               || r.right > innerWidth + 0.5;
           }).map((el) => el.outerHTML.slice(0, 80))""",
        selector,
    )


def shoot(page, name):
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"))


STRIP_WATCHER = """() => {
  window.__strip = []; window.__last = null; window.__leftover = null;
  // each time a side's points this deal change, the cards still on the pile and whether
  // "PİŞTİ!" shows: a capture's points come as its cards reach the capturer's pile (they
  // ran ~1 s ahead), a pişti's with its burst (they lagged the words by a second)
  window.__onPileAtChange = [];
  new MutationObserver((changes) => {
    if (changes.some((c) => c.target.closest && c.target.closest("[data-strip-points]") &&
        c.target.closest("[data-strip-points]").textContent !== "+0")) {
      window.__onPileAtChange.push([document.querySelectorAll("[data-pile] .pile-card").length,
        !!document.querySelector(".pisti-burst")]);
    }
  }).observe(document.body, { subtree: true, childList: true, characterData: true });
  // a capture that scores shows its points rising from the capturer's pile ("+3"), once
  window.__floats = []; window.__floatsDue = [];
  new MutationObserver((changes) => changes.forEach((c) => c.addedNodes.forEach((node) => {
    if (node.classList && node.classList.contains("points-float")) {
      window.__floats.push(node.textContent);
    }
  }))).observe(document.body, { childList: true });
  document.addEventListener("pisti:step", (e) => {
    window.__last = e.detail;
    if (e.detail.leftover) window.__leftover = e.detail.text;
    const pill = document.querySelector("[data-strip-points='" + e.detail.side + "']");
    if (pill && e.detail.points) {
      const gained = e.detail.points[e.detail.side] - Number(pill.textContent);
      if (gained > 0) window.__floatsDue.push("+" + gained);
    }
  });
  document.addEventListener("pisti:steps-done", () => {
    const shown = Array.from(document.querySelectorAll("[data-strip-points]"))
      .map((cell) => cell.textContent);
    window.__strip.push([window.__last.points.map((p) => "+" + p), shown]);
  });
}"""


def strip_sides(page):
    """Where each side's entry sits on the score strip (rounded px)."""
    return page.eval_on_selector_all(
        ".score-strip .strip-side",
        "sides => sides.map((s) => { const r = s.getBoundingClientRect();"
        " return [Math.round(r.x), Math.round(r.y)]; })",
    )


def assert_the_strip_followed_the_deal(page, turns):
    """Each side's points this deal changed on the strip as the cards landed (before the
    server's new board was drawn), a whole deal long; the cards left at the end were swept
    to the last capturer with a line in the log saying so."""
    pairs = page.evaluate("window.__strip")
    assert len(pairs) == turns
    assert all(expected == shown for expected, shown in pairs), pairs
    assert any(set(shown) != {"+0"} for _, shown in pairs)
    on_pile = page.evaluate("window.__onPileAtChange")
    assert on_pile and all(cards == 0 or burst for cards, burst in on_pile), on_pile
    final = [f"+{p}" for p in page.locator("[data-deal-points]").all_inner_texts()]
    # once the deal is over the totals count it, and the this-deal points are gone
    assert page.locator("[data-strip-points]").count() == 0
    totals = page.locator(".score-strip .strip-total").all_inner_texts()
    assert [f"+{t}" for t in totals] == final  # a first deal: the totals are its points
    leftover = page.evaluate("window.__leftover")
    if leftover:
        assert leftover in page.locator("[data-log]").text_content()
        # a line of its own, not numbered as a move
        assert page.locator("[data-log] li.is-remark").last.text_content() == leftover
        assert pairs[-1][1] == final  # the sweep brought the deal's final score
    floats = page.evaluate("window.__floats")
    assert floats and floats == page.evaluate("window.__floatsDue"), floats


EMPTY_TURN_WATCHER = """() => {
  window.__emptyTurns = [];
  const tick = () => {
    const board = document.querySelector("[data-table]");
    const seat = board && board.querySelector(".seat.is-turn");
    if (seat && !board.querySelector("[data-stock] .stock-card")) {
      const mine = seat.dataset.seat === board.getAttribute("data-me");  // the hand below it
      const holds = mine ? board.querySelector("[data-hand] [data-card]:not(.is-playing)")
        : seat.querySelector("[data-seat-hand] .card:not(.is-gone)");
      // its own last card on the way to the pile: still its play
      const flying = document.querySelector(`.flying-card[data-seat="${seat.dataset.seat}"]`);
      if (!holds && !flying) window.__emptyTurns.push(seat.dataset.seat);
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}"""


# The four seats' layouts on both screens, and the two seats' on the narrower one (the 1 vs
# 1 desktop table has the most room of all: its deal is played whole by the practice tests).
@pytest.mark.parametrize("table, kind", [("1v1", "phone"), ("2v2", "desktop"), ("2v2", "phone")])
def test_a_whole_deal_stays_on_one_screen(browser, site_url, kind, table):
    context = context_for(browser, kind)
    page = context.new_page()
    new_game(page, site_url, table)
    if table == "2v2":
        partner = page.locator("[data-seat='2']")
        assert "seat-top" in partner.get_attribute("class")
        pile = page.locator("[data-pile]").bounding_box()
        box = partner.bounding_box()
        assert box["y"] + box["height"] <= pile["y"]  # above the pile, facing you
        assert abs((box["x"] + box["width"] / 2) - (pile["x"] + pile["width"] / 2)) < 80
        assert "seat-left" in page.locator("[data-seat='1']").get_attribute("class")
        assert "seat-right" in page.locator("[data-seat='3']").get_attribute("class")
    page.evaluate("window.__cls = 0")
    page.evaluate(STRIP_WATCHER)
    page.evaluate(EMPTY_TURN_WATCHER)
    sides_at_start = strip_sides(page)
    plays = 0
    while not page.locator(".deal-end").count():
        for selector in ("[data-pile]", ".is-turn", ".hand button[name=card]"):
            assert page.locator(selector).count(), selector
            assert inside_viewport(page, selector) == [], (plays, selector)
        if plays == 5:
            shoot(page, f"table-{table}-{kind}-mid-deal")
        for side in ("0", "1"):  # partners show the same pile, counted alike
            counts = page.locator(f"[data-stack='{side}'] [data-stack-count]").all_text_contents()
            assert len(set(counts)) == 1 and len(counts) == (1 if table == "1v1" else 2), counts
            # the pile at each partner's seat, named whose it is, with the same number: an
            # icon alone read as an empty or broken pile, an icon beside it as twice the cards,
            # "Team's cards 9" at both partners as 9 each
            whose = {"0": "Our cards", "1": "Their cards"}
            visible = f"[data-stack='{side}'] [data-stack-count]:visible"
            shown = page.locator(visible).all_inner_texts()
            assert shown == counts, shown
            words = page.locator(f"[data-stack='{side}'] .team-word:visible").all_inner_texts()
            assert words == (["Taken"] if table == "1v1" else [whose[side]] * 2), words
        if table == "2v2":
            # one pile of backs per team, and the two counts of a team in one colour, the
            # colour of the team's dot in the strip
            assert page.locator(".stack.is-shared .stack-pile:visible").count() == 0
            for side in ("is-ours", "is-theirs"):
                colours = page.eval_on_selector_all(
                    f".stack.{side} .stack-count, .strip-side.{side}",
                    "els => els.map(e => getComputedStyle(e, e.matches('.strip-side')"
                    " ? '::before' : null).backgroundColor)",
                )
                assert len(colours) == 3 and len(set(colours)) == 1, colours
        page.locator(".hand:not([disabled]) button[name=card]").first.click()
        wait_idle(page)
        plays += 1
    assert plays == (24 if table == "1v1" else 12)
    # no frame flagged a seat "to play" with no card left to play, the stock gone: the
    # deal's last card hands the turn to nobody (the next seat stayed flagged through the
    # sweep and the "deal over" banner)
    assert page.evaluate("window.__emptyTurns") == []
    assert_the_strip_followed_the_deal(page, plays)
    # between deals the strip keeps its places (the points pills unseen): it jumped from
    # spread out to packed left and back (the pills' and key's room, about 100 px); a total
    # grown by a digit or two moves the next side by that much only
    after = strip_sides(page)
    assert [y for _x, y in after] == [y for _x, y in sides_at_start], after
    assert all(
        abs(x - x0) <= 24 for (x, _y), (x0, _y0) in zip(after, sides_at_start, strict=True)
    ), after
    assert inside_viewport(page, "[data-pile]") == []
    shoot(page, f"table-{table}-{kind}-end-of-deal")
    cls = page.evaluate("window.__cls")
    assert cls < 0.02, cls
    context.close()


def watch_animations(page):
    """Record, every frame, whether a bot's card is moving (Web Animations)."""
    page.evaluate("""() => {
      window.__botAnimations = 0; window.__anyAnimations = 0;
      const tick = () => {
        const all = document.getAnimations();
        if (all.length) window.__anyAnimations += 1;
        if (all.some((a) => a.effect && a.effect.target && a.effect.target.matches
            && a.effect.target.matches(".flying-card:not([data-seat='0'])"))) {
          window.__botAnimations += 1;
        }
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    }""")


def test_a_bot_play_is_animated(browser, site_url):
    context = context_for(browser, "desktop", pace="normal")
    page = context.new_page()
    new_game(page, site_url)
    watch_animations(page)
    page.locator(".hand:not([disabled]) button[name=card]").first.click()
    wait_idle(page)
    assert page.evaluate("window.__botAnimations") > 0
    context.close()


def test_reduced_motion_moves_nothing(browser, site_url):
    context = context_for(browser, "desktop", pace="slow", reduced_motion="reduce")
    page = context.new_page()
    new_game(page, site_url)
    watch_animations(page)
    for _ in range(3):
        page.locator(".hand:not([disabled]) button[name=card]").first.click()
        wait_idle(page)
    assert page.evaluate("window.__anyAnimations") == 0
    context.close()


def test_a_click_or_a_key_during_an_animation_hurries_it_and_plays_nothing(browser, site_url):
    """A press while the bots' cards fly makes them land faster, each still seen (a skip
    once hid a bot's pişti); a number key pressed then chooses no card (it once played the
    next card before the replies had been seen)."""
    context = context_for(browser, "desktop", pace="slow")
    context.add_init_script(
        "window.told = 0; document.addEventListener('pisti:step', () => { window.told += 1; });"
    )
    page = context.new_page()
    new_game(page, site_url, "2v2")
    page.locator(".hand:not([disabled]) button[name=card]").first.click()
    page.wait_for_selector(".flying-card")
    page.mouse.click(5, 500)
    page.keyboard.press("1")
    page.wait_for_timeout(150)
    page.keyboard.press("1")
    page.wait_for_function(
        "() => !document.querySelector('[data-practice]').hasAttribute('aria-busy')", timeout=3000
    )
    page.wait_for_timeout(300)
    plays = page.locator("[data-log] li:not(.is-remark)").all_text_contents()
    assert [line for line in plays if line.startswith("You:")] == plays[:1]
    assert len(plays) == 4 and page.evaluate("window.told") == 4  # every reply shown
    assert page.locator(".hand:not([disabled]) button[name=card]").count() == 3
    context.close()


def test_a_second_tap_while_the_bots_play_hurries_them_and_plays_nothing(browser, site_url):
    """A nervous double tap on a phone: the first card is played; the second tap, while the
    bots' answers still land, shows them at once but chooses no card (the hand looks it:
    dimmed). The player chooses the next card having seen the table."""
    context = context_for(browser, "phone", pace="slow")
    page = context.new_page()
    new_game(page, site_url, "2v2")
    page.locator(".hand:not([disabled]) button[name=card]").first.tap()
    page.wait_for_selector(".flying-card")
    waiting = page.locator(".hand button[name=card]:not(.is-playing)").first
    assert waiting.evaluate("b => getComputedStyle(b.querySelector('.card')).filter") != "none"
    waiting.tap()
    wait_idle(page)
    page.wait_for_timeout(300)  # a click the new board would have taken arrives by now
    lines = page.locator("[data-log] li").all_text_contents()
    mine = [line for line in lines if line.startswith("You:")]
    assert len(mine) == 1
    assert page.locator(".hand:not([disabled]) button[name=card]").count() == 3
    context.close()


@pytest.mark.parametrize("kind", ["desktop", "phone"])
def test_play_now_reaches_a_playable_table_in_one_click(browser, site_url, kind):
    context = context_for(browser, kind)
    page = context.new_page()
    page.goto(f"{site_url}/en/")
    shoot(page, f"home-{kind}")
    page.click("[data-play-now]")
    page.wait_for_selector(".hand:not([disabled]) button[name=card]")
    assert inside_viewport(page, ".hand button[name=card]") == []
    page.goto(f"{site_url}/en/practice/")
    page.click("[data-play-now]")
    page.wait_for_selector(".hand:not([disabled]) button[name=card]")
    # the sample table on the home page ("play your own") deals a game in one tap too
    page.goto(f"{site_url}/en/")
    page.click("[data-demo-link]")
    page.wait_for_selector(".hand:not([disabled]) button[name=card]")
    context.close()


def _luminance(rgb) -> float:
    def channel(c):
        c = c / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b) -> float:
    high, low = sorted([_luminance(a), _luminance(b)], reverse=True)
    return (high + 0.05) / (low + 0.05)


RING_AND_GROUND = """(el) => {
  const rgb = (text) => text.match(/\\d+(\\.\\d+)?/g).slice(0, 3).map(Number);
  const ring = getComputedStyle(el).outlineColor;
  let node = el.parentElement;
  while (node) {
    const bg = getComputedStyle(node).backgroundColor;
    if (bg && !bg.startsWith('rgba(0, 0, 0, 0)') && bg !== 'transparent') {
      return {ring: rgb(ring), ground: rgb(bg), width: getComputedStyle(el).outlineWidth};
    }
    node = node.parentElement;
  }
  return {ring: rgb(ring), ground: [255, 255, 255], width: getComputedStyle(el).outlineWidth};
}"""


def test_the_focus_ring_contrasts_with_what_it_sits_on(browser, site_url):
    context = context_for(browser, "desktop")
    page = context.new_page()
    new_game(page, site_url)
    for selector in (".brand", ".hand button[name=card]", "[data-hint] button"):
        element = page.locator(selector).first
        element.focus()
        page.keyboard.press("Shift")  # keyboard modality: :focus-visible applies
        assert element.evaluate("(el) => el === document.activeElement"), selector
        found = element.evaluate(RING_AND_GROUND)
        assert found["width"] != "0px", selector
        assert contrast(found["ring"], found["ground"]) >= 3, (selector, found)
    context.close()


@pytest.mark.parametrize("path", ["/en/", "/en/practice/", "game", "/en/tutorial/pisti/"])
def test_no_serious_accessibility_violations(browser, site_url, path):
    context = context_for(browser, "desktop", reduced_motion="reduce")
    page = context.new_page()
    if path == "game":
        new_game(page, site_url, "2v2")
    else:
        page.goto(site_url + path)
    assert serious_violations(page) == []
    context.close()


def test_a_game_page_is_light_and_asks_only_its_own_host(browser, site_url):
    context = context_for(browser, "desktop")
    page = context.new_page()
    hosts = set()
    page.on("request", lambda request: hosts.add(urlparse(request.url).netloc))
    new_game(page, site_url)
    page.locator(".hand:not([disabled]) button[name=card]").first.click()
    wait_idle(page)
    assert hosts == {urlparse(site_url).netloc}
    html = page.content()
    assets = re.findall(r'<script src="([^"]+)"', html) + re.findall(
        r'<link rel="stylesheet" href="([^"]+)"', html
    )
    assert any(a.endswith(".js") for a in assets) and any(a.endswith(".css") for a in assets)
    total = 0
    for asset in assets:
        with urllib.request.urlopen(urljoin(site_url, asset)) as response:
            total += len(gzip.compress(response.read(), 9))
    assert total < 40 * 1024, total
    context.close()


def test_the_whole_hand_fits_a_360_pixel_phone(browser, site_url):
    context = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True)
    page = context.new_page()
    new_game(page, site_url, "2v2")
    assert page.locator(".hand button[name=card]").count() == 4
    assert inside_viewport(page, ".hand button[name=card]") == []
    assert page.evaluate(
        "document.documentElement.scrollWidth <= document.documentElement.clientWidth"
    )
    width = page.locator(".hand .card").first.bounding_box()["width"]
    context.close()
    context = context_for(browser, "desktop")
    page = context.new_page()
    new_game(page, site_url)
    assert page.locator(".hand .card").first.bounding_box()["width"] >= 88 > width
    context.close()


def test_the_tutorial_keeps_feedback_and_next_on_a_phone_screen(browser, site_url):
    from tutorial.content_loader import read_lessons

    lesson = next(les for les in read_lessons()["lessons"] if les["slug"] == "pisti")
    context = context_for(browser, "phone")
    page = context.new_page()
    page.goto(f"{site_url}/en/tutorial/{lesson['slug']}/")
    for step in lesson["steps"]:
        if step["kind"] == "play":
            page.click(f"button[name=card][value='{step['wrong'][0]}']")
            page.wait_for_selector(".feedback-wrong")
            assert inside_viewport(page, ".feedback-wrong") == []
            assert inside_viewport(page, "[data-pile]") == []
            page.click(f"button[name=card][value='{step['solution']}']")
            page.wait_for_selector(".feedback-right")
            assert inside_viewport(page, ".feedback-right") == []
            assert inside_viewport(page, "button[data-next]") == []
            shoot(page, "tutorial-phone-after-a-move")
            break
        page.click("button[data-next]")
        page.wait_for_function(
            "() => !document.querySelector('[data-tutorial]').hasAttribute('aria-busy')"
        )
    context.close()


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_the_review_draws_one_step_on_the_same_table(browser, site_url, device):
    context = context_for(browser, device, reduced_motion="reduce")
    page = context.new_page()
    new_game(page, site_url)
    while not page.locator(".deal-end").count():
        page.locator(".hand:not([disabled]) button[name=card]").first.click()
        wait_idle(page)
    page.click("text=Review this deal move by move")
    # the analysis runs in the background task: its progress shows until the board does
    page.wait_for_selector("[data-table]", timeout=240_000)
    assert page.locator("[data-table]").count() == 1
    assert page.locator("[data-table] .is-turn").count() == 1  # the seat that plays
    width = {"desktop": 1366, "phone": 390}[device]
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    step = page.locator("[data-review-step] .review-steps").bounding_box()
    assert step["y"] + step["height"] <= page.viewport_size["height"]  # in reach at once
    shoot(page, f"review-{device}")
    context.close()


def test_the_phone_drawer_opens_over_the_table_and_closes(browser, site_url):
    context = context_for(browser, "phone")
    page = context.new_page()
    new_game(page, site_url)
    pile = page.locator("[data-pile]").bounding_box()
    assert not page.locator("[data-log]").is_visible()
    page.click(".score-strip [data-drawer-toggle]")
    page.wait_for_function(
        "() => document.querySelector('[data-drawer]').getBoundingClientRect().top < innerHeight"
    )
    assert page.locator("[data-log]").is_visible()
    assert page.locator("[data-pile]").bounding_box() == pile  # nothing was pushed
    page.keyboard.press("Escape")
    page.wait_for_function("() => !document.querySelector('[data-drawer].is-open')")
    context.close()


def test_a_look_at_the_moves_while_the_bots_play_closes_when_your_turn_comes(browser, site_url):
    """The drawer opened while the cards move is a look at the moves: it closes as the turn
    comes back, so the hand is not left under it; one opened at your turn stays open."""
    context = context_for(browser, "phone", pace="normal")
    page = context.new_page()
    new_game(page, site_url, table="2v2")
    hold_the_answers(page, 0.5)
    page.locator(".hand:not([disabled]) button[name=card]").first.click()
    page.click(".score-strip [data-drawer-toggle]", force=True)
    assert page.locator("[data-drawer].is-open").count() == 1
    wait_idle(page)
    page.wait_for_function("() => !document.querySelector('[data-drawer].is-open')")
    assert page.locator(".hand:not([disabled]) button[name=card]").first.is_visible()
    page.click(".score-strip [data-drawer-toggle]")  # at your turn: a read, not a peek
    page.wait_for_timeout(300)
    assert page.locator("[data-drawer].is-open").count() == 1
    context.close()


LAST_PLAY_WATCHER = """() => {
  window.lastPlayMisses = [];
  window.lastPlays = {};
  document.addEventListener("pisti:step", (event) => {
    const step = event.detail;
    if (step.leftover) return;
    window.lastPlays[step.seat] = step.card;
    const chip = document.querySelector("[data-seat='" + step.seat + "'] [data-last-play]");
    if (!chip) {
      window.lastPlayMisses.push([step.seat, "no chip"]);
      return;
    }
    const sign = chip.querySelector(".last-play-card");
    const want = (step.card[0] === "T" ? "10" : step.card[0]) +
      { C: "♣", D: "♦", H: "♥", S: "♠" }[step.card[1]];
    if (!sign || sign.textContent !== want || chip.classList.contains("is-none")
        || chip.classList.contains("is-old")) {
      window.lastPlayMisses.push([step.seat, want, chip.textContent]);
    }
    // and what it took, on the line under it
    const took = step.jack_pisti ? "took-jack_pisti" : step.pisti ? "took-pisti"
      : step.captured ? "took-pile" : null;
    const line = chip.querySelector(".last-play-took").textContent.trim();
    if (took ? !chip.classList.contains(took) || !line : /took-/.test(chip.className) || line) {
      window.lastPlayMisses.push([step.seat, took, chip.className, line]);
    }
    // the next seat's card, a whole turn of the table old now, is drawn faded
    const seats = document.querySelectorAll("[data-last-play]").length;
    const next = document.querySelector(
      "[data-seat='" + ((step.seat + 1) % seats) + "'] [data-last-play]");
    if (next && !next.classList.contains("is-none") && !next.classList.contains("is-old")) {
      window.lastPlayMisses.push(["next not faded", step.seat, next.className]);
    }
    // only the latest capture says so: any other seat's line goes as this one takes
    if (took) {
      document.querySelectorAll("[data-last-play]").forEach((other) => {
        const said = other.querySelector(".last-play-took").textContent.trim();
        if (other !== chip && (/took-/.test(other.className) || said)) {
          window.lastPlayMisses.push(["stale", other.className, said]);
        }
      });
      window.capturesSeen = (window.capturesSeen || 0) + 1;
    }
  });
}"""


@pytest.mark.parametrize("language", ["en", "tr"])
def test_each_seat_says_what_it_played_as_the_card_lands(browser, site_url, language):
    """A 2 vs 2 round of three bot plays goes by in a second or two: each seat's "played
    Q♥" changes as its card lands, and the board drawn after the plays says the same."""
    context = context_for(browser, "phone")
    page = context.new_page()
    new_game(page, site_url, table="2v2", language=language)
    page.evaluate(LAST_PLAY_WATCHER)
    play_first_cards(page, 4)
    plays = page.evaluate("window.lastPlays")
    assert len(plays) == 4 and page.evaluate("window.lastPlayMisses") == []
    # on until two captures (the deal is random): a later one cleared the earlier one's line
    for _more in range(8):
        if (page.evaluate("window.capturesSeen") or 0) >= 2:
            break
        play_first_cards(page, 1)
    assert page.evaluate("window.capturesSeen") >= 2
    assert page.evaluate("window.lastPlayMisses") == []
    plays = page.evaluate("window.lastPlays")
    for seat, card in plays.items():  # your own seat's too
        chip = page.locator(f"[data-seat='{seat}'] [data-last-play]")
        sign = ("10" if card[0] == "T" else card[0]) + {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}[
            card[1]
        ]
        assert chip.locator(".last-play-card").inner_text() == sign
        assert chip.is_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    context.close()


def test_the_tutorial_shows_the_learner_result_before_the_replies(browser, site_url):
    from tutorial.content_loader import read_lessons

    def scripted_replies(step):  # a list of cards ("engine" lets the bots answer)
        replies = step.get("replies", [])
        return len(replies) if isinstance(replies, list) else 0

    lesson = next(
        les
        for les in read_lessons()["lessons"]
        if any(s["kind"] == "play" and scripted_replies(s) > 1 for s in les["steps"])
    )
    context = context_for(browser, "desktop", pace="normal")
    page = context.new_page()
    page.goto(f"{site_url}/en/tutorial/{lesson['slug']}/")
    page.evaluate("""() => {
      window.__seen = [];
      document.addEventListener("pisti:step", (e) => window.__seen.push([e.detail.seat,
        document.querySelector("[data-status]").textContent, document.getAnimations().length]));
    }""")
    for step in lesson["steps"]:
        if step["kind"] == "play" and scripted_replies(step) > 1:
            page.evaluate("window.__seen = []")
            page.click(f"button[name=card][value='{step['solution']}']")
            page.wait_for_selector(".feedback-right")
            break
        if step["kind"] == "play":
            page.click(f"button[name=card][value='{step['solution']}']")
            page.wait_for_selector(".feedback-right")
        page.click("button[data-next]")
        page.wait_for_function(
            "() => !document.querySelector('[data-tutorial]').hasAttribute('aria-busy')"
        )
    seen = page.evaluate("window.__seen")
    assert seen[0][0] == 0 and seen[0][1].startswith("You")
    assert len(seen) > 2 and seen[1][0] != 0  # the replies come after, one at a time
    context.close()


def test_the_home_page_plays_a_short_demo_deal_unless_asked_not_to(browser, site_url):
    context = context_for(browser, "desktop")
    page = context.new_page()
    # every card that takes flight is counted as it is added: a flight lasts 320 ms, which
    # a visibility poll on a busy machine once missed for 8 s
    page.add_init_script(
        "window.__flights = 0; new MutationObserver((changes) => { for (const c of changes)"
        " for (const n of c.addedNodes) if (n.classList && n.classList.contains('flying-card'))"
        " window.__flights += 1; }).observe(document, { childList: true, subtree: true });"
    )
    page.goto(f"{site_url}/en/")
    page.wait_for_function("() => window.__flights > 0", timeout=15_000)
    context.close()
    context = context_for(browser, "desktop", reduced_motion="reduce")
    page = context.new_page()
    page.goto(f"{site_url}/en/")
    watch_animations(page)
    page.wait_for_timeout(2500)
    assert page.evaluate("window.__anyAnimations") == 0
    assert page.locator(".flying-card").count() == 0
    context.close()


def test_a_touch_screen_shows_number_key_hints_only_after_a_key_is_pressed(browser, site_url):
    hints = (
        "() => [...document.querySelectorAll('.key-hint, .hand .card-key')]"
        ".filter((el) => el.getClientRects().length > 0).length"
    )
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    new_game(page, site_url)
    assert page.evaluate("matchMedia('(hover: none) and (pointer: coarse)').matches")
    assert page.evaluate(hints) == 0
    page.keyboard.press("Shift")  # a keyboard is there after all
    assert page.evaluate(hints) > 0
    context.close()
    context = context_for(browser, "desktop")
    page = context.new_page()
    new_game(page, site_url)
    assert page.evaluate(hints) > 0  # with a mouse, the hints teach the keys at once
    context.close()


def test_number_keys_still_play_after_a_switch_is_clicked(browser, site_url):
    """A radio button ("Bot speed") or a checkbox takes no digits: after one is clicked the
    number keys still play the hand (they did nothing until the page was clicked)."""
    context = context_for(browser, "desktop")
    page = context.new_page()
    new_game(page, site_url)
    page.click("[data-pace-control] input[value='normal']")
    assert page.evaluate("document.activeElement.type") == "radio"
    before = page.locator(".hand button[name=card]").count()
    page.keyboard.press("1")
    page.wait_for_function(
        f"() => document.querySelectorAll('.hand button[name=card]:not(.is-playing)').length"
        f" < {before}"
    )
    context.close()


TURN_SAMPLER = """() => {
  window.__turnFrames = [];
  const tick = () => {
    const board = document.querySelector("[data-table]");
    if (board && document.querySelector(".flying-card")) {
      const turn = Array.from(board.querySelectorAll("[data-seat].is-turn"))
        .map((s) => s.dataset.seat);
      const flags = Array.from(board.querySelectorAll("[data-turn-flag]"))
        .filter((f) => f.checkVisibility({ visibilityProperty: true }))
        .map((f) => f.closest("[data-seat]").dataset.seat);
      window.__turnFrames.push({ turn, flags, attr: board.getAttribute("data-turn") });
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}"""


PLAY_MARKS = """() => {
  window.__marks = [];
  const mark = (seat, captured) => window.__marks.push([seat, performance.now(), captured]);
  document.addEventListener("pisti:step", (e) => mark(e.detail.seat, e.detail.captured || 0));
  document.addEventListener("pisti:steps-done", () => mark(-1, 0));
}"""


def timed_turns(page, turns: int) -> tuple[list[float], list[float]]:
    """Play ``turns`` turns; returns each whole turn's time (your card and the bots' three
    plays, click to idle) and each bot's plain lay-down (a card that takes nothing, from it
    to the next bot's card), in ms. Only like is compared with like: a capture holds for the
    look and the sweep, and the gap to your own next card is Playwright's, not the pace's
    (mixing them once made the medians of six plays differ by chance)."""
    page.evaluate(PLAY_MARKS)
    whole = []
    for _ in range(turns):
        button = page.locator(".hand:not([disabled]) button[name=card]").first
        started = page.evaluate("performance.now()")
        button.click()
        wait_idle(page)
        whole.append(page.evaluate("performance.now()") - started)
    marks = page.evaluate("window.__marks")
    plays = [
        b[1] - a[1]
        for a, b in zip(marks, marks[1:], strict=False)
        if a[0] > 0 and b[0] > 0 and not a[2]
    ]
    return whole, plays


@pytest.mark.parametrize("kind", ["desktop", "phone"])
def test_the_turn_flag_and_the_highlighted_seat_agree_in_every_frame(browser, site_url, kind):
    """While the bots' cards fly, every frame shows one seat highlighted, its flag and no
    other, and the board's data-turn names the same seat. The fast pace plays each bot's
    plain play in under two thirds of the normal pace's time and a 2 vs 2 turn in under four
    fifths, measured in the
    same run on the same machine (a wall-clock limit would measure the machine's load:
    at fast a whole turn took 1.1-1.5 s with the other core busy, 1.16 s without)."""
    context = context_for(browser, kind, pace="normal")
    page = context.new_page()
    new_game(page, site_url, "2v2")
    page.evaluate(TURN_SAMPLER)
    normal_turns, normal_plays = timed_turns(page, 3)
    frames = page.evaluate("window.__turnFrames")
    assert len(frames) > 20
    for frame in frames:
        assert len(frame["turn"]) == 1 and frame["flags"] == frame["turn"], frame
        assert frame["attr"] == frame["turn"][0], frame
    seats = {frame["turn"][0] for frame in frames}
    assert seats >= {"1", "2", "3"}  # the turn went round the table during the plays
    context.close()

    context = context_for(browser, kind, pace="fast")
    page = context.new_page()
    new_game(page, site_url, "2v2")
    fast_turns, fast_plays = timed_turns(page, 3)
    assert normal_plays and fast_plays
    median = statistics.median
    assert median(fast_plays) < 0.66 * median(normal_plays), (fast_plays, normal_plays)
    # A whole turn also holds the server's answer (the same at both paces) and each deal's
    # own captures (the look and the sweep): the deals differ, so the whole turn is held to a
    # looser bound than the like-for-like plays (0.665 of normal once failed 0.66 in CI).
    assert median(fast_turns) < 0.8 * median(normal_turns), (fast_turns, normal_turns)
    context.close()


PLAY_URL = re.compile(r".*/play/$")


def hold_the_answers(page, seconds=0.8):
    """The server's answer to each move arrives ``seconds`` late (a slow network)."""
    import time

    def slow(route):
        time.sleep(seconds)
        route.continue_()

    page.route(PLAY_URL, slow)


def test_your_card_leaves_at_once_and_a_refused_one_comes_back(browser, site_url):
    """The flight starts on the click, before the server answers (held here for 800 ms),
    and the turn leaves your seat with it and the status line names the card; a card the
    server refuses (a stale version)
    returns to the hand with the reason, and the turn comes back to you."""
    context = context_for(browser, "desktop", pace="normal")
    page = context.new_page()
    new_game(page, site_url)
    hold_the_answers(page)
    page.evaluate("""() => {
      window.__flightAt = null; window.__answerAt = null; window.__turnLeftAt = null;
      window.__statusAt = null;
      const send = window.fetch;
      window.fetch = (...args) => send(...args).then((answer) => {
        if (window.__answerAt === null) window.__answerAt = performance.now();
        return answer;
      });
      const watch = () => {
        if (window.__flightAt === null && document.querySelector(".flying-card[data-seat='0']"))
          window.__flightAt = performance.now();
        const seat = document.querySelector("[data-table] .seat.is-turn");
        if (window.__turnLeftAt === null && (!seat || seat.dataset.seat !== "0"))
          window.__turnLeftAt = performance.now();
        if (window.__statusAt === null &&
            document.querySelector("[data-status]").textContent.startsWith("You: "))
          window.__statusAt = performance.now();
        requestAnimationFrame(watch);
      };
      requestAnimationFrame(watch);
    }""")
    page.locator(".hand:not([disabled]) button[name=card]").first.click()
    wait_idle(page)
    flight, answer, turn_left, told = page.evaluate(
        "[window.__flightAt, window.__answerAt, window.__turnLeftAt, window.__statusAt]"
    )
    assert told is not None and told < answer  # "You: four of hearts" before the answer
    assert flight is not None and answer is not None and flight < answer  # before, not after
    assert turn_left is not None and turn_left < answer
    page.unroute(PLAY_URL)

    before = page.locator("[data-pile] .pile-card").count()
    page.evaluate("document.querySelector('[data-hand-form] [name=version]').value = '99999'")
    card = page.locator(".hand:not([disabled]) button[name=card]").first
    name = card.get_attribute("value")
    card.click()
    wait_idle(page)
    back = page.locator(f".hand button[name=card][value='{name}']")
    assert back.is_visible() and "is-playing" not in (back.get_attribute("class") or "")
    assert page.locator("[data-pile] .pile-card").count() == before
    status = page.locator("[data-status]")
    assert "is-error" in status.get_attribute("class") and status.inner_text()
    assert page.get_attribute("[data-table]", "data-turn") == "0"
    assert page.locator("[data-table] .seat.is-turn").get_attribute("data-seat") == "0"
    context.close()


def test_a_lost_connection_is_told_once_in_the_site_words_until_it_is_back(browser, site_url):
    """A move that cannot reach the server comes back with the page's own sentence (not
    the browser's "Failed to fetch"), once, in the table's status line (no second alert
    over the hand); the line it replaced comes back with the connection."""
    context = context_for(browser, "phone", pace="fast")
    page = context.new_page()
    new_game(page, site_url)
    before = page.inner_text("[data-status]")
    page.route(PLAY_URL, lambda route: route.abort("internetdisconnected"))
    page.locator(".hand:not([disabled]) button[name=card]").first.click()
    failed = page.get_attribute("[data-practice]", "data-failed-label")
    page.wait_for_function(
        "(text) => document.querySelector('[data-status]').textContent === text", arg=failed
    )
    wait_idle(page)
    assert page.locator("[data-fetch-error]").count() == 0
    assert "fetch" not in page.inner_text("[data-status]").lower()
    page.unroute(PLAY_URL)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    assert page.inner_text("[data-status]") == before
    assert "is-error" not in page.get_attribute("[data-status]", "class")
    page.locator(".hand:not([disabled]) button[name=card]").first.click()
    wait_idle(page)
    assert page.locator(".hand button[name=card]").count() == 3
    context.close()


SEAT_OVERFLOW = """() => Array.from(document.querySelectorAll('.seat')).flatMap((seat) => {
  const box = seat.getBoundingClientRect();
  return Array.from(seat.querySelectorAll('.seat-label, .seat-name, .seat-level'))
    .filter((el) => {
      const r = el.getBoundingClientRect();
      return r.width && (r.left < box.left - 1 || r.right > box.right + 1
        || el.scrollWidth > el.clientWidth + 1);
    })
    .map((el) => el.textContent.trim());
}).concat(Array.from(document.querySelectorAll('.strip-name'))
  .filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent))"""


@pytest.mark.parametrize(
    ("language", "table"), [("en", "2v2"), ("tr", "2v2"), ("de", "4"), ("ru", "2v2"), ("ru", "3")]
)
def test_seat_labels_and_the_score_strip_fit_a_phone(browser, site_url, language, table):
    """Every seat's name and level stay inside its box, and no side's name is cut on the
    score strip, on a 390 px phone in every language (Russian's are the longest)."""
    context = context_for(browser, "phone")
    page = context.new_page()
    page.goto(f"{site_url}/{language}/practice/")
    page.click(".settings-fold summary")
    page.check(f"input[name=table][value='{table}']")
    page.click("form[data-new-game] button[type=submit]")
    page.wait_for_selector("[data-practice] [data-table]")
    assert page.evaluate(SEAT_OVERFLOW) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    context.close()


COUNT_SAMPLER = """() => {
  window.__counts = [];
  const tick = () => {
    if (document.querySelector(".flying-card")) {
      document.querySelectorAll("[data-table] [data-seat]").forEach((seat) => {
        const label = seat.querySelector("[data-seat-count]");
        if (!label) return;
        const backs = seat.querySelectorAll("[data-seat-hand] .card:not(.is-gone)").length;
        window.__counts.push([label.textContent, backs]);
      });
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}"""


@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_seats_card_count_follows_its_backs_while_cards_fly(browser, site_url, language):
    """The "3 cards" under a bot's hand changes as its card leaves, never lagging behind
    the backs drawn above it."""
    context = context_for(browser, "desktop", pace="normal")
    page = context.new_page()
    new_game(page, site_url, "2v2", language=language)
    page.evaluate(COUNT_SAMPLER)
    play_first_cards(page, 2)
    samples = page.evaluate("window.__counts")
    assert len(samples) > 20
    for text, backs in samples:
        assert int(re.search(r"\d+", text).group()) == backs, (text, backs)
    context.close()


def test_the_deals_last_card_hands_the_turn_to_nobody(browser, site_url):
    """In a deal you deal, your card is the deal's last: from its flight on no seat is
    flagged "to play" (your opponent's seat was, over its 0 cards, through the leftover's
    sweep and the "deal over" banner, until the summary came: review 7)."""
    context = context_for(browser, "desktop")
    page = context.new_page()
    page.emulate_media(reduced_motion="reduce")  # the first deal, quickly
    page.goto(f"{site_url}/en/practice/")
    page.click(".settings-fold summary")
    page.check("input[name=level][value='beginner']")
    page.click("[data-house-rules] > summary")
    page.fill("[name=max_deals]", "2")
    page.click("form[data-new-game] button[type=submit]")
    page.wait_for_selector("[data-practice] [data-table]")
    while not page.locator("[data-next-deal]").count():
        page.locator(".hand:not([disabled]) button[name=card]").first.click()
        wait_idle(page)
    page.emulate_media(reduced_motion="no-preference")
    page.click("[data-next-deal]")
    wait_idle(page)
    page.evaluate(EMPTY_TURN_WATCHER)
    plays = 0
    while not page.locator(".deal-end").count():
        page.locator(".hand:not([disabled]) button[name=card]").first.click()
        wait_idle(page)
        plays += 1
    assert plays == 24
    # the opponent led, so your 24th card was the deal's last
    assert page.locator("[data-log] li").first.inner_text().startswith("Your opponent:")
    assert page.evaluate("window.__emptyTurns") == []
    context.close()


def test_a_bot_opening_the_next_deal_is_logged_once(browser, site_url):
    """The plays of a new deal that bots open are logged once as they land (the new deal's
    log is not drawn from the server first and then added to), and the Hint button is off
    under them (it was live, drawn from the answer's board before their cards)."""
    context = context_for(browser, "desktop")
    page = context.new_page()
    page.goto(f"{site_url}/en/practice/")
    page.click(".settings-fold summary")
    page.check("input[name=level][value='beginner']")
    page.check("input[name=table][value='2v2']")
    page.click("[data-house-rules] > summary")
    page.fill("[name=max_deals]", "3")
    page.click("form[data-new-game] button[type=submit]")
    page.wait_for_selector("[data-practice] [data-table]")
    page.evaluate("""() => {
      window.__logs = [];
      window.__hintLive = 0;  // bots' plays with the Hint button live under them
      document.addEventListener("pisti:step", () => {
        window.__logs.push(
          Array.from(document.querySelectorAll("[data-log] li"), (li) => li.textContent));
        const hint = document.querySelector("[data-hint] button");
        if (hint && !hint.disabled) window.__hintLive += 1;
      });
    }""")
    opened = 0
    for _ in range(80):
        if page.locator("[data-next-deal]").count():
            page.evaluate("window.__logs = []")
            page.click("[data-next-deal]")
            wait_idle(page)
            logs = page.evaluate("window.__logs")
            opened += bool(logs)
            for lines in logs:  # at every play: each line of the new deal once
                assert len(lines) == len(set(lines)), lines
            if opened and page.locator(".deal-end .winner").count() == 0:
                break
        elif page.locator(".deal-end .winner").count():
            break
        else:
            page.locator(".hand:not([disabled]) button[name=card]").first.click()
            wait_idle(page)
    assert opened, "no bot opened a deal"
    assert page.evaluate("window.__hintLive") == 0  # no hint asked for in their turns
    context.close()


def test_the_hand_closes_up_as_your_card_leaves(browser, site_url):
    """No gap is left where a card was: the cards left slide together while it flies (the
    server's answer held back 800 ms here), renumbered 1, 2, 3, and the next board agrees."""
    context = context_for(browser, "desktop", pace="slow")
    page = context.new_page()
    new_game(page, site_url)
    hold_the_answers(page)
    hand = ".hand button[name=card]:not(.is-playing)"
    page.locator(".hand:not([disabled]) button[name=card]").nth(1).click()
    page.wait_for_timeout(650)  # the slow flight is 600 ms; the server has not answered
    played = page.locator(".hand button.is-playing").bounding_box()
    assert played is None or played["width"] < 2
    boxes = [page.locator(hand).nth(i).bounding_box() for i in range(3)]
    gaps = [b["x"] - (a["x"] + a["width"]) for a, b in zip(boxes, boxes[1:], strict=False)]
    assert max(gaps) - min(gaps) < 2, gaps  # evenly spaced: no hole in the middle
    assert page.locator(f"{hand} .card-key").all_inner_texts() == ["1", "2", "3"]
    wait_idle(page)
    page.unroute(PLAY_URL)
    after = [page.locator(hand).nth(i).bounding_box()["x"] for i in range(3)]
    assert max(abs(a["x"] - b) for a, b in zip(boxes, after, strict=True)) < 2  # no jump
    assert page.locator(".card-slot").count() == 0
    context.close()


@pytest.mark.parametrize("height", [844, 664])
def test_the_table_fills_a_phone_screen(browser, site_url, height):
    """On a phone the strip, the table and the Hint fill the screen below the header: the
    hand sits at the bottom near the thumb, not halfway down with empty page below."""
    context = browser.new_context(
        viewport={"width": 390, "height": height}, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    new_game(page, site_url)
    hint = page.locator(".hint-bar").bounding_box()
    hand = page.locator(".hand").bounding_box()
    assert height - 24 <= hint["y"] + hint["height"] <= height + 1
    assert hand["y"] + hand["height"] <= height - hint["height"]
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    context.close()


def test_the_status_line_says_your_turn_after_the_reply_that_hands_it_over(browser, site_url):
    """After the bot's reply the line tells the reply and then that the turn is yours (a
    new player read the reply alone as the table still busy)."""
    context = context_for(browser, "phone", pace="fast")
    page = context.new_page()
    new_game(page, site_url)
    page.locator(".hand:not([disabled]) button[name=card]").first.click()
    wait_idle(page)
    status = page.inner_text("[data-status]")
    assert status.startswith("Your opponent: ") and status.endswith(". Your turn."), status
    context.close()


def test_on_a_phone_a_hint_does_not_move_the_hand(browser, site_url):
    """The table fills the phone's height above the Hint bar: a two-line hint arriving moved
    the hand up by 50 px under the player's thumb. The bar keeps that room from the start."""
    context = context_for(browser, "phone")
    page = context.new_page()
    new_game(page, site_url)
    page.wait_for_selector(".hand:not([disabled]) button[name=card]")
    wait_idle(page)
    card = page.locator(".hand button[name=card]").first
    before = card.bounding_box()["y"]
    # a hint long enough to run below the screen's edge, whatever this deal's hint says
    # (scrolling to its last line once moved the hand 10 px in CI)
    page.route(
        "**/hint/",
        lambda route: route.fulfill(
            json={"hint": "A hint as long as a long one in Russian or German. " * 4}
        ),
    )
    page.click("form[data-hint] button")
    output = page.wait_for_selector("[data-hint-output]:not(:empty)")
    assert output.bounding_box()["height"] > 30  # two lines, in its gold box
    assert abs(card.bounding_box()["y"] - before) < 2
    # whatever a browser's fonts make of a hint: four lines do not move the hand either
    output.evaluate("(el) => { el.textContent = el.textContent.repeat(3); }")
    assert output.bounding_box()["height"] > 80
    assert abs(card.bounding_box()["y"] - before) < 2
    context.close()


BURST_WATCHER = """() => {
  // each "PİŞTİ!" burst: where it stood, and how long it was on the page (gone with its
  // parent or by itself)
  window.__bursts = [];
  window.__flash = { sparks: 0, rings: 0 };  // the ring and sparks under the words
  new MutationObserver((changes) => changes.forEach((change) => {
    change.addedNodes.forEach((node) => {
      if (node.classList && node.classList.contains("pisti-spark")) window.__flash.sparks += 1;
      if (node.classList && node.classList.contains("pisti-ring")) window.__flash.rings += 1;
      if (!node.classList || !node.classList.contains("pisti-burst")) return;
      const box = node.getBoundingClientRect();
      const pile = document.querySelector("[data-pile]").getBoundingClientRect();
      const style = getComputedStyle(node);
      const burst = { added: performance.now(), removed: null,
        ours: node.classList.contains("is-ours"),
        colour: style.color, background: style.backgroundColor,
        centre: [box.left + box.width / 2, box.top + box.height / 2],
        pile: [pile.left, pile.top, pile.right, pile.bottom] };
      window.__bursts.push(burst);
      const look = () => {
        if (node.isConnected) requestAnimationFrame(look);
        else burst.removed = performance.now();
      };
      requestAnimationFrame(look);
    });
  })).observe(document.body, { subtree: true, childList: true });
}"""


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_a_pisti_burst_stands_over_the_pile_its_whole_time(browser, site_url, device):
    """The lesson's pişti at fast: "PİŞTİ!" stands over the pile (it stood between the
    stock and the pile), and lasts its whole 1.5 s though the table is drawn anew after
    the play (it was drawn inside the board, and went with it within 0.5 s)."""
    from tutorial.content_loader import read_lessons

    lesson = next(les for les in read_lessons()["lessons"] if les["slug"] == "pisti")
    context = context_for(browser, device)
    page = context.new_page()
    page.goto(f"{site_url}/en/tutorial/{lesson['slug']}/")
    page.evaluate(BURST_WATCHER)
    for step in lesson["steps"]:
        if step["kind"] == "play":
            page.click(f"button[name=card][value='{step['solution']}']")
            page.wait_for_selector(".feedback-right")
            break
        page.click("button[data-next]")
        page.wait_for_function(
            "() => !document.querySelector('[data-tutorial]').hasAttribute('aria-busy')"
        )
    page.wait_for_function("() => window.__bursts.length && window.__bursts[0].removed")
    (burst,) = page.evaluate("window.__bursts")
    left, top, right, bottom = burst["pile"]
    x, y = burst["centre"]
    assert left <= x <= right and top <= y <= bottom, burst
    assert burst["removed"] - burst["added"] >= 1400, burst
    # gold on your side's blue: it was the page's dark ink on red, about 1.6 : 1
    assert burst["ours"] and burst["colour"] == "rgb(255, 213, 79)", burst
    assert burst["background"] == "rgb(18, 61, 138)", burst
    # a ring and a dozen sparks flash under it, and are gone with it
    assert page.evaluate("window.__flash") == {"sparks": 12, "rings": 1}
    assert page.locator(".pisti-spark, .pisti-ring").count() == 0
    context.close()


DEAL_WATCHER = """() => {
  window.__dealt = { most: 0, nearStock: 0, frames: 0 };
  const tick = () => {
    const copies = document.querySelectorAll(".deal-card");
    const stock = document.querySelector("[data-stock]");
    if (copies.length && stock) {
      window.__dealt.frames += 1;
      window.__dealt.most = Math.max(window.__dealt.most, copies.length);
      const s = stock.getBoundingClientRect();
      const c = copies[copies.length - 1].getBoundingClientRect();
      if (Math.abs(c.top - s.top) < s.height) window.__dealt.nearStock += 1;
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}"""


def test_a_fresh_hand_is_dealt_in_from_the_stock(browser, site_url):
    """The next round's four cards come from the stock one after another (the hand appeared
    all at once: review 7); the cards themselves stay put, pressable, and no copy is left
    behind. With reduced motion nothing flies."""
    context = context_for(browser, "phone", pace="normal")
    page = context.new_page()
    new_game(page, site_url)
    page.evaluate(DEAL_WATCHER)
    play_first_cards(page, 4)  # the round's last card: a new hand comes
    page.wait_for_function("() => !document.querySelector('.deal-card')")
    dealt = page.evaluate("window.__dealt")
    assert dealt["most"] == 4 and dealt["nearStock"] >= 1 and dealt["frames"] > 5, dealt
    assert page.locator(".hand button[name=card]").count() == 4
    context.close()
    context = context_for(browser, "phone", pace="normal", reduced_motion="reduce")
    page = context.new_page()
    new_game(page, site_url)
    page.evaluate(DEAL_WATCHER)
    play_first_cards(page, 4)
    page.wait_for_timeout(600)
    assert page.evaluate("window.__dealt")["frames"] == 0
    context.close()
