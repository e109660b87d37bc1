"""A puzzle in a real browser on a phone: a wrong card, another try, the solution."""

import json
from pathlib import Path

import pytest

from .conftest import serious_violations
from .test_table_browser import shoot

pytestmark = pytest.mark.browser

PUZZLES = json.loads(
    (Path(__file__).resolve().parents[2] / "puzzles" / "content" / "puzzles.json").read_text()
)


def test_a_wrong_card_another_try_and_the_solution_on_a_phone(phone, site_url):
    puzzle = next(p for p in PUZZLES if len(p["view"]["hand"]) >= 3 and p["view"]["seat"] != 0)
    wrong = [card for card in puzzle["view"]["hand"] if card != puzzle["answer"]]
    phone.goto(f"{site_url}/en/puzzles/{puzzle['number']}/")
    bottom = phone.locator(".seat-bottom")
    assert "You" in bottom.inner_text() and "is-turn" in bottom.get_attribute("class")
    phone.click(f"button[name=card][value='{wrong[0]}']")
    retry = phone.wait_for_selector("[data-puzzle-retry]")
    assert "loses about" in retry.inner_text() and retry.is_visible()
    assert phone.locator("[data-puzzle-solution]").count() == 0
    shoot(phone, "puzzle-retry-phone")
    phone.click(f"button[name=card][value='{wrong[1]}']")  # the hand still plays
    phone.wait_for_selector("[data-puzzle-retry]")
    phone.click("[data-show-solution]")
    solution = phone.wait_for_selector("[data-puzzle-solution]")
    assert "The solution" in solution.inner_text()
    assert phone.locator("button[name=card]").count() == 0
    # the line: the answer, then the others' real replies, in words and on the table
    line = puzzle["line"]
    told = phone.locator("[data-line] li").count()
    assert told == len(line["plays"]) + (1 if line["leftover"] else 0) >= 2
    # the line plays once by itself when the solution has just been asked for
    phone.wait_for_function(
        "() => document.querySelector('[data-play-line]').textContent.includes('again')",
        timeout=30_000,
    )
    assert not phone.locator(f"[data-puzzle] .hand [data-card='{puzzle['answer']}']").is_visible()
    assert "#solution" not in phone.url  # a reload shows the position, not the line again
    last_text = phone.locator("[data-line] li").last.inner_text()
    assert last_text in phone.locator("[data-puzzle]").inner_text()  # its status line
    phone.click("[data-play-line]")  # and again at the button's press: from the position
    assert phone.locator(f"[data-puzzle] .hand [data-card='{puzzle['answer']}']").count() == 1
    phone.wait_for_function(
        "text => document.querySelector('[data-puzzle]').innerText.includes(text)",
        arg=last_text,
        timeout=30_000,
    )
    # the line of the first card chosen plays on the same table, from the position
    chosen = phone.locator("[data-chosen-line] [data-play-line]")
    chosen_last = phone.locator("[data-chosen-line] li").last.inner_text()
    assert phone.locator("[data-chosen-line] li").count() == len(
        puzzle["other_lines"][wrong[0]]["plays"]
    ) + bool(puzzle["other_lines"][wrong[0]]["leftover"])
    chosen.click()  # once the line playing is over: the buttons wait for it
    assert phone.locator(f"[data-puzzle] .hand [data-card='{wrong[0]}']").count() == 1
    phone.wait_for_function(
        "() => document.querySelector('[data-chosen-line] [data-play-line]')"
        ".textContent.includes('again')",
        timeout=30_000,
    )
    assert chosen_last in phone.locator("[data-puzzle]").inner_text()
    assert not phone.locator(f"[data-puzzle] .hand [data-card='{wrong[0]}']").is_visible()
    assert phone.evaluate("document.documentElement.scrollWidth") <= 375
    shoot(phone, "puzzle-solution-phone")
    assert serious_violations(phone) == []


def test_a_solution_line_steps_one_play_at_a_time_forwards_and_back(phone, site_url):
    """The line's ◀ ▶ (and the arrow keys) show one play more or less: the counter, the
    play marked in the list and the table's status line agree, and stepping back to the
    start puts the answer back in the hand."""
    puzzle = next(
        p
        for p in PUZZLES
        if len(p["line"]["plays"]) >= 3 and not p["line"]["leftover"] and len(p["view"]["hand"]) > 1
    )
    answer, count = puzzle["answer"], len(puzzle["line"]["plays"])
    wrong = next(card for card in puzzle["view"]["hand"] if card != answer)
    phone.goto(f"{site_url}/en/puzzles/{puzzle['number']}/")
    phone.click(f"button[name=card][value='{wrong}']")
    phone.click("[data-show-solution]")
    # while the line plays by itself the stepper is there already, off, counting the plays
    early = phone.wait_for_function(
        "() => { const s = document.querySelector('[data-line-stepper]');"
        " const c = s && document.querySelector('[data-step-count]');"
        " return s && !s.hidden && c.textContent.startsWith('Play 1 of')"
        " && s.querySelector('[data-step=\"1\"]').disabled && c.textContent; }",
        timeout=30_000,
    ).json_value()
    assert early == f"Play 1 of {count}"
    phone.wait_for_function(
        "() => document.querySelector('[data-play-line]').textContent.includes('again')",
        timeout=30_000,
    )
    stepper = phone.locator("[data-line-stepper]")  # under the table
    assert stepper.locator("[data-step-count]").inner_text() == f"Play {count} of {count}"
    assert stepper.locator("[data-step='1']").is_disabled()
    items = phone.locator("[data-line] li")

    def at(n):
        phone.wait_for_function(
            "t => document.querySelector('[data-step-count]').textContent === t"
            " && !document.querySelector('[data-line-stepper] [data-step=\"-1\"]').disabled"
            " === (t[5] !== '0')",
            arg=f"Play {n} of {count}",
            timeout=15_000,
        )
        marked = [
            i for i in range(count) if "is-current" in (items.nth(i).get_attribute("class") or "")
        ]
        assert marked == ([n - 1] if n else []), (n, marked)
        if n:
            assert (
                items.nth(n - 1).inner_text()
                in phone.locator("[data-puzzle] .table-status, [data-puzzle]").first.inner_text()
            )

    for n in range(count - 1, -1, -1):  # back to the position, one play at a time
        stepper.locator("[data-step='-1']").click()
        at(n)
    assert phone.locator(f"[data-puzzle] .hand [data-card='{answer}']").is_visible()
    stepper.locator("[data-step='1']").click()
    at(1)
    assert not phone.locator(f"[data-puzzle] .hand [data-card='{answer}']").is_visible()
    phone.keyboard.press("ArrowRight")
    at(2)
    phone.keyboard.press("ArrowLeft")
    at(1)
    items.nth(count - 1).click()  # a play in the list goes to it
    at(count)
    # the controls sit right under the table, so the cards and the buttons are seen together
    table = phone.locator("[data-puzzle]").bounding_box()
    controls = stepper.bounding_box()
    assert 0 <= controls["y"] - (table["y"] + table["height"]) < 40, (table, controls)


def test_a_streak_and_a_timed_run_on_a_phone(phone, site_url):
    """A streak: two right cards, then a wrong one ends it with the solution and the best
    kept; a timed run counts down on the page and moves on after a miss."""
    answers = {p["number"]: p for p in PUZZLES}

    def current():
        return answers[int(phone.input_value("[data-puzzle] input[name=number]"))]

    phone.goto(f"{site_url}/en/puzzles/run/streak/")
    phone.click("[data-run-start]")
    for solved in (1, 2):
        phone.click(f"[data-puzzle] button[name=card][value='{current()['answer']}']")
        phone.wait_for_selector(f"[data-run-status]:has-text('Streak: {solved} in a row')")
    puzzle = current()
    wrong = next(card for card in puzzle["view"]["hand"] if card != puzzle["answer"])
    phone.click(f"[data-puzzle] button[name=card][value='{wrong}']")
    over = phone.wait_for_selector("[data-run-over]")
    assert "Your streak: 2 puzzles in a row." in over.inner_text()
    assert "Your best: 2." in over.inner_text()
    assert phone.evaluate("document.documentElement.scrollWidth") <= 375
    shoot(phone, "puzzle-streak-over-phone")

    phone.goto(f"{site_url}/en/puzzles/run/timed/")
    phone.click("[data-run-start]")
    left = phone.locator("[data-seconds-left]")
    first = int(left.inner_text().split()[0])
    phone.wait_for_function(
        "first => parseInt(document.querySelector('[data-seconds-left]').textContent) < first",
        arg=first,
        timeout=5000,
    )
    puzzle = current()
    wrong = next(card for card in puzzle["view"]["hand"] if card != puzzle["answer"])
    phone.click(f"[data-puzzle] button[name=card][value='{wrong}']")
    phone.wait_for_selector("[data-run-missed]")
    assert current()["number"] != puzzle["number"]  # moved on
    shoot(phone, "puzzle-timed-phone")


@pytest.mark.parametrize("width", [375, 390])
def test_a_hand_of_four_stays_inside_the_tables_frame_on_a_phone(browser, site_url, width):
    """A puzzle's table sits in the page's text column: its four cards overran the frame."""
    puzzle = next(p for p in PUZZLES if len(p["view"]["hand"]) == 4)
    page = browser.new_page(viewport={"width": width, "height": 844})
    page.goto(f"{site_url}/en/puzzles/{puzzle['number']}/")
    frame = page.locator("[data-table]").bounding_box()
    border = 5  # the felt's wooden rim
    for box in (c.bounding_box() for c in page.locator(".hand button[name=card]").all()):
        assert box["x"] >= frame["x"] + border
        assert box["x"] + box["width"] <= frame["x"] + frame["width"] - border
    page.close()


@pytest.mark.parametrize("width", [390, 1366])
def test_a_four_player_puzzle_seats_everyone_where_their_label_says(browser, site_url, width):
    """Left on the left, right on the right, you at the bottom, after an answer too (a
    stray page rule once laid the felt out as a row: "Right player" sat under "Left")."""
    puzzle = next(p for p in PUZZLES if p["view"]["players"] == 4)
    page = browser.new_page(viewport={"width": width, "height": 900})
    page.goto(f"{site_url}/en/puzzles/{puzzle['number']}/")

    def seat_boxes():
        """The four seats' boxes read in one frame, once each is on screen: after an answer
        the line redraws the table from the position (a seat read in between had no box),
        and the page may still be scrolling to the verdict (seats read one by one came from
        different scroll positions)."""
        for side in ("left", "top", "right", "bottom"):
            page.locator(f"[data-puzzle] .seat-{side}").wait_for(state="visible")
        return page.evaluate(
            "() => Object.fromEntries(['left', 'top', 'right', 'bottom'].map((side) => {"
            " const r = document.querySelector(`[data-puzzle] .seat-${side}`)"
            ".getBoundingClientRect();"
            " return [side, { x: r.x, y: r.y, width: r.width, height: r.height }]; }))"
        )

    for answered in (False, True):
        box = seat_boxes()
        centre = {side: b["x"] + b["width"] / 2 for side, b in box.items()}
        assert centre["left"] < centre["top"] < centre["right"], (answered, box)
        assert box["bottom"]["y"] > box["top"]["y"] + box["top"]["height"], (answered, box)
        if not answered:
            page.click(f"button[name=card][value='{puzzle['answer']}']")
            page.wait_for_selector("[data-puzzle-solution]")
            page.wait_for_function(  # the line has played to its end
                "() => document.querySelector('[data-play-line]').textContent.includes('again')",
                timeout=30_000,
            )
    page.close()


def test_the_last_capture_so_far_stands_under_the_position_not_under_a_line(phone, site_url):
    """In the last round the note "so far … made the last capture" is about the position:
    it goes while the line plays (it stood under a table where the other side had just
    taken the cards left) and comes back when the line is stepped back to its start."""
    puzzle = next(
        p
        for p in PUZZLES
        if not p["view"]["stock"]
        and p["view"]["last_capture_side"] is not None
        and len(p["line"]["plays"]) >= 2
    )
    phone.goto(f"{site_url}/en/puzzles/{puzzle['number']}/")
    note = phone.locator("[data-last-capture]")
    assert note.is_visible()
    phone.click(f"button[name=card][value='{puzzle['answer']}']")
    phone.wait_for_function(
        "() => document.querySelector('[data-play-line]').textContent.includes('again')",
        timeout=30_000,
    )
    assert not note.is_visible()
    for _play in puzzle["line"]["plays"] + ([1] if puzzle["line"]["leftover"] else []):
        phone.locator("[data-line-stepper] [data-step='-1']").click()
        phone.wait_for_function(
            "() => !document.querySelector('[data-line-stepper] [data-step=\"1\"]').disabled"
        )
    phone.wait_for_function("() => !document.querySelector('[data-last-capture]').hidden")
