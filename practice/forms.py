"""The new-game form: opponents, table and every house rule of the engine contract."""

from __future__ import annotations

from urllib.parse import urlencode

from django import forms
from django.utils.translation import gettext as gettext_now
from django.utils.translation import gettext_lazy as _

from pisti_site.forms import HouseRulesForm, rules_initial
from pisti_site.levels import playing_choices

from .models import Game
from .service import TABLE_RULES

PRESETS = {
    "standard": {},
    "short": {"target": 101},
    "any-jack": {"jack_on_lone_card": "jack_pisti"},
    "four-up": {"opening": "four_up"},
}
PRESET_LABELS = [
    ("standard", _("Standard")),
    ("short", _("Short game to 101")),
    ("any-jack", _("Any jack doubles")),
    ("four-up", _("Four face up")),
]
RULE_FIELDS = HouseRulesForm.rule_fields


class NewGameForm(HouseRulesForm):
    level = forms.ChoiceField(label=_("Opponents"), choices=playing_choices, initial="medium",
                              widget=forms.RadioSelect)
    table = forms.ChoiceField(label=_("Table"), choices=Game.TABLES, initial="1v1",
                              widget=forms.RadioSelect)
    field_order = ["level", "table"]

    def table_rules(self, data) -> dict:
        return TABLE_RULES[data["table"]]


def initial_for(preset: str | None) -> dict:
    """Form values for a preset: the defaults, changed where the preset says."""
    values = rules_initial(preset=PRESETS.get(preset or "standard", {}))
    return {key: values[key] for key in RULE_FIELDS}


def table_for(rules: dict) -> str:
    """The practice table that plays ``players``/``partnerships`` as a rules object says."""
    players = rules.get("players", 2)
    partnerships = rules.get("partnerships", players == 4)
    for table, table_rules in TABLE_RULES.items():
        if table_rules["players"] == players and table_rules.get("partnerships", False) == (
            partnerships and players == 4
        ):
            return table
    raise ValueError(f"no practice table for {players} players")


def start_query(rules: dict) -> str:
    """The query string of a start-page link that opens the form set to ``rules``.

    The variants page uses it, so a reader can try a house rule in one click; the link only
    fills in the form, and the game starts when the visitor submits it.
    """
    params = {}
    if "players" in rules or "partnerships" in rules:
        params["table"] = table_for(rules)
    for key, value in rules.items():
        if key in ("players", "partnerships"):
            continue
        params[key] = ("true" if value else "false") if isinstance(value, bool) else value
    return urlencode(params)


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

