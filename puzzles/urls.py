from django.urls import path

from . import views

app_name = "puzzles"
urlpatterns = [
    path("", views.index, name="index"),
    path("next/", views.next_puzzle, name="next"),
    path("<int:number>/", views.puzzle_page, name="puzzle"),
    path("<int:number>/answer/", views.answer, name="answer"),
    path("<int:number>/solution/", views.reveal, name="reveal"),
    path("run/<str:kind>/", views.run_page, name="run"),
    path("run/<str:kind>/start/", views.run_start, name="run-start"),
    path("run/<str:kind>/answer/", views.run_answer, name="run-answer"),
]
