"""Score sheet forms: a new sheet, its house rules, and a deal entered quick or detailed.

Detailed entries are checked the way a careful scorer would: 52 cards in all, four aces,
four jacks, the two of clubs and the ten of diamonds taken by exactly one side each, and
no side holding more point cards than cards. Each message stands next to its field.
"""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from pisti_site.forms import HouseRulesForm

from .models import Sheet

SHEET_RULES = (
    "target", "target_tie", "max_deals", "pisti_points", "jack_pisti_points",
    "jack_on_lone_jack", "jack_on_lone_card", "jack_on_empty_table", "majority_bonus",
    "two_of_clubs_points", "ten_of_diamonds_points",
)


def table_rules(table: str) -> dict:
    players = Sheet.PLAYERS[table]
    return {"players": players, "partnerships": table == "teams"}


def sides_of(table: str) -> int:
    return 2 if table == "teams" else Sheet.PLAYERS[table]


class NewSheetForm(HouseRulesForm):
    rule_fields = SHEET_RULES
    table = forms.ChoiceField(label=_("Table"), choices=Sheet.TABLES, initial="2",
                              widget=forms.RadioSelect)
    name_0 = forms.CharField(label=_("Player or team 1"), max_length=40,
                             initial=_("Player 1"))
    name_1 = forms.CharField(label=_("Player or team 2"), max_length=40,
                             initial=_("Player 2"))
    name_2 = forms.CharField(label=_("Player 3 (3 or 4 players)"), max_length=40,
                             required=False)
    name_3 = forms.CharField(label=_("Player 4 (4 players)"), max_length=40, required=False)
    field_order = ["table", "name_0", "name_1", "name_2", "name_3"]

    def table_rules(self, data) -> dict:
        return table_rules(data["table"])

    def clean(self):
        data = super().clean()
        table = data.get("table")
        if table:
            for i in range(sides_of(table)):
                if not (data.get(f"name_{i}") or "").strip():
                    self.add_error(f"name_{i}", _("Give every player or team a name."))
            data["names"] = [data.get(f"name_{i}", "").strip() for i in range(sides_of(table))]
        return data


class SheetRulesForm(HouseRulesForm):
    rule_fields = SHEET_RULES

    def __init__(self, *args, table: str, **kwargs):
        self.table = table
        super().__init__(*args, **kwargs)

    def table_rules(self, data) -> dict:
        return table_rules(self.table)


class QuickDealForm(forms.Form):
    """One number per side, as on paper."""

    def __init__(self, *args, names: list[str], **kwargs):
        super().__init__(*args, **kwargs)
        self.names = names
        for i, name in enumerate(names):
            self.fields[f"points_{i}"] = forms.IntegerField(
                label=name, min_value=0, max_value=300,
                error_messages={"max_value": _("More than 300 points in one deal is not "
                                               "possible.")})

    def points(self) -> list[int]:
        return [self.cleaned_data[f"points_{i}"] for i in range(len(self.names))]


class DetailedDealForm(forms.Form):
    """What each side took; the engine computes the points."""

    COUNTS = [
        ("cards", _("Cards taken"), 52),
        ("aces", _("Aces"), 4),
        ("jacks", _("Jacks"), 4),
        ("pisti", _("Piştis (same rank on a lone card)"), 24),
        ("jack_on_jack", _("Jack on a lone jack (jack pişti)"), 2),
        ("jack_on_card", _("Jack on a lone card of another rank"), 4),
        ("jack_on_empty", _("Jack on an empty table"), 4),
    ]

    def __init__(self, *args, names: list[str], **kwargs):
        super().__init__(*args, **kwargs)
        self.names = names
        for i, _name in enumerate(names):
            for key, label, most in self.COUNTS:
                self.fields[f"{key}_{i}"] = forms.IntegerField(
                    label=label, min_value=0, max_value=most, initial=0,
                    error_messages={"max_value": _("At most %(limit_value)s.")})
            self.fields[f"two_of_clubs_{i}"] = forms.BooleanField(
                label=_("Two of clubs"), required=False)
            self.fields[f"ten_of_diamonds_{i}"] = forms.BooleanField(
                label=_("Ten of diamonds"), required=False)

    def side_fields(self):
        """Fields grouped per side, for the template."""
        keys = [k for k, _l, _m in self.COUNTS] + ["two_of_clubs", "ten_of_diamonds"]
        return [(name, [self[f"{k}_{i}"] for k in keys]) for i, name in enumerate(self.names)]

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        data = dict(data)  # add_error() drops fields from cleaned_data; keep every value
        n = len(self.names)
        last = n - 1
        cards = sum(data[f"cards_{i}"] for i in range(n))
        if cards != 52:
            self.add_error(f"cards_{last}", _(
                "The cards taken must add up to 52; these add up to %(n)d.") % {"n": cards})
        for key, label in (("aces", _("aces")), ("jacks", _("jacks"))):
            total = sum(data[f"{key}_{i}"] for i in range(n))
            if total != 4:
                self.add_error(f"{key}_{last}", _(
                    "There are four %(what)s in the pack; these add up to %(n)d.")
                    % {"what": label, "n": total})
        for key, label in (("two_of_clubs", _("The two of clubs")),
                           ("ten_of_diamonds", _("The ten of diamonds"))):
            owners = sum(1 for i in range(n) if data[f"{key}_{i}"])
            if owners != 1:
                message = (_("%(card)s was given to nobody: tick the side that took it.")
                           if owners == 0 else
                           _("%(card)s can only go to one side; it is ticked %(n)d times."))
                self.add_error(f"{key}_{last}", message % {"card": label, "n": owners})
        for i in range(n):
            honours = (data[f"aces_{i}"] + data[f"jacks_{i}"] + data[f"two_of_clubs_{i}"]
                       + data[f"ten_of_diamonds_{i}"])
            if honours > data[f"cards_{i}"]:
                self.add_error(f"cards_{i}", ngettext(
                    "%(name)s took %(n)d point card but fewer cards than that.",
                    "%(name)s took %(n)d point cards but fewer cards than that.", honours)
                    % {"name": self.names[i], "n": honours})
            captures = sum(data[f"{k}_{i}"] for k in ("pisti", "jack_on_jack", "jack_on_card",
                                                     "jack_on_empty"))
            if captures * 2 > data[f"cards_{i}"] + data[f"jack_on_empty_{i}"]:
                self.add_error(f"pisti_{i}", _(
                    "Each pişti takes two cards: %(name)s has too few cards for that many.")
                    % {"name": self.names[i]})
        return self.cleaned_data

    def entry(self) -> dict:
        keys = [k for k, _l, _m in self.COUNTS] + ["two_of_clubs", "ten_of_diamonds"]
        return {"sides": [
            {k: self.cleaned_data[f"{k}_{i}"] for k in keys} for i in range(len(self.names))
        ]}

    @staticmethod
    def initial_from(entry: dict) -> dict:
        return {f"{k}_{i}": v for i, side in enumerate(entry["sides"]) for k, v in side.items()}
