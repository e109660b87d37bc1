from django.urls import path

from .consumers import TableConsumer

websocket_urlpatterns = [
    path("ws/<str:lang>/friends/<uuid:table_id>/", TableConsumer.as_asgi()),
]
