"""Score sheet forms: a new sheet, its house rules, and a deal entered quick or detailed.

Detailed entries are checked against what one deal of 52 cards allows: 52 cards in all,
four aces, four jacks, the two of clubs and the ten of diamonds taken by exactly one side
each, no side holding more point cards than cards, jack captures within the jacks taken
(and the pack's four), and no more piştis than the 47 cards played after the first
capture leave room for. Every check runs on whatever fields are valid, so all the reasons
show at once, each next to its field.
"""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from pisti_site.forms import HouseRulesForm

from .models import Sheet
from .scoring import JACKS, MOST_PISTIS, PLAYED_AFTER_FIRST_CAPTURE

SHEET_RULES = (
    "match_scoring",
    "target",
    "target_tie",
    "deals_target",
    "max_deals",
    "pisti_points",
    "jack_pisti_points",
    "jack_on_lone_jack",
    "jack_on_lone_card",
    "jack_on_empty_table",
    "majority_bonus",
    "majority_rule",
    "two_of_clubs_points",
    "ten_of_diamonds_points",
)


def table_rules(table: str) -> dict:
    players = Sheet.PLAYERS[table]
    return {"players": players, "partnerships": table == "teams"}


def sides_of(table: str) -> int:
    return 2 if table == "teams" else Sheet.PLAYERS[table]


class NewSheetForm(HouseRulesForm):
    rule_fields = SHEET_RULES
    table = forms.ChoiceField(
        label=_("Table"),
        choices=Sheet.TABLES,
        initial="2",
        widget=forms.RadioSelect,
        error_messages={
            "required": _("Choose the table: how many players, and whether in teams."),
            "invalid_choice": _("Choose the table: how many players, and whether in teams."),
        },
    )
    name_0 = forms.CharField(label=_("Player or team 1"), max_length=40, initial=_("Player 1"))
    name_1 = forms.CharField(label=_("Player or team 2"), max_length=40, initial=_("Player 2"))
    name_2 = forms.CharField(label=_("Player 3 (3 or 4 players)"), max_length=40, required=False)
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
                label=name,
                min_value=0,
                max_value=300,
                error_messages={
                    "max_value": _("More than 300 points in one deal is not possible.")
                },
            )

    def points(self) -> list[int]:
        return [self.cleaned_data[f"points_{i}"] for i in range(len(self.names))]


class DetailedDealForm(forms.Form):
    """What each side took; the engine computes the points."""

    COUNTS = [
        ("cards", _("Cards taken"), 52),
        ("aces", _("Aces"), 4),
        ("jacks", _("Jacks"), 4),
        ("pisti", _("Piştis (same rank on a lone card)"), MOST_PISTIS),
        ("jack_on_jack", _("Jack on a lone jack (jack pişti)"), JACKS // 2),
        ("jack_on_card", _("Jack on a lone card of another rank"), JACKS),
        ("jack_on_empty", _("Jack on an empty table"), JACKS),
    ]
    CAPTURES = ("pisti", "jack_on_jack", "jack_on_card", "jack_on_empty")

    def __init__(self, *args, names: list[str], **kwargs):
        super().__init__(*args, **kwargs)
        self.names = names
        for i, _name in enumerate(names):
            for key, label, most in self.COUNTS:
                self.fields[f"{key}_{i}"] = forms.IntegerField(
                    label=label,
                    min_value=0,
                    max_value=most,
                    initial=0,
                    error_messages={"max_value": _("At most %(limit_value)s in one deal.")},
                )
            self.fields[f"two_of_clubs_{i}"] = forms.BooleanField(
                label=_("Took the two of clubs"), required=False
            )
            self.fields[f"ten_of_diamonds_{i}"] = forms.BooleanField(
                label=_("Took the ten of diamonds"), required=False
            )

    def side_fields(self):
        """Fields grouped per side, for the template."""
        keys = [k for k, _l, _m in self.COUNTS] + ["two_of_clubs", "ten_of_diamonds"]
        return [(name, [self[f"{k}_{i}"] for k in keys]) for i, name in enumerate(self.names)]

    def _column(self, data, key) -> list | None:
        """Every side's value of ``key``, or None while any of them is itself invalid."""
        values = [data.get(f"{key}_{i}") for i in range(len(self.names))]
        return None if any(v is None for v in values) else values

    def _side(self, data, i) -> dict | None:
        keys = [k for k, _l, _m in self.COUNTS] + ["two_of_clubs", "ten_of_diamonds"]
        values = {k: data.get(f"{k}_{i}") for k in keys}
        return None if any(v is None for v in values.values()) else values

    def clean(self):
        data = dict(super().clean())  # add_error() drops fields from cleaned_data
        self.pack_errors = []
        last = len(self.names) - 1
        self._check_pack(data, last)
        for i in range(len(self.names)):
            side = self._side(data, i)
            if side is not None:
                self._check_side(side, i)
        self._check_captures(data, last)
        return self.cleaned_data

    def _pack_error(self, field: str, message) -> None:
        """An error about all sides together, shown at the last side's field."""
        self.pack_errors.append((field, str(message)))
        self.add_error(field, message)

    def _check_pack(self, data, last: int) -> None:
        """The pack: 52 cards, four aces, four jacks, one two of clubs, one ten of diamonds."""
        cards = self._column(data, "cards")
        if cards is not None and sum(cards) != 52:
            self._pack_error(
                f"cards_{last}",
                _("The cards taken must add up to 52; these add up to %(n)d.") % {"n": sum(cards)},
            )
        for key, label in (("aces", _("aces")), ("jacks", _("jacks"))):
            values = self._column(data, key)
            if values is not None and sum(values) != 4:
                self._pack_error(
                    f"{key}_{last}",
                    _("There are four %(what)s in the pack; these add up to %(n)d.")
                    % {"what": label, "n": sum(values)},
                )
        for key, label in (
            ("two_of_clubs", _("The two of clubs")),
            ("ten_of_diamonds", _("The ten of diamonds")),
        ):
            owners = sum(1 for v in self._column(data, key) if v)
            if owners != 1:
                message = (
                    _("%(card)s was given to nobody: tick the side that took it.")
                    if owners == 0
                    else _("%(card)s can only go to one side; it is ticked %(n)d times.")
                )
                self._pack_error(f"{key}_{last}", message % {"card": label, "n": owners})

    def _check_side(self, side: dict, i: int) -> None:
        """One side: its point cards, jack captures and piştis fit the cards it took."""
        name = self.names[i]
        honours = side["aces"] + side["jacks"] + side["two_of_clubs"] + side["ten_of_diamonds"]
        if honours > side["cards"]:
            self.add_error(
                f"cards_{i}",
                ngettext(
                    "%(name)s took %(n)d point card but fewer cards than that.",
                    "%(name)s took %(n)d point cards but fewer cards than that.",
                    honours,
                )
                % {"name": name, "n": honours},
            )
        jacks_needed = side["jack_on_jack"] * 2 + side["jack_on_card"] + side["jack_on_empty"]
        if jacks_needed > side["jacks"]:
            self.add_error(
                f"jacks_{i}",
                ngettext(
                    "The jack captures of %(name)s need %(n)d jack, more than the jacks taken.",
                    "The jack captures of %(name)s need %(n)d jacks, more than the jacks taken.",
                    jacks_needed,
                )
                % {"name": name, "n": jacks_needed},
            )
        captures = side["pisti"] + side["jack_on_jack"] + side["jack_on_card"]
        if captures * 2 + side["jack_on_empty"] > side["cards"]:
            self.add_error(
                f"pisti_{i}",
                _("Each pişti takes two cards: %(name)s has too few cards for that many.")
                % {"name": name},
            )
        elif side["cards"] == 1 and not side["jacks"]:
            self.add_error(
                f"cards_{i}",
                _(
                    "A capture takes at least two cards (only a jack on an empty table takes "
                    "one): %(name)s cannot have taken just one card."
                )
                % {"name": name},
            )

    def _check_captures(self, data, last: int) -> None:
        """All sides together: four jacks in the pack, and room for every pişti."""
        columns = {key: self._column(data, key) for key in self.CAPTURES}
        jack_columns = [columns[k] for k in ("jack_on_jack", "jack_on_card", "jack_on_empty")]
        if all(c is not None for c in jack_columns):
            jacks = 2 * sum(jack_columns[0]) + sum(jack_columns[1]) + sum(jack_columns[2])
            if jacks > JACKS:
                self._pack_error(
                    f"jack_on_jack_{last}",
                    _(
                        "These jack captures need %(n)d jacks; the pack has four (a jack on a "
                        "lone jack uses two)."
                    )
                    % {"n": jacks},
                )
        if all(c is not None for c in columns.values()):
            two_card = (
                sum(columns["pisti"]) + sum(columns["jack_on_jack"]) + sum(columns["jack_on_card"])
            )
            if 2 * two_card + sum(columns["jack_on_empty"]) > PLAYED_AFTER_FIRST_CAPTURE:
                self._pack_error(
                    f"pisti_{last}",
                    _(
                        "Too many piştis for one deal: 48 cards are played, the first capture is "
                        "never a pişti, and each pişti takes two played cards, so at most "
                        "%(most)d fit; these add up to %(n)d."
                    )
                    % {"most": MOST_PISTIS, "n": two_card + sum(columns["jack_on_empty"])},
                )

    def error_summary(self) -> list[tuple[str, str, str, str]]:
        """(field id, who, label, message) of every error, in the order of the page; errors
        about all sides together come first and name no side."""
        pack = getattr(self, "pack_errors", [])
        summary = (
            [("", "", "", " ".join(self.non_field_errors()))] if (self.non_field_errors()) else []
        )
        summary += [
            (self[field].auto_id, _("All sides together"), self[field].label, message)
            for field, message in pack
        ]
        for i, name in enumerate(self.names):
            for field in self.side_fields()[i][1]:
                own = [m for m in field.errors if (field.name, m) not in pack]
                if own:
                    summary.append((field.auto_id, name, field.label, " ".join(own)))
        return summary

    def entry(self) -> dict:
        keys = [k for k, _l, _m in self.COUNTS] + ["two_of_clubs", "ten_of_diamonds"]
        return {
            "sides": [
                {k: self.cleaned_data[f"{k}_{i}"] for k in keys} for i in range(len(self.names))
            ]
        }

    @staticmethod
    def initial_from(entry: dict) -> dict:
        return {f"{k}_{i}": v for i, side in enumerate(entry["sides"]) for k, v in side.items()}
