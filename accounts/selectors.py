"""Read-only queries on players."""

from __future__ import annotations

from django.db.models import Q, QuerySet

from .models import User

SEARCH_LIMIT = 10


def players_search(*, query: str, exclude: User | None = None) -> QuerySet[User]:
    """Active players whose name contains ``query`` or whose username starts with it
    (case-insensitive), best first: exact username, then by name; at most 10."""
    query = query.strip()
    if len(query) < 2:
        return User.objects.none()
    players = User.objects.filter(is_active=True, is_robot=False).filter(
        Q(display_name__icontains=query)
        | Q(first_name__icontains=query)
        | Q(last_name__icontains=query)
        | Q(username__istartswith=query)
    )
    if exclude is not None and exclude.is_authenticated:
        players = players.exclude(pk=exclude.pk)
    return players.only("username", "display_name", "first_name", "last_name").order_by(
        "display_name", "username"
    )[:SEARCH_LIMIT]
