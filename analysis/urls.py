from django.urls import path

from . import views

app_name = "analysis"
# A practice game's deals, and a table with friends' (each player reviews their own seat).
urlpatterns = [
    # the visitor's own mistakes and blunders, to be found again
    path("yours/", views.your_puzzles_page, name="your_puzzles"),
    path("yours/<int:analysis_id>/<int:index>/", views.your_puzzle_page, name="your_puzzle"),
    path(
        "yours/<int:analysis_id>/<int:index>/answer/",
        views.your_puzzle_answer,
        name="your_puzzle_answer",
    ),
    path("<uuid:record_id>/<int:deal>/", views.review, name="review"),
    path("<uuid:record_id>/<int:deal>/<int:number>/", views.review, name="review_step"),
    path("<uuid:record_id>/<int:deal>/status/", views.status, name="status"),
    path("<uuid:record_id>/<int:deal>/move/<int:number>/", views.move, name="move"),
    path("table/<uuid:record_id>/<int:deal>/", views.review, {"kind": "table"}, "table_review"),
    path(
        "table/<uuid:record_id>/<int:deal>/<int:number>/",
        views.review,
        {"kind": "table"},
        "table_review_step",
    ),
    path(
        "table/<uuid:record_id>/<int:deal>/status/",
        views.status,
        {"kind": "table"},
        "table_status",
    ),
]
