"""A board played online stores its result here, the same ``Result`` as a typed entry.

``docs/rules.md`` § Online play: a finished board (played out, passed out, an accepted
claim, the director's ruling) is stored already confirmed, with its auction and play,
and scored the way a typed result is (``result_validate``), so standings, the live
match view, the pool's datum scoring and the clock see it as they see a typed one. A
board the round's cut ends unfinished is stored cut (``docs/rules.md`` § The clock), with
its auction and play so far.

The caller (the online app) holds the table's lock (after the round's, FOR SHARE), or the
round's FOR UPDATE in a round close; these functions join its transaction.
"""

from __future__ import annotations

from datetime import datetime

from django.db import transaction
from django.utils.translation import gettext as _

from accounts.models import User

from ..errors import ConflictError
from ..formats import format_for
from ..formats.teams.live_cache import live_changed
from ..lock_objects import result_at_table_for_update
from ..models import Board, Result, Round, Table
from .results import result_validate

__all__ = ["result_online_cut", "result_online_store", "round_past_end"]


def round_past_end(*, rnd: Round, now: datetime) -> bool:
    """The round no longer takes play or results: closed, or its scheduled end has
    passed and the clock is not paused (``docs/rules.md`` § The clock: a result arriving
    after the round's scheduled end is refused, even before the cut has run)."""
    if rnd.status == Round.Status.CLOSED:
        return True
    return rnd.event.paused_at is None and now >= rnd.ends_at


def result_online_store(
    *,
    table: Table,
    board: Board,
    contract: str,
    declarer: str | None,
    tricks: int | None,
    lead: str | None,
    auction: str,
    play: str,
    user: User | None,
    side: str,
    now: datetime,
) -> Result:
    """Store a finished online board's result, confirmed (the table played it: nobody
    types, so nobody confirms). ``user``/``side``: who made the last action."""
    with transaction.atomic():
        if result_at_table_for_update(table=table, board=board) is not None:
            raise ConflictError(
                _("Board %(n)d already has a result at this table.") % {"n": board.number},
                code="duplicate",
            )
        fields = result_validate(
            board=board, contract=contract, declarer=declarer or "", tricks=tricks,
            lead=lead or "", lead_required=False,
        )  # fmt: skip
        result = Result.objects.create(
            table=table,
            board=board,
            status=Result.Status.PLAYED,
            **fields,
            auction=auction,
            play=play,
            entered_by=user,
            entered_side=side,
            entered_at=now,
            confirmed_at=now,
        )
        event = table.round.event if table.round_id else table.event
        format_for(event).result_arrived(result=result)  # the pool scores here
        live_changed(event=event, table_ids=[table.pk])
        return result


def result_online_cut(
    *, table: Table, board: Board, auction: str, play: str, now: datetime
) -> Result:
    """Store a board the round's cut ended unfinished, as the close cuts a board with no
    result (no entry, no score), keeping its auction and play so far. A result already
    there (a director's) is kept."""
    with transaction.atomic():
        existing = result_at_table_for_update(table=table, board=board)
        if existing is not None:
            return existing
        return Result.objects.create(
            table=table,
            board=board,
            status=Result.Status.CUT,
            auction=auction,
            play=play,
            entered_at=now,
        )
