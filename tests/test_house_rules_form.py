"""The shared house-rules form offers every rule key of the engine, the newer ones optional."""

import pytest

from pisti import Rules
from pisti_site.forms import HouseRulesForm, rules_initial


def _submit(**changes):
    data = {k: v for k, v in rules_initial().items() if v is not None}
    data.update(changes)
    form = HouseRulesForm(data)
    return form


def test_deals_scoring_and_the_27_card_rule_reach_the_engine():
    form = _submit(match_scoring="deals", deals_target="3", majority_rule="over_half")
    assert form.is_valid(), form.errors
    rules = form.cleaned_data["rules"]
    assert (rules.match_scoring, rules.deals_target, rules.majority_rule) == (
        "deals",
        3,
        "over_half",
    )


def test_leaving_out_the_newer_keys_means_the_defaults():
    data = {k: v for k, v in rules_initial().items() if v is not None}
    for key in ("match_scoring", "deals_target", "majority_rule"):
        data.pop(key)
    form = HouseRulesForm(data)
    assert form.is_valid(), form.errors
    assert form.cleaned_data["rules"] == Rules()


def test_an_out_of_range_deals_target_is_refused_at_its_field():
    form = _submit(deals_target="26")
    assert not form.is_valid()
    assert "deals_target" in form.errors


@pytest.mark.django_db
def test_the_house_rules_are_folded_away_until_one_is_wrong(client):
    """Both start pages fold the rules (most keep them); a wrong one opens them at the field."""
    import re

    for url in ("/en/practice/", "/en/friends/"):
        page = client.get(url).content.decode()
        assert re.search(r"<details class=\"rules-fields\" data-house-rules>", page), url
        assert 'name="target"' in page  # still in the form, for a post without opening it
    page = client.post("/en/friends/", {"name": "Ayşe", "kind": "1v1", "timer": "0", "target": "5"})
    html = page.content.decode()
    assert page.status_code == 200
    assert "data-house-rules open" in html and 'id="id_target"' in html
    chosen = client.get("/en/practice/?preset=any-jack").content.decode()
    assert "data-house-rules open" in chosen  # a preset link shows what it changed


@pytest.mark.django_db
@pytest.mark.parametrize("page", ["practice:start", "friends:start"])
def test_the_goal_says_its_range_before_a_wrong_one_is_typed(client, page):
    """A goal of 10 met only the browser's own words: the field says its range, tied to it
    for a screen reader, and a goal out of range is refused in the page's words."""
    from django.urls import reverse

    html = client.get(reverse(page)).content.decode()
    assert 'aria-describedby="id_target_helptext"' in html
    assert (
        '<small class="hint-text field-help" id="id_target_helptext">From 50 to 500 points.' in html
    )
    form = _submit(target="10")
    assert not form.is_valid() and "target" in form.errors
