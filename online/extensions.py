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

and what happens when a table's socket is let in and when it ends (the fair-play app's
kibitzing log)::

    from online.extensions import socket_watchers
    socket_watchers.append((opened, closed))  # async, each given the consumer; never raise
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


#: Pairs of coroutine functions ``(opened, closed)``, each called with the table's
#: consumer once its socket is let in and once it ends, in registration order. They
#: must never raise (a fault is theirs to log): a socket never waits on a failure.
socket_watchers: list[tuple[Callable, Callable]] = []


async def socket_opened(consumer) -> None:
    for opened, _closed in socket_watchers:
        await opened(consumer)


async def socket_closed(consumer) -> None:
    for _opened, closed in socket_watchers:
        await closed(consumer)
