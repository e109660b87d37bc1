"""The new-game form: opponents, table and every house rule of the engine contract."""

from __future__ import annotations

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from pisti_site.bot_strength import rating
from pisti_site.forms import HouseRulesForm, rules_initial

from .models import Game
from .service import TABLE_RULES

LEVEL_DESCRIPTIONS = [
    ("beginner", _("Beginner — takes obvious matches, otherwise plays almost at random")),
    ("easy", _("Easy — grabs the best capture now, throws its cheapest card")),
    ("medium", _("Medium — counts cards, saves jacks, avoids giving piştis")),
    ("hard", _("Hard — imagines your hand many ways and plays each card out")),
    ("expert", _("Expert — the hard search, deeper, exact at the end, aware of the score")),
    ("master", _("Master — the strongest: four times the expert's search, perfect in the "
                 "last round")),
]


def with_rating(level: str, label):
    """The label followed by the level's measured rating (see the Bots page), lazily, so
    it is translated in the visitor's language."""
    value = rating(level)
    if value is None:
        return label
    return format_lazy(_("{label} · rating {rating}"), label=label, rating=value)


LEVEL_CHOICES = [(level, with_rating(level, label)) for level, label in LEVEL_DESCRIPTIONS]

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
