"""Edit links, revisions, the order of deletions and offline client ids.

The edit token is added nullable, filled with a fresh secret per existing sheet, then made
unique, so sheets created before this migration get a link of their own too.
"""

from django.db import migrations, models

import scoresheet.models


def fill_edit_tokens(apps, schema_editor):
    Sheet = apps.get_model("scoresheet", "Sheet")
    for sheet in Sheet.objects.filter(edit__isnull=True):
        sheet.edit = scoresheet.models.edit_token()
        sheet.save(update_fields=["edit"])


class Migration(migrations.Migration):

    dependencies = [
        ("scoresheet", "0001_sheets"),
    ]

    operations = [
        migrations.AddField(
            model_name="sheet",
            name="edit",
            field=models.CharField(editable=False, max_length=40, null=True),
        ),
        migrations.RunPython(fill_edit_tokens, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="sheet",
            name="edit",
            field=models.CharField(default=scoresheet.models.edit_token, editable=False,
                                   max_length=40, unique=True),
        ),
        migrations.AddField(
            model_name="sheet",
            name="revision",
            field=models.PositiveIntegerField(default=0, editable=False),
        ),
        migrations.AddField(
            model_name="deal",
            name="deleted_order",
            field=models.PositiveIntegerField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="deal",
            name="client_id",
            field=models.CharField(blank=True, default="", max_length=40),
        ),
        migrations.AddConstraint(
            model_name="deal",
            constraint=models.UniqueConstraint(condition=models.Q(("client_id", ""), _negated=True),
                                               fields=("sheet", "client_id"),
                                               name="one_deal_per_client_id"),
        ),
    ]
