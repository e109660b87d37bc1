"""Who may change a score sheet: its creator's browser and holders of its edit link.

Opening the edit link remembers the sheet's current edit token in that visitor's session
(the grants), so replacing the token locks out every device that only had the old link.
Anyone else gets 404, so a stranger cannot even tell whether a sheet exists.
"""

from __future__ import annotations

import re

from django.db.models import Q
from django.http import Http404

from .models import Sheet

GRANTS = "scoresheet_edit"  # session key: {sheet id: edit token opened on this device}
SHEET_ID = re.compile(r"[0-9a-f-]{36}")


def granted(request) -> dict:
    """This device's grants; anything else stored under the key counts as none."""
    grants = request.session.get(GRANTS)
    return grants if isinstance(grants, dict) else {}


def grant(request, sheet: Sheet) -> None:
    """Remember on this device that it holds the sheet's current edit link."""
    grants = granted(request)
    grants[str(sheet.pk)] = sheet.edit
    request.session[GRANTS] = grants


def may_edit(request, sheet: Sheet) -> bool:
    key = request.session.session_key
    return bool(key and sheet.session_key == key) or (
        granted(request).get(str(sheet.pk)) == sheet.edit
    )


def own_sheet(request, sheet_id) -> Sheet:
    """The sheet if this visitor created it or holds its current edit link; 404 otherwise."""
    try:
        sheet = Sheet.objects.get(pk=sheet_id)
    except (Sheet.DoesNotExist, ValueError):
        raise Http404 from None
    if may_edit(request, sheet):
        return sheet
    raise Http404


def editable_sheets(request, limit: int = 20) -> list[Sheet]:
    """The sheets this device may change: created here or opened by a current edit link."""
    key = request.session.session_key
    if not key:
        return []
    grants = granted(request)
    ids = [k for k in grants if SHEET_ID.fullmatch(k)]
    found = Sheet.objects.filter(Q(session_key=key) | Q(pk__in=ids))[:limit]
    return [s for s in found if s.session_key == key or grants.get(str(s.pk)) == s.edit]
