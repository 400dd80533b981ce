"""The director's corrections: any table result entered, corrected or adjusted, each
change audited (``docs/rules.md`` § Directors); in a closed round the board, totals,
standings and, once finished, ranks and master points are recomputed at once."""

from __future__ import annotations

from datetime import datetime

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User

from ..errors import BridgeError, ConflictError, PermissionDeniedError
from ..formats import format_for
from ..formats.teams.live_cache import live_changed
from ..lock_objects import result_at_table_for_update
from ..models import Board, Event, Result, ResultCorrection, Round, Table
from ..permissions import is_event_director
from .audit import log_action
from .results import _check_board, _load, _past_end, _snapshot, result_validate
from .totals import event_finish_ranking, standings_rebuild


def _was_cut(result: Result) -> bool:
    """Cut now, or cut before a director adjusted it (the audit trail remembers)."""
    if result.status == Result.Status.CUT:
        return True
    return result.corrections.filter(old_value__status=Result.Status.CUT).exists()


def _rescore_closed_round(rnd: Round, board: Board) -> None:
    """After a correction in a closed round: rescore the board, totals, ranks and awards."""
    event = rnd.event
    results = list(Result.objects.filter(board=board))
    format_for(event).boards_score(event=event, results=results)
    Result.objects.bulk_update(results, ["ns_points", "ew_points"])
    standings_rebuild(event=event)
    if event.status == Event.Status.FINISHED:
        event_finish_ranking(event=event)


def _adjusted_fields(ns_adjustment: str, ew_adjustment: str) -> dict:
    """An adjusted score: A+, A= or A- for both sides, and no table result."""
    valid = Event.Adjustment.values
    if ns_adjustment not in valid or ew_adjustment not in valid:
        raise BridgeError(
            _("An adjusted score needs A+, A= or A- for both sides."), code="adjustment"
        )
    return {
        "status": Result.Status.ADJUSTED,
        "contract": "",
        "declarer": "",
        "tricks": None,
        "lead": "",
        "ns_score": None,
        "ns_adjustment": ns_adjustment,
        "ew_adjustment": ew_adjustment,
    }


def _played_fields(
    *, result: Result | None, rnd: Round, board: Board, now: datetime, **contract
) -> dict:
    """A table result (``contract``: contract, declarer, tricks, lead); a cut board
    cannot get one."""
    cut = _was_cut(result) if result else _past_end(rnd, now)
    if cut:
        raise ConflictError(
            _("A cut board cannot get a table result; assign an adjusted score."),
            code="cut",
        )
    return {
        "status": Result.Status.PLAYED,
        # a director's correction may leave the lead out
        **result_validate(board=board, lead_required=False, **contract),
        "ns_adjustment": "",
        "ew_adjustment": "",
    }


def _correction_record(
    *, result: Result, table: Table, board: Board, rnd: Round, director: User, old: dict,
    reason: str, now: datetime,
) -> None:  # fmt: skip
    """The correction's audit row and the event log's line."""
    new = _snapshot(result)
    ResultCorrection.objects.create(
        result=result,
        changed_by=director,
        changed_at=now,
        old_value=old,
        new_value=new,
        reason=reason,
    )
    # The log says what changed, in words (views/eventlog.py): the board and table,
    # the new and the old result, and the reason. It also records who unlocked the
    # board for the table (a correction confirms the result).
    log_action(
        event=rnd.event, actor=director, action="result_correct", round_number=rnd.number,
        data={"table": table.number, "board": board.number, "result": result.pk,
              "old": old, "new": new, "reason": reason},
    )  # fmt: skip


def result_correct(
    *,
    table_id: int,
    board_id: int,
    director: User,
    contract: str = "",
    declarer: str = "",
    tricks: int | None = None,
    lead: str = "",
    ns_adjustment: str = "",
    ew_adjustment: str = "",
    reason: str = "",
    now: datetime | None = None,
) -> Result:
    """The director enters, corrects or adjusts any table result; every change is audited.

    Give a contract (with declarer, tricks, lead) for a table result, or
    ``ns_adjustment``/``ew_adjustment`` (A+, A=, A-) for an adjusted score. In a closed
    round the board, totals, standings (and, once finished, ranks and master points)
    are recomputed at once.
    """
    now = now or timezone.now()
    with transaction.atomic(durable=True):
        table, board, rnd = _load(table_id, board_id, lock_event=True)
        event = rnd.event
        if not is_event_director(user=director, event=event):
            raise PermissionDeniedError(
                _("Only the director can correct results."), code="director"
            )
        _check_board(board, table, rnd)
        if table.is_bye:
            raise BridgeError(_("A bye has no results to correct."), code="bye")
        result = result_at_table_for_update(table=table, board=board)
        old = _snapshot(result)
        if ns_adjustment or ew_adjustment:
            fields = _adjusted_fields(ns_adjustment, ew_adjustment)
        else:
            fields = _played_fields(
                result=result, rnd=rnd, board=board, now=now,
                contract=contract, declarer=declarer, tricks=tricks, lead=lead,
            )  # fmt: skip
        if result is None:
            result = Result(table=table, board=board, entered_by=director, entered_side="TD")
        for name, value in fields.items():
            setattr(result, name, value)
        result.confirmed_by, result.confirmed_at = director, now
        result.disputed_at, result.disputed_by, result.dispute_reason = None, None, ""
        result.save()
        _correction_record(
            result=result, table=table, board=board, rnd=rnd, director=director, old=old,
            reason=reason, now=now,
        )  # fmt: skip
        fmt = format_for(event)
        if fmt.scores_on_arrival:  # the pool: this result's own score only
            fmt.result_corrected(result=result, created=not old)
        elif rnd.status == Round.Status.CLOSED:
            _rescore_closed_round(rnd, board)
            result.refresh_from_db()
        live_changed(event=event, table_ids=[table.pk])
        return result
