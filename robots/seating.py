"""Moving robots into seats and out of them (``docs/rules.md`` § Robots, where robots
sit). A robot sits where the table's line-up (``TableSeat``) names its account, so it
holds the seat by the one seat rule of online play and acts through the same services
and seat check as a person. Locks: the event, then the table (``online/lock_objects``).
"""

from __future__ import annotations

from functools import partial

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from accounts.robots import robot_user
from online.access import access_changed
from online.director import director_event_get
from online.models import BoardPlay, SeatPresence
from online.presence import SEATS
from online.seats import seat_players
from online.services import online_table_get
from online.signals import table_changed
from tournaments.errors import BridgeError, ConflictError, PermissionDeniedError
from tournaments.lock_objects import event_for_update, table_for_update
from tournaments.models import Event, Round, Table, TableSeat
from tournaments.services.audit import log_action
from tournaments.signals import board_substituted

from .models import RobotSeat


def _changed(table_id: int) -> None:
    """After the commit: the table's connections check their seats again (the player
    replaced, or given the seat back, sees it at once) and its robots wake up."""
    from online.director import reseat_broadcast

    reseat_broadcast(table_id=table_id)
    table_changed.send(sender=RobotSeat, table_id=table_id)


def _table_locked(event: Event, table_id: int) -> Table:
    table = Table.objects.filter(pk=table_id, event=event, round__isnull=False).first()
    if table is None:
        error = BridgeError(_("No such table in this event."), code="not_found")
        error.status = 404
        raise error
    table = table_for_update(table.pk)
    table.event = event
    return table


def human_connected(*, table: Table, seat: str) -> bool:
    """Whether a person holds a live connection to ``seat`` of ``table``: a robot never
    takes such a seat."""
    return SeatPresence.objects.filter(
        table=table, seat=seat, connections__gt=0, user__is_robot=False
    ).exists()


def robot_place(
    *, event: Event, table: Table, seat: str, reason: str, actor: User | None = None
) -> RobotSeat:
    """Seat the robot of ``seat`` at ``table`` (inside a transaction holding the event
    and the table). Refused when a person is connected to that seat, a robot sits there
    already, or the table's round is over. Logged in the event's log."""
    if seat not in SEATS:
        raise BridgeError(_("A seat is N, E, S or W."), code="seat")
    if not event.online_play:
        raise ConflictError(_("Robots sit only at tables played online."), code="not_online")
    if table.round.status != Round.Status.OPEN:
        raise ConflictError(_("This table's round is over."), code="round_over")
    if RobotSeat.objects.filter(table=table, seat=seat).exists():
        raise ConflictError(_("A robot sits in that seat already."), code="robot_seated")
    if human_connected(table=table, seat=seat):
        raise ConflictError(
            _("A player is connected to that seat: a robot never takes it."), code="connected"
        )
    replaced = seat_players(event, [table])[table.pk].get(seat)
    previous = TableSeat.objects.filter(table=table, seat=seat).first()
    robot = robot_user(seat)
    TableSeat.objects.update_or_create(table=table, seat=seat, defaults={"player": robot})
    # the seat is the robot's: the table no longer shows it disconnected (the replaced
    # player has the grace anew when it is theirs again, robot_release)
    SeatPresence.objects.filter(table=table, seat=seat, connections=0).update(gone_since=None)
    row = RobotSeat.objects.create(
        table=table, seat=seat, robot=robot, reason=reason,
        replaced=replaced if replaced is not None and not replaced.is_robot else None,
        previous=previous.player if previous is not None else None,
    )  # fmt: skip
    log_action(
        event=event, actor=actor, action="robot_seat", round_number=table.round.number,
        data={"table": table.number, "seat": seat, "reason": reason,
              "replaced": row.replaced.name if row.replaced else ""},
    )  # fmt: skip
    transaction.on_commit(partial(_changed, table.pk))
    return row


def robot_release(*, event: Event, row: RobotSeat, actor: User | None, why: str) -> None:
    """The robot leaves its seat: the line-up names there again whom it named before
    (or nobody, so the pair's order gives the seat back). Inside the table's lock."""
    table = row.table
    if row.previous_id is not None:
        TableSeat.objects.filter(table=table, seat=row.seat).update(player_id=row.previous_id)
        access_changed(event_id=table.event_id)  # an update sends no model signal
    else:
        TableSeat.objects.filter(table=table, seat=row.seat, player=row.robot).delete()
    row.delete()
    if row.replaced_id is not None:
        _grace_restart(
            table=table, seat=row.seat, user_id=row.replaced_id, asked=why == "reclaimed"
        )
    log_action(
        event=event, actor=actor, action="robot_leave", round_number=table.round.number,
        data={"table": table.number, "seat": row.seat, "why": why},
    )  # fmt: skip
    transaction.on_commit(partial(_changed, table.pk))


def _grace_restart(*, table: Table, seat: str, user_id: int, asked: bool) -> None:
    """The seat is the replaced player's again: if they are not connected to it, they
    have the grace period anew from now before a disconnection is recorded or an
    automatic substitute takes it (``docs/rules.md`` § Robots, *Substitutes*). A player
    who never connected to the table gets it only when they asked for the seat back
    (they are here: their page opens the table now)."""
    now = timezone.now()
    if asked:
        SeatPresence.objects.get_or_create(
            table=table, seat=seat, user_id=user_id, defaults={"last_seen": now}
        )
    SeatPresence.objects.filter(table=table, seat=seat, user_id=user_id, connections=0).update(
        gone_since=now, dropped_at=None
    )


def robot_substitute(*, director: User, event_id: int, table_id: int, seat: str) -> RobotSeat:
    """The director moves a robot into a seat (the console; logged); refused when the
    event has robot substitutes off."""
    event = director_event_get(user=director, event_id=event_id)
    with transaction.atomic(durable=True):
        event = event_for_update(event.pk)
        if event.robot_substitutes == Event.RobotSubstitutes.OFF:
            raise ConflictError(
                _("This event has no robot substitutes (its settings)."), code="robots_off"
            )
        table = _table_locked(event, table_id)
        return robot_place(
            event=event, table=table, seat=seat, reason=RobotSeat.Reason.DIRECTOR,
            actor=director,
        )  # fmt: skip


def robot_remove(*, director: User, event_id: int, table_id: int, seat: str) -> None:
    """The director removes a robot from a seat at once (logged)."""
    event = director_event_get(user=director, event_id=event_id)
    with transaction.atomic(durable=True):
        event = event_for_update(event.pk)
        table = _table_locked(event, table_id)
        row = RobotSeat.objects.filter(table=table, seat=seat).first()
        if row is None:
            raise ConflictError(_("No robot sits in that seat."), code="no_robot")
        row.table = table
        robot_release(event=event, row=row, actor=director, why="director")


def seat_reclaim(*, user: User, event_id: int, table_id: int) -> RobotSeat:
    """The player a robot replaced takes the seat back: at once when no board is in play
    at the table, else when the board in play ends (``docs/rules.md`` § Robots)."""
    online_table_get(event_id, table_id)  # a 404 for a table not of this event, before any lock
    with transaction.atomic(durable=True):
        event = event_for_update(event_id)
        table = _table_locked(event, table_id)
        row = RobotSeat.objects.filter(table=table, replaced=user).first()
        if row is None:
            raise PermissionDeniedError(
                _("No robot sits in a seat of yours at this table."), code="not_seated"
            )
        row.table = table
        in_play = BoardPlay.objects.filter(table=table, status=BoardPlay.Status.PLAYING)
        if not in_play.exists():
            robot_release(event=event, row=row, actor=user, why="reclaimed")
            return row
        if not row.release_requested:
            row.release_requested = True
            row.save(update_fields=["release_requested"])
            log_action(
                event=event, actor=user, action="robot_reclaim", round_number=table.round.number,
                data={"table": table.number, "seat": row.seat},
            )  # fmt: skip
        return row


def seats_released_at_board_end(*, table: Table) -> None:
    """The board at ``table`` ended: the seats asked back are given back now (inside the
    transaction that ends the board)."""
    rows = RobotSeat.objects.filter(table=table, release_requested=True)
    for row in rows:
        row.table = table
        robot_release(event=table.event, row=row, actor=None, why="reclaimed")


def substituted_boards_record(*, table: Table, board) -> None:
    """The board at ``table`` ended with robots in the seats of the players they
    replaced: each such board is theirs not played, for their Rate (``docs/rules.md``
    § Robots, *Substitutes*; inside the transaction that ends the board)."""
    if board is None:
        return
    rows = RobotSeat.objects.filter(table=table, replaced__isnull=False).select_related("replaced")
    for row in rows:
        board_substituted.send(
            sender=RobotSeat, event=table.event, player=row.replaced, board=board, table=table,
            seat=row.seat,
        )  # fmt: skip
