"""ISO weeks of the Rate (``docs/rules.md`` § The Rate): "2026-W49" runs from Monday
00:00 to the next Monday 00:00 in ``settings.RATE_TIME_ZONE``."""

from __future__ import annotations

import re
from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from django.conf import settings

WEEK = re.compile(r"(\d{4})-W(\d{2})")


def week_parse(text: str) -> tuple[int, int] | None:
    """(year, week) of an ISO week written "2026-W49", or None if it is not one."""
    match = WEEK.fullmatch(text.strip()) if isinstance(text, str) else None
    if match is None:
        return None
    year, week = int(match[1]), int(match[2])
    try:
        date.fromisocalendar(year, week, 1)
    except ValueError:
        return None
    return year, week


def week_bounds(week: str) -> tuple[datetime, datetime]:
    """[start, end) of ``week`` as aware datetimes."""
    parsed = week_parse(week)
    if parsed is None:
        raise ValueError(week)
    zone = ZoneInfo(settings.RATE_TIME_ZONE)
    monday = date.fromisocalendar(parsed[0], parsed[1], 1)
    start = datetime.combine(monday, time(), tzinfo=zone)
    end = datetime.combine(monday + timedelta(days=7), time(), tzinfo=zone)
    return start, end


def week_of(moment: datetime) -> str:
    """The ISO week ``moment`` falls in."""
    year, week, _day = moment.astimezone(ZoneInfo(settings.RATE_TIME_ZONE)).isocalendar()
    return f"{year}-W{week:02d}"


def week_before(week: str) -> str:
    start, _end = week_bounds(week)
    return week_of(start - timedelta(days=1))
