"""Who is connected to the online tables (``docs/rules.md`` § Online play,
*Disconnections*).

Each WebSocket of a seated player is a ``SeatConnection`` row of the server process
serving it, counted on the seat's ``SeatPresence``: the database is the one record that
every ASGI process shares, and a process that dies without closing its connections is
found by its missed heartbeats (``ServerProcess``). What the server makes of a seat gone
longer than the grace is ``online.disconnections``, a layer above this one: here nothing
reads a table's boards nor tells a table anything.
"""

from __future__ import annotations

import asyncio
import logging
import os
import socket
import uuid
from datetime import datetime, timedelta

from channels.db import database_sync_to_async
from django.conf import settings
from django.db import transaction
from django.db.models import F, Q
from django.db.models.functions import Greatest
from django.utils import timezone

from .models import SeatConnection, SeatPresence, ServerProcess

logger = logging.getLogger(__name__)

SEATS = ("N", "E", "S", "W")

#: This process's name in ``ServerProcess`` (host, process id, and a random part: a
#: restarted process with the same id is another process).
PROCESS_NAME = f"{socket.gethostname()[:60]}:{os.getpid()}:{uuid.uuid4().hex[:8]}"
_process_id: int | None = None
_beating: asyncio.Task | None = None


def disconnect_grace() -> timedelta:
    """How long a seat may be gone before its player counts as disconnected."""
    return timedelta(seconds=settings.ONLINE_DISCONNECT_GRACE_SECONDS)


def process_id(now: datetime | None = None) -> int:
    """This process's ``ServerProcess`` row (made on its first connection)."""
    global _process_id
    if _process_id is None or not ServerProcess.objects.filter(pk=_process_id).exists():
        now = now or timezone.now()
        row, _created = ServerProcess.objects.get_or_create(
            name=PROCESS_NAME, defaults={"started_at": now, "beat_at": now}
        )
        _process_id = row.pk
    return _process_id


#: This process's open seat connections: channel name -> (table id, seat, user id), so
#: that a process taken for stopped (a pause longer than the timeout) counts them again.
_open_here: dict[str, tuple[int, str, int]] = {}


def process_beat(*, now: datetime | None = None) -> None:
    """This process is alive: its heartbeat, and its seats seen now. A process the check
    took for stopped (its connections closed then) opens its live connections again."""
    now = now or timezone.now()
    pid = process_id(now)
    revived = ServerProcess.objects.filter(pk=pid, stopped_at__isnull=False).update(
        beat_at=now, stopped_at=None
    )
    ServerProcess.objects.filter(pk=pid).update(beat_at=now)
    if revived:
        for channel_name, (table_id, seat, user_id) in list(_open_here.items()):
            seat_connect(
                table_id=table_id, seat=seat, user_id=user_id, channel_name=channel_name,
                now=now,
            )  # fmt: skip
    # only the sockets open here now are renewed: an entry whose socket ended without
    # its close being recorded (a crash, a fault of the database or the layer) expires
    open_here = list(_open_here)
    SeatConnection.objects.filter(process_id=pid, channel_name__in=open_here).update(seen_at=now)
    SeatPresence.objects.filter(open__process_id=pid, open__channel_name__in=open_here).update(
        last_seen=now
    )


async def _beat_forever() -> None:
    while True:
        await asyncio.sleep(settings.ONLINE_HEARTBEAT_SECONDS)
        try:
            await database_sync_to_async(process_beat)()
        except Exception:  # noqa: BLE001 - a missed beat is retried; the socket lives on
            logger.exception("heartbeat failed")


def heartbeat_start() -> None:
    """Start this process's heartbeat (once, on its first connection)."""
    global _beating
    if settings.ONLINE_HEARTBEAT_SECONDS <= 0 or (_beating and not _beating.done()):
        return
    try:
        _beating = asyncio.get_running_loop().create_task(_beat_forever())
    except RuntimeError:  # no loop running: a synchronous caller
        _beating = None


def seat_connect(
    *, table_id: int, seat: str, user_id: int, channel_name: str, now: datetime | None = None
) -> bool:
    """A seated player's WebSocket opened. True when the seat had been disconnected
    (gone longer than the grace): the table is then told it is back."""
    now = now or timezone.now()
    with transaction.atomic(durable=True):
        pid = process_id(now)
        presence, _created = SeatPresence.objects.get_or_create(
            table_id=table_id, seat=seat, user_id=user_id, defaults={"last_seen": now}
        )
        _row, opened = SeatConnection.objects.get_or_create(
            channel_name=channel_name,
            defaults={"presence": presence, "process_id": pid, "opened_at": now, "seen_at": now},
        )
        if not opened:  # counted already
            return False
        gone = presence.gone_since
        was_out = gone is not None and gone <= now - disconnect_grace()
        SeatPresence.objects.filter(pk=presence.pk).update(
            connections=F("connections") + 1, last_seen=now, gone_since=None
        )
        SeatPresence.objects.filter(pk=presence.pk, connected_since__isnull=True).update(
            connected_since=now
        )
        return was_out


def seat_disconnect(*, channel_name: str, now: datetime | None = None) -> None:
    """A seated player's WebSocket closed: when it was their last, they are gone now."""
    now = now or timezone.now()
    with transaction.atomic(durable=True):
        row = SeatConnection.objects.filter(channel_name=channel_name).first()
        if row is None:
            return
        row.delete()
        _connections_lost({row.presence_id: 1}, at=now)


def _connections_lost(lost: dict[int, int], *, at: datetime) -> None:
    for presence_id, n in lost.items():
        SeatPresence.objects.filter(pk=presence_id).update(
            connections=Greatest(F("connections") - n, 0), last_seen=at
        )
    SeatPresence.objects.filter(pk__in=list(lost), connections=0).update(
        gone_since=at, dropped_at=at, connected_since=None
    )


def connections_expire(*, now: datetime | None = None) -> int:
    """Connection entries not renewed by their process's heartbeat within the process
    timeout have ended, however they ended (their close never recorded): the seat is no
    longer counted as connected on them. Returns how many expired."""
    now = now or timezone.now()
    limit = now - timedelta(seconds=settings.ONLINE_PROCESS_TIMEOUT_SECONDS)
    stale = list(SeatConnection.objects.filter(seen_at__lt=limit).values_list("pk", "presence_id"))
    if not stale:
        return 0
    with transaction.atomic(durable=True):
        lost: dict[int, int] = {}
        gone = SeatConnection.objects.filter(pk__in=[pk for pk, _p in stale], seen_at__lt=limit)
        for presence_id in gone.values_list("presence_id", flat=True):
            lost[presence_id] = lost.get(presence_id, 0) + 1
        gone.delete()
        _connections_lost(lost, at=now)
    return sum(lost.values())


def processes_reap(*, now: datetime | None = None) -> int:
    """Processes that missed their heartbeats stopped at their last one: their
    connections are closed then (a server stop: ``drop_is_outage``)."""
    now = now or timezone.now()
    limit = now - timedelta(seconds=settings.ONLINE_PROCESS_TIMEOUT_SECONDS)
    dead = list(
        ServerProcess.objects.filter(stopped_at__isnull=True, beat_at__lt=limit).values_list(
            "pk", "beat_at"
        )
    )
    for pid, beat_at in dead:
        with transaction.atomic(durable=True):
            lost: dict[int, int] = {}
            for presence_id in SeatConnection.objects.filter(process_id=pid).values_list(
                "presence_id", flat=True
            ):
                lost[presence_id] = lost.get(presence_id, 0) + 1
            SeatConnection.objects.filter(process_id=pid).delete()
            ServerProcess.objects.filter(pk=pid).update(stopped_at=beat_at)
            _connections_lost(lost, at=beat_at)
    return len(dead)


def drop_is_outage(at: datetime) -> bool:
    """Whether seats that dropped at ``at`` were dropped by the server, not by their
    players (``docs/rules.md`` § Online play, *Outages*): a server process stopped within
    the window of it, or one started within the window before it up to the restart time
    after it, or at least the minimum number of seats dropped within the window, and
    they are at least the share of the seats connected then."""
    window = timedelta(seconds=settings.ONLINE_OUTAGE_WINDOW_SECONDS)
    restart = timedelta(seconds=settings.ONLINE_RESTART_SECONDS)
    if ServerProcess.objects.filter(
        Q(stopped_at__gte=at - window, stopped_at__lte=at + window)
        | Q(started_at__gte=at - window, started_at__lte=at + restart)
    ).exists():
        return True
    dropped = SeatPresence.objects.filter(
        dropped_at__gte=at - window, dropped_at__lte=at + window
    ).count()
    if dropped < settings.ONLINE_OUTAGE_MIN_SEATS:
        return False
    stayed = SeatPresence.objects.filter(connections__gt=0, connected_since__lt=at - window).count()
    return dropped >= settings.ONLINE_OUTAGE_SHARE * (dropped + stayed)


def connected_map(*, table_ids, now: datetime | None = None) -> dict[int, dict[str, bool]]:
    """Each table's seats: False for a seat whose player is disconnected (gone longer
    than the grace, and not back on another connection), True otherwise. One query."""
    now = now or timezone.now()
    out = {tid: dict.fromkeys(SEATS, True) for tid in table_ids}
    rows = (
        SeatPresence.objects.filter(table_id__in=list(table_ids))
        .order_by()  # any order (no join for the model's table ordering: every action reads it)
        .values_list("table_id", "seat", "connections", "gone_since")
    )
    back = {(tid, seat) for tid, seat, n, _gone in rows if n > 0}
    since = now - disconnect_grace()
    for tid, seat, n, gone in rows:
        if n == 0 and gone is not None and gone <= since and (tid, seat) not in back:
            out[tid][seat] = False
    return out


async def consumer_connected(consumer, *, user_id: int) -> bool:
    """The table's WebSocket consumer opened a seat's connection. True when the seat
    had been disconnected: the table, told so, is to be told it is back."""
    heartbeat_start()
    _open_here[consumer.channel_name] = (consumer.table_id, consumer.seat, user_id)
    return await database_sync_to_async(seat_connect)(
        table_id=consumer.table_id, seat=consumer.seat, user_id=user_id,
        channel_name=consumer.channel_name,
    )  # fmt: skip


async def consumer_disconnected(consumer) -> None:
    """The table's WebSocket consumer closed a seat's connection (or it ended any other
    way: the consumer calls this whatever ended it). Once it is no longer open here the
    heartbeat stops renewing it, so it expires even if this write fails."""
    if _open_here.pop(consumer.channel_name, None) is None:
        return  # not counted, or counted out already
    await database_sync_to_async(seat_disconnect)(channel_name=consumer.channel_name)
