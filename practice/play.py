"""The one apply path of a practice table (``docs/rules.md`` § Robots, *Practice*): the
engine's table after a board's stored actions, and an action applied to it, the
player's (``practice.services``) or a robot's (``practice.turns``) alike.

The engine's refusals carry online play's codes and words
(``online.services.play_refusal``). The board's row is locked while an action is
applied (``lock_objects``); nothing of the event is written, ever. Once the action has
committed, the player's view of it goes to the session's socket (``practice.consumers``,
the online table's protocol: docs/online-play.md § WebSocket) and
``signals.session_changed`` wakes the robots.

As at the online table, a process keeps the engine of each board in play it served:
an action is applied to a copy of it (its cost does not grow with the board's length)
and the stored actions stay the one truth: an engine behind them is extended by the
ones it missed, and one that does not match them is rebuilt.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from datetime import datetime
from functools import partial

from django.db import transaction
from django.utils import timezone

from online.layers import group_send_stored
from online.services import play_refusal
from tableplay import DIRECTOR, Action, Table, TableError
from tableplay.apply import applied

from .lock_objects import practice_board_for_update
from .models import PracticeBoard, PracticeSession
from .scoring import practice_score
from .signals import board_over, session_changed
from .state import group_name, practice_view

#: How many boards in play a process keeps the engine of (a few KB each).
ENGINES_KEPT = 1024
_engines: OrderedDict[int, tuple[int, list, Table]] = OrderedDict()
_engines_guard = threading.Lock()


def board_table(row: PracticeBoard) -> Table:
    """The engine's table after the board's stored actions. Read only: an action copies
    it (``practice_apply``). A board in play is kept for its next action."""
    with _engines_guard:
        kept = _engines.get(row.pk)
    actions = row.actions
    if kept is not None:
        board_id, prefix, table = kept
        if board_id == row.board_id and actions[: len(prefix)] == prefix:
            if len(prefix) == len(actions):
                return table
            table = table.copy()
            for seat, kind, value, alert in actions[len(prefix) :]:
                table.apply(Action(kind, seat, value, alert))
            _engine_keep(row, table)
            return table
    board = row.board
    table = Table(board.deal, board.dealer, board.vulnerability, undo_allowed=True)
    for seat, kind, value, alert in actions:
        table.apply(Action(kind, seat, value, alert))
    _engine_keep(row, table)
    return table


def _engine_keep(row: PracticeBoard, table: Table) -> None:
    """Keep the engine of a board still in play, after ``row.actions`` (forget one over)."""
    with _engines_guard:
        if table.phase == "over" or row.status != PracticeBoard.Status.PLAYING:
            _engines.pop(row.pk, None)
            return
        _engines[row.pk] = (row.board_id, list(row.actions), table)
        _engines.move_to_end(row.pk)
        while len(_engines) > ENGINES_KEPT:
            _engines.popitem(last=False)


def engines_clear() -> None:
    """Forget every kept engine (tests)."""
    with _engines_guard:
        _engines.clear()


def practice_broadcast(session_id: int, view: dict) -> None:
    """Send the player's view of a change to the session's socket (after the commit)."""
    group_send_stored(group_name(session_id), {"type": "practice.view", "view": view})


def session_changed_on_commit(session_id: int) -> None:
    """Tell the robots once the current transaction commits that the session changed."""
    transaction.on_commit(
        partial(session_changed.send, sender=PracticeSession, session_id=session_id)
    )


def practice_apply(*, row_id: int, version: int, action: Action) -> dict:
    """Apply one action (the player's or a robot's) to a practice board under its lock
    and wake the robots after the commit; a rejected claim is followed by the table's own
    "play on". Returns the board as the player's seat sees it."""
    now = timezone.now()
    with transaction.atomic(durable=True):
        row = practice_board_for_update(row_id)
        if row.status != PracticeBoard.Status.PLAYING:
            raise play_refusal("board_over")
        try:  # the kept engine stays as it was: ``applied`` copies it
            table, stored = applied(board_table(row), action, version=version)
        except TableError as error:
            raise play_refusal(error.code) from None
        moves = [stored]  # a call or card as the engine reads it: "1NT", "SA"
        if table.claim is not None and table.claim.rejected:
            # docs/rules.md § Robots, Practice: no director here; a rejected claim plays on
            table.apply(Action("rule", DIRECTOR, "play"))
            moves.append(Action("rule", DIRECTOR, "play"))
        row.actions = [*row.actions, *([m.seat, m.kind, m.value, m.alert] for m in moves)]
        row.changed_at = now
        if table.phase == "over":
            _board_end(row, table, now=now)
        row.save()
        _engine_keep(row, table)  # after the commit it is the stored state
        session = row.session
        view = practice_view(session, row, table)
        transaction.on_commit(partial(practice_broadcast, session.pk, view))
        session_changed_on_commit(session.pk)
    return view


def _board_end(row: PracticeBoard, table: Table, *, now: datetime) -> None:
    """The board is over: its result and its score against the event's field."""
    outcome = table.result
    session = row.session
    row.status = PracticeBoard.Status.OVER
    row.ended_at = now
    row.contract = outcome.contract or ""
    row.declarer = outcome.declarer or ""
    row.tricks = outcome.tricks
    row.ns_score = outcome.ns_score or 0
    score = practice_score(
        event=session.event, board=row.board, ns_score=row.ns_score, seat=session.seat
    )
    row.points = score.points
    row.field_size = len(score.field)
    row.datum = score.datum
    board_over.send(sender=PracticeBoard, row_id=row.pk)
