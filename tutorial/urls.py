from django.urls import path

from . import views

app_name = "tutorial"
urlpatterns = [
    path("", views.index, name="index"),
    path("reset/", views.reset, name="reset"),
    path("<slug:slug>/", views.lesson_page, name="lesson"),
    path("<slug:slug>/act/", views.act, name="act"),
]
