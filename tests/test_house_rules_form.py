"""The shared house-rules form offers every rule key of the engine, the newer ones optional."""

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
