"""What a fair-play screen covers and who may open it (``docs/rules.md`` § Accuracy and
fair play, access): one event, a set of events, or a week's events, each directed by
whoever asks (``tournaments.permissions.is_event_director``: the event's director, or
staff). Nothing else is shown to anyone."""

from __future__ import annotations

import zlib
from dataclasses import dataclass

from django.conf import settings
from django.utils.translation import gettext as _

from ratings.weeks import week_bounds, week_parse
from tournaments.errors import BridgeError, PermissionDeniedError
from tournaments.models import Event, Result
from tournaments.numbers import ascii_float, ascii_int
from tournaments.permissions import is_event_director

#: The most events one screen covers.
EVENTS_MAX = 50


@dataclass
class Scope:
    events: list[Event]
    week: str
    threshold: float
    min_boards: int

    @property
    def seed(self) -> int:
        """The placebo pairs' seed: the same screen draws the same placebos."""
        return zlib.crc32(f"{self.week}:{sorted(e.pk for e in self.events)}".encode())

    def results(self):
        results = Result.objects.filter(board__event__in=self.events)
        if self.week:
            start, end = week_bounds(self.week)
            results = results.filter(entered_at__gte=start, entered_at__lt=end)
        return results


def may_screen(*, user) -> bool:
    """Whether ``user`` directs anything at all (staff, or an event's own director)."""
    if is_event_director(user=user):
        return True
    return bool(user and user.is_authenticated) and Event.objects.filter(director=user).exists()


def events_directed(*, user, limit: int = 100) -> list[Event]:
    """The latest events ``user`` may screen."""
    events = Event.objects.order_by("-start_at", "-pk")
    if not is_event_director(user=user):
        events = events.filter(director=user)
    return list(events[:limit])


def scope_get(*, user, event_ids: list[str], week: str, threshold: str, min_boards: str) -> Scope:
    """The screen ``user`` asked for; PermissionDeniedError for an event they do not
    direct (asked before anything else is read), BridgeError for a bad parameter."""
    if not may_screen(user=user):
        raise PermissionDeniedError(_("Only directors see the fair-play screen."), code="director")
    ids = [ascii_int(i, signed=False) for i in event_ids[: EVENTS_MAX + 1]]
    if None in ids or len(ids) > EVENTS_MAX:
        raise BridgeError(_("Choose events from the list."), code="events")
    week = (week or "").strip()
    if week and week_parse(week) is None:
        raise BridgeError(_("A week is written like 2026-W49."), code="week")
    if ids:
        events = list(Event.objects.filter(pk__in=ids))
        if len(events) != len(set(ids)):
            raise BridgeError(_("Choose events from the list."), code="events")
    elif week:
        start, end = week_bounds(week)
        played = Result.objects.filter(entered_at__gte=start, entered_at__lt=end)
        events = list(Event.objects.filter(pk__in=played.values("board__event_id")))
        events = [e for e in events if is_event_director(user=user, event=e)]
    else:
        raise BridgeError(_("Choose events or a week."), code="scope")
    if not all(is_event_director(user=user, event=e) for e in events):
        raise PermissionDeniedError(_("Only the event's director may do this."), code="director")
    p = ascii_float(threshold) if threshold else settings.FAIRPLAY_THRESHOLD
    if p is None or not 0 < p < 1:
        raise BridgeError(_("The threshold is a p-value between 0 and 1."), code="threshold")
    least = ascii_int(min_boards, signed=False) if min_boards else settings.FAIRPLAY_MIN_BOARDS
    if least is None or least < settings.FAIRPLAY_MIN_BOARDS:
        raise BridgeError(
            _("Minimum boards: at least %(n)s.") % {"n": settings.FAIRPLAY_MIN_BOARDS},
            code="min_boards",
        )
    return Scope(events=events, week=week, threshold=p, min_boards=least)
