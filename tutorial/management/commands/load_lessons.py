from django.core.management.base import BaseCommand, CommandError

from pisti_site.content import ContentError
from tutorial.content_loader import load_lessons


class Command(BaseCommand):
    help = "Load the tutorial's lessons and their texts in every language."

    def handle(self, *args, **options):
        try:
            counts = load_lessons()
        except ContentError as error:
            raise CommandError(str(error)) from None
        summary = ", ".join(f"{n} {name}" for name, n in counts.items())
        self.stdout.write(self.style.SUCCESS(f"Tutorial loaded: {summary}."))
