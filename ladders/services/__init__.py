"""Ladder services: every state change of a ladder (``docs/rules.md`` § Ladder)."""

from .challenges import (
    challenge_accept,
    challenge_cancel,
    challenge_decide,
    challenge_decide_refusal,
    challenge_decline,
    challenge_forfeit_due,
    challenge_issue,
    challenge_result_apply,
    challenge_start_default,
)
from .deadlines import ladder_deadlines_enforce
from .ladders import (
    ladder_create,
    ladder_position_set,
    ladder_settings_set,
    ladder_settings_validate,
    ladder_team_remove,
    ladder_teams_add,
)

__all__ = [
    "challenge_accept",
    "challenge_cancel",
    "challenge_decide",
    "challenge_decide_refusal",
    "challenge_decline",
    "challenge_forfeit_due",
    "challenge_issue",
    "challenge_result_apply",
    "challenge_start_default",
    "ladder_create",
    "ladder_deadlines_enforce",
    "ladder_position_set",
    "ladder_settings_set",
    "ladder_settings_validate",
    "ladder_team_remove",
    "ladder_teams_add",
]
