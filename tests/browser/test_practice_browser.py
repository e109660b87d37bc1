"""Practice games in a real browser: a whole match, 2 vs 2, help, review and record,
no JavaScript, accessibility, and two identical moves sent at once."""

import http.client
import json
import re
import subprocess
import sys
import threading
from pathlib import Path
from urllib.parse import urlparse

import pytest

from .conftest import FAST_PACE, serious_violations

pytestmark = pytest.mark.browser
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def calm_page(browser):
    """Reduced motion: nothing moves, every new table shows at once."""
    context = browser.new_context(reduced_motion="reduce", accept_downloads=True)
    page = context.new_page()
    yield page
    context.close()


def start(page, site_url, language="en", **fields):
    page.goto(f"{site_url}/{language}/practice/")
    if fields:
        page.click(".settings-fold summary")
    if set(fields) - {"level", "table"}:
        page.click("[data-house-rules] > summary")  # folded: most keep the usual rules
    for name, value in fields.items():
        if name in ("level", "table"):
            page.check(f"input[name={name}][value='{value}']")
        else:
            page.fill(f"[name={name}]", str(value))
    page.click("form[data-new-game] button[type=submit]")
    page.wait_for_selector("[data-practice]")


def play_until(page, selector, limit=400):
    for _ in range(limit):
        if page.locator(selector).count():
            return
        if page.locator("[data-next-deal]").count():
            page.click("[data-next-deal]")
        else:
            button = page.locator(".hand:not([disabled]) button[name=card]").first
            button.click()
        page.wait_for_function(
            "() => !document.querySelector('[data-practice]').hasAttribute('aria-busy')"
        )
    raise AssertionError(f"{selector} never appeared")


def test_a_whole_short_match_to_the_result(calm_page, site_url):
    start(calm_page, site_url, level="beginner", target=50)
    play_until(calm_page, ".deal-end .winner")
    deals = int(re.search(r"Deal (\d+)", calm_page.inner_text("[data-match-goal]")).group(1))
    assert calm_page.locator("svg.chart").count() == (1 if deals > 1 else 0)  # a line: 2 deals
    assert calm_page.locator("text=Play again").count() == 1


def test_a_two_against_two_deal(calm_page, site_url):
    start(calm_page, site_url, level="easy", table="2v2", max_deals=1)
    assert calm_page.locator(".seat").count() == 4
    assert "Your partner" in calm_page.locator(".seat-top").inner_text()
    play_until(calm_page, ".deal-end")
    assert "You and your partner" in calm_page.locator(".deal-end").inner_text()


def test_help_switches_and_hint(calm_page, site_url):
    start(calm_page, site_url, level="medium")
    calm_page.check("input[name=counter]")
    calm_page.wait_for_selector(".counter")
    calm_page.uncheck("input[name=highlight]")
    calm_page.wait_for_function("() => !document.querySelector('.card-button.captures')")
    # The switch posts and redraws the board; a hint asked before that lands would be wiped.
    calm_page.wait_for_function(
        "() => !document.querySelector('[data-practice]').hasAttribute('aria-busy')"
    )
    calm_page.click("form[data-hint] button")
    output = calm_page.wait_for_selector("[data-hint-output]:not(:empty)")
    assert "master" in output.inner_text().lower()


def test_review_and_record_replays(calm_page, site_url, tmp_path):
    start(calm_page, site_url, level="beginner", max_deals=1)
    play_until(calm_page, ".deal-end")
    points = [int(x) for x in calm_page.locator("[data-deal-points]").all_inner_texts()]
    with calm_page.expect_download() as download:
        calm_page.click("[data-record]")
    path = tmp_path / "deal.json"
    download.value.save_as(path)
    result = subprocess.run(
        [sys.executable, "-m", "pisti", "replay", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    assert [s["points"] for s in json.loads(result.stdout)["sides"]] == points
    calm_page.click("text=Review this deal move by move")
    assert calm_page.locator(".move-list li").count() == 48  # every play, by round
    assert calm_page.locator(".review-round").count() == 6
    assert calm_page.locator(".review-hand").count() == 1  # the opponent's hand, face up


def test_the_game_works_without_javascript(browser, site_url):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    start(page, site_url, level="beginner", max_deals=1)
    for _ in range(30):
        if page.locator(".deal-end").count():
            break
        page.locator(".hand button[name=card]").first.click()
    assert page.locator(".deal-end").count() == 1
    context.close()


@pytest.mark.parametrize("path", ["/en/practice/", "game"])
def test_no_serious_accessibility_violations(calm_page, site_url, path):
    if path == "game":
        start(calm_page, site_url, level="medium")
        calm_page.check("input[name=counter]")
        calm_page.wait_for_selector(".counter")
    else:
        calm_page.goto(site_url + path)
    assert serious_violations(calm_page) == []


def test_game_fits_a_phone(browser, site_url):
    context = browser.new_context(viewport={"width": 375, "height": 740}, is_mobile=True)
    page = context.new_page()
    start(page, site_url, level="easy", table="2v2")
    assert page.evaluate(
        "document.documentElement.scrollWidth <= document.documentElement.clientWidth"
    )
    context.close()


def test_two_identical_moves_at_once_apply_once(page, site_url):
    start(page, site_url, level="beginner")
    html = page.content()
    version = re.search(r'name="version" value="(\d+)"', html).group(1)
    card = re.search(r'name="card" value="(\w\w)"', html).group(1)
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html).group(1)
    cookies = "; ".join(f"{c['name']}={c['value']}" for c in page.context.cookies())
    target = urlparse(page.url)
    body = f"csrfmiddlewaretoken={token}&version={version}&card={card}"
    statuses = []
    barrier = threading.Barrier(2)

    def send():
        conn = http.client.HTTPConnection(target.hostname, target.port, timeout=30)
        barrier.wait()
        conn.request(
            "POST",
            target.path + "play/",
            body,
            {
                "Content-Type": "application/x-www-form-urlencoded",
                "Cookie": cookies,
                "Accept": "application/json",
                "Referer": page.url,
            },
        )
        statuses.append(conn.getresponse().status)

    threads = [threading.Thread(target=send) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(statuses) == [200, 409]
    page.reload()
    assert re.search(r'name="version" value="(\d+)"', page.content()).group(1) == str(
        int(version) + 1
    )


@pytest.mark.parametrize(
    ("language", "width", "height", "table"),
    [
        ("en", 390, 844, "1v1"),
        ("tr", 1366, 900, "2v2"),
        ("de", 390, 844, "2v2"),
        ("ru", 1366, 900, "1v1"),
    ],
)
def test_the_end_of_a_deal_names_its_winner_and_fits_the_screen(
    browser, site_url, language, width, height, table
):
    """The summary at 390x844 and 1366x900 in every language: the headline names the side with the
    most points (or a draw), each side's lines add up to its points, nothing scrolls sideways,
    and the full table is one tap away."""
    context = browser.new_context(
        viewport={"width": width, "height": height}, reduced_motion="reduce"
    )
    page = context.new_page()
    start(page, site_url, language, level="beginner", table=table, max_deals=2)
    play_until(page, ".deal-end")
    points = [int(p) for p in page.locator("[data-deal-points]").all_inner_texts()]
    headline = page.locator("[data-deal-winner] .deal-headline-text").inner_text()
    names = page.locator(".deal-side-name").all_inner_texts()
    # the points in the order of the columns under the line, yours first, each with its
    # side's name ("You 12 : 14 Your opponent": a bare "12 : 14" after "Ayşe won the deal"
    # read as Ayşe's 12)
    board = page.locator("[data-deal-winner] .deal-score")
    assert board.locator(".score-name").all_inner_texts() == names
    shown = " ".join(board.locator(".score-points").all_inner_texts())
    assert [int(n) for n in re.findall(r"\d+", shown)] == points
    if points.count(max(points)) == 1:
        # the reader's side (first) is told it won, with a star; any other winner is named
        won = points.index(max(points)) == 0
        assert page.locator("[data-deal-winner].is-won .win-star").count() == won
        if not won:
            # by name, or as "your opponents" mid-sentence (Turkish: "Eli rakiplerin kazandı")
            assert names[points.index(max(points))].lower() in headline.lower()
    for side, total in zip(page.locator(".deal-side").all(), points, strict=True):
        lines = side.locator(".score-line-points").all_inner_texts()
        assert sum(int(line.lstrip("+")) for line in lines) == total
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    # the same summary at the other size, in the same language
    other = (1366, 900) if width == 390 else (390, 844)
    page.set_viewport_size({"width": other[0], "height": other[1]})
    assert page.evaluate("document.documentElement.scrollWidth") <= other[0]
    assert page.locator("[data-deal-winner]").is_visible()
    page.set_viewport_size({"width": width, "height": height})
    assert not page.locator(".deal-breakdown .score-table").is_visible()
    page.click(".deal-breakdown summary")
    assert page.locator(".deal-breakdown .score-table").is_visible()
    # open, the breakdown still fits sideways and pushes the footer down, never under it
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    table_box = page.locator(".deal-breakdown .score-table").bounding_box()
    wrap_box = page.locator(".deal-breakdown .table-wrap").bounding_box()
    assert table_box["width"] <= wrap_box["width"] + 1
    end = page.locator(".deal-end").bounding_box()
    footer = page.locator("footer").first.bounding_box()
    assert footer["y"] >= end["y"] + end["height"] - 1
    context.close()


def test_a_card_clicked_while_the_bots_answer_lands_hurries_it_and_plays_nothing(browser, site_url):
    """A card clicked while your own card is still in flight is not played blind: the
    animations hurry and you then choose, having seen the bot's answer. The cards'
    "takes N" labels go the moment yours leaves."""
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    context.add_init_script(FAST_PACE.replace("fast", "slow"))
    page = context.new_page()
    start(page, site_url, level="beginner")
    playable = ".hand:not([disabled]) button[name=card]"
    page.wait_for_selector(playable)
    page.wait_for_function(
        "() => !document.querySelector('[data-practice]').hasAttribute('aria-busy')"
    )
    first, second = page.locator(playable).evaluate_all("bs => bs.slice(0, 2).map((b) => b.value)")
    page.click(f"{playable}[value='{first}']")
    assert page.locator("[data-hand] .takes:visible").count() == 0
    page.wait_for_timeout(50)  # the server is still answering: the page is busy
    assert page.evaluate("document.querySelector('[data-practice]').hasAttribute('aria-busy')")
    page.click(f"button[name=card][value='{second}']")
    page.wait_for_selector(f"button[name=card][value='{first}']", state="detached")
    page.wait_for_function(
        "() => !document.querySelector('[data-practice]').hasAttribute('aria-busy')"
    )
    page.wait_for_timeout(300)
    # one play of yours and the bot's answer; the second card is still in your hand
    assert page.locator("[data-log] li:not(.is-remark)").count() == 2
    assert page.locator(f"{playable}[value='{second}']").count() == 1
    context.close()


def test_house_rules_show_only_the_fields_of_the_chosen_way_to_win(calm_page, site_url):
    """A points target makes no sense for a match won on deals, and back: the field that
    does not apply is hidden while the other way is chosen (all show without scripts)."""
    page = calm_page
    page.goto(f"{site_url}/tr/practice/")
    page.click(".settings-fold summary")
    page.click("[data-house-rules] > summary")
    assert page.is_visible("[name=target]") and not page.is_visible("[name=deals_target]")
    page.select_option("[name=match_scoring]", "deals")
    assert page.is_visible("[name=deals_target]")
    assert not page.is_visible("[name=target]") and not page.is_visible("[name=target_tie]")
    page.fill("[name=deals_target]", "2")
    page.click("form[data-new-game] button[type=submit]")
    page.wait_for_selector("[data-practice]")
    # a match won on deals still counts each deal's points: every side's pill shows
    pills = page.locator("[data-strip-points]")
    assert pills.count() == 2
    assert all(pills.nth(index).is_visible() for index in range(2))


@pytest.mark.parametrize("width", [1366, 390])
def test_every_house_rule_choice_shows_whole_in_every_language(browser, site_url, width):
    """Each select of the house rules is wide enough for its longest choice, on a desktop
    and a phone, in every language (the Russian opening choice was cut on a desktop)."""
    page = browser.new_page(viewport={"width": width, "height": 900})
    for language in ("en", "tr", "de", "ru"):
        page.goto(f"{site_url}/{language}/practice/")
        page.click(".settings-fold summary")
        page.click("[data-house-rules] > summary")
        cut = page.evaluate(
            """() => {
              const cut = [];
              const ruler = document.createElement("canvas").getContext("2d");
              for (const select of document.querySelectorAll("[data-house-rules] select")) {
                const style = getComputedStyle(select);
                ruler.font = style.font;
                const room = select.clientWidth - parseFloat(style.paddingLeft)
                  - parseFloat(style.paddingRight) - 16;  // the arrow
                for (const option of select.options) {
                  if (ruler.measureText(option.text).width > room) cut.push(option.text);
                }
              }
              return cut;
            }"""
        )
        assert cut == [], (language, cut)
    page.close()


@pytest.mark.parametrize("language", ["en", "ru"])
def test_on_a_phone_the_pills_key_follows_your_own_pill(browser, site_url, language):
    """On a phone the key of the deal's points ("this deal") sits right after your own pill,
    on the sides' first line: at the line's end it wrapped alone and was hidden, which left
    "+3" unexplained. Every pill shows from the start, so the key always has its pill."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    page.goto(f"{site_url}/{language}/practice/")
    page.click("[data-play-now]")
    page.wait_for_selector("[data-practice]")
    legend = page.locator(".score-strip .strip-legend")
    pills = page.locator("[data-strip-points]")
    # from the first card on, every pill and the key show: "+0 this deal" says what the pills
    # will count (pills that came only with the first points read as "0 +15")
    assert legend.is_visible()
    assert [pills.nth(i).is_visible() for i in range(pills.count())] == [True] * pills.count()
    assert pills.nth(0).inner_text() == "+0"
    # as the board marks them when only the opponent has taken cards this deal
    page.evaluate(
        """() => document.querySelectorAll("[data-strip-points]").forEach((pill, index) => {
             pill.textContent = index ? "+3" : "+0"; pill.classList.toggle("is-zero", !index);
           })"""
    )
    assert legend.is_visible() and pills.nth(0).is_visible()
    own = pills.nth(0).bounding_box()
    key = legend.bounding_box()
    other = page.locator(".score-strip .strip-side").nth(1).bounding_box()
    assert abs(key["y"] + key["height"] - own["y"] - own["height"]) < 6  # one line
    assert own["x"] + own["width"] <= key["x"] < own["x"] + own["width"] + 16
    assert other["x"] >= key["x"] + key["width"]  # the opponent comes after the key
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    context.close()
