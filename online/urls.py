"""The online table's pages (the REST and WebSocket doors are the API's and the ASGI
router's: docs/online-play.md)."""

from django.urls import path

from . import views

app_name = "online"

urlpatterns = [
    path(
        "events/<int:event_id>/tables/<int:table_id>/play/",
        views.table_page,
        name="table",
    ),
]
