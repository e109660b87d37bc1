from django.urls import path

from . import views

app_name = "analysis"
urlpatterns = [
    path("<uuid:game_id>/<int:deal>/", views.review, name="review"),
    path("<uuid:game_id>/<int:deal>/<int:number>/", views.review, name="review_step"),
    path("<uuid:game_id>/<int:deal>/status/", views.status, name="status"),
    path("<uuid:game_id>/<int:deal>/move/<int:number>/", views.move, name="move"),
]
