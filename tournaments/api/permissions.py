"""Who may call the director endpoints. The services check again; these refuse early."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from rest_framework.permissions import BasePermission

from ..models import Event
from ..permissions import is_event_director


class IsDirector(BasePermission):
    """A staff user: may create events (and direct any event)."""

    message = _("Only directors may do this.")
    code = "director"

    def has_permission(self, request, view) -> bool:
        return is_event_director(user=request.user)


class IsEventDirector(BasePermission):
    """The director of the event (or any staff user). The object checked is the event."""

    message = _("Only the event's director may do this.")
    code = "director"

    def has_permission(self, request, view) -> bool:
        return bool(request.user and request.user.is_authenticated)

    def has_object_permission(self, request, view, obj: Event) -> bool:
        return is_event_director(event=obj, user=request.user)
