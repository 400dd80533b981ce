"""Every state change of online play. The REST views and the WebSocket consumer call
these, with the same seat check (``docs/rules.md`` § Online play; docs/online-play.md).

An action is checked in this order: who asks (a seat at the table: ``not_seated``), the
round (``round_over`` once closed or past its scheduled end), then the engine's own
refusals after the board's stored actions are replayed. It is stored (``PlayAction``)
before anything is broadcast: the table's snapshot goes to its channel-layer group once
the transaction has committed, and each connection sends its seat only its own view.

Locks, as a result entry's (``online/lock_objects.py``): the round FOR SHARE, the table,
then the board played there; the round close cuts the boards in play under the round's
lock FOR UPDATE, so an action racing the cut is applied before it or refused.
"""

from __future__ import annotations

import logging
from contextlib import nullcontext
from datetime import datetime
from functools import partial

from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from accounts.models import User
from tableplay import DIRECTOR, Action, Table, TableError
from tableplay.apply import applied
from tableplay.cards import side
from tournaments.lock_objects import round_for_share, table_for_update
from tournaments.models import Board, Round, TableSeat
from tournaments.models import Table as EventTable
from tournaments.permissions import is_event_director
from tournaments.services.results_online import (
    result_online_cut,
    result_online_store,
    round_past_end,
)

from .double_dummy import cut_result_double_dummy
from .extensions import table_looked_at
from .layers import group_send_stored
from .live import LiveTable, live_drop, live_get, live_observe, live_put, live_replace
from .lock_objects import (
    board_play_for_update,
    board_play_open,
    board_play_started_for_update,
    board_plays_in_play_for_update,
    play_action_insert_if_open,
)
from .models import BoardPlay, PlayAction
from .records import auction_record, play_record
from .refusals import CONFLICTS, REFUSALS, play_refusal  # noqa: F401 - where they were
from .seats import seat_players
from .selectors import (
    board_actions,
    board_snapshot,
    round_over_next,
    round_over_next_map,
    table_boards_get,
    table_may_watch,
    table_seat_get,
    table_snapshot_get,
    table_watch_delay,
)
from .signals import board_ended, table_changed
from .spectators import spectator_view
from .state import group_name, seat_view, shared_table, snapshot_table

logger = logging.getLogger(__name__)

PLAYER_KINDS = ("call", "card", "claim", "accept", "reject", "undo")
#: What the director does at a table (the engine's ``rule`` and ``cut``).
DIRECTOR_KINDS = ("rule", "cut")


def online_table_get(event_id: int, table_id: int) -> EventTable:
    """The event's table ``table_id`` with its round and event loaded (404 ``not_found``
    when it is not one of the event's tables with a round)."""
    table = (
        EventTable.objects.select_related("round__event")
        .filter(pk=table_id, event_id=event_id, round__isnull=False)
        .first()
    )
    if table is None:
        raise play_refusal("not_found")
    table.event = table.round.event  # one event row, not two
    return table


def _viewer(table: EventTable, user: User) -> str | None:
    """The user's seat at the table (None: a director, who sees the whole table); anyone
    else is refused ``not_seated`` before anything about the table is said."""
    seat = table_seat_get(table=table, user=user)
    if seat is None and not table_may_watch(table=table, user=user):
        raise play_refusal("not_seated")
    if not table.event.online_play:
        raise play_refusal("not_online")
    return seat


def table_viewer_get(*, user: User, event_id: int, table_id: int) -> str | None:
    """The seat a connection of ``user`` receives views for (None: a director)."""
    return _viewer(online_table_get(event_id, table_id), user)


def table_access_get(*, user: User, event_id: int, table_id: int) -> tuple[str | None, int]:
    """What lets the user's connection watch the table: their seat (None: a director
    or spectator) and how far behind they see it (0: live). Refused, as at connect,
    when they may not watch it at all (``docs/rules.md`` § Online play, who may keep
    watching)."""
    table = online_table_get(event_id, table_id)
    seat = _viewer(table, user)
    return seat, (table_watch_delay(table=table, user=user) or 0) if seat is None else 0


def table_state_get(*, user: User, event_id: int, table_id: int) -> dict:
    """The table's board in play (or its last one finished) as the user's seat may see
    it; a director sees the whole table. A look at the table (a socket opening, a read
    of the API) wakes what other apps do then, as the page does (robots that stopped)."""
    table = online_table_get(event_id, table_id)
    seat = _viewer(table, user)
    if seat is not None:
        table_looked_at(table)
    if seat is None:  # a delayed spectator: as it stood the delay ago (online.spectators)
        delay = table_watch_delay(table=table, user=user)
        if delay:
            return spectator_view(table=table, delay=delay)
    snapshot = table_snapshot_get(table=table)
    live_observe(snapshot)  # the table kept live here from what was read (online.live)
    return seat_view(snapshot, seat)


def table_broadcast(*, table_id: int, states: list[dict]) -> None:
    """Send the table's new snapshots to its group (after the commit): a message
    ``{"type": "table.state", "states": [snapshot, ...]}``, each connection turning each
    snapshot into its own seat's view. A channel-layer outage loses the broadcast, never
    the action: a client that reconnects reads the stored state."""
    group_send_stored(group_name(table_id), {"type": "table.state", "states": states})


def tables_refresh(*, table_ids: list[int]) -> None:
    """Send each table its state as it stands (after a change made without an action
    there: its round closed, a seat marked disconnected or back)."""
    tables = EventTable.objects.select_related("round__event").filter(
        pk__in=table_ids, round__isnull=False
    )
    for table in tables:
        table.event = table.round.event
        table_broadcast(table_id=table.pk, states=[table_snapshot_get(table=table)])


def _value_text(kind: str, value) -> str:
    if value is None:
        return ""
    if isinstance(value, bool) or not isinstance(value, str | int):
        raise play_refusal("bad_message")
    text = str(value).strip()
    if len(text) > 8:
        raise play_refusal("illegal_call" if kind == "call" else "bad_message")
    return text


def play_act(
    *,
    user: User,
    event_id: int,
    table_id: int,
    version: int,
    kind: str,
    value=None,
    alert: str = "",
    seat: str | None = None,
    now: datetime | None = None,
    seated: str | None = None,
) -> dict:
    """A seated player's call, card, claim, answer or undo (a director's ``rule`` or
    ``cut``) at the table's board in play; returns the board as the user's seat sees it
    after the action. ``version``: the table's version the sender saw; ``seat``: the
    seat the sender acts for, when it says one (another than its own is refused).
    ``seated``: the seat a connection was checked for when it opened (and is checked
    again whenever seats change: ``online.access``), so it is not asked again.

    A table this process keeps live (``online.live``) takes the one-write path; any
    other action, and any the live table cannot decide alone (the board's end, a
    director's, a refusal), takes the long way under the table's locks."""
    now = now or timezone.now()
    entry = live_get(table_id)
    if entry is not None and (entry.event_id != event_id or kind not in PLAYER_KINDS):
        entry = None
    view = None
    if entry is None:  # not kept live here: the long way, which keeps it
        return _act_locked(
            user=user, event_id=event_id, table_id=table_id, version=version, kind=kind,
            value=value, alert=alert, seat=seat, now=now,
        )  # fmt: skip
    try:
        # the table's live entry held across the commit: its next action waits for this
        # one; the transaction is the action's own, never inside a caller's
        with entry.lock, _live_transaction(seated, kind):
            if seated is None or kind in DIRECTOR_KINDS:
                table = online_table_get(event_id, table_id)
                seated = _viewer(table, user)  # who asks, before anything else
                _actor(table, user, own=seated, kind=kind, seat=seat)
            elif seat is not None and seat != seated:
                raise play_refusal("not_seated")
            elif kind not in PLAYER_KINDS:
                raise play_refusal("bad_action")
            value = _value_text(kind, value)
            alert = alert.strip()[:500] if isinstance(alert, str) else ""
            if seated is not None and live_get(table_id) is entry:
                done = _act_live(
                    entry, user=user, actor=seated, version=version, kind=kind,
                    value=value, alert=alert, now=now,
                )  # fmt: skip
                if done is not None:
                    view, snapshot = done
    except IntegrityError:  # another process stored an action this one missed
        live_drop(table_id)
    except BaseException:
        if view is not None:  # moved on, then not committed: read it again
            live_drop(table_id)
        raise
    if view is not None:  # committed: told once the entry's lock is let go (the robots
        # woken here may act at this table in this thread)
        table_broadcast(table_id=table_id, states=[snapshot])
        table_changed.send(sender=BoardPlay, table_id=table_id, robots=entry.robots)
        return view
    return _act_locked(
        user=user, event_id=event_id, table_id=table_id, version=version, kind=kind,
        value=value, alert=alert, seat=seat, now=now,
    )  # fmt: skip


def _act_live(
    entry: LiveTable, *, user: User, actor: str, version: int, kind: str, value: str,
    alert: str, now: datetime,
) -> tuple[dict, dict] | None:  # fmt: skip
    """The one-write path (``online.live``), inside ``play_act``'s transaction with the
    entry's lock held: the action checked against the engine in memory, then one read
    (the board still in play, its round open: docs/rules.md § Online play, the clock) and
    one row written, whose unique ``(play, seq)`` is the version check (``IntegrityError``
    when another process stored that action first). None when the live table cannot
    decide it alone: the long way then answers from the stored table (a refusal, the
    board's end). The entry moves on with the row (``play_act`` drops it if the commit
    then fails). Returns the actor's view and the table's new snapshot, which
    ``play_act`` sends once committed."""
    try:
        engine, stored = applied(entry.engine, Action(kind, actor, value, alert), version=version)
    except TableError as error:
        if error.code == "stale" and version < entry.engine.version:
            # the stored table is at least as far as this one: the sender is behind
            raise play_refusal("stale") from None
        return None
    if engine.phase == "over":
        return None  # the board's end stores its result: the long way
    value, alert = stored.value, stored.alert  # as the engine reads them: "1NT", "SA"
    actions = entry.snapshot["actions"]
    if connection.vendor == "postgresql":  # the board's check and the row, one statement
        written = play_action_insert_if_open(
            play_id=entry.play_id, seq=len(actions) + 1, seat=actor, kind=kind, value=value,
            alert=alert, user_id=user.pk, created_at=now,
            undo_allowed=entry.snapshot["undo_allowed"], now=now,
        )  # fmt: skip
        if not written:
            return None
    else:
        if not _live_board_open(entry, now):  # the board read and held until the commit
            return None
        PlayAction(
            play_id=entry.play_id, seq=len(actions) + 1, seat=actor, kind=kind, value=value,
            alert=alert, user=user, created_at=now,
        ).save(force_insert=True)  # fmt: skip
    snapshot = {**entry.snapshot, "actions": [*actions, [actor, kind, value, alert]]}
    if entry.robots is None:
        entry.robots = TableSeat.objects.filter(
            table_id=entry.table_id, player__is_robot=True
        ).exists()
    live_replace(entry, snapshot=snapshot, engine=engine)  # dropped if the commit fails
    return seat_view(snapshot, actor, table=engine), snapshot


def _live_transaction(seated: str | None, kind: str):
    """The transaction of an action at a live table: on PostgreSQL a seated player's
    action is one statement (``play_action_insert_if_open``), its own transaction, with
    no BEGIN and COMMIT around it (a savepoint when a caller's transaction is open, as
    a test's is); anything else, and any action on SQLite, a transaction of its own."""
    if connection.vendor == "postgresql" and seated is not None and kind not in DIRECTOR_KINDS:
        return transaction.atomic() if connection.in_atomic_block else nullcontext()
    return transaction.atomic(durable=True)


def _live_board_open(entry, now: datetime) -> bool:
    """SQLite's one read of the one-write path (``board_play_open``): the board
    is still in play with no result typed for it, the event still plays online with the
    undo setting the engine has, and the round takes play (``round_past_end``)."""
    row = board_play_open(entry.play_id)
    if row is None:
        return False
    typed, status, ends_at, paused_at, online, undo = row
    if typed or not online or undo != entry.snapshot["undo_allowed"]:
        return False
    if status == Round.Status.CLOSED:
        return False
    return paused_at is not None or now < ends_at


def _act_locked(
    *, user: User, event_id: int, table_id: int, version: int, kind: str, value, alert,
    seat, now: datetime,
) -> dict:  # fmt: skip
    """The long way: the table's locks, the board's stored actions, then the action (the
    board's end, a director's action, a refusal with its reason). The table is then kept
    live in this process (``online.live``)."""
    with transaction.atomic(durable=True):
        table = online_table_get(event_id, table_id)
        own = _viewer(table, user)  # who asks, before anything else
        actor = _actor(table, user, own=own, kind=kind, seat=seat)
        value = _value_text(kind, value)
        alert = alert.strip()[:500] if isinstance(alert, str) else ""
        round_for_share(table.round_id)
        table = table_for_update(table.pk)
        table.event = table.round.event
        if round_past_end(rnd=table.round, now=now):
            raise play_refusal("round_over")
        board, play, actions = _board_in_play(table, now)
        snapshot = board_snapshot(
            table=table, board=board, play=play, actions=actions,
            base_version=play.base_version, next_=None,
        )  # fmt: skip
        snapshot["play_id"] = play.pk  # a process that sees it may keep the table live
        # the process's kept engine of the board (copied by ``applied``): no replay
        # when it saw the board's previous action (``state.shared_table``)
        try:
            engine, stored = applied(
                shared_table(snapshot), Action(kind, actor, value, alert), version=version
            )
        except TableError as error:
            raise play_refusal(error.code) from None
        value, alert = stored.value, stored.alert  # as the engine reads them: "1NT", "SA"
        PlayAction.objects.create(
            play=play, seq=len(actions) + 1, seat=actor, kind=kind, value=value,
            alert=alert, user=user, created_at=now,
        )  # fmt: skip
        actions.append([actor, kind, value, alert])
        play.version = engine.version
        states = [snapshot]
        if engine.phase == "over":
            _board_end(play, engine, user=user, seat=own, now=now)
            states += _next_board(table, snapshot, version=play.version)
        else:
            play.save(update_fields=["version"])
        transaction.on_commit(partial(table_broadcast, table_id=table.pk, states=states))
        transaction.on_commit(partial(table_changed.send, sender=BoardPlay, table_id=table.pk))
        view = seat_view(snapshot, None if actor == DIRECTOR else actor, table=engine)
    live_put(snapshot={**snapshot, "actions": list(actions)}, engine=engine, play_id=play.pk)
    return view


def _actor(table: EventTable, user: User, *, own: str | None, kind: str, seat) -> str:
    """Who acts: the director for a ruling or a cut, else the sender's own seat (one
    who names another seat, or holds none, is refused)."""
    if kind not in PLAYER_KINDS + DIRECTOR_KINDS:
        raise play_refusal("bad_action")
    if kind in DIRECTOR_KINDS:
        if not is_event_director(user=user, event=table.event):  # not a spectator
            raise play_refusal("not_yours")
        return DIRECTOR
    if own is None or (seat is not None and seat != own):
        raise play_refusal("not_seated")
    return own


def _board_in_play(table: EventTable, now: datetime) -> tuple[Board, BoardPlay, list]:
    """The table's board in play, its ``BoardPlay`` (created when the board starts, else
    locked) and its stored actions; refused when the table has none left.

    The short way, one query: the table's one board in play with no result typed for it
    is its current board, as ``table_boards_get`` would find it (a board starts only as
    the table's current one, and no board before it is ever undone: a finished
    ``BoardPlay`` stays finished and a result is never deleted). Any other case (none
    in play, or a result typed for the board in play so that the table moves past it)
    goes the long way, unchanged."""
    started = board_play_started_for_update(table_id=table.pk)
    if len(started) == 1:
        play = started[0]
        play.table = table  # the table locked and loaded (the board's end reads it)
        return play.board, play, board_actions(play)
    where = table_boards_get(table=table)
    if where.current is None:
        raise play_refusal("board_over")
    if where.play is None:
        play = BoardPlay.objects.create(
            table=table, board=where.current, version=where.base_version,
            base_version=where.base_version, started_at=now,
        )  # fmt: skip
        return where.current, play, []
    play = board_play_for_update(where.play.pk)
    if play.status != BoardPlay.Status.PLAYING:
        raise play_refusal("board_over")
    return where.current, play, board_actions(play)


def _next_board(table: EventTable, snapshot: dict, *, version: int) -> list[dict]:
    """After a board ends: ``snapshot`` says what comes next, and the next board's first
    snapshot (none after the table's last board of the round)."""
    following = table_boards_get(table=table)
    if following.current is None:
        snapshot["next"] = round_over_next(table=table)
        return []
    board = following.current
    snapshot["next"] = {"board": board.pk, "board_number": board.number}
    return [
        board_snapshot(
            table=table, board=board, play=None, actions=[], base_version=version, next_=None
        )
    ]


def _board_end(play: BoardPlay, engine: Table, *, user: User | None, seat, now) -> None:
    """The board is over: store its result (confirmed, with auction and play; a cut
    board as the close cuts one) and mark the ``BoardPlay``."""
    outcome = engine.result
    table, board = play.table, play.board
    if outcome.status == "cut" and table.round.event.cut_double_dummy:
        # docs/rules.md § Online play, the clock: tricks won plus double dummy.
        outcome = cut_result_double_dummy(engine) or outcome
    auction, cards = auction_record(engine), play_record(engine)
    if outcome.status == "cut":
        result = result_online_cut(table=table, board=board, auction=auction, play=cards, now=now)
        play.status = BoardPlay.Status.CUT
    else:
        result = result_online_store(
            table=table, board=board, contract=outcome.contract, declarer=outcome.declarer,
            tricks=outcome.tricks, lead=outcome.lead, auction=auction, play=cards,
            user=user, side=side(seat) if seat else "TD", now=now,
        )  # fmt: skip
        play.status = BoardPlay.Status.OVER
    play.ended_at = now
    play.result = result
    play.save(update_fields=["version", "status", "ended_at", "result"])
    board_ended.send(sender=BoardPlay, table=table, board=board, now=now)


def round_boards_cut(*, rnd: Round, now: datetime | None = None) -> int:
    """The round's cut (``docs/rules.md`` § Online play, the clock): every board still in
    play at its tables ends where it stands, stored cut with its auction and play so far
    (no score, as any unfinished board). Runs inside the round close's transaction (it
    holds the event and the round FOR UPDATE); returns how many boards it cut."""
    now = now or timezone.now()
    with transaction.atomic():
        table_ids = list(rnd.tables.values_list("pk", flat=True))
        plays = board_plays_in_play_for_update(table_ids=table_ids)
        # a table whose board had not begun is told too: its round is over
        idle = sorted(set(table_ids) - {p.table_id for p in plays})
        if idle:
            transaction.on_commit(partial(tables_refresh, table_ids=idle))
        if not plays:
            return 0
        undo = rnd.event.undo_allowed
        at = {p.table_id for p in plays}
        tables = {
            t.pk: t
            for t in EventTable.objects.filter(pk__in=at).select_related("round__event")
        }  # fmt: skip
        holders = seat_players(rnd.event, list(tables.values()))
        nexts = round_over_next_map(event=rnd.event, tables=list(tables.values()), players=holders)
        for play in plays:
            play.table = tables[play.table_id]
            actions = board_actions(play)
            snapshot = board_snapshot(
                table=play.table, board=play.board, play=play, actions=actions,
                base_version=play.base_version, next_=nexts[play.table_id],
            )  # fmt: skip
            snapshot["undo_allowed"] = undo
            engine = snapshot_table(snapshot)
            engine.apply(Action("cut", DIRECTOR))
            PlayAction.objects.create(
                play=play, seq=len(actions) + 1, seat=DIRECTOR, kind="cut", created_at=now
            )
            actions.append([DIRECTOR, "cut", "", ""])
            play.version = engine.version
            _board_end(play, engine, user=None, seat=None, now=now)
            transaction.on_commit(
                partial(table_broadcast, table_id=play.table_id, states=[snapshot])
            )
        return len(plays)
