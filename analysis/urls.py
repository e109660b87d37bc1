from django.urls import path

from . import views

app_name = "analysis"
urlpatterns = [
    path("<uuid:game_id>/<int:deal>/status/", views.status, name="status"),
    path("<uuid:game_id>/<int:deal>/move/<int:number>/", views.move, name="move"),
]
