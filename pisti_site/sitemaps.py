"""Every page in every language, each entry listing its alternates (and x-default)."""

from django.contrib.sitemaps import Sitemap
from django.urls import reverse


def page_names() -> list[tuple[str, tuple]]:
    """Every public page as ``(url name, args)``: fixed pages, then one per lesson."""
    from rules.views import RULES_PAGES
    from tutorial.models import Lesson

    fixed = (
        ["home"]
        + [f"rules:{slug}" for slug in RULES_PAGES]
        + ["tutorial:index", "practice:start", "puzzles:index", "scoresheet:index", "bots"]
    )
    lessons = [
        ("tutorial:lesson", (slug,)) for slug in Lesson.objects.values_list("slug", flat=True)
    ]
    return [(name, ()) for name in fixed] + lessons


class SiteSitemap(Sitemap):
    i18n = True
    alternates = True
    x_default = True
    changefreq = "monthly"

    def items(self):
        return page_names()

    def location(self, item):
        name, args = item
        return reverse(name, args=args)


SITEMAPS = {"site": SiteSitemap}
