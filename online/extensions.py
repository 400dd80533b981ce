"""Places on online play's pages that other apps fill, so that ``online`` imports none of
them (the robots app tells a player a robot replaced that it plays their seat, with the
button to take it back: ``docs/rules.md`` § Robots, *Substitutes*).

An app registers in its ``AppConfig.ready``::

    from online.extensions import seat_notices
    seat_notices.append(render)  # render(request, table) -> str | None (safe HTML)
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest

#: Renderers of what the table page shows a signed-in user who holds no seat there
#: (instead of a 403), in registration order; the first that answers is shown.
seat_notices: list[Callable[[HttpRequest, object], str | None]] = []


def seat_notice(request: HttpRequest, table) -> str | None:
    for render in seat_notices:
        if html := render(request, table):
            return html
    return None
