"""Who may write to the master-point ledger by hand (``docs/rules.md`` § Master points):
the one definition the service, the pages and the API call. A recorded disconnection is
the event's director's (:func:`tournaments.permissions.director_required`)."""

from __future__ import annotations

from django.utils.translation import gettext as _

from tournaments.errors import PermissionDeniedError
from tournaments.permissions import is_event_director


def may_deduct_master_points(*, user) -> bool:
    """A director (staff: a director of any event) deducts master points."""
    return is_event_director(user=user)


def master_points_deduct_required(*, user) -> None:
    if not may_deduct_master_points(user=user):
        raise PermissionDeniedError(_("Only a director can deduct master points."), code="director")
