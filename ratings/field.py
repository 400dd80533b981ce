"""The field of a week (``docs/rules.md`` § The Rate): every played result of every
event kind entered that week, who sat where, and the week's disconnections, loaded in a
fixed number of queries into numpy arrays (never a query per player or per board)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from django.conf import settings
from django.db.models import Case, Value, When
from numpy.typing import NDArray

from accounts.models import User
from tournaments.models import EntryMember, Event, Result, Table, TableSeat

from .models import Disconnection, SubstitutedBoard
from .rate import WeekArrays, field_ximps
from .weeks import week_bounds

SEATS = "NSEW"
#: (seat, partner, opponent, opponent, sign of the NS cross-IMPs)
SIDES = ((0, 1, 2, 3, 1.0), (1, 0, 2, 3, 1.0), (2, 3, 0, 1, -1.0), (3, 2, 0, 1, -1.0))


@dataclass(frozen=True)
class Field:
    week: str
    result: NDArray[np.int64]  # per result
    board: NDArray[np.int64]
    ns_score: NDArray[np.int64]
    ns_ximp: NDArray[np.float64]
    seats: NDArray[np.int64]  # results × 4 player ids (N, S, E, W), 0: unknown
    # per line (a player's board): player ids, the board, cross-IMPs of their side
    line_player: NDArray[np.int64]
    line_partner: NDArray[np.int64]
    line_opp1: NDArray[np.int64]
    line_opp2: NDArray[np.int64]
    line_board: NDArray[np.int64]
    line_ximp: NDArray[np.float64]  # NaN: a disconnection with no result
    line_disconnected: NDArray[np.bool_]
    line_points: NDArray[np.float64]  # what the line adds to the weekly points

    def arrays(self, ids: NDArray[np.int64]) -> WeekArrays:
        """The lines with player ids turned into positions in ``ids`` (sorted; −1: not
        there, nobody)."""

        def to(players: NDArray[np.int64]) -> NDArray[np.int64]:
            if not len(ids):
                return np.full(len(players), -1, dtype=np.int64)
            pos = np.minimum(np.searchsorted(ids, players), len(ids) - 1)
            return np.where(ids[pos] == players, pos, -1).astype(np.int64)

        return WeekArrays(
            player=to(self.line_player),
            partner=to(self.line_partner),
            opp1=to(self.line_opp1),
            opp2=to(self.line_opp2),
            ximp=self.line_ximp,
            disconnected=self.line_disconnected,
        )

    def player_ids(self) -> set[int]:
        ids = np.concatenate([self.line_player, self.line_partner, self.line_opp1, self.line_opp2])
        return {int(i) for i in np.unique(ids) if i > 0}


def _results(start, end) -> NDArray[np.int64]:
    """results × (id, board, NS score, table, NS entry, EW entry): the results played
    here (an event imported from another scorer's file is not in the field)."""
    rows = (
        Result.objects.filter(
            status=Result.Status.PLAYED,
            ns_score__isnull=False,
            entered_at__gte=start,
            entered_at__lt=end,
            table__ew__isnull=False,
            board__event__source=Event.Source.BRIDGEHALL,
        )
        .order_by("pk")
        .values_list("pk", "board_id", "ns_score", "table_id", "table__ns_id", "table__ew_id")
    )
    return np.array(list(rows), dtype=np.int64).reshape(-1, 6)


def _lookup(keys: NDArray[np.int64], table: NDArray[np.int64], values: NDArray[np.int64]):
    """``values`` (rows of a matrix) of each of ``keys`` in the sorted ``table`` of
    keys; a key not there gets zeros."""
    out = np.zeros((len(keys), values.shape[1]), dtype=np.int64)
    if not len(table):
        return out
    pos = np.minimum(np.searchsorted(table, keys), len(table) - 1)
    hit = table[pos] == keys
    out[hit] = values[pos[hit]]
    return out


def _seats(start, end, tables: NDArray, ns: NDArray, ew: NDArray) -> NDArray[np.int64]:
    """Who sat N, S, E, W at each result's table: the table's line-up when the format
    records one, else the two players of each pair (a team's players are known only
    from its line-up). 0: not known."""
    sat = Table.objects.filter(results__entered_at__gte=start, results__entered_at__lt=end)
    index = Case(*(When(seat=x, then=Value(i)) for i, x in enumerate(SEATS)), default=Value(0))
    rows = TableSeat.objects.filter(table__in=sat.values("pk")).annotate(at=index)
    rows = np.array(list(rows.values_list("table_id", "at", "player_id")), dtype=np.int64)
    rows = rows.reshape(-1, 3)
    line_ups = np.zeros((0, 4), dtype=np.int64)
    keys = np.zeros(0, dtype=np.int64)
    if len(rows):
        keys, inverse = np.unique(rows[:, 0], return_inverse=True)
        line_ups = np.zeros((len(keys), 4), dtype=np.int64)
        line_ups[inverse, rows[:, 1]] = rows[:, 2]
    seats = _lookup(tables, keys, line_ups)
    events = Result.objects.filter(entered_at__gte=start, entered_at__lt=end).values(
        "board__event_id"
    )
    members: dict[int, list[int]] = {}
    for entry_id, player_id in (
        EntryMember.objects.filter(event__in=events)
        .order_by("entry_id", "position")
        .values_list("entry_id", "player_id")
    ):
        members.setdefault(entry_id, []).append(player_id)
    pairs = sorted((e, m) for e, m in members.items() if len(m) == 2)
    pair_keys = np.array([e for e, _m in pairs], dtype=np.int64)
    pair_players = np.array([m for _e, m in pairs], dtype=np.int64).reshape(-1, 2)
    # a pair's seat the line-up leaves empty is its player's by the pair's order (a pairs
    # table whose line-up names only a substitute), unless they sit elsewhere in it
    by_pair = np.concatenate(
        [_lookup(ns, pair_keys, pair_players), _lookup(ew, pair_keys, pair_players)], axis=1
    )
    for col in range(4):
        there = (seats == by_pair[:, col : col + 1]).any(axis=1)
        fill = (seats[:, col] == 0) & (by_pair[:, col] > 0) & ~there
        seats[fill, col] = by_pair[fill, col]
    return seats


def _lines_kept(
    player: NDArray[np.int64], board: NDArray[np.int64], robots: NDArray[np.int64]
) -> NDArray[np.bool_]:
    """Which lines are a person's own board: a robot has no Rate, and a board a
    substitute (a robot) played in a player's seat is left out of their Rate
    (``docs/rules.md`` § Robots), unless ``RATE_SUBSTITUTED_BOARDS_COUNT``. One query."""
    if not len(player):
        return np.ones(0, dtype=bool)
    keep = ~np.isin(player, robots)
    if settings.RATE_SUBSTITUTED_BOARDS_COUNT:
        return keep
    boards = [int(b) for b in np.unique(board)]
    out = set(
        SubstitutedBoard.objects.filter(board_id__in=boards).values_list("player_id", "board_id")
    )
    if out:
        keep &= np.array(
            [(int(p), int(b)) not in out for p, b in zip(player, board, strict=True)], dtype=bool
        )
    return keep


def week_field(*, week: str) -> Field:
    """The week's field: each result's cross-IMPs against the other results of its
    board entered the same week, and one line per player and board."""
    start, end = week_bounds(week)
    rows = _results(start, end)
    n = len(rows)
    result, board, score = rows[:, 0].copy(), rows[:, 1].copy(), rows[:, 2].copy()
    seats = _seats(start, end, rows[:, 3], rows[:, 4], rows[:, 5])
    del rows
    ns_ximp = field_ximps(board, score)
    cols: dict[str, list[NDArray]] = {k: [] for k in ("p", "pa", "o1", "o2", "b", "x")}
    for me, partner, o1, o2, sign in SIDES:
        known = seats[:, me] > 0
        cols["p"].append(seats[known, me])
        cols["pa"].append(seats[known, partner])
        cols["o1"].append(seats[known, o1])
        cols["o2"].append(seats[known, o2])
        cols["b"].append(board[known])
        cols["x"].append(sign * ns_ximp[known])
    player, partner, opp1, opp2, line_board, ximp = (
        np.concatenate(cols[k]) if n else np.zeros(0, dtype=np.float64 if k == "x" else np.int64)
        for k in ("p", "pa", "o1", "o2", "b", "x")
    )
    # a player's lines in board order, then seat order (one line per board and player)
    order = np.lexsort((line_board, player))
    player, partner, opp1, opp2, line_board, ximp = (
        a[order] for a in (player, partner, opp1, opp2, line_board, ximp)
    )
    robots = np.array(User.objects.filter(is_robot=True).values_list("pk", flat=True), np.int64)
    keep = _lines_kept(player, line_board, robots)
    player, partner, opp1, opp2, line_board, ximp = (
        a[keep] for a in (player, partner, opp1, opp2, line_board, ximp)
    )
    for others in (partner, opp1, opp2):  # a robot counts at the starting Rate
        others[np.isin(others, robots)] = 0
    disconnected = np.zeros(len(player), dtype=bool)
    points = ximp.copy()
    extra = []
    gone = list(
        Disconnection.objects.filter(created_at__gte=start, created_at__lt=end).values_list(
            "player_id", "board_id", "weekly_points"
        )
    )
    keys = {(p, b) for p, b, _lost in gone}
    lookup = {
        (int(p), int(b)): i
        for i, (p, b) in enumerate(zip(player, line_board, strict=True))
        if (int(p), int(b)) in keys
    } if gone else {}  # fmt: skip
    for player_id, board_id, lost in gone:
        i = lookup.get((player_id, board_id)) if board_id else None
        if i is not None:  # the board's line gets the disconnection's Rate and points
            disconnected[i] = True
            points[i] = lost
        else:
            extra.append((player_id, board_id or 0, lost))
    if extra:
        k = len(extra)
        player = np.r_[player, [e[0] for e in extra]].astype(np.int64)
        partner, opp1, opp2 = (np.r_[a, np.zeros(k, np.int64)] for a in (partner, opp1, opp2))
        line_board = np.r_[line_board, [e[1] for e in extra]].astype(np.int64)
        ximp = np.r_[ximp, np.full(k, np.nan)]
        disconnected = np.r_[disconnected, np.ones(k, dtype=bool)]
        points = np.r_[points, [e[2] for e in extra]].astype(np.float64)
    return Field(
        week=week,
        result=result,
        board=board,
        ns_score=score,
        ns_ximp=ns_ximp,
        seats=seats,
        line_player=player,
        line_partner=partner,
        line_opp1=opp1,
        line_opp2=opp2,
        line_board=line_board,
        line_ximp=ximp,
        line_disconnected=disconnected,
        line_points=points,
    )
