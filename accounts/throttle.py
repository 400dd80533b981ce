"""Login throttling (django-axes): what a locked-out login gets, and whose address it is.

The rule (settings ``AXES_*``): after ``AXES_FAILURE_LIMIT`` failed logins for one
username from one address, that username is refused from that address for
``AXES_COOLOFF_TIME``, even with the right password; a successful login resets the count.
The login page and the API token endpoint count together.
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.contrib.auth.forms import AuthenticationForm
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import ngettext
from rest_framework.response import Response


def lockout_message() -> str:
    minutes = max(1, round(settings.AXES_COOLOFF_TIME / timedelta(minutes=1)))
    return ngettext(
        "Too many failed logins. Try again in %(minutes)d minute.",
        "Too many failed logins. Try again in %(minutes)d minutes.",
        minutes,
    ) % {"minutes": minutes}


def lockout_response(
    request: HttpRequest, original_response: HttpResponse | None, credentials: dict | None
) -> HttpResponse:
    """``AXES_LOCKOUT_CALLABLE``: the API's own 429 answer as it is; for a page, the login
    form again with the lockout message (429)."""
    if isinstance(original_response, Response):
        return original_response
    username = (credentials or {}).get("username") or ""
    form = AuthenticationForm(request, initial={"username": username})
    return render(
        request,
        "registration/login.html",
        {"form": form, "locked_out": lockout_message(), "next": request.POST.get("next", "")},
        status=429,
    )


def client_ip(request: HttpRequest) -> str | None:
    """``AXES_CLIENT_IP_CALLABLE``: the client's address.

    ``REMOTE_ADDR``, unless ``TRUSTED_PROXY_COUNT`` reverse proxies (nginx in ``deploy/``)
    stand in front: then the address the outermost of them saw, counted from the right of
    ``X-Forwarded-For`` (entries further left are whatever the client claimed).
    """
    count = settings.TRUSTED_PROXY_COUNT
    remote = request.META.get("REMOTE_ADDR")
    if count <= 0:
        return remote
    hops = [h.strip() for h in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")]
    hops = [h for h in hops if h]
    return hops[-count] if len(hops) >= count else remote
