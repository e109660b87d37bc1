"""The score sheet: engine scoring, refused entries, recalculation, sharing, undo."""

import random
import re

import pytest
from django.test import Client
from django.urls import reverse

from pisti import Rules, score_deal
from pisti_site.forms import rules_initial
from scoresheet.models import Deal, Sheet
from scoresheet.scoring import deal_points, quick_entry_possible
from scoresheet.tests.tally import play_and_count_captures

pytestmark = pytest.mark.django_db


def create(client, table="2", names=("Ayşe", "Mehmet"), **rules):
    data = {k: str(v) for k, v in rules_initial(rules).items()}
    data.update({"table": table, "max_deals": rules.get("max_deals") or ""})
    for i, name in enumerate(names):
        data[f"name_{i}"] = name
    response = client.post(reverse("scoresheet:index"), data)
    assert response.status_code == 302, response.content.decode()[:400]
    return response["Location"]


def detailed(sides):
    """Form data for a detailed deal from per-side dicts (missing counts are 0)."""
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
    return data


WORKED = [
    {"cards": 30, "aces": 2, "jacks": 3, "ten_of_diamonds": True, "pisti": 1, "jack_on_card": 1},
    {"cards": 22, "aces": 2, "jacks": 1, "two_of_clubs": True},
]


def totals(client, url):
    return [int(t) for t in re.findall(r"data-final-total>(\d+)", client.get(url).content.decode())]


def test_sheet_pages_in_every_language(client):
    url = create(client)
    sheet_path = url.split("/", 2)[2]
    for language in ("en", "tr", "de", "ru"):
        for path in (f"/{language}/scoresheet/", f"/{language}/{sheet_path}"):
            response = client.get(path)
            assert response.status_code == 200
            assert response.content.decode().count("<h1") == 1


def test_worked_example_and_recalculation_after_a_rule_change(client):
    """30 cards, three jacks, two aces, the ten of diamonds and a pişti: 21 points; the jack
    that took a lone seven scores nothing by default and 20 under "any jack doubles"."""
    url = create(client)
    client.post(url + "deals/detailed/", detailed(WORKED))
    assert totals(client, url) == [21, 5]
    client.post(url + "deals/quick/", {"quick-points_0": "6", "quick-points_1": "10"})
    assert totals(client, url) == [27, 15]
    data = {
        k: str(v)
        for k, v in rules_initial({"jack_on_lone_card": "jack_pisti", "majority_bonus": 4}).items()
    }
    data["max_deals"] = ""
    response = client.post(url + "rules/", data)
    assert response.status_code == 302
    # Detailed deal: 2 + 3 + 3 + 4 (majority) + 10 + 20 = 42 against 2 + 1 + 2 = 5;
    # the quick deal stays 6 : 10 as entered.
    assert totals(client, url) == [48, 15]


def test_winner_follows_the_rules(client):
    url = create(client, target=50)
    for _ in range(2):
        client.post(url + "deals/detailed/", detailed(WORKED))
    html = client.get(url).content.decode()
    assert "data-winner" not in html  # 42 : 10, target 50
    data = {
        k: str(v) for k, v in rules_initial({"target": 50, "jack_on_lone_card": "pisti"}).items()
    }
    data["max_deals"] = ""
    client.post(url + "rules/", data)
    html = client.get(url).content.decode()
    assert totals(client, url) == [62, 10]
    assert "Winner: Ayşe" in html


@pytest.mark.parametrize(
    "rules",
    [
        {},
        {"jack_on_lone_card": "jack_pisti"},
        {"jack_on_lone_card": "pisti"},
        {"jack_on_lone_jack": "pisti", "pisti_points": 5, "jack_pisti_points": 40},
        {
            "jack_on_empty_table": True,
            "majority_bonus": 0,
            "two_of_clubs_points": 3,
            "ten_of_diamonds_points": 4,
        },
    ],
)
def test_detailed_scoring_equals_the_engine(rules):
    """Real engine deals, counted as a scorer would count them, score the same on the sheet."""
    engine_rules = Rules(**rules)
    rng = random.Random(11)
    for _ in range(20):
        state, counts = play_and_count_captures(engine_rules, rng)
        engine = score_deal(state)
        entry = {
            "sides": [
                {
                    "cards": s.cards,
                    "aces": s.aces,
                    "jacks": s.jacks,
                    "two_of_clubs": s.two_of_clubs,
                    "ten_of_diamonds": s.ten_of_diamonds,
                    **counts[i],
                }
                for i, s in enumerate(engine)
            ]
        }
        deal = Deal(mode=Deal.DETAILED, entry=entry, number=1)
        assert deal_points(deal, engine_rules) == [s.points for s in engine]


@pytest.mark.parametrize(
    "change, field, message",
    [
        ({"detailed-cards_1": "25"}, "cards_1", "add up to 52"),
        ({"detailed-aces_1": "3"}, "aces_1", "four aces"),
        ({"detailed-jacks_0": "4"}, "jacks_1", "four jacks"),
        ({"detailed-two_of_clubs_0": "on"}, "two_of_clubs_1", "only go to one side"),
        ({"detailed-ten_of_diamonds_0": None}, "ten_of_diamonds_1", "given to nobody"),
        ({"detailed-cards_0": "-3", "detailed-cards_1": "55"}, "cards_0", ""),
        ({"detailed-pisti_0": "99"}, "pisti_0", ""),
        ({"detailed-aces_0": "x"}, "aces_0", ""),
    ],
)
def test_invalid_detailed_entries_are_refused(client, change, field, message):
    url = create(client)
    client.post(url + "deals/detailed/", detailed(WORKED))
    before = list(Deal.objects.values_list("entry", flat=True))
    data = detailed(WORKED)
    for key, value in change.items():
        if value is None:
            data.pop(key, None)
        else:
            data[key] = value
    response = client.post(url + "deals/detailed/", data)
    assert response.status_code == 400
    form = response.context["detailed_form"]
    assert field in form.errors, form.errors
    assert message in " ".join(form.errors[field])
    assert list(Deal.objects.values_list("entry", flat=True)) == before


def test_impossible_quick_entry_is_saved_with_a_warning(client):
    url = create(client)
    response = client.post(
        url + "deals/quick/", {"quick-points_0": "10", "quick-points_1": "7"}, follow=True
    )
    assert "no number of piştis explains" in response.content.decode()
    assert Deal.objects.count() == 1
    assert quick_entry_possible([10, 6], Rules())
    assert quick_entry_possible([26, 0], Rules())  # 16 + a pişti
    assert not quick_entry_possible([10, 7], Rules())


def test_edit_delete_and_undo(client):
    url = create(client)
    client.post(url + "deals/detailed/", detailed(WORKED))
    client.post(url + "deals/quick/", {"quick-points_0": "6", "quick-points_1": "10"})
    client.post(url + "deal/2/edit/", {"edit-points_0": "16", "edit-points_1": "0"})
    assert totals(client, url) == [37, 5]
    client.post(url + "deal/1/delete/")
    assert totals(client, url) == [16, 0]
    client.post(url + "deal/1/restore/")
    assert totals(client, url) == [37, 5]
    bad = client.post(url + "deal/2/edit/", {"edit-points_0": "-1", "edit-points_1": "0"})
    assert bad.status_code == 400
    assert totals(client, url) == [37, 5]


def test_shared_link_is_read_only(client):
    url = create(client)
    client.post(url + "deals/detailed/", detailed(WORKED))
    sheet = Sheet.objects.get()
    stranger = Client()
    shared = stranger.get(reverse("scoresheet:shared", args=[sheet.share]))
    html = shared.content.decode()
    assert shared.status_code == 200 and "read-only" in html
    assert "<form" not in html.split("<main")[1]
    assert stranger.get(url).status_code == 404
    assert (
        stranger.post(
            url + "deals/quick/", {"quick-points_0": "16", "quick-points_1": "0"}
        ).status_code
        == 404
    )
    assert stranger.post(url + "deal/1/delete/").status_code == 404
    assert Deal.objects.filter(deleted=False).count() == 1
    assert stranger.get(reverse("scoresheet:shared", args=["nope"])).status_code == 404


@pytest.mark.parametrize(
    "table, names, sides",
    [
        ("3", ("A", "B", "C"), 3),
        ("4", ("A", "B", "C", "D"), 4),
        ("teams", ("Us", "Them"), 2),
    ],
)
def test_tables(
    client,
    table,
    names,
    sides,
):
    url = create(client, table=table, names=names)
    sheet = Sheet.objects.get()
    assert len(sheet.names) == sides and sheet.engine_rules.players in (3, 4)
    html = client.get(url).content.decode()
    assert html.count('name="quick-points_') == sides


def test_missing_names_are_refused(client):
    data = {k: str(v) for k, v in rules_initial().items()}
    data.update({"table": "3", "max_deals": "", "name_0": "A", "name_1": "B"})
    response = client.post(reverse("scoresheet:index"), data)
    assert response.status_code == 400
    assert "name_2" in response.context["form"].errors
    assert not Sheet.objects.exists()
