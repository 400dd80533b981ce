"""The director's console of online play (``docs/rules.md`` § Online play, *The
director*): every table of the open round live, and what the director does there: rule
a claim waiting for a ruling, give an adjusted score, move a substitute into a seat,
cancel a disconnection. Every function checks the director first (the one check of
``tournaments/permissions.py``), before anything of the event is read.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime
from functools import partial

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from tableplay.cards import side
from tournaments.errors import BridgeError, ConflictError
from tournaments.formats import format_for
from tournaments.lock_objects import event_for_update, table_for_update
from tournaments.models import Event, Result, Round, Table, TableSeat
from tournaments.permissions import director_required
from tournaments.services.audit import log_action
from tournaments.services.corrections import result_correct
from tournaments.signals import player_disconnection_cancelled

from . import services
from .models import BoardPlay, PlayAction, SeatDisconnection, SeatPresence
from .presence import SEATS, connected_map
from .seats import seat_players
from .selectors import table_snapshot_get
from .state import snapshot_table

logger = logging.getLogger(__name__)


def director_event_get(*, user: User, event_id: int) -> Event:
    """The event, once ``user`` is known to direct it (a 403 before anything else)."""
    event = Event.objects.filter(pk=event_id).first()
    if event is None:
        error = BridgeError(_("No such event."), code="not_found")
        error.status = 404
        raise error
    director_required(user=user, event=event)
    return event


def _table_of(event: Event, table_id: int) -> Table:
    table = (
        Table.objects.select_related("round__event")
        .filter(pk=table_id, event=event, round__isnull=False)
        .first()
    )
    if table is None:
        raise services.play_refusal("not_found")
    table.event = table.round.event
    return table


# -- the console ---------------------------------------------------------------------


@dataclass
class _Live:
    """What the console reads of every table at once (one query each)."""

    boards: dict[int, list]  # table id -> its round's boards in order
    plays: dict[tuple[int, int], BoardPlay]  # (table, board) -> its play online
    actions: dict[int, list]  # play id -> its actions in order
    results: set[tuple[int, int]]  # (table, board) with a result
    players: dict[int, dict[str, User]]  # table id -> seat -> player
    presences: dict[tuple[int, str, int], SeatPresence]
    connected: dict[int, dict[str, bool]]
    now: datetime

    def finished(self, table_id: int, board_id: int) -> bool:
        play = self.plays.get((table_id, board_id))
        done = play is not None and play.status != BoardPlay.Status.PLAYING
        return done or (table_id, board_id) in self.results


def _live_get(event: Event, rounds: list[Round], tables: list[Table], now: datetime) -> _Live:
    fmt = format_for(event)
    boards: dict[int, list] = {}
    for rnd in rounds:
        boards.update(fmt.round_boards(rnd=rnd, tables=[t for t in tables if t.round_id == rnd.pk]))
    plays = {(p.table_id, p.board_id): p for p in BoardPlay.objects.filter(table__in=tables)}
    playing = [p.pk for p in plays.values() if p.status == BoardPlay.Status.PLAYING]
    actions: dict[int, list] = {}
    for play_id, seat, kind, value, alert in (
        PlayAction.objects.filter(play_id__in=playing)
        .order_by("play_id", "seq")
        .values_list("play_id", "seat", "kind", "value", "alert")
    ):
        actions.setdefault(play_id, []).append([seat, kind, value, alert])
    return _Live(
        boards=boards,
        plays=plays,
        actions=actions,
        results=set(Result.objects.filter(table__in=tables).values_list("table_id", "board_id")),
        players=seat_players(event, tables),
        presences={
            (p.table_id, p.seat, p.user_id): p
            for p in SeatPresence.objects.filter(table__in=tables)
        },
        connected=connected_map(table_ids=[t.pk for t in tables], now=now),
        now=now,
    )


def _play_facts(table: Table, board, play: BoardPlay, live: _Live) -> dict:
    """Where a board in play stands: the auction's call or the play's trick, the time
    used, a claim waiting."""
    acts = live.actions.get(play.pk, [])
    engine = snapshot_table(
        {
            "deal": board.deal, "dealer": board.dealer, "vulnerability": board.vulnerability,
            "undo_allowed": table.event.undo_allowed, "base_version": play.base_version,
            "actions": acts,
        }
    )  # fmt: skip
    facts = {
        "version": engine.version,
        "phase": engine.phase,
        "calls": len(engine.calls),
        "trick": min(len(engine.trick_winners) + 1, 13) if engine.phase == "play" else 0,
        "started_at": play.started_at.isoformat(),
        "seconds_used": max(0, int((live.now - play.started_at).total_seconds())),
        "claim": None,
    }
    if engine.claim is not None:
        facts["phase"] = "claim"
        facts["claim"] = {
            "seat": engine.claim.seat,
            "tricks": engine.claim.tricks,
            "rejected": engine.claim.rejected,
            "declarer": engine.declarer,
            "declarer_won": engine.tricks_won(side(engine.declarer)),
            "tricks_left": engine.tricks_left,
        }
    return facts


def _seat_states(table: Table, live: _Live) -> dict[str, dict]:
    """Each seat's player and connection: connected, gone (within the grace),
    disconnected, or away (never connected here)."""
    out = {}
    for seat in SEATS:
        player = live.players[table.pk].get(seat)
        mine = live.presences.get((table.pk, seat, player.pk)) if player else None
        gone = None
        if mine is None:
            state = "away"
        elif mine.connections > 0:
            state = "connected"
        else:
            if mine.gone_since:
                gone = int((live.now - mine.gone_since).total_seconds())
            state = "gone" if live.connected[table.pk][seat] else "disconnected"
        out[seat] = {
            "name": player.name if player else "",
            "username": player.username if player else "",
            "state": state,
            "gone_seconds": gone,
            "robot": bool(player and player.is_robot),
        }
    return out


def _table_row(table: Table, live: _Live) -> dict:
    """One table's line of the console."""
    boards = live.boards.get(table.pk, [])
    left = [b for b in boards if not live.finished(table.pk, b.pk)]
    current = left[0] if left else None
    play = live.plays.get((table.pk, current.pk)) if current else None
    row = {
        "table": table.pk,
        "number": table.number,
        "board": current.pk if current else None,
        "board_number": current.number if current else None,
        "boards_left": len(left),
        "phase": "done" if current is None else "waiting",
        "version": None,
        "calls": 0,
        "trick": 0,
        "started_at": None,
        "seconds_used": None,
        "claim": None,
    }
    if play is not None:
        row.update(_play_facts(table, current, play, live))
    elif current is not None:  # not started: it starts at the table's version
        row["version"] = max(
            (p.version for (tid, _b), p in live.plays.items() if tid == table.pk), default=0
        )
    row["seats"] = _seat_states(table, live)
    return row


def _disconnections(event: Event) -> list[dict]:
    rows = SeatDisconnection.objects.filter(table__event=event).select_related(
        "player", "board", "table"
    )
    return [
        {
            "id": d.pk,
            "table_number": d.table.number,
            "board_number": d.board.number,
            "seat": d.seat,
            "player": d.player.name,
            "recorded_at": d.recorded_at.isoformat(),
            "outage": d.outage,
            "cancelled": d.cancelled_at is not None,
        }
        for d in rows
    ]


def console_get(*, user: User, event_id: int, now: datetime | None = None) -> dict:
    """Every table of the event's open rounds, live (a bounded number of queries,
    whatever the number of tables), and the disconnections the server recorded."""
    event = director_event_get(user=user, event_id=event_id)
    now = now or timezone.now()
    rounds = list(Round.objects.filter(event=event, status=Round.Status.OPEN).order_by("number"))
    tables = list(
        Table.objects.filter(round__in=rounds, ew__isnull=False).order_by("round__number", "number")
    )
    by_round = {r.pk: r for r in rounds}
    for t in tables:
        t.round = by_round[t.round_id]
        t.event = event
    live = _live_get(event, rounds, tables, now)
    return {
        "event": event.pk,
        "online": event.online_play,
        "rounds": [{"number": r.number, "ends_at": r.ends_at.isoformat()} for r in rounds],
        "now": now.isoformat(),
        "tables": [_table_row(t, live) for t in tables],
        "disconnections": _disconnections(event),
    }


# -- the director's actions ----------------------------------------------------------


def claim_rule(*, director: User, event_id: int, table_id: int, version: int, tricks: str) -> dict:
    """Rule a rejected claim: the declaring side's total tricks (the engine's ``rule``),
    or ``"play"`` to let play go on. Logged in the event's log."""
    event = director_event_get(user=director, event_id=event_id)
    view = services.play_act(
        user=director, event_id=event.pk, table_id=table_id, version=version, kind="rule",
        value=tricks,
    )  # fmt: skip
    with transaction.atomic(durable=True):
        log_action(
            event=event, actor=director, action="online_claim_ruled",
            data={"table": _table_of(event, table_id).number, "board": view["board_number"],
                  "tricks": tricks},
        )  # fmt: skip
    return view


def board_adjust(
    *,
    director: User,
    event_id: int,
    table_id: int,
    board_id: int,
    ns_adjustment: str,
    ew_adjustment: str,
    reason: str = "",
) -> Result:
    """An adjusted score for a board at a table (``A+``, ``A=`` or ``A-`` to each side),
    through the results service's director correction. A board still in play there is
    first ended where it stands (the engine's ``cut``), so the table goes on to its next
    board."""
    event = director_event_get(user=director, event_id=event_id)
    valid = Event.Adjustment.values
    if ns_adjustment not in valid or ew_adjustment not in valid:
        raise BridgeError(
            _("An adjusted score needs A+, A= or A- for both sides."), code="adjustment"
        )
    table = _table_of(event, table_id)
    play = BoardPlay.objects.filter(
        table=table, board_id=board_id, status=BoardPlay.Status.PLAYING
    ).first()
    if play is not None:
        services.play_act(
            user=director, event_id=event.pk, table_id=table.pk,
            version=play.version_now(), kind="cut",
        )  # fmt: skip
    return result_correct(
        table_id=table.pk, board_id=board_id, director=director, ns_adjustment=ns_adjustment,
        ew_adjustment=ew_adjustment, reason=reason,
    )  # fmt: skip


def seat_substitute(
    *, director: User, event_id: int, table_id: int, seat: str, username: str
) -> TableSeat:
    """Move a substitute into a seat of a table: the table's line-up names them there
    from now on (the seat rule of online play), so they see that seat's hand and act
    for it, and the player they replace no longer does. Logged in the event's log."""
    event = director_event_get(user=director, event_id=event_id)
    if seat not in SEATS:
        raise BridgeError(_("A seat is N, E, S or W."), code="seat")
    player = User.objects.filter(username=username).first() if username else None
    if player is None:
        raise BridgeError(_("No player has that user name."), code="player")
    with transaction.atomic(durable=True):
        event = event_for_update(event.pk)
        table = _table_of(event, table_id)
        table = table_for_update(table.pk)
        table.event = event
        if table.round.status != Round.Status.OPEN:
            raise ConflictError(_("This table's round is over."), code="round_over")
        here = TableSeat.objects.filter(table=table, player=player).first()
        if here is not None:
            raise ConflictError(_("That player already sits at this table."), code="seated")
        elsewhere = TableSeat.objects.filter(table__round=table.round, player=player).exists()
        plays_there = (
            Table.objects.filter(round=table.round)
            .filter(Q(ns__members__player=player) | Q(ew__members__player=player))
            .exists()
        )
        if elsewhere or plays_there:
            raise ConflictError(
                _("That player plays at another table of this round."), code="seated"
            )
        replaced = seat_players(event, [table])[table.pk].get(seat)
        row, _created = TableSeat.objects.update_or_create(
            table=table, seat=seat, defaults={"player": player}
        )
        log_action(
            event=event, actor=director, action="online_substitute",
            round_number=table.round.number,
            data={"table": table.number, "seat": seat, "player": player.name,
                  "replaced": replaced.name if replaced else ""},
        )  # fmt: skip
        transaction.on_commit(partial(reseat_broadcast, table_id=table.pk))
    return row


def reseat_broadcast(*, table_id: int) -> None:
    """Send the table with its seats' new holders. Its connections were asked again
    already, by the seat's change itself (online.access): the player replaced was shown
    the door before this state is sent."""
    table = Table.objects.select_related("round__event").filter(pk=table_id).first()
    if table is not None and table.round is not None:
        table.event = table.round.event
        services.table_broadcast(table_id=table_id, states=[table_snapshot_get(table=table)])


def disconnection_cancel(
    *, director: User, event_id: int, disconnection_id: int
) -> SeatDisconnection:
    """Cancel a disconnection the server recorded: its penalty is taken back (the Rate,
    and the 20 points of an HCP-par event). Logged in the event's log."""
    event = director_event_get(user=director, event_id=event_id)
    with transaction.atomic(durable=True):
        event = event_for_update(event.pk)
        row = (
            SeatDisconnection.objects.select_related("player", "board", "table")
            .filter(pk=disconnection_id, table__event=event)
            .first()
        )
        if row is None:
            error = BridgeError(_("No such disconnection in this event."), code="not_found")
            error.status = 404
            raise error
        if row.cancelled_at is not None:
            raise ConflictError(_("This disconnection is cancelled already."), code="cancelled")
        row.cancelled_at, row.cancelled_by = timezone.now(), director
        row.save(update_fields=["cancelled_at", "cancelled_by"])
        if not row.outage:
            player_disconnection_cancelled.send(
                sender=SeatDisconnection, event=event, player=row.player, board=row.board,
                director=director,
            )  # fmt: skip
        log_action(
            event=event, actor=director, action="online_disconnection_cancel",
            data={"table": row.table.number, "board": row.board.number, "seat": row.seat,
                  "player": row.player.name},
        )  # fmt: skip
    return row
