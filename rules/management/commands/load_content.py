from django.core.management.base import BaseCommand, CommandError

from rules.content_loader import ContentError, load_all


class Command(BaseCommand):
    help = "Load the rules reference in every language from rules/content/*.json."

    def handle(self, *args, **options):
        try:
            counts = load_all()
        except ContentError as error:
            raise CommandError(str(error)) from None
        summary = ", ".join(f"{n} {name}" for name, n in counts.items())
        self.stdout.write(self.style.SUCCESS(f"Rules content loaded: {summary}."))
