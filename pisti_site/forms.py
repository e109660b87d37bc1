"""House-rule fields shared by the practice game and the score sheet.

The engine's ``Rules`` validation has the last word: a form can never accept rules the
engine would refuse, and the engine's message is shown next to the field it names.
"""

from __future__ import annotations

from urllib.parse import urlencode

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from pisti import Rules
from pisti.rules import InvalidRules

from .matchplay import kind_for

BOOLEAN_RULES = ("jack_on_empty_table", "last_card_pisti")

# Named sets of house rules a start form can open with.
PRESETS = {
    "standard": {},
    "short": {"target": 101},
    "any-jack": {"jack_on_lone_card": "jack_pisti"},
    "four-up": {"opening": "four_up"},
}


def _yes_no():
    return [("false", _("No")), ("true", _("Yes"))]


class HouseRulesForm(forms.Form):
    """Every rule key of the engine contract except the table, with the defaults shown."""

    rule_fields: tuple[str, ...] = (
        "match_scoring",
        "target",
        "target_tie",
        "deals_target",
        "max_deals",
        "opening",
        "face_up_jack",
        "pisti_points",
        "jack_pisti_points",
        "jack_on_lone_jack",
        "jack_on_lone_card",
        "jack_on_empty_table",
        "last_card_pisti",
        "majority_bonus",
        "majority_rule",
        "two_of_clubs_points",
        "ten_of_diamonds_points",
    )

    # The newer keys are optional in a submission (older bookmarks and clients leave them
    # out); an empty value means the engine's default.
    match_scoring = forms.ChoiceField(
        label=_("The match is won on"),
        initial="points",
        required=False,
        choices=[
            ("points", _("Points added up")),
            ("deals", pgettext_lazy("the match is won on", "Deals won")),
        ],
    )

    target = forms.IntegerField(
        label=_("Play to"),
        min_value=50,
        max_value=500,
        initial=151,
        help_text=_("From 50 to 500 points."),  # a 10 met only the browser's own words
    )
    target_tie = forms.ChoiceField(
        label=_("A tie at the top"),
        initial="play_on",
        choices=[("play_on", _("Play another deal")), ("shared", _("Shared win"))],
    )
    deals_target = forms.IntegerField(
        label=_("Deals won to win the match"),
        min_value=1,
        max_value=25,
        initial=5,
        required=False,
        help_text=_("From 1 to 25."),
    )
    max_deals = forms.IntegerField(
        label=_("Stop after this many deals (empty: no limit)"),
        min_value=1,
        max_value=50,
        required=False,
    )
    opening = forms.ChoiceField(
        label=_("Opening cards"),
        initial="three_down_one_up",
        choices=[
            ("three_down_one_up", _("Three face down, one face up")),
            ("four_up", _("All four face up")),
        ],
    )
    face_up_jack = forms.ChoiceField(
        label=_("A face-up jack at the start"),
        initial="return",
        choices=[("return", _("Goes back into the stock")), ("keep", _("Stays on the table"))],
    )
    pisti_points = forms.IntegerField(
        label=_("A pişti is worth"), min_value=5, max_value=20, initial=10
    )
    jack_pisti_points = forms.IntegerField(
        label=_("A jack pişti is worth"), min_value=10, max_value=40, step_size=5, initial=20
    )
    jack_on_lone_jack = forms.ChoiceField(
        label=_("A jack on a lone jack"),
        initial="jack_pisti",
        choices=[("jack_pisti", _("Jack pişti")), ("pisti", _("Ordinary pişti"))],
    )
    jack_on_lone_card = forms.ChoiceField(
        label=_("A jack on a lone card of another rank"),
        initial="none",
        choices=[
            ("none", _("No pişti")),
            ("pisti", _("Ordinary pişti")),
            ("jack_pisti", pgettext_lazy("a jack on a lone card", "Jack pişti")),
        ],
    )
    jack_on_empty_table = forms.ChoiceField(
        label=_("A jack on an empty table scores a pişti"), initial="false", choices=_yes_no
    )
    last_card_pisti = forms.ChoiceField(
        label=_("The very last card can make a pişti"), initial="false", choices=_yes_no
    )
    majority_bonus = forms.IntegerField(
        label=_("Bonus for most cards"), min_value=0, max_value=10, initial=3
    )
    majority_rule = forms.ChoiceField(
        label=_("Who gets the bonus for most cards"),
        initial="most",
        required=False,
        choices=[
            ("most", _("More cards than anyone else")),
            ("over_half", _("Only with 27 cards or more")),
        ],
    )
    two_of_clubs_points = forms.IntegerField(
        label=_("The two of clubs is worth"), min_value=0, max_value=10, initial=2
    )
    ten_of_diamonds_points = forms.IntegerField(
        label=_("The ten of diamonds is worth"), min_value=0, max_value=10, initial=3
    )

    # Fields that only apply to one way of winning the match: a script shows them only
    # then (without it, all show and the one that does not apply is ignored).
    SCORING_ONLY = {"target": "points", "target_tie": "points", "deals_target": "deals"}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for name in list(self.fields):
            if name in HouseRulesForm.base_fields and name not in self.rule_fields:
                del self.fields[name]
        if "match_scoring" in self.fields:
            for name, scoring in self.SCORING_ONLY.items():
                if name in self.fields:
                    self.fields[name].widget.attrs["data-scoring-only"] = scoring

    def table_rules(self, data) -> dict:
        """``players`` and ``partnerships`` for the chosen table."""
        return {}

    def house_rules(self, *, open_: bool = False) -> dict:
        """The rule fields for ``includes/house_rules.html``, in the form's order: folded
        away (most players keep the usual rules) unless ``open_`` or one of them is wrong."""
        fields = [self[name] for name in self.fields if name in self.rule_fields]
        return {"rule_fields": fields, "rules_open": open_ or any(f.errors for f in fields)}

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        values = {
            key: data[key]
            for key in self.rule_fields
            if data.get(key) not in (None, "") or key == "max_deals"
        }
        for key in BOOLEAN_RULES:
            if key in values:
                values[key] = values[key] == "true"
        values.update(self.table_rules(data))
        try:
            data["rules"] = Rules.from_dict(values)
        except InvalidRules as error:
            field = next((k for k in self.rule_fields if f"rules: {k} " in str(error)), None)
            self.add_error(field, str(error))
        return data


def rules_initial(rules: dict | None = None, preset: dict | None = None) -> dict:
    """Form values for a rules object (the defaults when none), changed by ``preset``."""
    values = Rules().to_dict()
    values.update(rules or {})
    values.update(preset or {})
    for key in BOOLEAN_RULES:
        values[key] = "true" if values[key] else "false"
    return values


def initial_for(preset: str | None) -> dict:
    """House-rule form values for a preset: the defaults, changed where the preset says."""
    values = rules_initial(preset=PRESETS.get(preset or "standard", {}))
    return {key: values[key] for key in HouseRulesForm.rule_fields}


def start_query(rules: dict) -> str:
    """The query string of a practice start link that opens the form set to ``rules``.

    The variants page uses it, so a reader can try a house rule in one click; the link only
    fills in the form, and the game starts when the visitor submits it.
    """
    params = {}
    if "players" in rules or "partnerships" in rules:
        params["table"] = kind_for(rules)
    for key, value in rules.items():
        if key in ("players", "partnerships"):
            continue
        params[key] = ("true" if value else "false") if isinstance(value, bool) else value
    return urlencode(params)
