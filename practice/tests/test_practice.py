"""Practice games over HTTP: start, play whole matches, refuse bad requests, keep secrets."""

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse

from pisti import state_from_record, view_for
from pisti.analysis import evaluate
from pisti.cards import card_name, parse_card
from pisti_site.cardwords import card_words
from practice import service
from practice.models import Game

from .helpers import HAND, form_data, play_to_the_end, start_game, version_of

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("language", ["en", "tr", "de", "ru"])
def test_start_page_in_every_language(client, language):
    response = client.get(f"/{language}/practice/")
    assert response.status_code == 200
    html = response.content.decode()
    assert html.count("<h1") == 1
    # the number beside each bot is explained where it is chosen, with the Bots page a tap away
    note = re.search(r'<p class="hint-text rating-note">(.*?)</p>', html, re.S).group(1)
    assert "64" in note and f'href="/{language}/bots/"' in note


@pytest.mark.parametrize(
    "field, value",
    [
        ("target", "40"),
        ("pisti_points", "25"),
        ("jack_pisti_points", "23"),
        ("majority_bonus", "-1"),
        ("level", "grandmaster"),
        ("opening", "sideways"),
    ],
)
def test_invalid_settings_are_explained_next_to_the_field(client, field, value):
    response = client.post(reverse("practice:start"), form_data(**{field: value}))
    assert response.status_code == 200
    html = response.content.decode()
    assert "field-error" in html or "errorlist" in html
    form = response.context["form"]
    assert field in form.errors
    assert not Game.objects.exists()


def test_presets_fill_the_form():
    client = Client()
    html = client.get(reverse("practice:start") + "?preset=short").content.decode()
    assert 'name="target" value="101"' in html
    html = client.get(reverse("practice:start") + "?preset=any-jack").content.decode()
    assert '<option value="jack_pisti" selected>' in html


def test_a_whole_short_match_against_beginner(client):
    url = start_game(client, target=50)
    final = play_to_the_end(client, url)
    game = Game.objects.get()
    match = service.load_match(game)
    assert match.outcome.over and game.finished
    assert max(match.totals) >= 50
    assert "The match is over" in final
    # the match's chart is a line through the deals: drawn once there are two of them (a
    # match of 50 points is now and then won in one deal)
    assert ('<svg class="chart"' in final) == (len(match.finished) > 1)
    if len(match.finished) > 1:  # its legend names each line in its colour, yours first
        legend = re.search(r'<ul class="chart-legend series-legend">(.*?)</ul>', final).group(1)
        assert re.findall(r'<li class="series-(\d)">([^<]+)</li>', legend) == [
            ("0", "You"),
            ("1", "Your opponent"),
        ]


@pytest.mark.parametrize("table, players", [("2v2", 4), ("3", 3), ("4", 4)])
def test_other_tables(client, table, players):
    url = start_game(client, table=table, target=50, max_deals=1)
    play_to_the_end(client, url)
    match = service.load_match(Game.objects.get())
    assert match.rules.players == players and len(match.finished) == 1
    assert match.rules.partnerships == (table == "2v2")


def test_record_download_replays_to_the_same_score(client, tmp_path):
    url = start_game(client, max_deals=1)
    play_to_the_end(client, url)
    response = client.get(url + "record/1.json")
    assert response["Content-Disposition"].startswith("attachment")
    path = tmp_path / "deal.json"
    path.write_bytes(response.content)
    result = subprocess.run(
        [sys.executable, "-m", "pisti", "replay", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    replayed = json.loads(result.stdout)
    match = service.load_match(Game.objects.get())
    assert [s["points"] for s in replayed["sides"]] == match.points[0]
    assert replayed["complete"] is True


def test_review_and_record_only_for_finished_deals(client):
    url = start_game(client)
    assert client.get(url + "review/1/").status_code == 404
    assert client.get(url + "record/1.json").status_code == 404


def test_another_visitor_gets_404(client):
    url = start_game(client)
    stranger = Client()
    stranger.get(reverse("practice:start"))
    for path in ("", "review/1/", "record/1.json"):
        assert stranger.get(url + path).status_code == 404
    # the page says why a game's link found nothing here (the same for an address that
    # never held a game: it tells nothing of the game), and a plain missing page does not
    page = stranger.get(url).content.decode()
    assert "data-browser-bound" in page and "stay with the browser" in page
    assert "data-browser-bound" not in stranger.get("/en/no-such-page/").content.decode()
    html = client.get(url).content.decode()
    response = stranger.post(
        url + "play/", {"version": version_of(html), "card": HAND.search(html).group(1)}
    )
    assert response.status_code == 404
    assert Game.objects.get().version == 0


def test_a_made_up_game_id_is_404(client):
    start_game(client)
    assert client.get("/en/practice/00000000-0000-4000-8000-000000000000/").status_code == 404


def snapshot():
    game = Game.objects.get()
    return game.version, json.dumps(game.match, sort_keys=True)


@pytest.mark.parametrize(
    "case", ["not_in_hand", "not_a_card", "stale", "no_version", "missing_card"]
)
def test_bad_moves_change_nothing(client, case):
    url = start_game(client)
    html = client.get(url).content.decode()
    version, card = version_of(html), HAND.search(html).group(1)
    game = Game.objects.get()
    hand = service.load_match(game).current.hands[0]
    data = {"version": version, "card": card}
    if case == "not_in_hand":
        data["card"] = next(card_name(c) for c in range(52) if c not in hand)
    elif case == "not_a_card":
        data["card"] = "XX"
    elif case == "stale":
        data["version"] = str(int(version) + 5)
    elif case == "no_version":
        data.pop("version")
    elif case == "missing_card":
        data.pop("card")
    before = snapshot()
    response = client.post(url + "play/", data, HTTP_ACCEPT="application/json")
    assert response.status_code in (400, 409)
    assert response.json()["error"]
    assert snapshot() == before


def test_replayed_move_applies_once(client):
    url = start_game(client)
    html = client.get(url).content.decode()
    move = {"version": version_of(html), "card": HAND.search(html).group(1)}
    first = client.post(url + "play/", move, HTTP_ACCEPT="application/json")
    assert first.status_code == 200
    after = snapshot()
    again = client.post(url + "play/", move, HTTP_ACCEPT="application/json")
    assert again.status_code == 409
    assert snapshot() == after


def test_concurrent_duplicates_are_decided_by_the_version():
    """Two requests that both read the game before either saved: only one may land."""
    client = Client()
    start_game(client)
    first, second = Game.objects.get(), Game.objects.get()
    card = card_name(service.load_match(first).current.hands[0][0])
    service.play_card(first, card, 0)
    with pytest.raises(service.MoveRefused) as refused:
        service.play_card(second, card, 0)
    assert refused.value.status == 409
    assert Game.objects.get().version == 1
    assert len(service.load_match(Game.objects.get()).current.events) >= 1


def test_moves_after_the_deal_ends_are_refused(client):
    url = start_game(client, max_deals=2)
    game = Game.objects.get()
    match = service.load_match(game)
    while match.current is not None:
        state = match.current
        card = card_name(state.hands[0][0])
        service.play_card(game, card, game.version)
        game.refresh_from_db()
        match = service.load_match(game)
    before = snapshot()
    response = client.post(
        url + "play/", {"version": game.version, "card": "AS"}, HTTP_ACCEPT="application/json"
    )
    assert response.status_code == 409
    assert snapshot() == before


def test_malformed_body_and_missing_csrf():
    client = Client(enforce_csrf_checks=True)
    client.get(reverse("practice:start"))
    token = client.cookies["csrftoken"].value
    response = client.post(reverse("practice:start"), {**form_data(), "csrfmiddlewaretoken": token})
    url = response["Location"]
    assert client.post(url + "play/", {"card": "AS", "version": 0}).status_code == 403
    response = client.post(
        url + "play/",
        "{not json",
        content_type="application/json",
        HTTP_X_CSRFTOKEN=token,
        HTTP_ACCEPT="application/json",
    )
    assert response.status_code == 400
    assert Game.objects.get().version == 0


def test_help_switches_and_hint(client):
    url = start_game(client)
    html = client.get(url).content.decode()
    assert "counter-specials" not in html
    client.post(url + "help/", {"highlight": "on", "counter": "on"})
    html = client.get(url).content.decode()
    assert "counter-specials" in html
    client.post(url + "help/", {})
    html = client.get(url).content.decode()
    assert "counter-specials" not in html and "takes " not in html.split("Your hand")[1][:3000]
    hint = client.post(url + "hint/", HTTP_ACCEPT="application/json").json()
    hand = service.load_match(Game.objects.get()).current.hands[0]
    assert parse_card(hint["card"]) in hand and hint["hint"]


def test_a_last_round_hint_is_the_exact_review_best_and_says_so(client):
    """In the last round the hint is the card the review solves as best (the master itself
    plays its play-outs' card there), and the message says it was solved over every hand."""
    url = start_game(client, opening="four_up", max_deals=1)
    for _ in range(60):
        game = Game.objects.get()
        state = service.load_match(game).current
        view = view_for(state, 0)
        if not state.stock_left and len(set(view.hand)) > 1:
            break
        html = client.get(url).content.decode()
        card = HAND.search(html).group(1)
        client.post(url + "play/", {"version": version_of(html), "card": card})
    else:
        raise AssertionError("no last-round decision reached")
    hint = client.post(url + "hint/", HTTP_ACCEPT="application/json").json()
    assert parse_card(hint["card"]) == evaluate(view).best
    assert "is best against every hand the opponent could still hold: " in hint["hint"]
    early = start_game(client)
    hint = client.post(early + "hint/", HTTP_ACCEPT="application/json").json()
    assert hint["hint"].startswith("The master bot would play")


def test_continue_your_game_link(client):
    url = start_game(client)
    html = client.get(reverse("practice:start")).content.decode()
    assert url in html


def test_no_response_leaks_a_card_the_human_has_not_seen(client):
    """Play whole games; before each review, no page or JSON names an unseen card."""
    url = start_game(client, target=50, level="medium")
    game_id = url.rstrip("/").rsplit("/", 1)[1]
    checked = []

    def check(html):
        game = Game.objects.get(pk=game_id)
        match = service.load_match(game)
        state = match.current or match.finished[-1]
        if match.current is None:
            return  # the deal is over: its hands are no longer secret
        seen = set(view_for(state, 0).seen)
        for card in range(52):
            if card in seen:
                continue
            assert f'value="{card_name(card)}"' not in html
            assert f'"{card_name(card)}"' not in html
            assert card_words(card) not in html, card_words(card)
        checked.append(1)

    play_to_the_end(client, url, on_response=check)
    assert len(checked) > 20


def test_deal_state_replays_from_the_row():
    client = Client()
    start_game(client)
    game = Game.objects.get()
    record = game.match["current"]
    state = state_from_record({**record, "rules": game.match["rules"]})
    assert state.current_player == 0


@pytest.mark.parametrize("language", ["tr", "de", "ru"])
def test_every_screen_in_every_language(client, language):
    """The game, the end of a deal and the review, translated (not English)."""
    url = start_game(client, max_deals=1)
    localized = url.replace("/en/", f"/{language}/")
    html = client.get(localized).content.decode()
    assert f'<html lang="{language}">' in html and "Your hand" not in html
    play_to_the_end(client, url)
    end = client.get(localized).content.decode()
    assert "data-deal-points" in end and "Deal points" not in end
    review = client.get(localized + "review/1/", follow=True).content.decode()
    assert review.count("<h1") == 1 and "Round 1" not in review


def test_plain_form_refusal_is_a_4xx_page_with_the_reason(client):
    url = start_game(client)
    html = client.get(url).content.decode()
    response = client.post(url + "play/", {"version": "77", "card": HAND.search(html).group(1)})
    assert response.status_code == 409
    page = response.content.decode()
    assert "already made or the game has moved on" in page
    assert 'name="card"' in page  # the current hand, ready for the next try


@pytest.mark.django_db
def test_a_deal_a_bot_opens_comes_with_the_table_as_dealt(client):
    """ "Next deal" answers with the fresh deal before the bot's opening card, so the card
    is seen to land on it, not on the last deal's summary; the opening table shows no
    card the player may not see."""
    url = start_game(client)
    for _ in range(200):  # the first card of the hand until deal 1 is over
        html = client.get(url).content.decode()
        if "data-next-deal" in html:
            break
        card = HAND.search(html).group(1)
        client.post(url + "play/", {"version": version_of(html), "card": card})
    answer = client.post(
        url + "next/", {"version": version_of(html)}, HTTP_ACCEPT="application/json"
    ).json()
    steps = answer["steps"]
    assert steps and steps[0]["index"] == 0 and steps[0]["seat"] != 0  # the bot opens deal 2
    opening = answer["opening_html"]
    assert opening.count("pile-card is-down") == 3 and opening.count("pile-card") == 4
    assert "data-hand-form" not in opening  # not playable before the bot's card lands
    faces = set(re.findall(r"cards\.svg#(\w\w)\"", opening))
    assert steps[0]["card"] not in faces  # the bot's card is still in its hand


def test_the_hint_is_offered_only_while_there_is_a_choice(client):
    """With two cards or more the Hint button works; with one card left there is nothing
    to advise and the button is off (the hint said to keep "your better cards"), saying why
    in its title, not in a line under the table nobody asked for."""
    url = start_game(client)
    why = 'title="One card left: nothing to choose."'
    button = re.compile(
        r'<button type="submit" class="button-secondary"( disabled(?: title="[^"]*")?)?>Hint<'
    )
    seen = set()
    for _ in range(60):
        html = client.get(url).content.decode()
        state = service.load_match(Game.objects.get()).current
        if state is None:
            break
        hand = view_for(state, 0).hand
        match = button.search(html)
        if match and state.current_player == 0:
            seen.add((len(set(hand)) > 1, match.group(1) is None))
            assert (why in html) == (len(set(hand)) == 1)
            assert 'data-hint-output aria-live="polite"></p>' in html
        if (True, True) in seen and (False, False) in seen:
            return
        card = HAND.search(html).group(1)
        client.post(url + "play/", {"version": version_of(html), "card": card})
    raise AssertionError(f"not both seen: {seen}")


def test_a_capture_hint_counts_the_pile_as_the_hand_and_the_log_do(client, monkeypatch):
    """ "It takes N cards" counts the pile the card takes, the number under the card and in
    the log's line ("takes 4"), not the pile with the card played (it said 5)."""
    url = start_game(client)
    for _ in range(200):
        game = Game.objects.get()
        state = service.load_match(game).current
        view = view_for(state, 0)
        taker = next(
            (c for c in view.hand if view.capture_kind(c) == 0 and view.pile_size > 1), None
        )
        if taker is not None:
            break
        html = client.get(url).content.decode()
        client.post(url + "play/", {"version": version_of(html), "card": card_name(view.hand[0])})
    else:
        raise AssertionError("no plain capture of a pile of two or more came to the human")
    monkeypatch.setattr(service, "advised_card", lambda view, seed: (taker, False))
    answer = client.post(url + "hint/", HTTP_ACCEPT="application/json").json()
    assert answer["card"] == card_name(taker)
    assert f"it takes {view.pile_size} cards." in answer["hint"]
