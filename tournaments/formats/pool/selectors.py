"""What the pool's pages and API read (``docs/rules.md`` § The scoring pool)."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Count, Q, Sum
from django.utils.translation import gettext as _

from accounts.models import User

from ...errors import BridgeError
from ...models import (
    Board,
    Event,
    PoolBoard,
    PoolDeal,
    PoolReady,
    PoolResult,
    PoolScore,
    Result,
    Round,
    Table,
    TableSeat,
)
from .sittings import sittings_in_play


@dataclass
class LeaderRow:
    place: int
    entry_id: int
    player_id: int
    name: str
    username: str
    imps: int
    boards: int  # boards with a final score


def leaderboard_get(*, event: Event, limit: int | None = None) -> list[LeaderRow]:
    """The pool's players by the sum of their final scores this period (one query);
    ties share a place, more boards scored first among equals."""
    rows = (
        PoolScore.objects.filter(event=event)
        .values("entry_id", "player_id", "player__display_name", "player__username")
        .annotate(imps=Sum("imps"), boards=Count("id"))
        .order_by("-imps", "-boards", "player_id")
    )
    if limit:
        rows = rows[:limit]
    out, place, last = [], 0, None
    for i, r in enumerate(rows, start=1):
        if (r["imps"], r["boards"]) != last:
            place, last = i, (r["imps"], r["boards"])
        out.append(
            LeaderRow(
                place=place, entry_id=r["entry_id"], player_id=r["player_id"],
                name=r["player__display_name"] or r["player__username"],
                username=r["player__username"],
                imps=r["imps"], boards=r["boards"],
            )
        )  # fmt: skip
    return out


@dataclass
class PoolTableRow:
    table: Table
    started_at: object
    ends_at: object
    players: dict[str, str]  # seat -> name
    boards: int
    results: int
    people: dict[str, User] = field(default_factory=dict)  # seat -> player
    board_numbers: list[int] = field(default_factory=list)


def tables_in_play(*, event: Event) -> list[PoolTableRow]:
    """The tables in play, newest first (three queries)."""
    sittings = list(
        Round.objects.filter(event=event, status=Round.Status.OPEN).order_by("-number")[:100]
    )
    tables = list(Table.objects.filter(round__in=sittings).select_related("round"))
    people: dict[int, dict[str, User]] = {}
    for s in TableSeat.objects.filter(table__in=tables).select_related("player"):
        people.setdefault(s.table_id, {})[s.seat] = s.player
    numbers: dict[int, list[int]] = {}
    for table_id, number in (
        PoolDeal.objects.filter(table__in=tables, seat="N")
        .order_by("board__number")
        .values_list("table_id", "board__number")
    ):
        numbers.setdefault(table_id, []).append(number)
    played = dict(
        Result.objects.filter(table__in=tables)
        .values("table_id").annotate(n=Count("id")).values_list("table_id", "n")
    )  # fmt: skip
    return [
        PoolTableRow(
            table=t, started_at=t.round.starts_at, ends_at=t.round.ends_at,
            players={k: p.name for k, p in people.get(t.pk, {}).items()},
            boards=len(numbers.get(t.pk, [])), results=played.get(t.pk, 0),
            people=people.get(t.pk, {}), board_numbers=numbers.get(t.pk, []),
        )
        for t in sorted(tables, key=lambda t: -t.number)
    ]  # fmt: skip


@dataclass
class OwnResult:
    seq: int
    board: Board
    table_number: int
    seat: str
    contract: str
    declarer: str
    tricks: int | None
    score: int | None  # from the player's side
    imps: int | None  # the final score; None while provisional
    datum: int | None

    @property
    def provisional(self) -> bool:
        return self.imps is None


@dataclass
class Lobby:
    event: Event
    ready: list[PoolReady]
    tables: list[PoolTableRow]
    my_table: Table | None = None
    my_ready: PoolReady | None = None
    results: list[OwnResult] = field(default_factory=list)
    library: dict = field(default_factory=dict)


def own_results(*, event: Event, user: User, limit: int = 200) -> list[OwnResult]:
    """The player's results in the pool, newest first, final or provisional (three
    queries)."""
    if not user.is_authenticated:
        return []
    seats = dict(
        TableSeat.objects.filter(table__event=event, player=user).values_list("table_id", "seat")
    )
    if not seats:
        return []
    rows = (
        PoolResult.objects.filter(event=event, result__table_id__in=list(seats))
        .select_related("result__table", "board")
        .order_by("-seq")[:limit]
    )
    rows = list(rows)
    mine = dict(
        PoolScore.objects.filter(
            player=user, result_id__in=[pr.result_id for pr in rows]
        ).values_list("result_id", "imps")
    )
    out = []
    for pr in rows:
        r = pr.result
        seat = seats[r.table_id]
        sign = 1 if seat in "NS" else -1
        out.append(
            OwnResult(
                seq=pr.seq, board=pr.board, table_number=r.table.number, seat=seat,
                contract=r.contract, declarer=r.declarer, tricks=r.tricks,
                score=None if r.ns_score is None else r.ns_score * sign,
                imps=mine.get(pr.result_id),
                datum=pr.datum,
            )
        )  # fmt: skip
    return out


def my_pool_table(*, event: Event, user: User) -> Table | None:
    """The player's table in play (the newest open sitting they sit at)."""
    if not user.is_authenticated:
        return None
    return (
        sittings_in_play(event)
        .filter(seats__player=user)
        .select_related("round")
        .order_by("-number")
        .first()
    )


def lobby_get(*, event: Event, user: User) -> Lobby:
    lobby = Lobby(
        event=event,
        ready=list(PoolReady.objects.filter(event=event).select_related("player", "partner")),
        tables=tables_in_play(event=event),
    )
    if user.is_authenticated:
        lobby.my_table = my_pool_table(event=event, user=user)
        lobby.my_ready = next((r for r in lobby.ready if r.player_id == user.pk), None)
        lobby.results = own_results(event=event, user=user, limit=50)
    lobby.library = PoolBoard.objects.filter(event=event).aggregate(
        boards=Count("id"),
        retired=Count("id", filter=Q(retired=True)),
        # results played with robots do not count towards scoring
        scored=Count("id", filter=Q(field_results__gte=event.settings.score_at)),
    )
    return lobby


def pool_board_facts(*, board: Board) -> dict | None:
    """A pool board's datum and results count for its page (None: not a pool board)."""
    pool = PoolBoard.objects.filter(board=board).first()
    if pool is None:
        return None
    datum = (
        PoolResult.objects.filter(board=board, scored_at_seq__isnull=False)
        .order_by("-seq")
        .values_list("datum", flat=True)
        .first()
    )
    return {"results": pool.results, "retired": pool.retired, "datum": datum}


def pool_robot_seats(*, result_ids) -> dict[int, str]:
    """result id -> the seats robots played it from ("ESW"), for the pool results played
    with robots among ``result_ids`` (one query)."""
    return dict(
        PoolResult.objects.filter(result_id__in=list(result_ids))
        .exclude(robot_seats="")
        .values_list("result_id", "robot_seats")
    )


def table_player_board(
    *, event: Event, table_number: int | None, player_id: int | None, board_number: int | None
) -> tuple[Table, User, Board]:
    """A table in play of the pool, one of its four players and one of its boards, or a
    ``BridgeError`` naming what does not fit."""
    table = sittings_in_play(event).filter(number=table_number).first()
    if table is None:
        raise BridgeError(_("No table %(n)s is in play.") % {"n": table_number}, code="table")
    seat = TableSeat.objects.filter(table=table, player_id=player_id).select_related("player")
    seat = seat.first()
    if seat is None:
        raise BridgeError(_("That player does not sit at this table."), code="player")
    deal = (
        PoolDeal.objects.filter(table=table, seat="N", board__number=board_number)
        .select_related("board")
        .first()
    )
    if deal is None:
        raise BridgeError(_("That board is not played at this table."), code="board")
    return table, seat.player, deal.board


def pool_event_get(*, event_id: int) -> Event | None:
    """The scoring pool ``event_id``, or None (no such event, or not a pool)."""
    return Event.objects.filter(pk=event_id, kind=Event.Kind.POOL).first()
