"""Every change to a score sheet, each made whole under a lock on the sheet's row.

Two devices may write to one sheet at the same moment (the owner and a holder of the edit
link, or a device sending the deals it kept offline). Each change therefore runs in one
transaction that first locks the sheet (``SELECT … FOR UPDATE`` on PostgreSQL; on SQLite
the transaction starts with ``BEGIN IMMEDIATE``, see the settings), then reads what it
needs afresh: the next deal number, whether a client id was already used, the order of
deletions and the revision. The database also refuses a second deal with the same number
on one sheet.

Deal numbers count every deal ever entered on the sheet, 1, 2, 3, …: deleting a deal only
hides it (so it can be undone, latest first) and keeps its number; the sheet shows the
deals still counted numbered 1..n in that order.

Deals entered offline arrive later from the page's script carrying a client id (so a retry
never adds a deal twice) and the revision the device last saw (so a sheet changed elsewhere
meanwhile is reported, not silently merged).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.db import transaction
from django.db.models import Max

from .models import Deal, Sheet, edit_token
from .scoring import Standings, standings

# The page names a kept deal "deal-" and a UUID (41 characters); the column holds 64.
CLIENT_ID = re.compile(r"^[A-Za-z0-9_-]{8,64}$")


def offline_fields(data) -> tuple[str, int | None]:
    """The client id and the revision a deal sent by the page's script was entered on;
    an odd client id is ignored, not trusted."""
    client_id = data.get("client_id", "")
    if not CLIENT_ID.match(client_id):
        client_id = ""
    try:
        seen = int(data.get("revision", ""))
    except ValueError:
        seen = None
    return client_id, seen


def _locked(sheet: Sheet) -> Sheet:
    """The sheet read afresh with its row locked until the transaction ends."""
    return Sheet.objects.select_for_update().get(pk=sheet.pk)


def _changed(sheet: Sheet, *fields: str) -> None:
    """Record a change: a new revision, so offline devices notice they missed it."""
    sheet.revision += 1
    sheet.save(update_fields=["revision", "updated", *fields])


def next_number(sheet: Sheet) -> int:
    """The number of the next deal: one more than any deal's, deleted ones included."""
    return (sheet.deals.aggregate(last=Max("number"))["last"] or 0) + 1


def live_standings(sheet: Sheet) -> Standings:
    return standings(list(sheet.deals.filter(deleted=False)), len(sheet.names), sheet.engine_rules)


def sent_before(sheet: Sheet, client_id: str) -> Deal | None:
    """The deal already added under this client id, if any."""
    return sheet.deals.filter(client_id=client_id).first() if client_id else None


@dataclass
class Added:
    sheet: Sheet  # as saved
    deal: Deal
    duplicate: bool  # the same client id was added before: nothing new was saved
    missed_changes: bool = False  # the sheet changed since the revision the device saw


def add_deal(
    sheet: Sheet, mode: str, entry: dict, *, client_id: str = "", seen: int | None = None
) -> Added:
    with transaction.atomic():
        sheet = _locked(sheet)
        earlier = sent_before(sheet, client_id)
        if earlier:
            return Added(sheet, earlier, duplicate=True)
        missed = seen is not None and seen != sheet.revision
        deal = Deal.objects.create(
            sheet=sheet, number=next_number(sheet), mode=mode, entry=entry, client_id=client_id
        )
        _changed(sheet)
    return Added(sheet, deal, duplicate=False, missed_changes=missed)


def change_entry(sheet: Sheet, number: int, entry: dict) -> Deal:
    """Replace what was entered for a deal still counted; Deal.DoesNotExist otherwise."""
    with transaction.atomic():
        sheet = _locked(sheet)
        deal = sheet.deals.get(number=number, deleted=False)
        deal.entry = entry
        deal.save(update_fields=["entry"])
        _changed(sheet)
    return deal


def mark_deleted(sheet: Sheet, number: int, deleted: bool) -> Deal:
    """Delete or restore a deal: deletion only hides it, so it can be undone, latest
    first. Deal.DoesNotExist if there is no such deal to delete (or to restore)."""
    with transaction.atomic():
        sheet = _locked(sheet)
        deal = sheet.deals.get(number=number, deleted=not deleted)
        deal.deleted = deleted
        deal.deleted_order = None
        if deleted:
            latest = sheet.deals.filter(deleted=True).aggregate(last=Max("deleted_order"))["last"]
            deal.deleted_order = (latest or 0) + 1
        deal.save(update_fields=["deleted", "deleted_order"])
        _changed(sheet)
    return deal


def change_rules(sheet: Sheet, rules: dict) -> tuple[Standings, Standings]:
    """New house rules; the standings before and after."""
    with transaction.atomic():
        sheet = _locked(sheet)
        before = live_standings(sheet)
        sheet.rules = rules
        _changed(sheet, "rules")
        after = live_standings(sheet)
    return before, after


def new_edit_link(sheet: Sheet) -> Sheet:
    """Revoke the edit link and make a new one; the sheet with its new token."""
    with transaction.atomic():
        sheet = _locked(sheet)
        sheet.edit = edit_token()
        _changed(sheet, "edit")
    return sheet
