"""Reads of the tournaments app, shared by pages and the API. Query counts are bounded."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import datetime

from django.db.models import Case, Count, F, Prefetch, Q, QuerySet, Value, When

from accounts.models import User

from .models import (
    Board,
    Entry,
    EntryMember,
    Event,
    Result,
    ResultCorrection,
    Round,
    Standing,
    Table,
)


def event_list(*, query: str = "") -> QuerySet[Event]:
    events = Event.objects.all()
    if query:
        events = events.filter(name__icontains=query)
    return events


def entries_with_players(event: Event) -> QuerySet[Entry]:
    return (
        Entry.objects.filter(event=event)
        .exclude(status=Entry.Status.DECLINED)
        .prefetch_related(
            Prefetch("members", queryset=EntryMember.objects.select_related("player"))
        )
    )


def standings_get(*, event: Event, players: bool = True) -> list[Entry]:
    """Every entry that took part (finished or not), best first.

    Finished events: ranked pairs by rank, then the unranked by total. While running:
    by current total, then boards played, then registration. ``players=False`` leaves
    out the members (a big field's page reads them with ``event_players_get``).
    """
    if players:
        entries = entries_with_players(event)
    else:
        entries = Entry.objects.filter(event=event).exclude(status=Entry.Status.DECLINED)
    entries = list(entries.filter(registration_order__isnull=False))
    if event.status == Event.Status.FINISHED:
        key = lambda e: (e.rank is None, e.rank or 0, -e.total, e.registration_order)  # noqa: E731
    else:
        key = lambda e: (-round(e.total, 6), -e.boards_played, e.registration_order)  # noqa: E731
    return sorted(entries, key=key)


def event_players_get(*, event: Event) -> dict[int, list[User]]:
    """The players of every entry of an event, by entry id, in seat order: one query of
    light ``User`` rows, much cheaper than prefetching members for a thousand pairs."""
    users = (
        User.objects.filter(entry_memberships__event=event)
        .annotate(
            entry_id=F("entry_memberships__entry_id"), position=F("entry_memberships__position")
        )
        .only("username", "display_name", "first_name", "last_name")
        .order_by("entry_id", "position")
    )
    players: dict[int, list[User]] = defaultdict(list)
    for user in users:
        players[user.entry_id].append(user)
    return players


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


def my_table_get(*, event: Event, user: User) -> SeatInfo | None:
    """The user's table in the event's latest round, its boards and results so far."""
    if not user.is_authenticated:
        return None
    member = EntryMember.objects.filter(event=event, player=user).select_related("entry").first()
    if member is None:
        return None
    rnd = round_current(event=event)
    if rnd is None:
        return None
    entry = member.entry
    table = (
        Table.objects.filter(round=rnd)
        .filter(Q(ns=entry) | Q(ew=entry))
        .select_related("ns", "ew")
        .prefetch_related("ns__members__player", "ew__members__player")
        .first()
    )
    if table is None:
        return None
    side = table.side_of(entry.pk)
    opponents = table.ew if side == "NS" else table.ns
    boards = list(rnd.boards.order_by("number"))
    results = {r.board_id: r for r in Result.objects.filter(table=table)}
    return SeatInfo(
        round=rnd,
        table=table,
        entry=entry,
        side=side,
        opponents=opponents,
        boards=boards,
        results=results,
    )


def board_visible_to(*, board: Board, user: User, event: Event | None = None) -> bool:
    """May ``user`` see this board's deal, analysis and the other tables' results?

    Yes once the event is finished or the board's round has closed; a director always;
    a player at a table of that round once their own table has a result for it.
    """
    event = event or board.event
    if event.status == Event.Status.FINISHED:
        return True
    if board.round.status == Round.Status.CLOSED:
        return True
    if not user.is_authenticated:
        return False
    if event.is_directed_by(user):
        return True
    return (
        Result.objects.filter(
            board=board,
            status=Result.Status.PLAYED,
        )
        .filter(Q(table__ns__members__player=user) | Q(table__ew__members__player=user))
        .exists()
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


@dataclass
class PairRound:
    round_number: int
    table: Table
    side: str
    opponents: Entry | None
    results: list[Result]
    standing: Standing | None


def pair_history_get(*, entry: Entry) -> list[PairRound]:
    """An entry's rounds: opponents, results, points, running total and place."""
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


def score_grid_get(*, event: Event) -> dict[int, dict[int, tuple[float | None, int]]]:
    """``{entry id: {board number: (points for that entry, result id)}}`` in one query."""
    grid: dict[int, dict[int, tuple[float | None, int]]] = defaultdict(dict)
    rows = Result.objects.filter(board__event=event).values_list(
        "pk", "board__number", "table__ns_id", "table__ew_id", "ns_points", "ew_points"
    )
    for pk, number, ns_id, ew_id, ns_points, ew_points in rows:
        grid[ns_id][number] = (ns_points, pk)
        if ew_id:
            grid[ew_id][number] = (ew_points, pk)
    return grid


# --- Reads for the HTML pages -------------------------------------------------------


def event_index_get(*, query: str = "", on=None) -> QuerySet[Event]:
    """Events for the index, running first, then open for registration, then results;
    with the pair count and the winners (rank 1): two queries in all."""
    events = event_list(query=query)
    if on is not None:
        events = events.filter(start_at__date=on)
    status_order = Case(
        When(status=Event.Status.RUNNING, then=Value(0)),
        When(status=Event.Status.REGISTRATION, then=Value(1)),
        default=Value(2),
    )
    return (
        events.order_by(status_order, "-start_at", "-pk")
        .annotate(
            pairs=Count(
                "entries",
                filter=Q(entries__registration_order__isnull=False)
                & ~Q(entries__status=Entry.Status.DECLINED),
            )
        )
        .prefetch_related(
            Prefetch(
                "entries",
                queryset=Entry.objects.filter(rank=1).prefetch_related(
                    Prefetch("members", queryset=EntryMember.objects.select_related("player"))
                ),
                to_attr="winners",
            )
        )
    )


def event_boards_get(*, event: Event) -> list[Board]:
    """The dealt boards of an event with their round (for columns and visibility)."""
    return list(Board.objects.filter(event=event).select_related("round").order_by("number"))


def membership_get(*, event: Event, user: User) -> EntryMember | None:
    """The user's place in an event (entry and both players), or None."""
    if not user.is_authenticated:
        return None
    return (
        EntryMember.objects.filter(event=event, player=user)
        .exclude(entry__status=Entry.Status.DECLINED)
        .select_related("entry")
        .prefetch_related(
            Prefetch("entry__members", queryset=EntryMember.objects.select_related("player"))
        )
        .first()
    )


def entry_page_get(*, event: Event, entry_id: int) -> Entry | None:
    return entries_with_players(event).filter(pk=entry_id).first()


def player_entries_get(*, user: User) -> list[EntryMember]:
    """Every event a player entered (not declined), newest first, with partners."""
    return list(
        EntryMember.objects.filter(player=user)
        .exclude(entry__status=Entry.Status.DECLINED)
        .select_related("entry__event")
        .prefetch_related(
            Prefetch("entry__members", queryset=EntryMember.objects.select_related("player"))
        )
        .order_by("-entry__event__start_at", "-pk")
    )


def corrections_recent_get(*, event: Event, limit: int = 20) -> list[ResultCorrection]:
    return list(
        ResultCorrection.objects.filter(result__board__event=event)
        .select_related("changed_by", "result__board", "result__table")
        .order_by("-changed_at", "-pk")[:limit]
    )


def current_event_for_get(*, user: User) -> Event | None:
    """The event a player is most likely at now: running first, then the next to start."""
    if not user.is_authenticated:
        return None
    events = Event.objects.filter(
        entries__members__player=user, entries__status=Entry.Status.CONFIRMED
    )
    return (
        events.filter(status=Event.Status.RUNNING).order_by("-start_at").first()
        or events.filter(status=Event.Status.REGISTRATION).order_by("start_at").first()
    )


# Lookups of the REST API (tournaments/api): one row or None, never an exception.


def event_get(*, event_id: int) -> Event | None:
    return Event.objects.filter(pk=event_id).first()


def event_list_filtered(*, query: str = "", status: str = "") -> QuerySet[Event]:
    """``event_list`` narrowed to one status (registration, running, finished)."""
    events = event_list(query=query)
    if status:
        events = events.filter(status=status)
    return events


def entry_get(*, entry_id: int) -> Entry | None:
    return Entry.objects.select_related("event").filter(pk=entry_id).first()


def entry_with_players_get(*, event: Event, entry_id: int) -> Entry | None:
    """An entry of ``event`` with its players prefetched (declined entries excluded)."""
    return entries_with_players(event).filter(pk=entry_id).first()


def round_get(*, event: Event, number: int) -> Round | None:
    return Round.objects.filter(event=event, number=number).first()


def board_get(*, event: Event, number: int) -> Board | None:
    return Board.objects.select_related("round").filter(event=event, number=number).first()


def table_get(*, table_id: int) -> Table | None:
    return Table.objects.select_related("round__event").filter(pk=table_id).first()


def result_get(*, result_id: int) -> Result | None:
    return Result.objects.select_related("table__round__event").filter(pk=result_id).first()


def board_ids_hidden_from(*, event: Event, user: User) -> set[int]:
    """Boards of ``event`` whose deal and results ``user`` may not see yet (two queries).

    The set counterpart of ``board_visible_to``: boards of rounds still in play, except
    the ones the user's own table has already played; nothing for directors or once the
    event has finished.
    """
    if event.status == Event.Status.FINISHED:
        return set()
    if event.is_directed_by(user):
        return set()
    hidden = set(
        Board.objects.filter(event=event, round__status=Round.Status.OPEN).values_list(
            "pk", flat=True
        )
    )
    if hidden and user.is_authenticated:
        hidden -= set(
            Result.objects.filter(board_id__in=hidden, status=Result.Status.PLAYED)
            .filter(Q(table__ns__members__player=user) | Q(table__ew__members__player=user))
            .values_list("board_id", flat=True)
        )
    return hidden


@dataclass
class MyTableState:
    """What the my-table page polls: the latest round, the user's table in it, what next."""

    round: Round | None
    table_number: int | None  # None: no table in that round (or not entered)
    next_round: int | None  # the round that comes after a closed one, if any
    next_starts_at: datetime | None


def my_table_state_get(*, event: Event, user: User) -> MyTableState:
    """The cheap counterpart of ``my_table_get`` (two queries): enough to tell a page
    that its round has ended or that the next one is seated."""
    rnd = round_current(event=event)
    table_number = None
    if rnd is not None and user.is_authenticated:
        table_number = (
            Table.objects.filter(round=rnd)
            .filter(Q(ns__members__player=user) | Q(ew__members__player=user))
            .values_list("number", flat=True)
            .first()
        )
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
        round=rnd, table_number=table_number, next_round=next_round, next_starts_at=next_starts_at
    )
