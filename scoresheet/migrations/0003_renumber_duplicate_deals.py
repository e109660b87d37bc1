"""Deals entered at the same moment on two devices could share a number (found on main).

Before the next migration makes (sheet, number) unique, every sheet with such a pair is
renumbered 1, 2, 3, … in the order the deals were entered (number, then id), deleted
deals included, so the order shown and the order of undo stay as they were. Sheets without
a shared number keep their numbers.
"""

from django.db import migrations
from django.db.models import Count


def renumber_duplicates(apps, schema_editor):
    Deal = apps.get_model("scoresheet", "Deal")
    shared = Deal.objects.values("sheet_id", "number").annotate(n=Count("id")).filter(n__gt=1)
    for sheet_id in sorted({str(row["sheet_id"]) for row in shared}):
        deals = list(Deal.objects.filter(sheet_id=sheet_id).order_by("number", "id"))
        for number, deal in enumerate(deals, start=1):
            if deal.number != number:
                deal.number = number
                deal.save(update_fields=["number"])


class Migration(migrations.Migration):

    dependencies = [
        ("scoresheet", "0002_edit_link_offline_undo"),
    ]

    operations = [
        migrations.RunPython(renumber_duplicates, migrations.RunPython.noop),
    ]
