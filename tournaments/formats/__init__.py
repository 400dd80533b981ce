"""Event formats: plug-ins to one engine (``docs/rules.md`` § Formats).

``format_for(event)`` is how services find the rules of an event's format. ``CLASSES``
below is the only place that lists the formats; a format may be a module or a package
of its own (its models, services, selectors, views and API beside its class).

Nothing is imported until a format is first asked for, so that a format package's
``models`` module can be imported by ``tournaments.models`` (which the format classes
themselves import) without a cycle. A format package's ``__init__`` imports nothing
either, for the same reason.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..models import Event
    from .base import Format, Seating

#: Every format, as "module:Class" under this package, in the order they are listed.
CLASSES: tuple[str, ...] = (
    "swiss:SwissPairs",
    "teams.format:TeamsSwiss",
    "teams.format:TeamsRoundRobin",
    "pool.format:ScoringPool",
    "movements.format:Mitchell",
    "movements.format:Howell",
    "individual:Individual",
)


@cache
def formats() -> dict[str, Format]:
    """The registry: each format's kind to the one instance of its class."""
    registry = {}
    for path in CLASSES:
        module, name = path.split(":")
        instance = getattr(import_module(f"{__name__}.{module}"), name)()
        registry[instance.kind] = instance
    return registry


def format_for(event: Event | str) -> Format:
    kind = event if isinstance(event, str) else event.kind
    return formats()[kind]


def kinds_where(test: Callable[[Format], bool]) -> tuple[str, ...]:
    """The kinds of the formats that pass ``test``, in the registry's order: the one way
    code outside this package names a group of kinds (e.g. the team formats)."""
    return tuple(kind for kind, fmt in formats().items() if test(fmt))


def kind_for_file(*, entries: str, event_type: str) -> str:
    """The kind of event an imported file of ``entries`` (``entry_noun``) makes: the
    first such format whose ``file_event_type`` word is in the file's USEBIO EVENT_TYPE,
    else the first such format (``docs/rules.md`` § Files)."""
    kinds = kinds_where(lambda f: f.entry_noun == entries)
    words = {k: formats()[k].file_event_type for k in kinds}
    named = [k for k in kinds if words[k] and words[k] in event_type.upper()]
    return next(iter(named or kinds))


def __getattr__(name: str):
    """``FORMATS``, ``Format`` and ``Seating``, imported when first used."""
    if name == "FORMATS":
        return formats()
    if name in ("Format", "Seating"):
        return getattr(import_module(f"{__name__}.base"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["FORMATS", "Format", "Seating", "format_for", "formats", "kind_for_file", "kinds_where"]
