"""The match ends at the first deal where the rules end it; later deals never count."""

import re

import pytest
from django.test import Client

from pisti_site.forms import rules_initial
from scoresheet.models import Deal

from .test_scoresheet import create, totals

pytestmark = pytest.mark.django_db


def quick(client, url, *points):
    data = {f"quick-points_{i}": str(p) for i, p in enumerate(points)}
    response = client.post(url + "deals/quick/", data)
    assert response.status_code == 302, response.content.decode()[:300]


def change_rules(client, url, **rules):
    data = {k: str(v) for k, v in rules_initial(rules).items()}
    data["max_deals"] = str(rules.get("max_deals") or "")
    response = client.post(url + "rules/", data)
    assert response.status_code == 302, response.content.decode()[:600]
    return client.get(url).content.decode()


def winner_line(html: str) -> str:
    match = re.search(r"data-winner>(.*?)</p>", html)
    return match.group(1) if match else ""


def test_the_deal_that_ended_the_match_decides_it(client):
    url = create(client, names=("Ann", "Bob"))
    quick(client, url, 156, 0)
    assert winner_line(client.get(url).content.decode()) == "Winner: Ann"
    quick(client, url, 0, 163)
    html = client.get(url).content.decode()
    assert winner_line(html) == "Winner: Ann"
    assert totals(client, url) == [156, 0]
    assert "The match ended after deal 1." in html
    assert "1 deal entered after that does not count." in html
    assert html.count("data-after-end") == 1


def test_max_deals_ends_the_match_before_the_target(client):
    url = create(client, names=("Ann", "Bob"))
    quick(client, url, 156, 0)
    quick(client, url, 0, 163)
    html = change_rules(client, url, target=500, max_deals=1)
    assert "Playing to 500 · at most 1 deal<" in html
    assert winner_line(html) == "Winner: Ann"
    assert totals(client, url) == [156, 0]


def test_a_tie_when_the_deals_run_out_is_a_shared_win(client):
    url = create(client, names=("Ann", "Bob"), max_deals=1)
    quick(client, url, 78, 78)
    assert winner_line(client.get(url).content.decode()) == "A shared win: Ann, Bob"


def test_rule_changes_end_the_match_earlier_and_later(client):
    """2 vs 2: team 2 leads 67 to 50 after deal 3; team 1 leads after deal 11."""
    url = create(client, table="teams", names=("Us", "Them"))
    for points in ([20, 20], [15, 25], [15, 22]) + ([10, 0],) * 8:
        quick(client, url, *points)
    html = client.get(url).content.decode()
    assert "data-winner" not in html and "Leading: Us" in html
    assert totals(client, url) == [130, 67]
    html = change_rules(client, url, target=50)
    assert winner_line(html) == "Winner: Them"
    assert totals(client, url) == [50, 67]
    assert html.count("data-after-end") == 8
    html = change_rules(client, url, target=100)  # later: 100 to 67 after deal 8
    assert winner_line(html) == "Winner: Us"
    assert totals(client, url) == [100, 67]
    assert 'data-match-end="8"' in html
    html = change_rules(client, url)  # back to 151: not over
    assert "data-winner" not in html and "data-after-end" not in html


def test_deals_won_decides_with_match_scoring_deals(client):
    url = create(client, names=("Ann", "Bob"), match_scoring="deals", deals_target=2)
    quick(client, url, 30, 10)
    quick(client, url, 12, 20)
    html = client.get(url).content.decode()
    assert "First to win 2 deals wins the match" in html
    assert re.findall(r"data-deals-won>(\d+)", html) == ["1", "1"]
    assert html.count("data-deal-won") == 2  # one tick per deal, by its winner
    assert "stroke-dasharray" not in html  # no points target line when deals decide
    quick(client, url, 20, 19)
    quick(client, url, 0, 100)
    html = client.get(url).content.decode()
    assert winner_line(html) == "Winner: Ann"
    assert re.findall(r"data-deals-won>(\d+)", html) == ["2", "1"]
    assert html.count("data-after-end") == 1
    html = change_rules(client, url)  # points again: 62 to 149, the match goes on
    assert "data-winner" not in html and "data-deals-won" not in html


def test_majority_rule_recalculates_detailed_deals(client):
    """Three players, 20 cards the most: the bonus goes only under "most"."""
    url = create(client, table="3", names=("A", "B", "C"))
    sides = [
        {"cards": 20, "aces": 2, "jacks": 2, "two_of_clubs": True},
        {"cards": 16, "aces": 1, "jacks": 1, "ten_of_diamonds": True},
        {"cards": 16, "aces": 1, "jacks": 1},
    ]
    data = {}
    for i, side in enumerate(sides):
        for key in (
            "cards",
            "aces",
            "jacks",
            "pisti",
            "jack_on_jack",
            "jack_on_card",
            "jack_on_empty",
        ):
            data[f"detailed-{key}_{i}"] = str(side.get(key, 0))
        for key in ("two_of_clubs", "ten_of_diamonds"):
            if side.get(key):
                data[f"detailed-{key}_{i}"] = "on"
    assert client.post(url + "deals/detailed/", data).status_code == 302
    assert totals(client, url) == [9, 5, 2]
    change_rules(client, url, majority_rule="over_half")
    assert totals(client, url) == [6, 5, 2]


def test_undo_restores_the_deal_deleted_last(client):
    url = create(client)
    for points in ([10, 6], [6, 10], [16, 0]):
        quick(client, url, *points)
    client.post(url + "deal/3/delete/")
    client.post(url + "deal/1/delete/")
    html = client.get(url).content.decode()
    assert "/deal/1/restore/" in html
    client.post(url + "deal/1/restore/")
    assert set(Deal.objects.filter(deleted=True).values_list("number", flat=True)) == {3}
    assert "/deal/3/restore/" in client.get(url).content.decode()
    client.post(url + "deal/3/restore/")
    client.post(url + "deal/2/delete/")
    assert "/deal/2/restore/" in client.get(url).content.decode()


def test_a_stranger_still_gets_404(client):
    url = create(client)
    assert Client().get(url).status_code == 404
