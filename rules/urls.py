from django.urls import path

from . import views

app_name = "rules"
urlpatterns = [
    path("", views.rules_page, {"slug": "rules"}, name="rules"),
    path("variants/", views.rules_page, {"slug": "variants"}, name="variants"),
    path("scoring/", views.rules_page, {"slug": "scoring"}, name="scoring"),
    path("faq/", views.rules_page, {"slug": "faq"}, name="faq"),
    path("glossary/", views.rules_page, {"slug": "glossary"}, name="glossary"),
    path("strategy/", views.rules_page, {"slug": "strategy"}, name="strategy"),
]
