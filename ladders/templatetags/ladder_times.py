"""The accept form's start time: ``{% load ladder_times %}``.

``{% match_start_default as start %}`` is the time an accepted match would start
(``ladders.services.challenge_start_default``); ``{{ start|ladder_local_input:ladder }}``
writes a time for a ``datetime-local`` input in the ladder's zone (the zone is named next
to the input with ``event_datetime``)."""

from __future__ import annotations

from datetime import datetime

from django import template
from django.utils import timezone

from tournaments.timezones import zone

from ..services import challenge_start_default

register = template.Library()


@register.simple_tag
def match_start_default() -> datetime:
    return challenge_start_default(now=timezone.now())


@register.filter
def ladder_local_input(value, ladder) -> str:
    """``2026-12-12T18:00``: the wall-clock time in the ladder's zone."""
    if not isinstance(value, datetime):
        return ""
    return timezone.localtime(value, zone(ladder.time_zone)).strftime("%Y-%m-%dT%H:%M")
