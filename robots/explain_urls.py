from django.urls import path

from .explain_api import RobotCallExplainApi
from .system_api import SystemCardApi

urlpatterns = [
    path(
        "events/<int:event_id>/tables/<int:table_id>/explain/",
        RobotCallExplainApi.as_view(),
        name="api-table-explain",
    ),
    path("robots/system/", SystemCardApi.as_view(), name="api-robots-system"),
]
