"""Score sheets: create one, enter deals, change house rules, share read-only and edit links.

The views stay thin: who may change a sheet is decided in ``access``, every change is made
in ``service`` (under a lock on the sheet, numbering deals and keeping offline retries from
adding a deal twice), and the manifest and service worker that let the sheet work offline
are in ``offline``. The read-only link uses a separate token and offers no form.
"""

from __future__ import annotations

import json

import segno
from django.contrib import messages
from django.http import Http404, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST, require_safe

from pisti_site.forms import rules_initial
from pisti_site.totals_chart import chart_svg
from pisti_site.visitors import session_key, wants_json

from . import access, service
from .forms import DetailedDealForm, NewSheetForm, QuickDealForm, SheetRulesForm
from .models import Deal, Sheet
from .scoring import quick_entry_possible, standings


def _back_to(sheet: Sheet):
    """Back to the sheet, scrolled to its standings (a form's fragment would otherwise
    carry over the redirect)."""
    return redirect(reverse("scoresheet:sheet", args=[sheet.pk]) + "#sheet-title")


def index(request):
    status = 200
    if request.method == "POST":
        form = NewSheetForm(request.POST)
        if form.is_valid():
            data = form.cleaned_data
            sheet = Sheet.objects.create(
                session_key=session_key(request),
                table=data["table"],
                names=data["names"],
                rules=data["rules"].to_dict(),
            )
            return redirect("scoresheet:sheet", sheet_id=sheet.pk)
        status = 400
    else:
        form = NewSheetForm(initial=rules_initial())
    sheets = access.editable_sheets(request)
    return render(
        request,
        "scoresheet/index.html",
        {
            "form": form,
            "sheets": sheets,
            "rule_fields": [form[name] for name in form.rule_fields],
        },
        status=status,
    )


def _qr_svg(url: str) -> str:
    """The link as a QR code, drawn as inline SVG (no script, no style attribute)."""
    return segno.make(url, error="m").svg_inline(scale=4, dark="#000", light="#fff", omitsize=True)


def sheet_context(sheet: Sheet, *, editable: bool, **extra) -> dict:
    rules = sheet.engine_rules
    deals = list(sheet.deals.filter(deleted=False))
    table = standings(deals, len(sheet.names), rules)
    for number, row in enumerate(table.rows, start=1):
        row.number = number
        row.impossible = row.deal.mode == Deal.QUICK and not quick_entry_possible(row.points, rules)
    counted = [r.totals for r in table.rows if r.totals is not None]
    context = {
        "sheet": sheet,
        "rules": rules,
        "standings": table,
        "editable": editable,
        "names": sheet.names,
        "chart": chart_svg(counted, sheet.names, None if table.by_deals else rules.target),
        "series": list(enumerate(sheet.names)),
        "winner_names": [sheet.names[s] for s in table.winners],
        "leader_names": [sheet.names[s] for s in table.leaders],
        "after_end": len(table.rows) - table.deals_counted,
        "deleted": sheet.deals.filter(deleted=True).order_by("-deleted_order", "-number").first(),
        "rules_json": json.dumps(rules.to_dict()),
    }
    context.update(extra)
    return context


def _forms(sheet, **bound):
    names = sheet.names
    rules_form = bound.get("rules_form") or SheetRulesForm(
        initial=rules_initial(sheet.rules), table=sheet.table
    )
    return {
        "quick_form": bound.get("quick_form") or QuickDealForm(names=names, prefix="quick"),
        "detailed_form": bound.get("detailed_form")
        or DetailedDealForm(names=names, prefix="detailed"),
        "rules_form": rules_form,
        "rule_fields": [rules_form[name] for name in rules_form.rule_fields],
    }


def _links(request, sheet) -> dict:
    share_url = request.build_absolute_uri(reverse("scoresheet:shared", args=[sheet.share]))
    edit_url = request.build_absolute_uri(reverse("scoresheet:open_edit", args=[sheet.edit]))
    return {
        "share_url": share_url,
        "edit_url": edit_url,
        "share_qr": _qr_svg(share_url),
        "edit_qr": _qr_svg(edit_url),
    }


@require_safe
def sheet_page(request, sheet_id):
    sheet = access.own_sheet(request, sheet_id)
    return render(
        request,
        "scoresheet/sheet.html",
        sheet_context(sheet, editable=True, **_links(request, sheet), **_forms(sheet)),
    )


def _render_with_errors(request, sheet, **bound):
    if wants_json(request):
        form = next(iter(bound.values()))
        return JsonResponse({"ok": False, "errors": _error_list(form)}, status=400)
    return render(
        request,
        "scoresheet/sheet.html",
        sheet_context(sheet, editable=True, **_links(request, sheet), **_forms(sheet, **bound)),
        status=400,
    )


def _error_list(form) -> list[str]:
    return [str(m) for errors in form.errors.values() for m in errors]


def _json_result(sheet, deal, *, duplicate: bool) -> JsonResponse:
    table = service.live_standings(sheet)
    return JsonResponse(
        {
            "ok": True,
            "number": deal.number,
            "duplicate": duplicate,
            "revision": sheet.revision,
            "totals": table.totals,
        }
    )


@require_POST
def add_deal(request, sheet_id, mode):
    sheet = access.own_sheet(request, sheet_id)
    client_id, seen = service.offline_fields(request.POST)
    earlier = service.sent_before(sheet, client_id)
    if earlier:  # the same deal sent again (a lost answer, a retry): never twice
        return _json_result(sheet, earlier, duplicate=True)
    if mode == Deal.QUICK:
        form = QuickDealForm(request.POST, names=sheet.names, prefix="quick")
        if not form.is_valid():
            return _render_with_errors(request, sheet, quick_form=form)
        entry = {"points": form.points()}
    elif mode == Deal.DETAILED:
        form = DetailedDealForm(request.POST, names=sheet.names, prefix="detailed")
        if not form.is_valid():
            return _render_with_errors(request, sheet, detailed_form=form)
        entry = form.entry()
    else:
        raise Http404
    added = service.add_deal(sheet, mode, entry, client_id=client_id, seen=seen)
    sheet = added.sheet
    if added.duplicate:  # the same client id raced in from another tab: keep one
        return _json_result(sheet, added.deal, duplicate=True)
    if added.missed_changes:
        messages.warning(
            request,
            _(
                "While this device was offline, the sheet was changed on another device. Your "
                "deals were added after those changes: check the deals below."
            ),
        )
    if mode == Deal.QUICK and not quick_entry_possible(entry["points"], sheet.engine_rules):
        messages.warning(
            request,
            _(
                "Saved, but check it: under these rules no number of piştis explains a "
                "deal total of %(total)d points."
            )
            % {"total": sum(entry["points"])},
        )
    if wants_json(request):
        return _json_result(sheet, added.deal, duplicate=False)
    return _back_to(sheet)


def edit_deal(request, sheet_id, number):
    sheet = access.own_sheet(request, sheet_id)
    deal = get_object_or_404(Deal, sheet=sheet, number=number, deleted=False)
    form_class = QuickDealForm if deal.mode == Deal.QUICK else DetailedDealForm
    if request.method == "POST":
        form = form_class(request.POST, names=sheet.names, prefix="edit")
        if form.is_valid():
            entry = {"points": form.points()} if deal.mode == Deal.QUICK else form.entry()
            try:
                service.change_entry(sheet, number, entry)
            except Deal.DoesNotExist:  # deleted on another device meanwhile
                raise Http404 from None
            messages.success(request, _("The deal was changed."))
            return _back_to(sheet)
        status = 400
    else:
        initial = (
            {f"points_{i}": p for i, p in enumerate(deal.entry["points"])}
            if deal.mode == Deal.QUICK
            else DetailedDealForm.initial_from(deal.entry)
        )
        form = form_class(initial=initial, names=sheet.names, prefix="edit")
        status = 200
    return render(
        request,
        "scoresheet/edit_deal.html",
        {"sheet": sheet, "deal": deal, "form": form},
        status=status,
    )


def _mark_deleted(request, sheet_id, number, deleted: bool, message: str):
    """Delete or restore a deal: deletion only hides it, so it can be undone, latest first."""
    sheet = access.own_sheet(request, sheet_id)
    try:
        service.mark_deleted(sheet, number, deleted)
    except Deal.DoesNotExist:
        raise Http404 from None
    messages.info(request, message)
    return _back_to(sheet)


@require_POST
def delete_deal(request, sheet_id, number):
    return _mark_deleted(
        request, sheet_id, number, True, _("Deal deleted. You can undo this below.")
    )


@require_POST
def restore_deal(request, sheet_id, number):
    return _mark_deleted(request, sheet_id, number, False, _("The deal is back."))


@require_POST
def change_rules(request, sheet_id):
    sheet = access.own_sheet(request, sheet_id)
    form = SheetRulesForm(request.POST, table=sheet.table)
    if not form.is_valid():
        return _render_with_errors(request, sheet, rules_form=form)
    before, after = service.change_rules(sheet, form.cleaned_data["rules"].to_dict())
    messages.success(request, _("House rules changed: every detailed deal was recalculated."))
    if after.over and (not before.over or after.deals_counted != before.deals_counted):
        messages.info(
            request,
            ngettext(
                "Under these rules the match ends after deal %(n)d.",
                "Under these rules the match ends after deal %(n)d.",
                after.deals_counted,
            )
            % {"n": after.deals_counted},
        )
    elif before.over and not after.over:
        messages.info(request, _("Under these rules the match is not over yet."))
    return _back_to(sheet)


@require_POST
def new_edit_link(request, sheet_id):
    """Revoke the edit link and make a new one; this device keeps editing."""
    sheet = service.new_edit_link(access.own_sheet(request, sheet_id))
    if sheet.session_key != request.session.session_key:
        access.grant(request, sheet)
    messages.success(
        request,
        _(
            "The old edit link no longer works. Send the new one to "
            "the players who should keep editing."
        ),
    )
    return _back_to(sheet)


@require_safe
def open_edit(request, token):
    """The private edit link: remember it on this device, then show the sheet."""
    sheet = get_object_or_404(Sheet, edit=token)
    session_key(request)
    access.grant(request, sheet)
    return redirect("scoresheet:sheet", sheet_id=sheet.pk)


@require_safe
def shared(request, token):
    sheet = get_object_or_404(Sheet, share=token)
    return render(request, "scoresheet/sheet.html", sheet_context(sheet, editable=False))
