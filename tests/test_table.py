"""The shared card table on the server: the sprite, the seat layout, what a page may show,
the steps a move sends, "Play now" and the templates' CSP-friendliness."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from django.urls import reverse

from pisti import Rules, new_deal, view_for
from pisti.cards import CARD_NAMES, card_name
from pisti_site import card_sprite
from pisti_site.table import present_table
from pisti_site.table_html import render_table
from practice.models import Game
from practice.service import load_match
from practice.tests.helpers import start_game, version_of

ROOT = Path(__file__).resolve().parents[1]
SPRITE_REF = re.compile(r'cards\.svg#(\w+)"')


def test_the_committed_sprite_is_the_generated_one():
    assert card_sprite.SPRITE.read_text(encoding="utf-8") == card_sprite.sprite()
    symbols = re.findall(r'<symbol id="(\w\w)"', card_sprite.sprite())
    assert sorted(symbols) == sorted(CARD_NAMES)
    assert '<symbol id="back"' in card_sprite.sprite()


def test_two_against_two_puts_the_partner_opposite():
    state = new_deal(Rules(players=4, partnerships=True), rng=random.Random(1))
    table = present_table(state, 0, playable=False)
    positions = {seat["seat"]: seat["position"] for seat in table["seats"]}
    assert positions == {0: "bottom", 1: "left", 2: "top", 3: "right"}
    stacks = {seat["seat"]: seat["stack"]["side"] for seat in table["seats"]}
    assert stacks == {0: 0, 1: 1, 2: 0, 3: 1}  # partners both show their side's pile
    labels = [seat["stack"]["label"] for seat in table["seats"] if seat["stack"]["label"]]
    assert len(labels) == 2  # each side's pile told once to a screen reader
    assert [s["is_turn"] for s in table["seats"]].count(True) == 1
    # a screen reader hears each side's once: at your own seat for yours, the partner's is
    # "shared"; on screen both partners' piles carry the team's count, named whose it is
    told = {seat["seat"] for seat in table["seats"] if not seat["stack"]["shared"]}
    assert told == {0, 1}
    html = render_table(table)
    # each side's two copies in its colour (yours light, theirs red), the partner's copy the
    # count alone: two piles of backs read as the team holding twice the cards
    assert html.count('class="stack is-team is-ours') == 2
    assert html.count('class="stack is-team is-theirs') == 2
    assert html.count(" is-shared") == 2
    assert html.count(" is-by-seat") == 4  # each partner's piştis at its own seat
    # "Our cards 9" at you and your partner: "Team's cards 9" at both read as 9 each
    assert html.count('<span class="team-word">Our cards</span>') == 2
    assert html.count('<span class="team-word">Their cards</span>') == 2
    assert html.count("data-stack-count>") == 4
    one_on_one = present_table(new_deal(Rules(), rng=random.Random(1)), 0, playable=False)
    # one player's pile is named too ("Taken 7"): a bare number beside a pile of backs read
    # as the cards still to come
    plain = render_table(one_on_one)
    assert "Our cards" not in plain and "Their cards" not in plain
    assert plain.count('<span class="team-word">Taken</span>') == 2


def test_a_language_may_say_whose_team_pile_it_is_but_never_to_a_watcher():
    """Turkish "Takımın kâğıtları" at the opponents read as your own team's: there the words
    say whose ("Bizim kâğıtlar", "Rakiplerin kâğıtları"); a watcher, on no side, reads the
    plain words at all four seats."""
    from django.utils import translation

    state = new_deal(Rules(players=4, partnerships=True), rng=random.Random(1))
    with translation.override("tr"):
        player = render_table(present_table(state, 0, playable=False))
        watcher = render_table(present_table(state, 0, playable=False, show_hand=False))
    assert player.count(">Bizim kâğıtlar<") == 2
    assert player.count(">Rakiplerin kâğıtları<") == 2
    assert watcher.count(">Takımın kâğıtları<") == 4
    assert "Bizim" not in watcher and "Rakiplerin kâğıtları" not in watcher
    english = render_table(present_table(state, 0, playable=False, show_hand=False))
    assert english.count(">Team&#x27;s cards<") == 4 and "Our cards" not in english


def test_one_against_one_and_three_players():
    two = present_table(new_deal(Rules(), rng=random.Random(2)), 0, playable=True)
    assert [s["position"] for s in two["seats"]] == ["top", "bottom"]
    three = present_table(new_deal(Rules(players=3), rng=random.Random(2)), 0, playable=True)
    assert [s["position"] for s in three["seats"]] == ["left", "right", "bottom"]


def test_the_hand_closes_up_after_a_play():
    state = new_deal(Rules(), rng=random.Random(3), dealer=1)
    dealt = sorted(state.hands[0])
    state.play(dealt[1])
    table = present_table(state, 0, playable=False)
    assert [c["card"] for c in table["hand"]] == [dealt[0], *dealt[2:]]
    assert [c["number"] for c in table["hand"]] == [1, 2, 3]
    assert "card-slot" not in render_table(table)


def test_each_seat_shows_the_card_it_played_last_this_deal():
    """ "played Q♥" at every seat: its latest card of the deal, from the public
    history alone; the chip keeps its room (empty) before the seat's first play."""
    state = new_deal(Rules(players=4, partnerships=True), rng=random.Random(5))
    fresh = render_table(present_table(state, 0, playable=False))
    assert fresh.count('class="last-play is-none"') == 4  # every seat, yours too
    plays = []
    for _turn in range(6):  # a round and a half: seats 1 and 2 play twice
        seat, card = state.current_player, state.legal_plays()[0]
        plays.append((seat, card))
        state.play(card)
    latest = {seat: card for seat, card in plays}
    html = render_table(present_table(state, 0, playable=True))
    assert "is-none" not in html
    for seat in (0, 1, 2, 3):
        name = card_name(latest[seat])
        sign = ("10" if name[0] == "T" else name[0]) + {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}[
            name[1]
        ]
        section = html.split(f'data-seat="{seat}"')[1].split("</section>")[0]
        assert f">{sign}</span>" in section, (seat, sign)
        assert ("is-red" in section.split("last-play-card")[1][:12]) == (name[1] in "DH")
    # and what that card took, on a line under it, from the deal's events: only the deal's
    # latest capture says it (two seats' "took the pile" hid who had taken it last)
    stale_seen = False
    for seed in range(40):
        state = new_deal(Rules(players=4, partnerships=True), rng=random.Random(seed))
        while not state.is_over and not stale_seen:
            state.play(state.legal_plays()[0])
            last = {event.seat: event for event in state.events}
            captures = [event for event in state.events if event.captured]
            html = render_table(present_table(state, 0, playable=False))
            for seat, event in last.items():
                expected = "&nbsp;"
                if captures and event is captures[-1]:
                    expected = (
                        "pişti!"
                        if event.pisti
                        else "jack pişti!"
                        if event.jack_pisti
                        else "took the pile"
                    )
                section = html.split(f'data-seat="{seat}"')[1].split("</section>")[0]
                shown = re.search(r'class="last-play-took"[^>]*>(.*?)</span>', section).group(1)
                assert shown == expected, (seed, seat, event, shown)
            # a seat whose latest card took a pile since taken by another: no line there
            stale_seen = any(e.captured and e is not captures[-1] for e in last.values())
        if stale_seen:
            break
    assert stale_seen
    # mid-round, the seat to play has its card of a whole turn ago faded, the others not
    state = new_deal(Rules(players=4, partnerships=True), rng=random.Random(6))
    for _turn in range(6):
        state.play(state.legal_plays()[0])
    html = render_table(present_table(state, 0, playable=False))
    for seat in range(4):
        section = html.split(f'data-seat="{seat}"')[1].split("</section>")[0]
        chip = re.search(r'class="last-play([^"]*)"', section).group(1)
        assert ("is-old" in chip) == (seat == state.current_player), (seat, chip)
    # a card of an earlier round is drawn faded ("is-old"); the seat that has played in
    # this round is not
    state = new_deal(Rules(players=4, partnerships=True), rng=random.Random(6))
    for _turn in range(17):  # a whole round of 16, and the first card of the next
        state.play(state.legal_plays()[0])
    html = render_table(present_table(state, 0, playable=False))
    opened_by = state.events[16].seat
    for seat in range(4):
        section = html.split(f'data-seat="{seat}"')[1].split("</section>")[0]
        chip = re.search(r'class="last-play([^"]*)"', section).group(1)
        assert ("is-old" in chip) == (seat != opened_by), (seat, chip)


@pytest.mark.django_db
def test_a_game_page_draws_only_cards_the_player_may_see(client):
    url = start_game(client, table="2v2")
    for _ in range(3):
        html = client.get(url).content.decode()
        game = Game.objects.get()
        view = view_for(load_match(game).current, 0)
        drawn = set(SPRITE_REF.findall(html)) - {"back"}
        assert drawn == {card_name(c) for c in (*view.hand, *view.pile_face_up)}
        card = re.search(r'name="card" value="(\w\w)"', html).group(1)
        client.post(url + "play/", {"version": version_of(html), "card": card})


@pytest.mark.django_db
def test_a_move_sends_the_plays_to_animate(client):
    url = start_game(client, table="2v2")
    html = client.get(url).content.decode()
    card = re.search(r'name="card" value="(\w\w)"', html).group(1)
    response = client.post(
        url + "play/",
        {"version": version_of(html), "card": card},
        headers={"Accept": "application/json"},
    )
    steps = response.json()["steps"]
    assert steps[0]["seat"] == 0 and steps[0]["card"] == card
    assert [s["seat"] for s in steps[1:]] == [1, 2, 3]
    assert set(steps[0]) == {
        "seat",
        "card",
        "words",
        "text",
        "captured",
        "side",
        "pisti",
        "jack_pisti",
        "index",
        "points",  # every side's deal points so far: public, the captured cards are shown
    }


@pytest.mark.django_db
def test_play_now_starts_at_once_with_the_last_settings(client):
    response = client.post(reverse("practice:play-now"))
    assert response.status_code == 302
    game = Game.objects.get()
    assert (game.table, game.level) == ("1v1", "medium")
    start_game(client, table="2v2", level="hard", target=101)
    client.post(reverse("practice:play-now"))
    latest = Game.objects.order_by("-created").first()
    assert (latest.table, latest.level, latest.rules["target"]) == ("2v2", "hard", 101)
    # the note under "Play now" says what those settings are, not only that there are some
    page = client.get(reverse("practice:start")).content.decode()
    assert (
        "With the settings of your last game: Hard · 2 against 2 · playing to 101\xa0points."
        in page
    )
    start_game(client, level="hard", target=151, jack_on_lone_card="jack_pisti")
    page = client.get(reverse("practice:start")).content.decode()
    assert "Hard · 1 against 1 · playing to 151\xa0points · house rules." in page


@pytest.mark.django_db
def test_play_two_against_two_is_one_click_from_the_practice_page(client):
    """Partners were behind the folded form; the second button starts a 2 vs 2 game with
    the rest of the last settings, and a table the form does not know changes nothing."""
    page = client.get(reverse("practice:start")).content.decode()
    assert 'name="table" value="2v2" data-play-partners' in page
    # and says how long that game lasts (a new player did not know it was a match to 151)
    assert "You and a bot partner against two bots, playing to 151\xa0points." in page
    client.post(reverse("practice:play-now"), {"table": "2v2"})
    game = Game.objects.get()
    assert (game.table, game.level, game.rules["players"]) == ("2v2", "medium", 4)
    start_game(client, table="3", level="hard", target=101)
    client.post(reverse("practice:play-now"), {"table": "9v9"})
    latest = Game.objects.order_by("-created").first()
    assert (latest.table, latest.level) == ("3", "hard")  # the last settings' own table
    client.post(reverse("practice:play-now"), {"table": "2v2"})
    latest = Game.objects.order_by("-created").first()
    assert (latest.table, latest.level, latest.rules["target"]) == ("2v2", "hard", 101)
    # and "Play now" after it starts what it started before, not another 2 vs 2
    client.post(reverse("practice:play-now"))
    latest = Game.objects.order_by("-created").first()
    assert (latest.table, latest.level, latest.rules["target"]) == ("3", "hard", 101)


@pytest.mark.django_db
def test_play_now_after_a_first_two_against_two_is_one_against_one(client):
    client.post(reverse("practice:play-now"), {"table": "2v2"})
    client.post(reverse("practice:play-now"))
    latest = Game.objects.order_by("-created").first()
    assert (latest.table, latest.level) == ("1v1", "medium")


@pytest.mark.django_db
def test_play_now_needs_no_csrf_token_but_only_posts(client):
    from django.test import Client

    strict = Client(enforce_csrf_checks=True)
    assert strict.post(reverse("practice:play-now")).status_code == 302
    assert client.get(reverse("practice:play-now")).status_code == 405


@pytest.mark.django_db
def test_home_page_shows_a_table_and_the_two_main_buttons(client):
    html = client.get(reverse("home")).content.decode()
    assert "data-table" in html and "data-play-now" in html
    assert reverse("tutorial:index") in html and reverse("practice:play-now") in html


@pytest.mark.django_db
def test_a_tutorial_move_sends_the_learner_card_then_the_replies(client):
    from tutorial.content_loader import read_lessons

    lesson = next(
        les
        for les in read_lessons()["lessons"]
        if any(s["kind"] == "play" and s.get("replies") for s in les["steps"])
    )
    url = reverse("tutorial:act", args=[lesson["slug"]])
    for index, step in enumerate(lesson["steps"]):
        if step["kind"] == "play" and step.get("replies"):
            response = client.post(
                url,
                {"action": "play", "step": index, "card": step["solution"]},
                headers={"Accept": "application/json"},
            )
            steps = response.json()["steps"]
            assert steps[0]["seat"] == 0 and steps[0]["card"] == step["solution"].upper()
            assert len(steps) > 1
            return
        action = {"action": "next", "step": index}
        if step["kind"] == "play":
            client.post(url, {"action": "play", "step": index, "card": step["solution"]})
        elif step["kind"] == "quiz":
            from tutorial import engine

            client.post(
                url,
                {"action": "answer", "step": index, "choice": engine.quiz_answer(step["question"])},
            )
        client.post(url, action)
    pytest.fail("no lesson step with scripted replies")


def test_templates_carry_no_inline_script_or_style():
    """The Content-Security-Policy allows only the site's own files."""
    for path in (ROOT / "templates").rglob("*.html"):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"<script(?![^>]*\bsrc=)", text), path
        assert "<style" not in text and "style=" not in text, path


def test_json_steps_are_plain_json():
    state = new_deal(Rules(), rng=random.Random(5))
    from pisti_site.table import event_step

    event = state.play(state.legal_plays()[0])
    step = event_step(event, {0: "You", 1: "Bot"}, state.side_of)
    assert json.loads(json.dumps(step)) == step


def test_the_home_demo_is_a_fixed_real_deal_with_a_pisti():
    from pisti_site.views import demo_table

    table, steps = demo_table()
    assert len(table["cards_in_hand"]) == 4 and table["turn"] is None
    assert len(steps) == 6 and any(s["pisti"] for s in steps)
    assert demo_table()[1] == steps


def test_the_drawn_table_escapes_every_name_and_label():
    """Names come from players (friends tables): markup in one is shown as text."""
    from pisti_site.table_html import render_table

    state = new_deal(Rules(), rng=random.Random(3))
    table = present_table(state, 0, playable=True, levels={1: '<i>"Bot"</i>'})
    for seat in table["seats"]:
        seat["name"] = "<b>Ali & 'Veli'</b>"
    html = render_table(table)
    assert "<b>" not in html and "<i>" not in html
    assert "&lt;b&gt;Ali &amp; &#x27;Veli&#x27;&lt;/b&gt;" in html
    assert 'aria-label="&lt;b&gt;Ali' in html  # attributes too
    assert "&lt;i&gt;&quot;Bot&quot;&lt;/i&gt;" in html


@pytest.mark.django_db
def test_a_page_s_table_posts_its_hand_with_the_csrf_field(client):
    """The hand is a form: it must carry the page's CSRF field (a friends frame, built
    without a request, carries none and is played over the socket)."""
    from pisti_site.table_html import render_table

    page = client.get(start_game(client)).content.decode()
    form = re.search(r'<form method="post"[^>]*data-hand-form>(.*?)</form>', page, re.S)
    assert form and 'name="csrfmiddlewaretoken"' in form.group(1)
    state = new_deal(Rules(), rng=random.Random(3))
    bare = render_table(present_table(state, 0, playable=True, form={"action": "", "fields": []}))
    assert "csrfmiddlewaretoken" not in bare and "data-hand-form" in bare


@pytest.mark.parametrize(
    ("language", "mark", "jack_mark"),
    [("en", "Pişti", "Jack pişti"), ("ru", "Пишти", "Двойное пишти")],
)
def test_pisti_marks_are_words_of_the_page_s_language(language, mark, jack_mark):
    """A captured pile's pişti marks, and the ones the board script adds as a pişti lands
    (read from the markup), are words in the page's language: the letters "P" and "J" went
    unexplained on a phone, where the side panel's legend is not shown."""
    from django.utils import translation

    from pisti_site.table_html import stack_html

    stack = {"side": 0, "cards": 6, "marks": range(2), "jack_marks": range(1), "label": ""}
    with translation.override(language):
        html = stack_html(stack)
    # one mark per kind, with its count when there is more than one
    pisti = r'class="pisti-mark" data-count="2">([^<]+)<span class="mark-times">×2<'
    jack = r'class="pisti-mark is-jack" data-count="1">([^<]+)</span>'
    assert re.findall(pisti, html) == [mark]
    assert re.findall(jack, html) == [jack_mark]
    assert f'data-mark="{mark}" data-jack-mark="{jack_mark}"' in html


@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_pisti_card_is_marked_with_the_word_alone_and_a_capture_with_its_count(language):
    """Under a card that would make a pişti the badge says "pişti" (it always takes the
    lone card), short enough for a phone's card in every language; a screen reader still
    hears what it takes. Any other capture says how many cards it takes."""
    from django.utils import translation

    from pisti_site.table_html import _hand_button

    def button(takes, pisti):
        entry = {"name": "JS", "words": "jack of spades", "number": 1, "takes": takes}
        return _hand_button({"playable": True}, {**entry, "pisti": pisti})

    with translation.override(language):
        word = translation.gettext("jack pişti")
        html = button(2, word)
        shown = re.search(r'<span aria-hidden="true">([^<]*)</span>', html).group(1)
        assert shown == word
        heard = re.search(r'<span class="visually-hidden">([^<]*·[^<]*)</span>', html).group(1)
        assert "2" in heard and word in heard
        plain = button(5, None)
        assert re.search(r'<span class="takes">([^<]*)</span>', plain).group(1).endswith("5")


def test_a_capture_hint_counts_the_cards_on_the_pile():
    """Under a card that takes the pile the hint's number is the pile's own count, the
    number the table shows on it ("takes 6" on a pile of 6, not 7 with the card played)."""
    from pisti_site.table import highlight

    hints = 0
    for seed in range(5):
        state = new_deal(Rules(), rng=random.Random(seed))
        while not state.is_over:
            view = view_for(state, state.current_player)
            hand = [{"card": c} for c in view.hand]
            highlight(view, hand)
            for entry in hand:
                if view.capture_kind(entry["card"]) is not None:
                    assert entry["takes"] == view.pile_size > 0
                    hints += 1
            state.play(view.hand[-1])
    assert hints > 10


def test_a_capture_line_counts_the_pile_it_takes():
    """ "X: nine of hearts takes 4 cards." counts the pile, as the hand's hint does (a
    puzzle's line said 5 beside "takes the pile of 4 cards")."""
    from django.utils import translation

    from pisti_site.table import describe_event

    checked = 0
    for seed in range(4):
        state = new_deal(Rules(), rng=random.Random(seed))
        while not state.is_over:
            view = view_for(state, state.current_player)
            pile, card = view.pile_size, view.hand[-1]
            plain = view.capture_kind(card) == 0 and pile > 0
            event = state.play(card)
            if plain and event.captured:
                with translation.override("en"):
                    line = describe_event(event, {s: "P" for s in range(2)})
                assert line.endswith(f"takes {pile} card{'s' if pile > 1 else ''}."), line
                checked += 1
    assert checked > 5


def test_a_capture_line_counts_the_pile_taken_and_a_pisti_the_lone_card():
    """Over random deals: a capture's line says the pile it takes (the cards taken less the
    one played), a pişti's says it takes the lone card; a pişti said "2 cards taken" where
    the capture after it said "takes 1 card" of the same kind of pile."""
    from pisti_site.table import describe_event

    rules = Rules()
    said = {"pisti": 0, "capture": 0}
    for seed in range(30):
        state = new_deal(rules, rng=random.Random(seed))
        while not state.is_over:
            event = state.play(state.legal_plays()[0])
            text = describe_event(event, {0: "You", 1: "Boris"})
            if event.pisti or event.jack_pisti:
                assert "takes the lone card" in text and "cards" not in text, text
                said["pisti"] += 1
            elif event.captured > 1:
                n = event.captured - 1
                assert text.endswith(f"takes {n} card{'s' if n > 1 else ''}."), text
                said["capture"] += 1
    assert said["pisti"] and said["capture"] > 20, said


def test_the_deals_last_card_taking_a_lone_card_says_why_it_is_no_pisti():
    """Without the last-card house rule the deal's last card makes no pişti: its line says
    so where a pişti would have been, checked against the same deal played under the house
    rule (the engine then scores it as a pişti), and nowhere else."""
    from pisti_site.table import deal_steps, lone_card_without_pisti

    said = plain = 0
    for seed in range(1200):
        plays = []
        state = new_deal(Rules(), rng=random.Random(seed))
        while not state.is_over:
            card = random.Random(seed * 100 + len(plays)).choice(state.legal_plays())
            plays.append(card)
            state.play(card)
        with_rule = new_deal(Rules(last_card_pisti=True), rng=random.Random(seed))
        for card in plays:
            with_rule.play(card)
        last, ruled = state.events[-1], with_rule.events[-1]
        assert (last.card, last.captured) == (ruled.card, ruled.captured)  # the same deal
        would_be = ruled.pisti or ruled.jack_pisti
        assert lone_card_without_pisti(state, len(state.events) - 1) == would_be, seed
        text = deal_steps(state, {0: "You", 1: "Bot"}, ["You", "Bot"])[len(plays) - 1]["text"]
        assert ("no pişti with the deal's last card" in text) == would_be
        said += would_be
        plain += bool(last.captured) and not would_be
        assert not lone_card_without_pisti(with_rule, len(plays) - 1)
    assert said >= 3 and plain >= 3, (said, plain)


def test_the_leftover_line_says_the_bonus_for_most_cards_it_brings_to_the_strip():
    """The strip's points take the bonus for most cards with the leftover sweep: its line
    names the side and the bonus ("Most cards (33): You +3."), and only when a side has it."""
    from pisti.scoring import score_deal
    from pisti_site.table import leftover_step, running_points

    names = ["You", "Your opponent"]
    told = untold = 0
    for seed in range(300):
        state = new_deal(Rules(), rng=random.Random(seed))
        while not state.is_over:
            state.play(random.Random(seed + len(state.events)).choice(state.legal_plays()))
        step = leftover_step(state, names)
        if step is None:
            continue
        scores = score_deal(state)
        winners = [side for side, score in enumerate(scores) if score.majority]
        before = running_points(state)[-1]
        jump = [after - was for after, was in zip(step["points"], before, strict=True)]
        if winners:
            (side,) = winners
            assert f"Most cards ({scores[side].cards}): {names[side]} +3." in step["text"]
            assert jump[side] >= 3  # the bonus, with whatever counting cards were left
            told += 1
        else:
            assert "Most cards" not in step["text"]
            untold += 1
    assert told >= 50 and untold >= 1, (told, untold)


def test_a_teams_pistis_are_marked_at_the_partner_who_made_each():
    """A 2 vs 2 team's pile shows at both partners; each copy marks the piştis its own seat
    made (on the team's one pile they read as misplaced, at both as two), and the marks of
    the two add up to the team's."""
    from pisti_site.table_html import render_table

    found = 0
    for seed in range(200):
        state = new_deal(Rules(players=4, partnerships=True), rng=random.Random(seed))
        while not state.is_over:
            state.play(random.Random(seed + len(state.events)).choice(state.legal_plays()))
        by_seat = [sum(e.seat == s and e.pisti for e in state.events) for s in range(4)]
        if not any(by_seat[s] and not by_seat[(s + 2) % 4] for s in range(4)):
            continue  # wanted: a pişti by one partner alone
        html = render_table(present_table(state, 0, playable=False))
        for seat in range(4):
            section = html.split(f'data-seat="{seat}"')[1].split("</section>")[0]
            marks = re.search(r'class="pisti-mark" data-count="(\d+)"', section)
            assert (int(marks.group(1)) if marks else 0) == by_seat[seat], (seed, seat)
        for side in (0, 1):
            assert by_seat[side] + by_seat[side + 2] == state.pisti[side]
        found += 1
        if found == 5:
            break
    assert found == 5
