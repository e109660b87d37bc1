"""Entries a deal of 52 cards cannot produce are refused with every reason at once; the
quick-total warning follows the rules; forms name their errors for screen readers."""

import re

import pytest
from django.urls import reverse

from pisti import Rules
from pisti_site.forms import rules_initial
from scoresheet.models import Deal, Sheet
from scoresheet.scoring import possible_pisti_points, quick_entry_possible

from .test_scoresheet import WORKED, create, detailed

pytestmark = pytest.mark.django_db


def refused(client, url, sides):
    response = client.post(url + "deals/detailed/", detailed(sides))
    assert response.status_code == 400
    assert not Deal.objects.exists()
    return response.context["detailed_form"].errors


def test_two_jack_pistis_per_side_need_eight_jacks(client):
    url = create(client)
    errors = refused(
        client,
        url,
        [
            {"cards": 26, "aces": 2, "jacks": 2, "two_of_clubs": True, "jack_on_jack": 2},
            {"cards": 26, "aces": 2, "jacks": 2, "ten_of_diamonds": True, "jack_on_jack": 2},
        ],
    )
    assert "need 4 jacks" in errors["jacks_0"][0] and "need 4 jacks" in errors["jacks_1"][0]
    assert "need 8 jacks; the pack has four" in errors["jack_on_jack_1"][0]


def test_jack_captures_without_jacks(client):
    url = create(client)
    errors = refused(
        client,
        url,
        [
            {"cards": 26, "aces": 2, "jacks": 0, "two_of_clubs": True, "jack_on_card": 4},
            {"cards": 26, "aces": 2, "jacks": 4, "ten_of_diamonds": True},
        ],
    )
    assert "need 4 jacks, more than the jacks taken" in errors["jacks_0"][0]


def test_no_more_than_23_pistis_fit_in_a_deal(client):
    url = create(client)
    errors = refused(
        client,
        url,
        [
            {"cards": 26, "aces": 2, "jacks": 2, "two_of_clubs": True, "pisti": 13},
            {"cards": 26, "aces": 2, "jacks": 2, "ten_of_diamonds": True, "pisti": 13},
        ],
    )
    assert "at most 23 fit; these add up to 26" in errors["pisti_1"][0]
    errors = refused(
        client,
        url,
        [
            {"cards": 26, "aces": 2, "jacks": 2, "two_of_clubs": True, "pisti": 24},
            {"cards": 26, "aces": 2, "jacks": 2, "ten_of_diamonds": True},
        ],
    )
    assert "At most 23" in errors["pisti_0"][0]


def test_a_lone_card_needs_a_jack_on_an_empty_table(client):
    url = create(client, jack_on_empty_table=True)
    sides = [
        {"cards": 51, "aces": 3, "jacks": 4, "two_of_clubs": True, "ten_of_diamonds": True},
        {"cards": 1, "aces": 1},
    ]
    assert "at least two cards" in refused(client, url, sides)["cards_1"][0]
    sides[1].update(aces=0, jacks=1, jack_on_empty=1)
    sides[0].update(aces=4, jacks=3)
    assert client.post(url + "deals/detailed/", detailed(sides)).status_code == 302


def test_cross_field_errors_show_with_field_errors(client):
    """52 cards and the two of clubs ticked twice are reported while a field is invalid."""
    url = create(client)
    data = detailed([{**WORKED[0], "two_of_clubs": True}, {**WORKED[1], "cards": 30}])
    data["detailed-aces_0"] = "x"
    response = client.post(url + "deals/detailed/", data)
    errors = response.context["detailed_form"].errors
    assert "aces_0" in errors
    assert "add up to 52; these add up to 60" in errors["cards_1"][0]
    assert "only go to one side" in errors["two_of_clubs_1"][0]
    html = response.content.decode()
    assert "3 problems to fix" in html
    assert "All sides together, Cards taken:</a> The cards taken must add up" in html
    assert "Mehmet, Cards taken" not in html
    # the form posts back to its own place on the page, so the errors are on screen
    assert 'deals/detailed/#detailed-entry"' in html and 'id="detailed-entry"' in html


def test_error_ids_match_aria_describedby(client):
    url = create(client)
    data = detailed(WORKED)
    data["detailed-cards_1"] = "30"
    html = client.post(url + "deals/detailed/", data).content.decode()
    described = re.findall(r'aria-describedby="([^"]+)"', html)
    assert "id_detailed-cards_1_error" in described
    for ids in described:
        for one in ids.split():
            assert f'id="{one}"' in html, one


def test_the_quick_warning_follows_the_rules(client):
    rules = {
        "pisti_points": 10,
        "jack_pisti_points": 15,
        "jack_on_lone_jack": "pisti",
        "jack_on_lone_card": "none",
    }
    assert not quick_entry_possible([20, 11], Rules(**rules))
    assert quick_entry_possible([20, 11], Rules(**{**rules, "jack_on_lone_jack": "jack_pisti"}))
    url = create(client, **rules)
    response = client.post(
        url + "deals/quick/", {"quick-points_0": "20", "quick-points_1": "11"}, follow=True
    )
    assert "no number of piştis explains a deal total of 31" in response.content.decode()


def test_possible_pisti_points_stay_within_the_pack():
    default = possible_pisti_points(Rules())
    assert 23 * 10 in default
    assert max(default) == 2 * 20 + 21 * 10  # two jack piştis use four of the 47 cards
    anydouble = possible_pisti_points(Rules(jack_on_lone_card="jack_pisti"))
    assert max(anydouble) == 4 * 20 + 19 * 10


@pytest.mark.parametrize("table", [None, "", "5", "teams2"])
def test_new_sheet_without_a_valid_table_is_refused_with_a_message(client, table):
    data = {k: str(v) for k, v in rules_initial().items()}
    data.update({"max_deals": "", "name_0": "A", "name_1": "B"})
    if table is not None:
        data["table"] = table
    response = client.post(reverse("scoresheet:index"), data)
    assert response.status_code == 400
    assert "Choose the table" in response.content.decode()
    assert not Sheet.objects.exists()


def test_each_label_names_one_thing(client):
    """The tick box says who took the card; the rules field says what it is worth."""
    html = client.get(create(client)).content.decode()
    labels = re.findall(r"<label[^>]*>([^<]+)</label>", html)
    assert labels.count("The two of clubs is worth") == 1
    assert labels.count("The ten of diamonds is worth") == 1
    assert labels.count("Took the two of clubs") == 2


def test_the_chart_legend_keeps_long_names_whole(client):
    url = create(client, names=("Your opponent", "Grandmother Ayşe"))
    client.post(url + "deals/quick/", {"quick-points_0": "10", "quick-points_1": "6"})
    html = client.get(url).content.decode()
    legend = re.findall(r'<li class="series-\d">([^<]+)</li>', html)
    assert legend == ["Your opponent", "Grandmother Ayşe"]
    # inside the drawing only the axes' numbers: names stay in the HTML legend, whole
    drawn = re.findall(
        r"<text[^>]*>([^<]*)</text>", html.split('class="chart"')[1].split("</svg>")[0]
    )
    assert drawn and all(text.isdigit() for text in drawn)
