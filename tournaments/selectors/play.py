"""Reads about rounds in play: my table, pair histories, lookups."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import datetime

from django.db.models import Count, F, Max, Prefetch, Q

from accounts.models import User

from ..extensions import boards_in_play_at, held_tables_q
from ..formats import format_for
from ..formats.seats import PARTNER
from ..models import (
    Board,
    Entry,
    EntryMember,
    Event,
    Result,
    Round,
    Standing,
    Table,
    TableSeat,
)
from .visibility import Sight


def round_current(*, event: Event) -> Round | None:
    return Round.objects.filter(event=event).order_by("-number").first()


@dataclass
class SeatInfo:
    """Where a player sits in the current round of an event."""

    round: Round
    table: Table
    entry: Entry
    side: str  # "NS" or "EW"
    opponents: Entry | None
    boards: list[Board]
    results: dict[int, Result] = field(default_factory=dict)  # board id -> result
    #: boards with a result at the table that the user may not see (a team member not
    #: seated at this table: ``docs/rules.md`` § Visibility, rooms)
    withheld: set[int] = field(default_factory=set)
    sits_here: bool = True  # False: a team member not seated yet looking at a room
    #: a robot plays the user's seat there (they take it back at the table's page)
    held: bool = False


def my_table_get(*, event: Event, user: User, room: str | None = None) -> SeatInfo | None:
    """The user's table in the event's latest round, its boards and results so far
    (``room``: which of a team's rooms a player not seated yet looks at)."""
    if not user.is_authenticated:
        return None
    member = EntryMember.objects.filter(event=event, player=user).select_related("entry").first()
    if member is None:
        return None
    rnd = round_current(event=event)
    if rnd is None:
        return None
    entry = member.entry
    table = _with_pairs(format_for(event).tables_of(rnd=rnd, entry=entry, user=user, room=room))
    held = False
    if table is None and (held_q := held_tables_q(rnd=rnd, user=user)) is not None:
        # a robot plays the player's seat: the line-up names the robot there, and the
        # table is the player's all the same (docs/rules.md § Robots, *Substitutes*)
        table = _with_pairs(Table.objects.filter(round=rnd).filter(held_q))
        held = table is not None
    if table is None:
        return None
    side = table.side_of(entry.pk)
    opponents = table.ew if side == "NS" else table.ns
    boards = format_for(event).round_boards(rnd=rnd, tables=[table])[table.pk]
    stored = list(Result.objects.filter(table=table))
    # The visibility rule: all of them at the user's own table; at a team's table where
    # the user does not sit (yet), only those on boards they may see.
    sight = Sight(user=user, event=event, own={entry.pk})
    shown = sight.results_at(table, stored)
    return SeatInfo(
        round=rnd,
        table=table,
        entry=entry,
        side=side,
        opponents=opponents,
        boards=boards,
        results={r.board_id: r for r in shown},
        withheld={r.board_id for r in stored} - {r.board_id for r in shown},
        sits_here=held or sight.at_table(table),
        held=held,
    )


def _with_pairs(tables) -> Table | None:
    """The first of ``tables``, with its two entries and their players."""
    return (
        tables.select_related("ns", "ew")
        .prefetch_related("ns__members__player", "ew__members__player")
        .first()
    )


@dataclass
class PairRound:
    round_number: int
    table: Table
    side: str
    opponents: Entry | None
    results: list[Result]
    standing: Standing | None
    #: an individual event's: the player's partner and opponents at the table
    partner: User | None = None
    opponent_players: list[User] = field(default_factory=list)


def pair_history_get(*, entry: Entry) -> list[PairRound]:
    """An entry's rounds: opponents, results, points, running total and place."""
    if format_for(entry.event).individual:
        return _player_history(entry)
    tables = list(
        Table.objects.filter(Q(ns=entry) | Q(ew=entry))
        .select_related("round")
        .prefetch_related(
            Prefetch("ns__members", queryset=EntryMember.objects.select_related("player")),
            Prefetch("ew__members", queryset=EntryMember.objects.select_related("player")),
        )
        .order_by("round__number")
    )
    results: dict[int, list[Result]] = defaultdict(list)
    for r in (
        Result.objects.filter(table__in=tables).select_related("board").order_by("board__number")
    ):
        results[r.table_id].append(r)
    standings = {s.round_number: s for s in entry.standings.all()}
    history = []
    for t in tables:
        side = t.side_of(entry.pk)
        history.append(
            PairRound(
                round_number=t.round.number,
                table=t,
                side=side,
                opponents=t.ew if side == "NS" else t.ns,
                results=results[t.pk],
                standing=standings.get(t.round.number),
            )
        )
    return history


def _player_history(entry: Entry) -> list[PairRound]:
    """The rounds of a player of an individual event: the table they sat at, their
    side, partner and opponents (``TableSeat``), results and standing (four queries)."""
    player_ids = [m.player_id for m in entry.members.all()]
    seats = list(
        TableSeat.objects.filter(table__event_id=entry.event_id, player_id__in=player_ids)
        .select_related("table__round")
        .order_by("table__round__number")
    )
    tables = {s.table_id: s for s in seats}
    others: dict[int, list[TableSeat]] = defaultdict(list)
    for s in TableSeat.objects.filter(table_id__in=list(tables)).select_related("player"):
        others[s.table_id].append(s)
    results: dict[int, list[Result]] = defaultdict(list)
    for r in (
        Result.objects.filter(table_id__in=list(tables))
        .select_related("board")
        .order_by("board__number")
    ):
        results[r.table_id].append(r)
    standings = {s.round_number: s for s in entry.standings.all()}
    history = []
    for own in seats:
        side = "NS" if own.seat in "NS" else "EW"
        at = {s.seat: s.player for s in others[own.table_id]}
        history.append(
            PairRound(
                round_number=own.table.round.number,
                table=own.table,
                side=side,
                opponents=None,
                results=results[own.table_id],
                standing=standings.get(own.table.round.number),
                partner=at.get(PARTNER[own.seat]),
                opponent_players=[at[s] for s in ("EW" if side == "NS" else "NS") if s in at],
            )  # fmt: skip
        )
    return history


def round_get(*, event: Event, number: int) -> Round | None:
    return Round.objects.filter(event=event, number=number).first()


def table_get(*, table_id: int) -> Table | None:
    return Table.objects.select_related("round__event").filter(pk=table_id).first()


def result_get(*, result_id: int) -> Result | None:
    return Result.objects.select_related("table__round__event").filter(pk=result_id).first()


def result_at_get(*, event: Event, table_number: int, board_number: int) -> Result | None:
    """The stored result of board ``board_number`` at table ``table_number`` of the
    board's round (as the director's correction finds them), with who entered,
    confirmed and disputed it; None when there is none."""
    return (
        Result.objects.filter(
            board__event=event,
            board__number=board_number,
            table__number=table_number,
            table__round_id=F("board__round_id"),
        )
        .select_related("board", "table", "entered_by", "confirmed_by", "disputed_by")
        .first()
    )


@dataclass
class MyTableState:
    """What the my-table page polls: the latest round, the user's table in it, what next."""

    round: Round | None
    table_number: int | None  # None: no table in that round (or not entered)
    next_round: int | None  # the round that comes after a closed one, if any
    next_starts_at: datetime | None
    results: str = ""  # changes whenever a result at the table is entered or answered


def my_table_state_get(*, event: Event, user: User) -> MyTableState:
    """The cheap counterpart of ``my_table_get`` (three queries): enough to tell a page
    that its round has ended, that the next one is seated, or that a result at the
    table was entered, accepted or rejected."""
    rnd = round_current(event=event)
    table_number = None
    results = ""
    if rnd is not None and user.is_authenticated:
        at = (
            Q(seats__player=user)
            if format_for(event).seats_players
            else Q(ns__members__player=user) | Q(ew__members__player=user)
        )
        if (held_q := held_tables_q(rnd=rnd, user=user)) is not None:
            at |= held_q  # a robot plays their seat there (my_table_get)
        found = Table.objects.filter(round=rnd).filter(at).values_list("pk", "number").first()
        if found is not None:
            table_number = found[1]
            made = Result.objects.filter(table_id=found[0]).aggregate(
                n=Count("pk"), c=Count("confirmed_at"), d=Count("disputed_at"), m=Max("pk")
            )
            results = f"{made['n']}.{made['c']}.{made['d']}.{made['m'] or 0}"
    next_round = next_starts_at = None
    if (
        rnd is not None
        and not rnd.is_open
        and rnd.number < event.num_rounds
        and event.status == Event.Status.RUNNING
    ):
        next_round = rnd.number + 1
        next_starts_at = event.round_start(next_round)
    return MyTableState(
        round=rnd,
        table_number=table_number,
        next_round=next_round,
        next_starts_at=next_starts_at,
        results=results,
    )


def seat_letter_of(*, table: Table, side: str, entry: Entry, user: User) -> str | None:
    """The seat ``user`` holds at ``table`` (online play: whose hand they see): their
    line-up seat where the format records one, else by the pair's order, the first
    player North (or East) and the second South (or West) (``docs/rules.md`` § Entry and
    confirmation, online play), unless the line-up gives that seat to someone else."""
    lineup = dict(TableSeat.objects.filter(table=table).values_list("player_id", "seat"))
    if seat := lineup.get(user.pk):
        return seat
    position = (
        EntryMember.objects.filter(entry=entry, player=user).values_list("position", flat=True)
    ).first()
    if position is None:
        return None
    seat = {("NS", 1): "N", ("NS", 2): "S", ("EW", 1): "E", ("EW", 2): "W"}.get((side, position))
    # a seat the line-up gives to someone else (a substitute the director moved in,
    # docs/rules.md § Online play) is no longer theirs
    return None if seat in lineup.values() else seat


@dataclass
class ConsoleCell:
    board: Board
    state: str  # none, entered, confirmed, disputed, cut, adjusted
    result: Result | None


@dataclass
class TableStand:
    """Where a table stands in its round, as the director calling it wants to know:
    ``state`` is ``"bye"``, ``"finished"`` (every board has its result),
    ``"not_started"`` (online: no result and no board begun), ``"playing"`` (online:
    ``board`` in play, with its ``phase`` and ``trick``), ``"next"`` (online: ``board``
    is the next to begin) or ``"entering"`` (at physical tables, where only the results
    entered tell: ``done`` of ``total`` boards have one)."""

    state: str
    board: Board | None = None
    first: int = 0  # the numbers of the table's first and last boards of the round
    last: int = 0
    done: int = 0
    total: int = 0
    phase: str = ""
    trick: int = 0


@dataclass
class ConsoleRow:
    table: Table
    cells: list[ConsoleCell]
    stand: TableStand | None = None


@dataclass
class ConsoleDispute:
    """A disputed board at a table: the console lists it in words (the reason, who
    entered and who disputed), not only as a cell's colour."""

    table: Table
    board: Board
    result: Result


@dataclass
class Console:
    round: Round | None
    boards: list[Board]
    rows: list[ConsoleRow]
    counts: dict[str, int]
    disputes: list[ConsoleDispute] = field(default_factory=list)

    def tables_of(self) -> dict[int, list[Table]]:
        """Entry id → its tables in this round, by number (a team has one a room)."""
        seats: dict[int, list[Table]] = defaultdict(list)
        for row in self.rows:
            for entry_id in (row.table.ns_id, row.table.ew_id):
                if entry_id is not None:
                    seats[entry_id].append(row.table)
        return dict(seats)


def result_state(result: Result | None) -> str:
    """A board's state at a table, as the director console shows it."""
    if result is None:
        return "none"
    if result.status == Result.Status.CUT:
        return "cut"
    if result.status == Result.Status.ADJUSTED:
        return "adjusted"
    if result.disputed_at is not None and result.confirmed_at is None:
        return "disputed"
    return "confirmed" if result.confirmed_at is not None else "entered"


def console_get(*, event: Event) -> Console:
    """The director console of the latest round: every table with its pairs and the
    state of each of its boards (a fixed number of queries, whatever the field)."""
    rnd = round_current(event=event)
    if rnd is None:
        return Console(round=None, boards=[], rows=[], counts={})
    tables = list(
        Table.objects.filter(round=rnd)
        .select_related("ns", "ew")
        .prefetch_related(
            Prefetch("ns__members", queryset=EntryMember.objects.select_related("player")),
            Prefetch("ew__members", queryset=EntryMember.objects.select_related("player")),
        )
        .order_by("number")
    )
    plays = format_for(event).round_boards(rnd=rnd, tables=tables)
    boards = sorted({b.pk: b for bs in plays.values() for b in bs}.values(), key=lambda b: b.number)
    found = Result.objects.filter(table__in=tables).select_related("entered_by", "disputed_by")
    results = {(r.table_id, r.board_id): r for r in found}
    in_play = boards_in_play_at(event=event, tables=tables) if rnd.is_open else {}
    counts: dict[str, int] = defaultdict(int)
    rows = []
    disputes = []
    for t in tables:
        mine = {b.pk for b in plays.get(t.pk, [])}
        cells = []
        for b in boards:
            if b.pk not in mine or t.is_bye:
                cells.append(ConsoleCell(board=b, state="", result=None))
                continue
            r = results.get((t.pk, b.pk))
            state = result_state(r)
            counts[state] += 1
            cells.append(ConsoleCell(board=b, state=state, result=r))
            if state == "disputed":
                disputes.append(ConsoleDispute(table=t, board=b, result=r))
        stand = _table_stand(event, t, plays.get(t.pk, []), results, in_play.get(t.pk))
        rows.append(ConsoleRow(table=t, cells=cells, stand=stand))
    return Console(round=rnd, boards=boards, rows=rows, counts=dict(counts), disputes=disputes)


def _table_stand(event: Event, table: Table, boards: list[Board], results, playing) -> TableStand:
    """Where ``table`` stands (``TableStand``): its boards of the round in order, the
    results stored at it, and its board in play online (``BoardInPlay`` or None)."""
    if table.is_bye:
        return TableStand(state="bye")
    left = [b for b in boards if (table.pk, b.pk) not in results]
    span = {
        "first": boards[0].number if boards else 0,
        "last": boards[-1].number if boards else 0,
        "done": len(boards) - len(left),
        "total": len(boards),
    }
    if not left:
        return TableStand(state="finished", **span)
    if playing is not None:
        board = next((b for b in boards if b.pk == playing.board_id), left[0])
        return TableStand(
            state="playing", board=board, phase=playing.phase, trick=playing.trick, **span
        )
    if not event.online_play:  # physical tables: only the results entered tell
        return TableStand(state="entering", **span)
    if len(left) == len(boards):
        return TableStand(state="not_started", board=left[0], **span)
    # the next board begins by itself (docs/rules.md § Online play, the table's boards)
    return TableStand(state="next", board=left[0], **span)
