"""Reads of online play: who sits where, which board a table is on, its snapshot."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import CharField, F
from django.db.models.functions import Cast

from accounts.models import User
from tournaments.formats import format_for
from tournaments.formats.base import Format
from tournaments.models import Board, EntryMember, Result, Table, TableSeat
from tournaments.permissions import is_event_director
from tournaments.selectors.play import seat_letter_of
from tournaments.selectors.visibility import Sight, spectator_delay_of, spectator_refusal_of

from .models import BoardPlay, PlayAction
from .next_table import next_places
from .presence import connected_map
from .seats import seat_names, seat_players


def table_seat_get(*, table: Table, user: User) -> str | None:
    """The seat ``user`` holds at ``table`` for online play, by the one seat rule of
    my-table (``seat_letter_of``: the line-up seat, else the pair's order); None when
    the user does not play there. ``table`` has its round and event loaded."""
    if not user.is_authenticated or table.is_bye:
        return None
    fmt = format_for(table.event)
    if not fmt.seats_players and type(fmt).table_side is Format.table_side:
        seat = _pairs_seat(table=table, user=user)
        if seat is not _UNSURE:
            return seat
    side = fmt.table_side(table=table, user=user)
    if side is None:  # no player of the table's entries: a substitute's line-up seat?
        seats = TableSeat.objects.filter(table=table, player=user).values_list("seat", flat=True)
        return seats.first()
    entry_id = table.ns_id if side == "NS" else table.ew_id
    # Where the table records who sits at it (a team's line-up), a member not seated at
    # it holds no hand there, as on my-table: the visibility rule's own test
    # (docs/rules.md § Visibility, rooms). A table with no line-up at all keeps the
    # pairs' rule (the entry's first two players).
    if (
        format_for(table.event).seats_players
        and TableSeat.objects.filter(table=table).exists()
        and not Sight(user=user, event=table.event, own={entry_id}).at_table(table)
    ):
        return None
    return seat_letter_of(table=table, side=side, entry=entry_id, user=user)


_UNSURE = object()
_PAIR_SEATS = {("NS", "1"): "N", ("NS", "2"): "S", ("EW", "1"): "E", ("EW", "2"): "W"}


def _pairs_seat(*, table: Table, user: User):
    """``table_seat_get`` at a table of a format that seats the entries' pairs, in one
    query (the table's line-up and the user's membership of its entries together): the
    same rule as ``Format.table_side`` then ``seat_letter_of``, step by step. ``_UNSURE``
    when the user belongs to both entries (the long way decides, as it always did)."""
    entries = [e for e in (table.ns_id, table.ew_id) if e]
    lineup = TableSeat.objects.filter(table=table).order_by().values_list("player_id", "seat")
    member = (
        EntryMember.objects.filter(entry_id__in=entries, player=user)
        .order_by()
        .annotate(key=-F("entry_id"), place=Cast("position", CharField()))
        .values_list("key", "place")
    )
    rows = list(lineup.union(member, all=True))
    members = [(-key, place) for key, place in rows if key < 0]  # ids are positive
    # the line-up as seat_letter_of reads it (in seat order: a player twice keeps the last)
    seats = sorted((seat, key) for key, seat in rows if key > 0)
    if len(members) > 1:
        return _UNSURE
    if not members:  # no player of the table's entries: a substitute's line-up seat?
        return next((seat for seat, key in seats if key == user.pk), None)
    held = {key: seat for seat, key in seats}
    if seat := held.get(user.pk):
        return seat
    entry_id, place = members[0]
    seat = _PAIR_SEATS.get((table.side_of(entry_id), place))
    # a seat the line-up gives to someone else is no longer theirs (seat_letter_of)
    return None if seat in held.values() else seat


def table_watch_delay(*, table: Table, user: User) -> int | None:
    """How far behind a user with no seat at the table watches it whole, in seconds:
    0 for the event's directors and live spectators, the event's delay for delayed
    ones; None when they may not watch (``docs/rules.md`` § Online play, spectators:
    the one visibility rule, ``spectator_delay_of``)."""
    if is_event_director(user=user, event=table.event):
        return 0
    return spectator_delay_of(user=user, event=table.event)


def table_may_watch(*, table: Table, user: User) -> bool:
    """Whether a user with no seat at the table may watch it whole: the event's
    directors, and spectators when the event lets people outside it watch."""
    return table_watch_delay(table=table, user=user) is not None


def table_watch_refusal(*, table: Table, user: User) -> str | None:
    """Why a user with no seat at the table may not watch it (``table_may_watch`` is
    false): ``"player"``, ``"off"`` or ``"anonymous"`` (``spectator_refusal_of``); None
    when they may."""
    if is_event_director(user=user, event=table.event):
        return None
    return spectator_refusal_of(user=user, event=table.event)


@dataclass
class TableBoards:
    """Where a table stands in its round: the board in play (or next to start), its
    ``BoardPlay`` if started, the version the table is at (a board not started yet
    starts there: versions run on across a round's boards, so a message meant for the
    last board is never applied to the next), and the last board finished."""

    boards: list[Board]
    current: Board | None
    play: BoardPlay | None
    base_version: int
    last: BoardPlay | None  # the last board finished online (shown when none is left)


def table_boards_get(*, table: Table) -> TableBoards:
    """The table's round boards in order; the current one is the first without a
    result or a finished ``BoardPlay`` (``docs/rules.md`` § Online play: the next board
    starts by itself). Three queries."""
    boards = format_for(table.event).round_boards(rnd=table.round, tables=[table])[table.pk]
    plays = {
        bp.board_id: bp for bp in BoardPlay.objects.filter(table=table).select_related("board")
    }
    with_result = set(Result.objects.filter(table=table).values_list("board_id", flat=True))
    current = None
    for board in boards:
        play = plays.get(board.pk)
        if play is not None and play.status != BoardPlay.Status.PLAYING:
            continue
        if board.pk in with_result:
            continue
        current = board
        break
    play = plays.get(current.pk) if current is not None else None
    finished = [p for p in plays.values() if p.status != BoardPlay.Status.PLAYING]
    last = max(finished, key=lambda p: (p.version, p.pk)) if finished else None
    base = max((p.version for p in plays.values()), default=0)
    return TableBoards(boards=boards, current=current, play=play, base_version=base, last=last)


def board_actions(play: BoardPlay | None) -> list[list[str]]:
    """A board's stored actions in order, as ``[seat, kind, value, alert]``."""
    if play is None:
        return []
    return [
        [seat, kind, value, alert]
        for seat, kind, value, alert in PlayAction.objects.filter(play=play)
        .order_by("seq")
        .values_list("seat", "kind", "value", "alert")
    ]


def board_snapshot(
    *,
    table: Table,
    board: Board | None,
    play: BoardPlay | None,
    actions: list[list[str]],
    base_version: int,
    next_: dict | None,
    players: dict | None = None,
) -> dict:
    """A plain dict of everything a seat's view is computed from (``state.seat_view``):
    what the services broadcast to the table's group. ``players``: who holds each seat
    (``seats.seat_names``), when the snapshot says it (a read, or a seat changing
    hands; an action's snapshot leaves it out: it has not changed)."""
    rnd = table.round
    return {
        "event": table.event_id,
        "table": table.pk,
        "board": board.pk if board is not None else None,
        "board_number": board.number if board is not None else None,
        "deal": board.deal if board is not None else None,
        "dealer": board.dealer if board is not None else None,
        "vulnerability": board.vulnerability if board is not None else None,
        "undo_allowed": table.event.undo_allowed,
        "base_version": base_version,
        "actions": actions,
        "ends_at": rnd.ends_at.isoformat() if rnd is not None else None,
        "next": next_,
        "connected": connected_map(table_ids=[table.pk])[table.pk],
        "players": players,
    }


def round_over_next(*, table: Table, holders: dict | None = None) -> dict:
    """What a table shows when its round's boards are all finished: where each seat
    goes next (``holders``: who holds each seat, read here when not given)."""
    event = table.round.event
    if holders is None:
        holders = seat_players(event, [table])[table.pk]
    return round_over_next_map(event=event, tables=[table], players={table.pk: holders})[table.pk]


def round_over_next_map(*, event, tables: list[Table], players: dict) -> dict[int, dict]:
    """``round_over_next`` of many tables of one round at once (at most three queries):
    each seat's place under ``seats``, which ``state.seat_view`` turns into the
    viewer's own (docs/online-play.md, ``next``)."""
    if not tables:
        return {}
    places = next_places(event=event, rnd=tables[0].round, tables=tables, players=players)
    return {t.pk: {"round_over": True, "where": "", "seats": places[t.pk]} for t in tables}


def table_snapshot_get(*, table: Table) -> dict:
    """The snapshot of the table's board in play, or of the last one finished when none
    is left or the round is closed (with ``next`` saying the round is over there)."""
    where = table_boards_get(table=table)
    holders = seat_players(table.round.event, [table])[table.pk]
    names = seat_names(holders)
    # a closed round (a pool's table whose time ran out) starts no board more
    if where.current is not None and table.round.is_open:
        actions = board_actions(where.play)
        base = where.play.base_version if where.play is not None else where.base_version
        snapshot = board_snapshot(
            table=table, board=where.current, play=where.play, actions=actions,
            base_version=base, next_=None, players=names,
        )  # fmt: skip
        if where.play is not None:  # the board in play: a process may keep it live
            snapshot["play_id"] = where.play.pk
        return snapshot
    last = where.last
    next_ = round_over_next(table=table, holders=holders)
    if last is None:  # no board to play here (a bye, or every result typed)
        return board_snapshot(
            table=table, board=None, play=None, actions=[], base_version=0, next_=next_,
            players=names,
        )  # fmt: skip
    actions = board_actions(last)
    return board_snapshot(
        table=table, board=last.board, play=last, actions=actions,
        base_version=last.base_version, next_=next_, players=names,
    )  # fmt: skip
