"""Disconnections (``docs/rules.md`` § The Rate): recorded by the event's director, or by
the table service (``recorded_by`` None), with a reason; each costs the player the
weekly points of ``RATE_DISCONNECT_POINTS`` and a board Rate of 0 in the week's Rate
(and in an HCP-par event ``RATE_DISCONNECT_HCP_PAR`` points of the event total)."""

from __future__ import annotations

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from accounts.models import User
from tournaments.dispatch import dispatch_on_commit
from tournaments.errors import BridgeError, ConflictError
from tournaments.models import Board, Entry, EntryMember, Event, TableSeat
from tournaments.permissions import director_required
from tournaments.services import entry_disconnection_record

from ..models import Disconnection

#: The scoring method of HCP-par events (``docs/rules.md`` § Comparing results).
HCP_PAR = "hcp_par"


def _took_part(player: User, event: Event) -> bool:
    return (
        EntryMember.objects.filter(event=event, player=player).exists()
        or TableSeat.objects.filter(table__event=event, player=player).exists()
    )


def disconnection_check(
    *, player: User, event: Event, reason: str, board: Board | None, recorded_by: User | None
) -> str:
    """The reason, cleaned, once every check passes (a ``BridgeError`` otherwise)."""
    if recorded_by is not None:
        director_required(user=recorded_by, event=event)
    reason = (reason or "").strip()
    if not reason:
        raise BridgeError(_("Say why: a disconnection needs a reason."), code="reason")
    if len(reason) > 200:
        raise BridgeError(_("The reason is at most 200 characters."), code="reason")
    if board is not None and board.event_id != event.pk:
        raise BridgeError(_("That board is not one of this event's."), code="board")
    if not _took_part(player, event):
        raise BridgeError(_("That player does not play in this event."), code="player")
    if board is not None and Disconnection.objects.filter(player=player, board=board).exists():
        raise ConflictError(
            _("This player's disconnection on this board is recorded already."),
            code="already_recorded",
        )
    return reason


def disconnection_record(
    *,
    player: User,
    event: Event,
    reason: str,
    board: Board | None = None,
    recorded_by: User | None = None,
) -> Disconnection:
    """Record that ``player`` lost their connection in ``event`` (on ``board``).
    ``recorded_by`` must direct the event; None is the table service itself. Runs inside
    the admin's transaction when recorded there, so its own is not durable."""
    reason = disconnection_check(
        player=player, event=event, reason=reason, board=board, recorded_by=recorded_by
    )
    try:
        with transaction.atomic():
            row = Disconnection.objects.create(
                player=player,
                event=event,
                board=board,
                recorded_by=recorded_by,
                reason=reason,
                weekly_points=settings.RATE_DISCONNECT_POINTS,
                event_points=settings.RATE_DISCONNECT_HCP_PAR if event.method == HCP_PAR else 0.0,
            )
            # docs/rules.md § HCP-par: the pair's event total loses its 20 IMPs at once
            # (through the tournament's own count, which its totals read).
            entry = _entry_of(player, event)
            if event.method == HCP_PAR and entry is not None and event.current_round:
                entry_disconnection_record(entry=entry, director=None)
    except IntegrityError as exc:
        raise ConflictError(
            _("This player's disconnection on this board is recorded already."),
            code="already_recorded",
        ) from exc
    dispatch_on_commit("ratings.tasks.refresh_weekly_points")
    return row


def _entry_of(player: User, event: Event):
    member = (
        EntryMember.objects.filter(
            event=event,
            player=player,
            entry__status__in=[Entry.Status.CONFIRMED, Entry.Status.WITHDRAWN],
        )
        .select_related("entry")
        .first()
    )
    return member.entry if member else None


def disconnection_cancel(*, player: User, event: Event, board: Board) -> bool:
    """Take back the disconnection of ``player`` on ``board`` (the director cancels what
    the table service recorded): its weekly points and board Rate are gone, and in an
    HCP-par event the pair's 20 points come back. The caller has checked the director
    and holds its transaction; returns whether there was one."""
    row = Disconnection.objects.filter(player=player, board=board, event=event).first()
    if row is None:
        return False
    row.delete()
    entry = _entry_of(player, event)
    if row.event_points and entry is not None and event.current_round:
        entry_disconnection_record(entry=entry, director=None, undo=True)
    dispatch_on_commit("ratings.tasks.refresh_weekly_points")
    return True
