"""The disconnections the server sees (``docs/rules.md`` § Online play,
*Disconnections*), from who is connected (``online.presence``).

The periodic check (``presence_check``: beat's ``online.tasks.check_presence``, or the
in-process clock) turns a seat gone longer than the grace while its board is in play
into a ``SeatDisconnection``, once per player and board; the Rate records its penalty
(``tournaments.signals.player_disconnected``) unless the drop was an outage. The table
is then told (``table_presence_broadcast``), as it is when the seat comes back.

It stands above the table's reads and writes (``selectors``, ``services``), which read
who is connected from ``presence`` below them: the layers read one way.
"""

from __future__ import annotations

from datetime import datetime

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext

from tournaments.lock_objects import event_for_update
from tournaments.services.results_online import round_past_end
from tournaments.signals import player_disconnected

from .models import SeatDisconnection, SeatPresence
from .presence import connections_expire, disconnect_grace, drop_is_outage, processes_reap
from .selectors import table_boards_get, table_seat_get
from .services import tables_refresh


def _reason(seconds: float) -> str:
    text = gettext("Gone from the online table longer than the grace period (%(n)d s).")
    return text % {"n": int(seconds)}


def presence_check(*, now: datetime | None = None) -> list[int]:
    """The periodic check: reap dead processes, then record every seat gone longer than
    the grace while its board is in play (once per player and board; idempotent).
    Returns the ids of the ``SeatDisconnection`` rows it recorded."""
    now = now or timezone.now()
    processes_reap(now=now)
    connections_expire(now=now)
    gone = list(
        SeatPresence.objects.filter(connections=0, gone_since__lte=now - disconnect_grace())
        .select_related("table__round__event", "user")
        .order_by("table__event_id", "table_id", "seat")
    )
    recorded = []
    for presence in gone:
        row = _disconnection_record(presence, now=now)
        if row is not None:
            recorded.append(row.pk)
    return recorded


def _disconnection_record(presence: SeatPresence, *, now: datetime) -> SeatDisconnection | None:
    table = presence.table
    rnd = table.round
    if rnd is None:
        return None
    event = rnd.event
    table.event = event
    if not event.online_play or round_past_end(rnd=rnd, now=now) or event.paused_at:
        return None
    if table_seat_get(table=table, user=presence.user) != presence.seat:
        return None  # the seat is someone else's now (a substitute)
    board = table_boards_get(table=table).current
    if board is None:
        return None  # nothing left to play here: not in play
    if SeatDisconnection.objects.filter(player=presence.user, board=board).exists():
        return None
    outage = drop_is_outage(presence.gone_since)
    try:
        with transaction.atomic(durable=True):
            event_for_update(event.pk)
            row = SeatDisconnection.objects.create(
                table=table, board=board, seat=presence.seat, player=presence.user,
                gone_since=presence.gone_since, recorded_at=now, outage=outage,
            )  # fmt: skip
            if not outage:
                player_disconnected.send(
                    sender=SeatDisconnection, event=event, player=presence.user, board=board,
                    reason=_reason(settings.ONLINE_DISCONNECT_GRACE_SECONDS),
                )  # fmt: skip
            transaction.on_commit(lambda: table_presence_broadcast(table_id=table.pk))
    except IntegrityError:  # another check recorded it first
        return None
    return row


def table_presence_broadcast(*, table_id: int) -> None:
    """Tell a table (and the directors watching it) who is disconnected: a fresh state
    of the table, whose ``connected`` says it."""
    tables_refresh(table_ids=[table_id])
