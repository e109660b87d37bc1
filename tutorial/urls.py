from django.urls import path

from pisti_site.views import coming_soon

app_name = "tutorial"
urlpatterns = [
    path("", coming_soon, {"area": "tutorial"}, name="index"),
]
