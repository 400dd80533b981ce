from django.urls import path

from . import api

urlpatterns = [
    path("fair-play/", api.FairPlayApi.as_view(), name="api-fair-play"),
    path(
        "players/<str:username>/accuracy/",
        api.PlayerAccuracyApi.as_view(),
        name="api-player-accuracy",
    ),
]
