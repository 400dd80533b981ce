"""The practice REST paths, under /api/."""

from django.urls import path

from . import api

urlpatterns = [
    path("practice/", api.PracticeCreateApi.as_view(), name="api-practice-create"),
    path("practice/<int:session_id>/", api.PracticeSessionApi.as_view(), name="api-practice"),
    path(
        "practice/<int:session_id>/play/", api.PracticePlayApi.as_view(), name="api-practice-play"
    ),
    path(
        "practice/<int:session_id>/explain/",
        api.PracticeExplainApi.as_view(),
        name="api-practice-explain",
    ),
]
