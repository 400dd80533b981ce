"""Reads about boards: visibility (SPEC 9) and the traveller."""

from __future__ import annotations

from django.db.models import Prefetch, Q

from accounts.models import User

from ..models import (
    Board,
    EntryMember,
    Event,
    Result,
    Round,
)
from ..permissions import is_event_director


def board_visible_to(*, board: Board, user: User, event: Event | None = None) -> bool:
    """May ``user`` see this board's deal, analysis and the other tables' results?

    Yes once the event is finished or the board's round has closed; a director always;
    a player at a table of that round once their own table has played it.
    """
    event = event or board.event
    if event.status == Event.Status.FINISHED or board.round.status == Round.Status.CLOSED:
        return True
    if is_event_director(user=user, event=event):
        return True
    return user.is_authenticated and board.pk in _boards_played_by(user, [board.pk])


def _boards_played_by(user: User, board_ids) -> set[int]:
    """Of ``board_ids``, the boards the user's own table has played (one query)."""
    return set(
        Result.objects.filter(board_id__in=board_ids, status=Result.Status.PLAYED)
        .filter(Q(table__ns__members__player=user) | Q(table__ew__members__player=user))
        .values_list("board_id", flat=True)
    )


def board_results_get(*, board: Board) -> list[Result]:
    """Every result of a board with both pairs' players, best NS score first."""
    results = list(
        Result.objects.filter(board=board)
        .select_related("table")
        .prefetch_related(
            Prefetch("table__ns__members", queryset=EntryMember.objects.select_related("player")),
            Prefetch("table__ew__members", queryset=EntryMember.objects.select_related("player")),
        )
    )
    return sorted(results, key=lambda r: (r.ns_score is None, -(r.ns_score or 0), r.table.number))


def board_get(*, event: Event, number: int) -> Board | None:
    return Board.objects.select_related("round").filter(event=event, number=number).first()


def board_ids_hidden_from(*, event: Event, user: User) -> set[int]:
    """Boards of ``event`` whose deal and results ``user`` may not see yet (two queries).

    The set counterpart of ``board_visible_to``: boards of rounds still in play, except
    the ones the user's own table has already played; nothing for directors or once the
    event has finished.
    """
    if event.status == Event.Status.FINISHED:
        return set()
    if is_event_director(user=user, event=event):
        return set()
    hidden = set(
        Board.objects.filter(event=event, round__status=Round.Status.OPEN).values_list(
            "pk", flat=True
        )
    )
    if hidden and user.is_authenticated:
        hidden -= _boards_played_by(user, hidden)
    return hidden
