"""The online table's REST paths (docs/online-play.md), under /api/."""

from django.urls import path

from . import api, director_api

urlpatterns = [
    path(
        "events/<int:event_id>/tables/<int:table_id>/play/",
        api.TablePlayApi.as_view(),
        name="api-table-play",
    ),
    path(
        "events/<int:event_id>/online/tables/",
        director_api.ConsoleApi.as_view(),
        name="api-online-console",
    ),
    path(
        "events/<int:event_id>/online/tables/<int:table_id>/rule/",
        director_api.RuleApi.as_view(),
        name="api-online-rule",
    ),
    path(
        "events/<int:event_id>/online/tables/<int:table_id>/adjust/",
        director_api.AdjustApi.as_view(),
        name="api-online-adjust",
    ),
    path(
        "events/<int:event_id>/online/tables/<int:table_id>/substitute/",
        director_api.SubstituteApi.as_view(),
        name="api-online-substitute",
    ),
    path(
        "events/<int:event_id>/online/disconnections/cancel/",
        director_api.DisconnectionCancelApi.as_view(),
        name="api-online-disconnection-cancel",
    ),
]
