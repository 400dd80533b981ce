"""Reads of the robots' seats (``docs/rules.md`` § Robots, *Substitutes*)."""

from __future__ import annotations

from django.utils.translation import gettext as _

from accounts.models import User
from online.selectors import table_seat_get
from online.services import online_table_get
from tournaments.errors import PermissionDeniedError
from tournaments.models import Table

from .models import RobotSeat


def replaced_seat(*, table: Table, user: User) -> RobotSeat | None:
    """The robot sitting in ``user``'s seat at ``table`` (None: no robot replaced them)."""
    if not user.is_authenticated:
        return None
    return RobotSeat.objects.filter(table=table, replaced=user).first()


def held_seat_tables(*, rnd, user: User):
    """The tables of round ``rnd`` where a robot plays ``user``'s seat, as a query of
    their ids (my-table's reader: ``tournaments.extensions.held_seat_readers``)."""
    return RobotSeat.objects.filter(table__round=rnd, replaced=user).values("table_id")


def reclaim_state(*, user: User, event_id: int, table_id: int) -> dict:
    """Where the seat of a player a robot replaced stands: ``robot`` (the robot plays
    it), ``asked`` (theirs when the board in play ends) or ``yours`` (given back). 403
    to anyone with no seat at the table and no robot in their place."""
    table = online_table_get(event_id, table_id)  # 404 not_found outside the event
    row = replaced_seat(table=table, user=user)
    if row is not None:
        return {"seat": row.seat, "state": "asked" if row.release_requested else "robot"}
    seat = table_seat_get(table=table, user=user)
    if seat is None:
        raise PermissionDeniedError(
            _("No robot sits in a seat of yours at this table."), code="not_seated"
        )
    return {"seat": seat, "state": "yours"}
