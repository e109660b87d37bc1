"""Every page in every language, each entry listing its alternates (and x-default)."""

from django.contrib.sitemaps import Sitemap
from django.urls import reverse


class SiteSitemap(Sitemap):
    i18n = True
    alternates = True
    x_default = True
    changefreq = "monthly"

    def items(self):
        from rules.views import RULES_PAGES

        return (
            ["home"]
            + [f"rules:{slug}" for slug in RULES_PAGES]
            + ["tutorial:index", "practice", "scoresheet"]
        )

    def location(self, item):
        return reverse(item)


SITEMAPS = {"site": SiteSitemap}
