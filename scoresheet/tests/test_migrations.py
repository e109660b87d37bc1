"""Deals that already share a number get their own before (sheet, number) becomes unique."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("scoresheet", "0002_edit_link_offline_undo")]
AFTER = [("scoresheet", "0004_deal_number_unique")]


def _migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.mark.django_db(transaction=True)
def test_shared_numbers_are_renumbered_in_entry_order():
    apps = _migrate(BEFORE)
    Sheet, Deal = apps.get_model("scoresheet", "Sheet"), apps.get_model("scoresheet", "Deal")
    raced = Sheet.objects.create(session_key="a", table="2", names=["A", "B"], rules={})
    fine = Sheet.objects.create(session_key="b", table="2", names=["C", "D"], rules={})
    # as saved on PostgreSQL by two devices at once: 1, 2, 2, 3, 3 (the second 3 deleted)
    for number, deleted in [(1, False), (2, False), (2, False), (3, False), (3, True)]:
        Deal.objects.create(
            sheet=raced,
            number=number,
            mode="quick",
            deleted=deleted,
            deleted_order=1 if deleted else None,
            entry={"points": [len(Deal.objects.all()), 0]},
        )
    for number in (1, 2, 5):  # a gap is no duplicate: left as it is
        Deal.objects.create(sheet=fine, number=number, mode="quick", entry={"points": [0, 0]})

    apps = _migrate(AFTER)
    Deal = apps.get_model("scoresheet", "Deal")
    renumbered = Deal.objects.filter(sheet_id=raced.pk).order_by("number")
    assert [(d.number, d.entry["points"][0], d.deleted) for d in renumbered] == [
        (1, 0, False),
        (2, 1, False),
        (3, 2, False),
        (4, 3, False),
        (5, 4, True),
    ]
    assert list(
        Deal.objects.filter(sheet_id=fine.pk).values_list("number", flat=True).order_by("number")
    ) == [1, 2, 5]
