"""Template filters of the pages: ``{% load bridgehall %}``.

Times (``docs/rules.md`` § Times and places) are written by these filters only, in the
event's zone with the zone named::

    {{ round.ends_at|event_time:event }}       -> 10:52 UTC
    {{ event.start_at|event_datetime:event }}  -> 2026-03-01 19:30 Shanghai (UTC+8)
    {{ event.start_at|event_date:event }}      -> 2026-03-01

The argument is an event, or a zone name; nothing means the site's zone. The
``<time>`` element carries the instant and the zone, and ``static/js/clock.js`` adds the
viewer's own time, labelled, when the browser's zone shows another wall-clock time.
"""

from __future__ import annotations

from datetime import datetime

from django import template
from django.utils import timezone
from django.utils.html import format_html
from django.utils.safestring import SafeString

from ..formats import format_for
from ..timezones import zone, zone_label

register = template.Library()

FORMATS = {
    "time": "%H:%M",
    "seconds": "%H:%M:%S",
    "datetime": "%Y-%m-%d %H:%M",
    "date": "%Y-%m-%d",
}


def _zone_name(where) -> str:
    if where is None or where == "":
        return timezone.get_default_timezone_name()
    if isinstance(where, str):
        return where
    return getattr(where, "time_zone", "") or timezone.get_default_timezone_name()


def _render(value, where, style: str) -> SafeString | str:
    if not isinstance(value, datetime):
        return ""
    if timezone.is_naive(value):
        value = timezone.make_aware(value)
    name = _zone_name(where)
    local = timezone.localtime(value, zone(name))
    text = local.strftime(FORMATS[style])
    if style == "date":
        return text
    return format_html(
        '<time datetime="{}" data-tz="{}" data-fmt="{}">{} <span class="tz">{}</span></time>',
        value.astimezone(zone("UTC")).strftime("%Y-%m-%dT%H:%M:%SZ"),
        name,
        style,
        text,
        zone_label(name, value),
    )


@register.filter(is_safe=True)
def event_time(value, where=None):
    """The time of day (``H:M``) in the event's zone, the zone named."""
    return _render(value, where, "time")


@register.filter(is_safe=True)
def event_datetime(value, where=None):
    """Date and time (``Y-m-d H:M``) in the event's zone, the zone named."""
    return _render(value, where, "datetime")


@register.filter
def event_date(value, where=None):
    """The date (``Y-m-d``) in the event's zone."""
    return _render(value, where, "date")


@register.simple_tag
def event_now(where=None):
    """The time now (``H:M:S``) in the event's zone, the zone named: "updated at"."""
    return _render(timezone.now(), where, "seconds")


@register.filter
def neg(value) -> str:
    """``neg`` (the class that shows a number in red) for a negative number or a text
    written with a minus sign (``-3.50``); nothing otherwise. A negative total is never
    shown in the colour of a good score."""
    if isinstance(value, int | float):
        return "neg" if value < 0 else ""
    text = str(value or "").strip()
    return "neg" if text[:1] in ("-", "\u2212") and text[1:2].isdigit() else ""


@register.filter
def scoring_label(event) -> str:
    """How the event is scored, as its format names it (``docs/rules.md`` § Formats):
    ``{{ event|scoring_label }}`` -> "Cross-IMPs", "IMPs → VPs"."""
    return format_for(event).scoring_label(event=event)


@register.filter
def event_format(event, name: str):
    """What the event's format says, for the pages that must not test its kind
    (``formats/base.py``): ``{% if event|event_format:"movement" %}``."""
    return getattr(format_for(event), name)


@register.filter
def entries_label(event, count) -> str:
    """What the event's entries are called next to their number, as its format names
    them: ``{{ event|entries_label:event.pairs }}`` -> "Pairs", "Teams", "Players"."""
    return format_for(event).entries_label(int(count or 0))


@register.filter
def result_said(result) -> str:
    """A table result as players say it ("3NT by N, 9 tricks, lead S4 (NS +400)"): the
    words of the refusals and the event log (``services.results.result_summary``)."""
    from ..services.results import result_summary

    return result_summary(result) if result is not None else ""
