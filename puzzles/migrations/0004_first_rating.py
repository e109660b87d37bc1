from django.db import migrations, models


def seed(apps, schema_editor):
    """Puzzles loaded before the field: their first rating from the content, as the
    loader gives it from now on."""
    from puzzles.rating import seed_rating

    Puzzle = apps.get_model("puzzles", "Puzzle")
    rows = list(Puzzle.objects.all())
    for puzzle in rows:
        puzzle.first_rating = seed_rating(puzzle.values, puzzle.theme)
    Puzzle.objects.bulk_update(rows, ["first_rating"])


class Migration(migrations.Migration):
    dependencies = [
        ("puzzles", "0003_solution_line"),
    ]

    operations = [
        migrations.AddField(
            model_name="puzzle",
            name="first_rating",
            field=models.FloatField(default=1500.0),
        ),
        migrations.RunPython(seed, migrations.RunPython.noop),
    ]
