from django.urls import path

from . import api

urlpatterns = [
    path("disconnections/", api.DisconnectionCreateApi.as_view(), name="api-disconnections"),
    path("leaderboards/<str:board>/", api.LeaderboardApi.as_view(), name="api-leaderboard"),
    path("players/<str:username>/rate/", api.PlayerRateApi.as_view(), name="api-player-rate"),
    path(
        "players/<str:username>/deductions/",
        api.DeductionApi.as_view(),
        name="api-player-deductions",
    ),
]
