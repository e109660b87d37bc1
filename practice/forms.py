"""The new-game form: opponents, table and every house rule of the engine contract."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from pisti_site.forms import HouseRulesForm, rules_initial

from .models import Game
from .service import TABLE_RULES

LEVEL_CHOICES = [
    ("beginner", _("Beginner — takes obvious matches, otherwise plays almost at random")),
    ("easy", _("Easy — grabs the best capture now, throws its cheapest card")),
    ("medium", _("Medium — counts cards, saves jacks, avoids giving piştis")),
    ("hard", _("Hard — imagines your hand many ways and plays each card out")),
    ("expert", _("Expert — the hard search, deeper, exact at the end, aware of the score")),
]

LEVEL_NAMES = {
    "beginner": _("Beginner"), "easy": _("Easy"), "medium": _("Medium"), "hard": _("Hard"),
    "expert": _("Expert"),
}


def level_name(level: str) -> str:
    """The short name shown by each bot's seat."""
    return str(LEVEL_NAMES.get(level, level))


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
    level = forms.ChoiceField(label=_("Opponents"), choices=LEVEL_CHOICES, initial="medium",
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
