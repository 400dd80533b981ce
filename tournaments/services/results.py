"""Result entry: one side enters, the other confirms (directors correct and adjust in
``corrections.py``).

Every write takes the round row FOR SHARE, then its table (``lock_objects``); the round
close takes the round FOR UPDATE, so a submission racing the cut is either stored
before it or refused, and entries at different tables do not wait for each other.
"""

from __future__ import annotations

import operator
from datetime import datetime

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

import scoring
from accounts.models import User

from ..deals import deal_hands
from ..errors import BridgeError, ConflictError, PermissionDeniedError
from ..formats import format_for
from ..formats.teams.live_cache import live_changed
from ..formatting import result_words
from ..lock_objects import (
    event_for_update,
    result_for_update,
    round_for_share,
    table_for_update,
)
from ..models import Board, Event, Result, Round, Table
from ..numbers import ascii_int
from ..permissions import is_event_director
from ..selectors.visibility import Sight
from .audit import log_action

SEAT_WORDS = {"NORTH": "N", "EAST": "E", "SOUTH": "S", "WEST": "W"}


def _whole_number(value) -> int | None:
    """``value`` as an int (an int, a whole float or digits 0-9), else None: 9.5 is not 9."""
    if isinstance(value, bool):
        return None
    if isinstance(value, float):
        return int(value) if value.is_integer() else None
    try:
        return ascii_int(value) if isinstance(value, str) else operator.index(value)
    except (TypeError, ValueError):
        return None


#: The opening leader: declarer's left-hand opponent.
LEADER = {"N": "E", "E": "S", "S": "W", "W": "N"}


def _lead_check(board: Board, declarer: str, lead: str, required: bool) -> str:
    """The lead as a card the opening leader holds in ``board``'s deal ("" allowed when
    the event does not require leads). BridgeError otherwise."""
    if not str(lead or "").strip() and not required:
        return ""
    try:
        card = scoring.validate_card(lead)
    except (ValueError, TypeError) as exc:
        raise BridgeError(
            _("The opening lead must be a card, e.g. SA, HT or D7."), code="lead"
        ) from exc
    leader = LEADER[declarer]
    if card[1] not in deal_hands(board.deal)[leader][card[0]]:
        raise BridgeError(
            _("%(card)s is not in the opening leader's hand (%(seat)s leads against %(d)s).")
            % {"card": card, "seat": leader, "d": declarer},
            code="lead",
        )
    return card


def result_validate(
    *,
    board: Board,
    contract: str,
    declarer: str = "",
    tricks=None,
    lead: str = "",
    lead_required: bool = True,
) -> dict:
    """Check a table result and score it with ``scoring``: the ``Result`` fields
    ``contract``, ``declarer``, ``tricks``, ``lead`` and ``ns_score``. BridgeError on bad
    input; the lead must be a card the opening leader holds (``docs/rules.md`` § Table
    results), and may be left out where the event does not require it. (A parsed result
    as such is ``scoring.TableResult``.)"""
    try:
        parsed = scoring.parse_contract(contract)
    except (ValueError, TypeError) as exc:
        raise BridgeError(
            _("“%(c)s” is not a contract (e.g. 4S, 3NTX, 6HXX or PASS).") % {"c": contract},
            code="contract",
        ) from exc
    if parsed.is_passed_out:
        return dict(contract="PASS", declarer="", tricks=None, lead="", ns_score=0)
    declarer = str(declarer or "").strip().upper()
    declarer = SEAT_WORDS.get(declarer, declarer)
    if declarer not in scoring.SEATS:
        raise BridgeError(_("The declarer must be N, E, S or W."), code="declarer")
    tricks = _whole_number(tricks)
    if tricks is None or not 0 <= tricks <= 13:
        raise BridgeError(_("Tricks must be a number from 0 to 13."), code="tricks")
    lead = _lead_check(board, declarer, lead, lead_required)
    ns_score = scoring.table_score(parsed, declarer, tricks, board.number)
    return dict(
        contract=scoring.format_contract(parsed),
        declarer=declarer,
        tricks=tricks,
        lead=lead,
        ns_score=ns_score,
    )


def _side(table: Table, user: User, event: Event) -> str | None:
    """The side ``user`` plays at ``table`` (the format decides; a team member is seated
    at the first table where they act)."""
    return format_for(event).table_side(table=table, user=user, claim=True)


def _past_end(rnd: Round, now: datetime) -> bool:
    """The round's scheduled end has passed: its unplayed boards are cut, whether or not
    the cut has run yet (for everyone, directors too). A paused clock has not reached it."""
    return rnd.event.paused_at is None and now >= rnd.ends_at


def _load(table_id: int, board_id: int, *, lock_event: bool = False) -> tuple[Table, Board, Round]:
    """The table, the board and the table's round, locked. ``lock_event``: a write that
    rescores totals and standings (a correction) locks the event first, as a round
    close does, so the two run one after the other (lock order: ``lock_objects``)."""
    try:
        table = Table.objects.get(pk=table_id)
        board = Board.objects.get(pk=board_id)
    except (Table.DoesNotExist, Board.DoesNotExist) as exc:
        raise BridgeError(_("No such table or board."), code="not_found") from exc
    if lock_event:
        event_for_update(table.event_id)
    round_for_share(table.round_id)
    table = table_for_update(table.pk)
    rnd = table.round
    return table, board, rnd


def _check_board(board: Board, table: Table, rnd: Round) -> None:
    """After the permission check: an outsider learns nothing about the board."""
    if not format_for(rnd.event).table_plays(table=table, board=board):
        raise BridgeError(
            _("Board %(n)d is not played at this table in this round.") % {"n": board.number},
            code="wrong_board",
        )


def _entry_open(table: Table, board: Board, rnd: Round, user: User, now: datetime):
    """The checks before a side stores a board's first result at its table (in this
    order: who asks, the board, a bye, a cut board, the round's end, a result already
    there); returns the user's side (None: the director) and whether a director."""
    event = rnd.event
    director = is_event_director(user=user, event=event)
    existing = Result.objects.filter(table=table, board=board).first()
    # Whether the user may see the stored result, asked before a team member not seated
    # yet is seated here by this request (``docs/rules.md`` § Visibility, rooms).
    shown = existing is not None and bool(
        Sight(user=user, event=event).results_at(table, [existing])
    )
    side = _side(table, user, event)
    if side is None and not director:
        raise PermissionDeniedError(_("You do not sit at this table."), code="not_at_table")
    _check_board(board, table, rnd)
    if table.is_bye:
        raise BridgeError(_("A bye has no results to enter."), code="bye")
    if (
        existing is not None
        and existing.status == Result.Status.CUT
        and existing.entered_by_id is None
    ):
        raise ConflictError(
            _("Board %(n)d was cut at the end of the round; it can no longer be played.")
            % {"n": board.number},
            code="cut",
        )
    if rnd.status == Round.Status.CLOSED or _past_end(rnd, now):
        raise ConflictError(
            _("Round %(n)d has ended; results can no longer be entered.") % {"n": rnd.number},
            code="round_closed",
        )
    if existing is not None and not shown:
        raise ConflictError(
            _("Board %(n)d already has a result at this table.") % {"n": board.number},
            code="duplicate",
        )
    if existing is not None:
        raise ConflictError(
            _("Board %(n)d already has a result at this table: %(r)s, entered by %(who)s.")
            % {"n": board.number, "r": result_summary(existing),
               "who": _who_entered(existing, side)},
            code="duplicate",
        )  # fmt: skip
    return side, director


def result_submit(
    *,
    table_id: int,
    board_id: int,
    user: User,
    contract: str,
    declarer: str = "",
    tricks: int | None = None,
    lead: str = "",
    now: datetime | None = None,
) -> Result:
    """A player at the table (or the director) enters the result of a board; not durable:
    it joins the caller's transaction (``idempotent_perform``, a simulation's table)."""
    now = now or timezone.now()
    with transaction.atomic():
        table, board, rnd = _load(table_id, board_id)
        event = rnd.event
        side, director = _entry_open(table, board, rnd, user, now)
        fields = result_validate(
            board=board, contract=contract, declarer=declarer, tricks=tricks, lead=lead,
            lead_required=event.lead_required,
        )  # fmt: skip
        result = Result.objects.create(
            table=table,
            board=board,
            status=Result.Status.PLAYED,
            **fields,
            entered_by=user,
            entered_side=side or "TD",
            entered_at=now,
            confirmed_by=user if director else None,
            confirmed_at=now if director else None,
        )
        if director:
            _log_unlock(rnd, table, result, user)
        format_for(event).result_arrived(result=result)  # the pool scores here
        live_changed(event=event, table_ids=[table.pk])
        return result


def table_sit(*, table_id: int, user: User, now: datetime | None = None) -> Table:
    """A team member not seated yet sits down at one of the team's two tables of the
    round in play, before entering or confirming anything there, and then sees that
    table's results (``docs/rules.md`` § Teams, seats; § Visibility, rooms). Sitting
    again where one sits already changes nothing."""
    now = now or timezone.now()
    with transaction.atomic(durable=True):
        try:
            table = Table.objects.get(pk=table_id)
        except Table.DoesNotExist as exc:
            raise BridgeError(_("No such table."), code="not_found") from exc
        round_for_share(table.round_id)
        table = table_for_update(table.pk)
        rnd = table.round
        if _side(table, user, rnd.event) is None:
            raise PermissionDeniedError(_("You do not sit at this table."), code="not_at_table")
        if rnd.status == Round.Status.CLOSED or _past_end(rnd, now):
            raise ConflictError(
                _("Round %(n)d has ended; results can no longer be entered.") % {"n": rnd.number},
                code="round_closed",
            )
        return table


def _snapshot(result: Result | None) -> dict:
    if result is None:
        return {}
    return {
        "status": result.status,
        "contract": result.contract,
        "declarer": result.declarer,
        "tricks": result.tricks,
        "lead": result.lead,
        "ns_score": result.ns_score,
        "ns_adjustment": result.ns_adjustment,
        "ew_adjustment": result.ew_adjustment,
    }


def result_summary(result: Result) -> str:
    """A result as players say it: "4S by N, 10 tricks, lead HA (NS +420)"."""
    if result.status == Result.Status.ADJUSTED:
        return _("an adjusted score")
    return result_words(_snapshot(result))


def _who_entered(result: Result, side: str | None) -> str:
    if result.entered_side == "TD":
        return _("the director")
    if side is not None and result.entered_side == side:
        return _("your side")
    return _("your opponents")


def _answer_load(result_id: int, user: User) -> tuple[Result, Round, str | None, bool]:
    """The result to confirm or reject, locked; the user's side; whether a director."""
    result = Result.objects.select_related("table").filter(pk=result_id).first()
    if result is None:
        raise BridgeError(_("No such result."), code="not_found")
    round_for_share(result.table.round_id)
    rnd = table_for_update(result.table_id).round
    result = result_for_update(result_id)
    side = _side(result.table, user, rnd.event)
    director = is_event_director(user=user, event=rnd.event)
    if not director:
        if side is None:
            raise PermissionDeniedError(_("You do not sit at this table."), code="not_at_table")
        if side == result.entered_side:
            raise PermissionDeniedError(
                _("The opponents of the side that entered it confirm a result."),
                code="same_side",
            )
    if rnd.event.status == Event.Status.FINISHED:
        raise ConflictError(_("The event has finished."), code="finished")
    if result.status != Result.Status.PLAYED:
        raise ConflictError(_("Only a played result can be confirmed."), code="not_played")
    if result.confirmed_at is not None:
        raise ConflictError(_("This result is already confirmed."), code="confirmed")
    return result, rnd, side, director


def result_confirm(*, result_id: int, user: User, now: datetime | None = None) -> Result:
    """The other side (or the director) confirms (accepts) an entered result; an
    earlier rejection of it is settled; not durable, as ``result_submit``."""
    now = now or timezone.now()
    with transaction.atomic():
        result, rnd, _side_of, _director = _answer_load(result_id, user)
        result.confirmed_by = user
        result.confirmed_at = now
        result.disputed_at, result.disputed_by, result.dispute_reason = None, None, ""
        result.save(
            update_fields=["confirmed_by", "confirmed_at", "disputed_at", "disputed_by",
                           "dispute_reason"]
        )  # fmt: skip
        _log_unlock(rnd, result.table, result, user)
        live_changed(event=rnd.event, table_ids=[result.table_id])
        return result


def result_reject(
    *, result_id: int, user: User, reason: str, now: datetime | None = None
) -> Result:
    """The confirming side rejects an entered result, with a reason: the board is
    *disputed* (the director console shows it) and the stored result stays as entered
    until the director corrects it, or the side accepts it after all
    (``docs/rules.md`` § Entry and confirmation)."""
    now = now or timezone.now()
    reason = " ".join(str(reason or "").split())[:200]
    with transaction.atomic(durable=True):
        result, rnd, _side_of, director = _answer_load(result_id, user)  # who, before what
        if director:
            raise BridgeError(
                _("A director corrects a result rather than rejecting it."), code="director"
            )
        if not reason:
            raise BridgeError(_("Say why you reject the result."), code="reason")
        if result.disputed_at is not None:
            raise ConflictError(_("This result is already disputed."), code="disputed")
        result.disputed_at, result.disputed_by, result.dispute_reason = now, user, reason
        result.save(update_fields=["disputed_at", "disputed_by", "dispute_reason"])
        log_action(
            event=rnd.event,
            actor=user,
            action="result_dispute",
            round_number=rnd.number,
            data={"table": result.table.number, "board": result.board.number,
                  "result": result.pk, "reason": reason},
        )  # fmt: skip
        return result


def result_not_played(
    *, table_id: int, board_id: int, user: User, now: datetime | None = None
) -> Result:
    """A side reports that a board was not played at its table (one tap): it is stored
    as not played, as the round's end would cut it; the director may adjust it."""
    now = now or timezone.now()
    with transaction.atomic(durable=True):
        table, board, rnd = _load(table_id, board_id)
        event = rnd.event
        side, _director = _entry_open(table, board, rnd, user, now)
        result = Result.objects.create(
            table=table, board=board, status=Result.Status.CUT, contract="", ns_score=None,
            entered_by=user, entered_side=side or "TD", entered_at=now,
        )  # fmt: skip
        log_action(
            event=event, actor=user, action="board_not_played", round_number=rnd.number,
            data={"table": table.number, "board": board.number},
        )  # fmt: skip
        live_changed(event=event, table_ids=[table.pk])
        return result


def _log_unlock(rnd: Round, table: Table, result: Result, user: User) -> None:
    """A confirmed result unlocks its board for the table's players while it is in play
    (``selectors.visibility``): the audit trail records who unlocked what."""
    if rnd.status == Round.Status.OPEN and result.status == Result.Status.PLAYED:
        log_action(
            event=rnd.event,
            actor=user,
            action="board_unlock",
            round_number=rnd.number,
            data={"table": table.number, "board": result.board.number, "result": result.pk},
        )
