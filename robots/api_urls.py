"""The robots' REST paths, under /api/ (``docs/rules.md`` § Robots, *Substitutes*)."""

from django.urls import path

from . import api

urlpatterns = [
    path(
        "events/<int:event_id>/online/tables/<int:table_id>/robot/",
        api.RobotPlaceApi.as_view(),
        name="api-online-robot",
    ),
    path(
        "events/<int:event_id>/online/tables/<int:table_id>/robot/remove/",
        api.RobotRemoveApi.as_view(),
        name="api-online-robot-remove",
    ),
    path(
        "events/<int:event_id>/tables/<int:table_id>/reclaim/",
        api.ReclaimApi.as_view(),
        name="api-table-reclaim",
    ),
]
