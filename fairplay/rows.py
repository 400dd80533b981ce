"""The analysed boards that accuracy and fair play read (``docs/rules.md`` § Accuracy
and fair play): each played result with its cards' costs (``analysis.BoardAnalysis``),
seat by seat (``fairplay.cards``), and who held each seat.

Who held a seat, in this order: the account that made that seat's calls and cards
online (``online.PlayAction``: dummy's cards are the declarer's), else the table's
line-up (``TableSeat``), else the pair's order (a pair of two: its first player North
or East, as the seat rule of online play has it). A robot is an account marked ``is_robot``.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass
from datetime import datetime

import scoring
from accounts.models import User
from online.models import PlayAction
from tournaments.models import EntryMember, Result, TableSeat

from .cards import BoardPlay, board_play

LEADER = {"N": "E", "E": "S", "S": "W", "W": "N"}
FIELDS = (
    "pk", "board_id", "table_id", "board__event_id", "table__ns_id", "table__ew_id",
    "entered_at", "contract", "declarer", "play", "ns_score", "board__par_score",
    "analysis__card_costs",
)  # fmt: skip


@dataclass
class Row:
    result_id: int
    board_id: int
    table_id: int
    event_id: int
    entered_at: datetime
    contract: str
    declarer: str
    ns_score: int | None
    par: int | None  # NS's par
    play: BoardPlay | None
    holders: dict[str, int]  # seat -> user id

    def seat_of(self, user_id: int) -> str | None:
        for seat, holder in self.holders.items():
            if holder == user_id:
                return seat
        return None

    def par_imps(self, side: str) -> int | None:
        """IMPs of ``side``'s score against its par (its contract against par)."""
        if self.ns_score is None or self.par is None:
            return None
        sign = 1 if side == "NS" else -1
        return scoring.imps(sign * (self.ns_score - self.par))

    @property
    def lead_key(self) -> tuple[int, str, str] | None:
        """(board, strain, leader): the opening position ``ratings.LeadAnalysis`` solves."""
        if self.play is None:
            return None
        return self.board_id, scoring.parse_contract(self.contract).strain, LEADER[self.declarer]


def analysed_rows(results) -> list[Row]:
    """The played results of ``results`` (a queryset) that have their analysis."""
    raw = list(
        results.filter(status=Result.Status.PLAYED, analysis__isnull=False)
        .order_by("entered_at", "pk")
        .values_list(*FIELDS)
    )
    holders = seat_holders([(r[0], r[1], r[2], r[4], r[5]) for r in raw])
    out = []
    for (pk, board_id, table_id, event_id, _ns, _ew, at, contract, declarer, play, ns_score,
         par, costs) in raw:  # fmt: skip
        out.append(
            Row(
                result_id=pk,
                board_id=board_id,
                table_id=table_id,
                event_id=event_id,
                entered_at=at,
                contract=contract,
                declarer=declarer,
                ns_score=ns_score,
                par=par,
                holders=holders.get(pk, {}),
                play=board_play(
                    contract=contract, declarer=declarer, play=play, card_costs=costs or []
                ),
            )  # fmt: skip
        )
    return out


def seat_holders(results: list[tuple[int, int, int, int, int | None]]) -> dict[int, dict]:
    """{result: {seat: user id}} of (result, board, table, ns entry, ew entry) rows."""
    tables = {r[2] for r in results}
    acted: dict[tuple[int, int], dict[str, Counter]] = defaultdict(lambda: defaultdict(Counter))
    for table_id, board_id, seat, user_id in PlayAction.objects.filter(
        play__table_id__in=tables, kind__in=("call", "card"), user__isnull=False
    ).values_list("play__table_id", "play__board_id", "seat", "user_id"):
        acted[(table_id, board_id)][seat][user_id] += 1
    lineup: dict[int, dict[str, int]] = defaultdict(dict)
    for table_id, seat, user_id in TableSeat.objects.filter(table_id__in=tables).values_list(
        "table_id", "seat", "player_id"
    ):
        lineup[table_id][seat] = user_id
    entries = {e for r in results for e in r[3:] if e}
    pairs: dict[int, dict[int, int]] = defaultdict(dict)
    for entry_id, position, user_id in EntryMember.objects.filter(entry_id__in=entries).values_list(
        "entry_id", "position", "player_id"
    ):
        pairs[entry_id][position] = user_id
    out = {}
    for result_id, board_id, table_id, ns, ew in results:
        seats: dict[str, int] = {}
        for entry, pair_seats in ((ns, "NS"), (ew, "EW")):
            members = pairs.get(entry, {})
            if set(members) == {1, 2}:  # a pair (a team's seats are its line-up's)
                seats[pair_seats[0]], seats[pair_seats[1]] = members[1], members[2]
        seats.update(lineup.get(table_id, {}))
        for seat, counts in acted.get((table_id, board_id), {}).items():
            if seat in "NESW":
                seats[seat] = counts.most_common(1)[0][0]
        out[result_id] = seats
    return out


def robot_ids(user_ids) -> set[int]:
    robots = User.objects.filter(pk__in=set(user_ids), is_robot=True)
    return set(robots.values_list("pk", flat=True))
