"""Score sheets: create one, enter deals, change house rules, share a read-only link.

The sheet is found by its id and the visitor's session (another visitor gets 404); the
shared link uses a separate random token and offers no form at all.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from pisti_site.forms import rules_initial
from pisti_site.visitors import owned_or_404, session_key

from .forms import DetailedDealForm, NewSheetForm, QuickDealForm, SheetRulesForm
from .models import Deal, Sheet
from .scoring import quick_entry_possible, standings
from .totals_chart import chart_svg


def _own_sheet(request, sheet_id) -> Sheet:
    return owned_or_404(Sheet, request, sheet_id)


def index(request):
    if request.method == "POST":
        form = NewSheetForm(request.POST)
        if form.is_valid():
            data = form.cleaned_data
            sheet = Sheet.objects.create(
                session_key=session_key(request), table=data["table"], names=data["names"],
                rules=data["rules"].to_dict())
            return redirect("scoresheet:sheet", sheet_id=sheet.pk)
    else:
        form = NewSheetForm(initial=rules_initial())
    sheets = []
    if request.session.session_key:
        sheets = Sheet.objects.filter(session_key=request.session.session_key)[:20]
    return render(request, "scoresheet/index.html", {
        "form": form, "sheets": sheets,
        "rule_fields": [form[name] for name in form.rule_fields],
    })


def sheet_context(sheet: Sheet, *, editable: bool, **extra) -> dict:
    rules = sheet.engine_rules
    deals = list(sheet.deals.filter(deleted=False))
    table = standings(deals, len(sheet.names), rules)
    for number, row in enumerate(table.rows, start=1):
        row.number = number
        row.impossible = row.deal.mode == Deal.QUICK and not quick_entry_possible(
            row.points, rules)
    context = {
        "sheet": sheet, "rules": rules, "standings": table, "editable": editable,
        "names": sheet.names,
        "chart": chart_svg([r.totals for r in table.rows], sheet.names, rules.target),
        "winner_names": [sheet.names[s] for s in table.winners],
        "leader_names": [sheet.names[s] for s in table.leaders],
        "deleted": sheet.deals.filter(deleted=True).order_by("-number").first(),
    }
    context.update(extra)
    return context


def _forms(sheet, **bound):
    names = sheet.names
    rules_form = bound.get("rules_form") or SheetRulesForm(
        initial=rules_initial(sheet.rules), table=sheet.table)
    return {
        "quick_form": bound.get("quick_form") or QuickDealForm(names=names, prefix="quick"),
        "detailed_form": bound.get("detailed_form") or DetailedDealForm(
            names=names, prefix="detailed"),
        "rules_form": rules_form,
        "rule_fields": [rules_form[name] for name in rules_form.rule_fields],
    }


def _share_url(request, sheet) -> str:
    return request.build_absolute_uri(reverse("scoresheet:shared", args=[sheet.share]))


@require_safe
def sheet_page(request, sheet_id):
    sheet = _own_sheet(request, sheet_id)
    share_url = _share_url(request, sheet)
    return render(request, "scoresheet/sheet.html",
                  sheet_context(sheet, editable=True, share_url=share_url, **_forms(sheet)))


def _render_with_errors(request, sheet, **bound):
    share_url = _share_url(request, sheet)
    return render(request, "scoresheet/sheet.html", sheet_context(
        sheet, editable=True, share_url=share_url, **_forms(sheet, **bound)), status=400)


def _next_number(sheet) -> int:
    last = sheet.deals.order_by("-number").first()
    return last.number + 1 if last else 1


@require_POST
def add_deal(request, sheet_id, mode):
    sheet = _own_sheet(request, sheet_id)
    if mode == Deal.QUICK:
        form = QuickDealForm(request.POST, names=sheet.names, prefix="quick")
        if not form.is_valid():
            return _render_with_errors(request, sheet, quick_form=form)
        points = form.points()
        Deal.objects.create(sheet=sheet, number=_next_number(sheet), mode=mode,
                            entry={"points": points})
        if not quick_entry_possible(points, sheet.engine_rules):
            messages.warning(request, _(
                "Saved, but check it: under these rules no number of piştis explains a "
                "deal total of %(total)d points.") % {"total": sum(points)})
    elif mode == Deal.DETAILED:
        form = DetailedDealForm(request.POST, names=sheet.names, prefix="detailed")
        if not form.is_valid():
            return _render_with_errors(request, sheet, detailed_form=form)
        Deal.objects.create(sheet=sheet, number=_next_number(sheet), mode=mode,
                            entry=form.entry())
    else:
        raise Http404
    sheet.save(update_fields=["updated"])
    return redirect("scoresheet:sheet", sheet_id=sheet.pk)


def edit_deal(request, sheet_id, number):
    sheet = _own_sheet(request, sheet_id)
    deal = get_object_or_404(Deal, sheet=sheet, number=number, deleted=False)
    form_class = QuickDealForm if deal.mode == Deal.QUICK else DetailedDealForm
    if request.method == "POST":
        form = form_class(request.POST, names=sheet.names, prefix="edit")
        if form.is_valid():
            deal.entry = ({"points": form.points()} if deal.mode == Deal.QUICK
                          else form.entry())
            deal.save(update_fields=["entry"])
            messages.success(request, _("The deal was changed."))
            return redirect("scoresheet:sheet", sheet_id=sheet.pk)
        status = 400
    else:
        initial = ({f"points_{i}": p for i, p in enumerate(deal.entry["points"])}
                   if deal.mode == Deal.QUICK else DetailedDealForm.initial_from(deal.entry))
        form = form_class(initial=initial, names=sheet.names, prefix="edit")
        status = 200
    return render(request, "scoresheet/edit_deal.html",
                  {"sheet": sheet, "deal": deal, "form": form}, status=status)


def _mark_deleted(request, sheet_id, number, deleted: bool, message: str):
    """Delete or restore a deal: deletion only hides it, so it can be undone."""
    sheet = _own_sheet(request, sheet_id)
    deal = get_object_or_404(Deal, sheet=sheet, number=number, deleted=not deleted)
    deal.deleted = deleted
    deal.save(update_fields=["deleted"])
    messages.info(request, message)
    return redirect("scoresheet:sheet", sheet_id=sheet.pk)


@require_POST
def delete_deal(request, sheet_id, number):
    return _mark_deleted(request, sheet_id, number, True,
                         _("Deal deleted. You can undo this below."))


@require_POST
def restore_deal(request, sheet_id, number):
    return _mark_deleted(request, sheet_id, number, False, _("The deal is back."))


@require_POST
def change_rules(request, sheet_id):
    sheet = _own_sheet(request, sheet_id)
    form = SheetRulesForm(request.POST, table=sheet.table)
    if not form.is_valid():
        return _render_with_errors(request, sheet, rules_form=form)
    sheet.rules = form.cleaned_data["rules"].to_dict()
    sheet.save(update_fields=["rules", "updated"])
    messages.success(request, _("House rules changed: every detailed deal was recalculated."))
    return redirect("scoresheet:sheet", sheet_id=sheet.pk)


@require_safe
def shared(request, token):
    sheet = get_object_or_404(Sheet, share=token)
    return render(request, "scoresheet/sheet.html", sheet_context(sheet, editable=False))


