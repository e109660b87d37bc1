"""Compile ``locale/*/LC_MESSAGES/django.po`` to ``.mo`` with polib.

Django's ``compilemessages`` needs GNU gettext on the machine; this needs nothing beyond
the virtual environment, so the README's serve command works on a bare Python install.
"""

from pathlib import Path

import polib
from django.conf import settings
from django.core.management.base import BaseCommand


class Command(BaseCommand):
    help = "Compile the project's .po translation files to .mo (no gettext needed)."

    def handle(self, *args, **options):
        count = 0
        for locale_dir in settings.LOCALE_PATHS:
            for po_path in sorted(Path(locale_dir).glob("*/LC_MESSAGES/*.po")):
                po = polib.pofile(str(po_path))
                po.save_as_mofile(str(po_path.with_suffix(".mo")))
                count += 1
                self.stdout.write(
                    f"{po_path.relative_to(settings.BASE_DIR)}: "
                    f"{po.percent_translated()}% translated"
                )
        self.stdout.write(self.style.SUCCESS(f"Compiled {count} catalogues."))
