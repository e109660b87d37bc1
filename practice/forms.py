"""The new-game form: opponents, table and every house rule of the engine contract."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext as gettext_now
from django.utils.translation import gettext_lazy as _

from pisti_site.deal_end import match_goal
from pisti_site.forms import HouseRulesForm, initial_for
from pisti_site.levels import DEFAULT_LEVEL, level_name, playing_choices
from pisti_site.matchplay import TABLE_RULES, TableKind

from .models import Game

PRESET_LABELS = [
    ("standard", _("Standard")),
    ("short", _("Short game to 101")),
    ("any-jack", _("Any jack doubles")),
    ("four-up", _("Four face up")),
]
RULE_FIELDS = HouseRulesForm.rule_fields


class NewGameForm(HouseRulesForm):
    level = forms.ChoiceField(
        label=_("Opponents"),
        choices=playing_choices,
        initial=DEFAULT_LEVEL,
        widget=forms.RadioSelect,
    )
    table = forms.ChoiceField(
        label=_("Table"), choices=Game.TABLES, initial="1v1", widget=forms.RadioSelect
    )
    field_order = ["level", "table"]

    def table_rules(self, data) -> dict:
        return TABLE_RULES[data["table"]]


# how the match is won and how long it lasts: named in the match's goal, not as "house rules"
GOAL_RULES = {"target", "target_tie", "deals_target", "match_scoring", "max_deals"}


def settings_in_words(form: NewGameForm) -> str:
    """A valid form's game in one line, for "Play now" under the last game's settings:
    "Strong · 2 against 2 · playing to 50 points · at most 3 deals". A note that said only
    "with the settings of your last game" left a new player expecting the usual rules
    (review 7); rules changed beyond the goal add "house rules"."""
    data = form.cleaned_data
    rules = data["rules"]
    parts = [level_name(data["level"]), TableKind(data["table"]).label, match_goal(rules)]
    if {key for key in rules.changes() if key not in GOAL_RULES | {"players", "partnerships"}}:
        parts.append(gettext_now("house rules"))
    return " · ".join(str(part) for part in parts)


def initial_from_query(query) -> tuple[dict, str | None]:
    """Initial form values from a preset and any rule values a link carries.

    A link with a value the engine refuses changes nothing: the form keeps the preset's
    values and the visitor is told why.
    """
    initial = initial_for(query.get("preset"))
    initial["table"] = "1v1"
    carried = {key: query[key] for key in RULE_FIELDS if key in query}
    table = query.get("table")
    if not carried and table is None:
        return initial, None
    if table is not None and table not in TABLE_RULES:
        return initial, gettext_now("This link asks for a table the practice game does not offer.")
    values = {**initial, **carried, "table": table or "1v1", "level": "medium"}
    values["max_deals"] = values.get("max_deals") or ""
    form = NewGameForm(data=values)
    if not form.is_valid():
        return initial, gettext_now(
            "This link carries house rules that cannot be played, so the form shows the "
            "usual rules instead."
        )
    for key in RULE_FIELDS:
        value = form.cleaned_data.get(key)
        if key in carried and value not in (None, ""):
            initial[key] = value
    initial["table"] = values["table"]
    return initial, None


class PlayOnForm(forms.Form):
    """ "Play on from here" in the review: which deal, which play, against which bot."""

    deal = forms.IntegerField(min_value=1)
    play = forms.IntegerField(min_value=1)
    level = forms.ChoiceField(choices=playing_choices)
