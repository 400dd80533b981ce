from django.urls import include, path

from . import api

# ladders/<ladder>/...: one ladder, its positions, teams and challenges
ladder_patterns = [
    path("", api.LadderDetailApi.as_view(), name="api-ladder"),
    path("positions/", api.LadderPositionsApi.as_view(), name="api-ladder-positions"),
    path("teams/", api.LadderTeamsApi.as_view(), name="api-ladder-teams"),
    path(
        "teams/<int:team_id>/remove/",
        api.LadderTeamRemoveApi.as_view(),
        name="api-ladder-team-remove",
    ),
    path(
        "teams/<int:team_id>/position/",
        api.LadderTeamPositionApi.as_view(),
        name="api-ladder-team-position",
    ),
    path(
        "teams/<int:team_id>/history/",
        api.LadderTeamHistoryApi.as_view(),
        name="api-ladder-team-history",
    ),
    path("challenges/", api.LadderChallengesApi.as_view(), name="api-ladder-challenges"),
]

# ladders/challenges/<challenge>/...: one challenge and the answers to it
challenge_patterns = [
    path("", api.ChallengeDetailApi.as_view(), name="api-challenge"),
    path("accept/", api.ChallengeAcceptApi.as_view(), name="api-challenge-accept"),
    path("decline/", api.ChallengeDeclineApi.as_view(), name="api-challenge-decline"),
    path("cancel/", api.ChallengeCancelApi.as_view(), name="api-challenge-cancel"),
    path("decide/", api.ChallengeDecideApi.as_view(), name="api-challenge-decide"),
]

urlpatterns = [
    path("ladders/", api.LadderListApi.as_view(), name="api-ladders"),
    path("ladders/<int:ladder_id>/", include(ladder_patterns)),
    path("ladders/challenges/<int:challenge_id>/", include(challenge_patterns)),
]
