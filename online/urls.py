"""The online table's pages (the REST and WebSocket doors are the API's and the ASGI
router's: docs/online-play.md)."""

from django.urls import path

from . import director_views, views

app_name = "online"

urlpatterns = [
    path(
        "events/<int:event_id>/tables/<int:table_id>/play/",
        views.table_page,
        name="table",
    ),
    path(
        "events/<int:event_id>/online/",
        director_views.console_page,
        name="console",
    ),
]
