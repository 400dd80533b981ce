"""Plain-text formatting of stored values, shared by the pages of every app.

``tournaments.views.display`` builds the HTML fragments on top of these; other apps
(``ratings``) import from here, never from ``tournaments.views``.
"""

from __future__ import annotations

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
