"""Page actions: call a service, then tell the user how it went."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.http import HttpRequest

from ..errors import BridgeError


def perform(
    request: HttpRequest,
    action: Callable[[], object],
    done: str = "",
    *,
    level: int = messages.SUCCESS,
) -> bool:
    """Run ``action``; its refusal (a ``BridgeError``) becomes an error message, success
    the ``done`` message. Returns whether it succeeded."""
    try:
        action()
    except BridgeError as exc:
        messages.error(request, exc.message)
        return False
    if done:
        messages.add_message(request, level, done)
    return True
