from django.urls import path, re_path

from .consumers import NoSuchTable, TableConsumer

websocket_urlpatterns = [
    path("ws/<str:lang>/friends/<uuid:table_id>/", TableConsumer.as_asgi()),
    # Every other path is closed with 4404 rather than failing the handshake with a 500.
    re_path(r"", NoSuchTable.as_asgi()),
]
