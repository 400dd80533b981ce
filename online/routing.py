"""The WebSocket paths of online play (docs/online-play.md)."""

from django.urls import path

from .consumers import TableConsumer

websocket_urlpatterns = [
    path("ws/events/<int:event_id>/tables/<int:table_id>/", TableConsumer.as_asgi()),
]
