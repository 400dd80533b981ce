"""Who may direct a ladder and act on its challenges (``docs/rules.md`` § Ladder): the one
definition the services, the pages and the API call, before they look at the input.

The ladder's directors (:func:`is_ladder_director`) may do everything a captain may."""

from __future__ import annotations

from django.utils.translation import gettext as _

from tournaments.errors import PermissionDeniedError
from tournaments.permissions import is_event_director

__all__ = [
    "challenge_answer_required",
    "is_ladder_director",
    "ladder_director_required",
    "may_answer_challenge",
]


def is_ladder_director(*, user, ladder) -> bool:
    """A ladder's directors: the site's directors (staff, :func:`is_event_director`)
    and the ladder's own director (``docs/rules.md`` § Ladder)."""
    if user is None or not user.is_authenticated:
        return False
    return is_event_director(user=user) or ladder.director_id == user.pk


def ladder_director_required(*, user, ladder) -> None:
    if not is_ladder_director(user=user, ladder=ladder):
        raise PermissionDeniedError(_("Only the ladder's director may do this."), code="director")


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
