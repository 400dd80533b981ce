"""The ladder API (``/api/ladders/...``): ladders, positions, challenges, history.
Refusals answer ``{detail, code, fields}`` (``tournaments.api.errors``)."""

from .challenges import (
    ChallengeAcceptApi,
    ChallengeCancelApi,
    ChallengeDecideApi,
    ChallengeDeclineApi,
    ChallengeDetailApi,
    LadderChallengesApi,
)
from .ladders import (
    LadderDetailApi,
    LadderListApi,
    LadderPositionsApi,
    LadderTeamHistoryApi,
    LadderTeamPositionApi,
    LadderTeamRemoveApi,
    LadderTeamsApi,
)

__all__ = [
    "ChallengeAcceptApi",
    "ChallengeCancelApi",
    "ChallengeDecideApi",
    "ChallengeDeclineApi",
    "ChallengeDetailApi",
    "LadderChallengesApi",
    "LadderDetailApi",
    "LadderListApi",
    "LadderPositionsApi",
    "LadderTeamHistoryApi",
    "LadderTeamPositionApi",
    "LadderTeamRemoveApi",
    "LadderTeamsApi",
]
