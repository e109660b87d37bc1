"""The form that makes a table: who sits where, the timer, watchers and the house rules."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from pisti_site.forms import HouseRulesForm, initial_for
from pisti_site.matchplay import TABLE_RULES

from .models import Table
from .service import NAME_LENGTH


class NewTableForm(HouseRulesForm):
    name = forms.CharField(
        label=_("Your name at the table"),
        max_length=NAME_LENGTH,
        # said beside the field before any post (site.js), as the seat form's name is
        widget=forms.TextInput(
            attrs={"data-required-message": _("Please give a name the others will see.")}
        ),
    )
    kind = forms.ChoiceField(
        label=_("Table"), choices=Table.KINDS, initial="1v1", widget=forms.RadioSelect
    )
    timer = forms.TypedChoiceField(
        label=_("Turn timer"), choices=Table.TIMERS, coerce=int, initial=0, widget=forms.RadioSelect
    )
    spectators = forms.BooleanField(
        label=_("Others with the link may watch (they never see a hand)"), required=False
    )
    field_order = ["name", "kind", "timer", "spectators"]

    def table_rules(self, data) -> dict:
        return TABLE_RULES[data["kind"]]


def new_table_initial(name: str = "") -> dict:
    """The form as it first shows: standard rules, one against one, no timer, and the name
    this browser last sat down with."""
    return {**initial_for("standard"), "kind": "1v1", "timer": 0, "name": name}
