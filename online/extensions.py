"""Places on online play's pages that other apps fill, so that ``online`` imports none of
them (the robots app tells a player a robot replaced that it plays their seat, with the
button to take it back: ``docs/rules.md`` § Robots, *Substitutes*).

An app registers in its ``AppConfig.ready``::

    from online.extensions import seat_notices
    seat_notices.append(render)  # render(request, table) -> str | None (safe HTML)

and what happens when someone opens a table's page (the robots app wakes a table's
robots that stopped: ``docs/rules.md`` § Robots, *When no worker answers*)::

    from online.extensions import table_looks
    table_looks.append(look)  # look(table) -> None
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


#: Called with the table each time its page is opened (a player's reload, the
#: director, a spectator), after the page's permission check, in registration order.
table_looks: list[Callable[[object], None]] = []


def table_looked_at(table) -> None:
    for look in table_looks:
        look(table)
