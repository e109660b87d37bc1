"""The new-game form: opponents, table and every house rule of the engine contract.

The engine's own ``Rules`` validation has the last word, so the form can never start a
game the engine would refuse; its message is shown next to the field it names.
"""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from pisti import Rules
from pisti.rules import InvalidRules

from .models import Game
from .service import TABLE_RULES

LEVEL_CHOICES = [
    ("beginner", _("Beginner — takes obvious matches, otherwise plays almost at random")),
    ("easy", _("Easy — grabs the best capture now, throws its cheapest card")),
    ("medium", _("Medium — counts cards, saves jacks, avoids giving piştis")),
    ("hard", _("Hard — imagines your hand many ways and plays each card out")),
    ("expert", _("Expert — the hard search, deeper, exact at the end, aware of the score")),
]

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

RULE_FIELDS = [
    "target", "target_tie", "max_deals", "opening", "face_up_jack", "pisti_points",
    "jack_pisti_points", "jack_on_lone_jack", "jack_on_lone_card", "jack_on_empty_table",
    "last_card_pisti", "majority_bonus", "two_of_clubs_points", "ten_of_diamonds_points",
]


def _yes_no():
    return [("false", _("No")), ("true", _("Yes"))]


class NewGameForm(forms.Form):
    level = forms.ChoiceField(label=_("Opponents"), choices=LEVEL_CHOICES, initial="medium",
                              widget=forms.RadioSelect)
    table = forms.ChoiceField(label=_("Table"), choices=Game.TABLES, initial="1v1",
                              widget=forms.RadioSelect)
    target = forms.IntegerField(label=_("Play to"), min_value=50, max_value=500, initial=151)
    target_tie = forms.ChoiceField(label=_("A tie at the top"), initial="play_on", choices=[
        ("play_on", _("Play another deal")), ("shared", _("Shared win"))])
    max_deals = forms.IntegerField(label=_("Stop after this many deals (empty: no limit)"),
                                   min_value=1, max_value=50, required=False)
    opening = forms.ChoiceField(label=_("Opening cards"), initial="three_down_one_up", choices=[
        ("three_down_one_up", _("Three face down, one face up")),
        ("four_up", _("All four face up"))])
    face_up_jack = forms.ChoiceField(label=_("A face-up jack at the start"), initial="return",
                                     choices=[("return", _("Goes back into the stock")),
                                              ("keep", _("Stays on the table"))])
    pisti_points = forms.IntegerField(label=_("A pişti is worth"), min_value=5, max_value=20,
                                      initial=10)
    jack_pisti_points = forms.IntegerField(label=_("A jack pişti is worth"), min_value=10,
                                           max_value=40, step_size=5, initial=20)
    jack_on_lone_jack = forms.ChoiceField(label=_("A jack on a lone jack"), initial="jack_pisti",
                                          choices=[("jack_pisti", _("Jack pişti")),
                                                   ("pisti", _("Ordinary pişti"))])
    jack_on_lone_card = forms.ChoiceField(
        label=_("A jack on a lone card of another rank"), initial="none",
        choices=[("none", _("No pişti")), ("pisti", _("Ordinary pişti")),
                 ("jack_pisti", _("Jack pişti (any jack doubles)"))])
    jack_on_empty_table = forms.ChoiceField(label=_("A jack on an empty table scores a pişti"),
                                            initial="false", choices=_yes_no)
    last_card_pisti = forms.ChoiceField(label=_("The very last card can make a pişti"),
                                        initial="false", choices=_yes_no)
    majority_bonus = forms.IntegerField(label=_("Bonus for most cards"), min_value=0,
                                        max_value=10, initial=3)
    two_of_clubs_points = forms.IntegerField(label=_("Two of clubs"), min_value=0,
                                             max_value=10, initial=2)
    ten_of_diamonds_points = forms.IntegerField(label=_("Ten of diamonds"), min_value=0,
                                                max_value=10, initial=3)

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        values = {key: data[key] for key in RULE_FIELDS}
        for key in ("jack_on_empty_table", "last_card_pisti"):
            values[key] = values[key] == "true"
        values.update(TABLE_RULES[data["table"]])
        try:
            data["rules"] = Rules.from_dict(values)
        except InvalidRules as error:
            field = next((key for key in RULE_FIELDS if f"rules: {key} " in str(error)), None)
            self.add_error(field, str(error))
        return data


def initial_for(preset: str | None) -> dict:
    """Form values for a preset: the defaults, changed where the preset says."""
    defaults = Rules().to_dict()
    initial = {key: defaults[key] for key in RULE_FIELDS}
    initial.update(PRESETS.get(preset or "standard", {}))
    for key in ("jack_on_empty_table", "last_card_pisti"):
        initial[key] = "true" if initial[key] else "false"
    return initial
