"""The online table's REST paths (docs/online-play.md), under /api/."""

from django.urls import path

from . import api

urlpatterns = [
    path(
        "events/<int:event_id>/tables/<int:table_id>/play/",
        api.TablePlayApi.as_view(),
        name="api-table-play",
    ),
]
