from django.urls import path

from . import views

app_name = "friends"
urlpatterns = [
    path("", views.start, name="start"),
    path("<uuid:table_id>/", views.table_page, name="table"),
    path("<uuid:table_id>/seat/", views.take_seat, name="seat"),
    path("<uuid:table_id>/bot/", views.set_bot, name="bot"),
    path("<uuid:table_id>/leave/", views.leave_seat, name="leave"),
    path("<uuid:table_id>/leave-game/", views.leave_game, name="leave_game"),
    path("<uuid:table_id>/claim/", views.claim_seat, name="claim"),
    path("<uuid:table_id>/start/", views.start_game, name="start-game"),
]
