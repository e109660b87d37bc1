from django.core.management.base import BaseCommand, CommandError

from pisti_site.content import ContentError
from puzzles.content_loader import load_puzzles
from rules.content_loader import load_all as load_rules
from tutorial.content_loader import load_lessons


class Command(BaseCommand):
    help = (
        "Load all translated content: the rules reference, the tutorial's lessons and the puzzles."
    )

    def handle(self, *args, **options):
        try:
            counts = {**load_rules(), **load_lessons(), **load_puzzles()}
        except ContentError as error:
            raise CommandError(str(error)) from None
        summary = ", ".join(f"{n} {name}" for name, n in counts.items())
        self.stdout.write(self.style.SUCCESS(f"Content loaded: {summary}."))
