from django.urls import path

from . import api

urlpatterns = [
    path("ladders/", api.LadderListApi.as_view(), name="api-ladders"),
    path("ladders/<int:ladder_id>/", api.LadderDetailApi.as_view(), name="api-ladder"),
    path(
        "ladders/<int:ladder_id>/positions/",
        api.LadderPositionsApi.as_view(),
        name="api-ladder-positions",
    ),
    path("ladders/<int:ladder_id>/teams/", api.LadderTeamsApi.as_view(), name="api-ladder-teams"),
    path(
        "ladders/<int:ladder_id>/teams/<int:team_id>/remove/",
        api.LadderTeamRemoveApi.as_view(),
        name="api-ladder-team-remove",
    ),
    path(
        "ladders/<int:ladder_id>/teams/<int:team_id>/position/",
        api.LadderTeamPositionApi.as_view(),
        name="api-ladder-team-position",
    ),
    path(
        "ladders/<int:ladder_id>/teams/<int:team_id>/history/",
        api.LadderTeamHistoryApi.as_view(),
        name="api-ladder-team-history",
    ),
    path(
        "ladders/<int:ladder_id>/challenges/",
        api.LadderChallengesApi.as_view(),
        name="api-ladder-challenges",
    ),
    path(
        "ladders/challenges/<int:challenge_id>/",
        api.ChallengeDetailApi.as_view(),
        name="api-challenge",
    ),
    path(
        "ladders/challenges/<int:challenge_id>/accept/",
        api.ChallengeAcceptApi.as_view(),
        name="api-challenge-accept",
    ),
    path(
        "ladders/challenges/<int:challenge_id>/decline/",
        api.ChallengeDeclineApi.as_view(),
        name="api-challenge-decline",
    ),
    path(
        "ladders/challenges/<int:challenge_id>/cancel/",
        api.ChallengeCancelApi.as_view(),
        name="api-challenge-cancel",
    ),
    path(
        "ladders/challenges/<int:challenge_id>/decide/",
        api.ChallengeDecideApi.as_view(),
        name="api-challenge-decide",
    ),
]
