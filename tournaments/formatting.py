"""Plain-text formatting of stored values, shared by the pages of every app.

``tournaments.views.display`` builds the HTML fragments on top of these; other apps
(``ratings``) import from here, never from ``tournaments.views``.
"""

from __future__ import annotations

from django.utils.translation import ngettext

from .models import Event

DASH = "–"


def points_text(value: float | None, method: str, *, total: bool = False) -> str:
    """IMPs with two decimals; matchpoints as a percentage; None (cut board) as a dash."""
    if value is None:
        return DASH
    if method == Event.Method.MP:
        return f"{value:.2f}%" if total else f"{value:.1f}"
    if method == Event.Method.IMP and not total and float(value).is_integer():
        return f"{value:.0f}"
    return f"{value:.2f}"


def more_minutes_text(minutes: int) -> str:
    """The director's message after extending the round: "1 more minute", "5 more
    minutes" (plural forms of the reader's language)."""
    return ngettext(
        "The round has %(n)d more minute.", "The round has %(n)d more minutes.", minutes
    ) % {"n": minutes}
