"""Who may act on a ladder's challenges (``docs/rules.md`` § Ladder): the one definition
the services, the pages and the API call, before they look at the input.

The ladder's directors (:func:`tournaments.permissions.is_ladder_director`) may do
everything a captain may."""

from __future__ import annotations

from django.utils.translation import gettext as _

from tournaments.errors import PermissionDeniedError
from tournaments.permissions import is_ladder_director, ladder_director_required

__all__ = [
    "challenge_answer_required",
    "is_ladder_director",
    "ladder_director_required",
    "may_answer_challenge",
]


def may_answer_challenge(*, user, challenge) -> bool:
    """The defending team's captain (or a director of the ladder) answers a challenge."""
    if user is None or not user.is_authenticated:
        return False
    return user.pk == challenge.defender.captain_id or is_ladder_director(
        user=user, ladder=challenge.ladder
    )


def challenge_answer_required(*, user, challenge) -> None:
    if not may_answer_challenge(user=user, challenge=challenge):
        raise PermissionDeniedError(
            _("Only the defending team's captain may answer the challenge."), code="captain"
        )
