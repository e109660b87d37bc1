from django.conf.urls.i18n import i18n_patterns
from django.contrib import admin
from django.contrib.sitemaps.views import sitemap
from django.urls import include, path

from . import views
from .sitemaps import SITEMAPS

urlpatterns = [
    path("", views.choose_language, name="choose-language"),
    path("robots.txt", views.robots_txt, name="robots"),
    path("sitemap.xml", sitemap, {"sitemaps": SITEMAPS}, name="sitemap"),
    path("admin/", admin.site.urls),
]

urlpatterns += i18n_patterns(
    path("", views.home, name="home"),
    path("rules/", include("rules.urls")),
    path("tutorial/", include("tutorial.urls")),
    path("practice/", include("practice.urls")),
    path("analysis/", include("analysis.urls")),
    path("puzzles/", include("puzzles.urls")),
    path("scoresheet/", include("scoresheet.urls")),
    path("bots/", views.bots, name="bots"),
    path("friends/", include("friends.urls")),
)

handler400 = "pisti_site.views.bad_request"
handler404 = "pisti_site.views.page_not_found"
handler500 = "pisti_site.views.server_error"
