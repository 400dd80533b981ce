"""Automatic substitutes (``docs/rules.md`` § Robots, *Substitutes*): in an event whose
setting ``robot_substitutes`` is ``auto``, a robot takes the seat of a player gone from
the online table longer than the grace period (``ONLINE_DISCONNECT_GRACE_SECONDS``), or
absent since the round opened (never connected to the table: its board could not even
start). Never a seat a person is connected to, never for a drop the server caused (an
outage), never while the event is paused or after its round's end, and never at a table
nobody has come to this round (robots do not play a table alone). Run by the periodic
check (beat's ``robots.tasks.auto_substitutes``, the in-process clock) and after a
disconnection is recorded; idempotent: a seat a robot holds is left alone.
"""

from __future__ import annotations

import logging
import threading
from datetime import datetime

from django.db import transaction
from django.utils import timezone

from online.disconnections import presence_check
from online.models import SeatPresence
from online.presence import SEATS, disconnect_grace, drop_is_outage
from online.seats import seat_players
from online.selectors import table_boards_get
from tournaments.errors import BridgeError
from tournaments.lock_objects import event_for_update
from tournaments.models import Event, Round, Table
from tournaments.services.results_online import round_past_end

from .models import RobotSeat
from .seating import _table_locked, robot_place

logger = logging.getLogger(__name__)
_running = threading.local()


def _tables_due(event_id: int | None) -> list[Table]:
    """The tables of open rounds of events with automatic robot substitutes."""
    tables = Table.objects.filter(
        round__status=Round.Status.OPEN,
        ew__isnull=False,
        event__online_play=True,
        event__paused_at__isnull=True,
        event__robot_substitutes=Event.RobotSubstitutes.AUTO,
    ).select_related("round__event")
    if event_id is not None:
        tables = tables.filter(event_id=event_id)
    out = []
    for table in tables.order_by("event_id", "number"):
        table.event = table.round.event
        out.append(table)
    return out


def seats_absent(tables: list[Table], *, now: datetime) -> list[tuple[Table, str]]:
    """The seats whose player (a person) is gone longer than the grace, or has not come
    since the round opened longer than the grace ago; a bounded number of queries."""
    if not tables:
        return []
    grace = disconnect_grace()
    held = set(RobotSeat.objects.filter(table__in=tables).values_list("table_id", "seat"))
    presences: dict[tuple[int, str, int], SeatPresence] = {
        (p.table_id, p.seat, p.user_id): p
        for p in SeatPresence.objects.filter(table__in=tables)
    }  # fmt: skip
    connected = {(tid, seat) for (tid, seat, _u), p in presences.items() if p.connections > 0}
    came = {tid for (tid, _seat, _u) in presences}
    players: dict[int, dict] = {}
    for event_id in {t.event_id for t in tables}:
        mine = [t for t in tables if t.event_id == event_id]
        players.update(seat_players(mine[0].event, mine))
    out = []
    for table in tables:
        if table.pk not in came or round_past_end(rnd=table.round, now=now):
            continue  # a table nobody came to is the director's (no robots-only table)
        for seat in SEATS:
            player = players[table.pk].get(seat)
            if player is None or player.is_robot or (table.pk, seat) in held:
                continue
            if (table.pk, seat) in connected:
                continue
            presence = presences.get((table.pk, seat, player.pk))
            if presence is None:
                if table.round.opened_at <= now - grace:  # never came
                    out.append((table, seat))
            elif (
                presence.gone_since is not None
                and presence.gone_since <= now - grace
                # a drop the server caused brings no robot; no drop (the seat given
                # back, the grace anew) is no outage
                and (presence.dropped_at is None or not drop_is_outage(presence.gone_since))
            ):
                out.append((table, seat))
    return out


def auto_substitutes(*, now: datetime | None = None, event_id: int | None = None) -> list[int]:
    """Seat a robot for every absent player of the events with automatic substitutes;
    returns the ``RobotSeat`` ids made."""
    if getattr(_running, "on", False):  # woken by a disconnection it recorded itself
        return []
    now = now or timezone.now()
    due = seats_absent(_tables_due(event_id), now=now)
    if due:  # the disconnections first (and their penalty): then the seats are robots'
        _running.on = True
        try:
            presence_check(now=now)
        finally:
            _running.on = False
    made = []
    for table, seat in due:
        if table_boards_get(table=table).current is None:
            continue  # nothing left to play at this table
        try:
            with transaction.atomic(durable=True):
                event = event_for_update(table.event_id)
                if event.robot_substitutes != Event.RobotSubstitutes.AUTO or event.paused_at:
                    continue  # changed meanwhile
                locked = _table_locked(event, table.pk)
                row = robot_place(
                    event=event, table=locked, seat=seat, reason=RobotSeat.Reason.AUTO
                )
        except BridgeError as error:  # seated, connected or over meanwhile
            logger.info("no robot for table %s %s: %s", table.pk, seat, error.code)
            continue
        made.append(row.pk)
    return made
