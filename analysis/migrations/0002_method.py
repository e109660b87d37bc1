"""The analysis is no longer a bot level's search: rows name the method that made them,
and a row made by the old one (``level``) is made again when next asked for."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("analysis", "0001_deal_analysis")]

    operations = [
        migrations.RenameField("dealanalysis", "level", "method"),
        migrations.AlterField(
            model_name="dealanalysis", name="method", field=models.CharField(max_length=16)
        ),
    ]
