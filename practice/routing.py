"""The practice table's WebSocket path (docs/online-play.md § WebSocket)."""

from django.urls import path

from .consumers import PracticeConsumer

websocket_urlpatterns = [
    path("ws/practice/<int:session_id>/", PracticeConsumer.as_asgi()),
]
