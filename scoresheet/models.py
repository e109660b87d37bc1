"""A score sheet for a game at a real table: sides, house rules and the deals entered.

A deal is stored as entered, either one number per side ("quick") or the counts of each
side ("detailed"). Points of detailed deals are never stored: the engine computes them
from the counts and the sheet's current rules, so changing a house rule recalculates the
whole match at once.
"""

import secrets
import uuid

from django.db import models
from django.utils.translation import gettext_lazy as _

from pisti import Rules


def share_token() -> str:
    return secrets.token_urlsafe(16)


def edit_token() -> str:
    """An unguessable secret: whoever holds the edit link may change the sheet."""
    return secrets.token_urlsafe(24)


class Sheet(models.Model):
    TABLES = [
        ("2", _("2 players")),
        ("3", _("3 players, each for themselves")),
        ("4", _("4 players, each for themselves")),
        ("teams", _("Two teams of two")),
    ]
    PLAYERS = {"2": 2, "3": 3, "4": 4, "teams": 4}

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    share = models.CharField(max_length=40, unique=True, default=share_token, editable=False)
    edit = models.CharField(max_length=40, unique=True, default=edit_token, editable=False)
    # Goes up with every change, so a device that was offline can tell it missed some.
    revision = models.PositiveIntegerField(default=0, editable=False)
    session_key = models.CharField(max_length=40, db_index=True)
    table = models.CharField(_("table"), max_length=5, choices=TABLES)
    names = models.JSONField(_("names"))  # one name per side
    rules = models.JSONField(_("house rules"))
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated"]
        verbose_name = _("score sheet")
        verbose_name_plural = _("score sheets")

    def __str__(self) -> str:
        return " – ".join(self.names)

    @property
    def engine_rules(self) -> Rules:
        return Rules.from_dict(self.rules)


class Deal(models.Model):
    QUICK, DETAILED = "quick", "detailed"
    MODES = [(QUICK, _("quick")), (DETAILED, _("detailed"))]

    sheet = models.ForeignKey(Sheet, on_delete=models.CASCADE, related_name="deals")
    number = models.PositiveIntegerField()
    mode = models.CharField(max_length=10, choices=MODES)
    entry = models.JSONField()  # quick: {"points": [..]}; detailed: {"sides": [tally, ..]}
    deleted = models.BooleanField(default=False)
    # Order of deletion (1, 2, …), so "undo" brings back the deal deleted last.
    deleted_order = models.PositiveIntegerField(null=True, blank=True)
    # Chosen by the browser that entered the deal (offline), so a retry never adds it twice.
    client_id = models.CharField(max_length=64, blank=True, default="")

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(
                fields=["sheet", "client_id"],
                condition=~models.Q(client_id=""),
                name="one_deal_per_client_id",
            ),
            # Numbers are taken under a lock on the sheet (service.add_deal); this is the
            # database's guarantee that two deals of a sheet never share one.
            models.UniqueConstraint(fields=["sheet", "number"], name="one_deal_per_number"),
        ]
        verbose_name = _("deal")
        verbose_name_plural = _("deals")

    def __str__(self) -> str:
        return f"{self.sheet_id} #{self.number}"
