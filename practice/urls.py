from django.urls import path

from . import views

app_name = "practice"
urlpatterns = [
    path("", views.start, name="start"),
    path("play-now/", views.play_now, name="play-now"),
    path("<uuid:game_id>/", views.game_page, name="game"),
    path("<uuid:game_id>/play/", views.play, name="play"),
    path("<uuid:game_id>/next/", views.next_deal, name="next"),
    path("<uuid:game_id>/help/", views.help_settings, name="help"),
    path("<uuid:game_id>/hint/", views.hint, name="hint"),
    path("<uuid:game_id>/review/<int:deal>/", views.review, name="review"),
    path("<uuid:game_id>/play-on/", views.play_on, name="play_on"),
    path("<uuid:game_id>/record/<int:deal>.json", views.record, name="record"),
]
