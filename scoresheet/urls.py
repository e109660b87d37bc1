from django.urls import path

from . import offline, views

app_name = "scoresheet"
urlpatterns = [
    path("", views.index, name="index"),
    path("sw.js", offline.service_worker, name="service_worker"),
    path("manifest.webmanifest", offline.manifest, name="manifest"),
    path("<uuid:sheet_id>/", views.sheet_page, name="sheet"),
    path("<uuid:sheet_id>/deals/<str:mode>/", views.add_deal, name="add"),
    path("<uuid:sheet_id>/deal/<int:number>/edit/", views.edit_deal, name="edit"),
    path("<uuid:sheet_id>/deal/<int:number>/delete/", views.delete_deal, name="delete"),
    path("<uuid:sheet_id>/deal/<int:number>/restore/", views.restore_deal, name="restore"),
    path("<uuid:sheet_id>/rules/", views.change_rules, name="rules"),
    path("<uuid:sheet_id>/edit-link/", views.new_edit_link, name="new_edit_link"),
    path("edit/<str:token>/", views.open_edit, name="open_edit"),
    path("shared/<str:token>/", views.shared, name="shared"),
]
