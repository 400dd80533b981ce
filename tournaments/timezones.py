"""Event time zones: which names are valid and how a time is written with its zone named.

``docs/rules.md`` § Times and places: every time a page shows is in the event's zone
(*default* the site's ``TIME_ZONE``) with the zone named; the templates do it with the
``event_time`` filters of ``tournaments/templatetags/bridgehall.py``, the one place.
"""

from __future__ import annotations

import zoneinfo
from datetime import datetime, tzinfo
from functools import cache

from django.conf import settings
from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


def default_time_zone() -> str:
    """A new event's zone: the site's (``settings.TIME_ZONE``)."""
    return settings.TIME_ZONE


@cache
def time_zone_names() -> tuple[str, ...]:
    """The IANA zone names an event may take, sorted (UTC first)."""
    names = zoneinfo.available_timezones() - {"localtime", "Factory"}
    return ("UTC", *sorted(n for n in names if n != "UTC"))


def time_zone_choices() -> list[tuple[str, str]]:
    return [(name, name.replace("_", " ")) for name in time_zone_names()]


def validate_time_zone(value: str) -> None:
    if value not in set(time_zone_names()):
        raise ValidationError(
            _("“%(value)s” is not a time zone name (e.g. Europe/London, Asia/Shanghai)."),
            params={"value": value},
            code="time_zone",
        )


@cache
def zone(name: str | None) -> tzinfo:
    """The zone of that name; the site's for an empty or unknown name."""
    try:
        return zoneinfo.ZoneInfo(name or settings.TIME_ZONE)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return zoneinfo.ZoneInfo(settings.TIME_ZONE)


def offset_text(value: datetime) -> str:
    """``UTC``, ``UTC+8``, ``UTC-3:30``: the offset of an aware time, unambiguous."""
    offset = value.utcoffset()
    minutes = int(offset.total_seconds() // 60) if offset else 0
    if not minutes:
        return "UTC"
    sign = "+" if minutes > 0 else "-"
    hours, rest = divmod(abs(minutes), 60)
    return f"UTC{sign}{hours}" + (f":{rest:02d}" if rest else "")


def zone_label(name: str, value: datetime) -> str:
    """How a time names its zone: ``UTC``, or the zone's city and offset,
    ``Shanghai (UTC+8)``."""
    local = timezone.localtime(value, zone(name))
    if name in ("UTC", "Etc/UTC", "Etc/UCT", "UCT", "Zulu", "Universal") and not local.utcoffset():
        return "UTC"
    city = name.rsplit("/", 1)[-1].replace("_", " ")
    return f"{city} ({offset_text(local)})"
