from django.urls import path

from .explain_api import RobotCallExplainApi

urlpatterns = [
    path(
        "events/<int:event_id>/tables/<int:table_id>/explain/",
        RobotCallExplainApi.as_view(),
        name="api-table-explain",
    ),
]
