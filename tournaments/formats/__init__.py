"""Event formats: plug-ins to one engine (``docs/rules.md`` § Formats).

``format_for(event)`` is how services find the rules of an event's format. The registry
below is the only place that lists the formats.
"""

from __future__ import annotations

from ..models import Event
from .base import Format, Seating
from .individual import Individual
from .movement import Howell, Mitchell
from .pool import ScoringPool
from .swiss import SwissPairs
from .teams import TeamsRoundRobin, TeamsSwiss

FORMATS: dict[str, Format] = {
    f.kind: f
    for f in (
        SwissPairs(),
        TeamsSwiss(),
        TeamsRoundRobin(),
        ScoringPool(),
        Mitchell(),
        Howell(),
        Individual(),
    )
}


def format_for(event: Event | str) -> Format:
    kind = event if isinstance(event, str) else event.kind
    return FORMATS[kind]


__all__ = ["FORMATS", "Format", "Seating", "format_for"]
