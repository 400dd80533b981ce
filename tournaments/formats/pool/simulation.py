"""Run a scoring pool with synthetic players on a simulated clock (``manage.py
simulate_pool``), through the same services real play uses.

Tables start at random (a Poisson process of ``tables_per_hour``), each with four players
who are free at that moment. A table's boards are played one after another, one every
``minutes_per_board`` less a little: North enters a plausible result, East confirms it.
Every service call is given the simulated time (``now=``), so the pool's clock, the
tables' time limits and the arrival order are exactly those of a real pool that ran
for ``hours``.
"""

from __future__ import annotations

import heapq
import random
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone

from accounts.models import User

from ... import services
from ...lock_order import lock_order_jobs
from ...models import Event, PoolBoard, PoolDeal, PoolResult, PoolScore, Result, TableSeat
from ...services.analysis import boards_analyse
from ...simulation import plausible_result, sim_users
from . import services as pool_services


@dataclass
class PoolSimulationConfig:
    players: int
    tables_per_hour: float
    hours: float
    seed: int = 1
    boards_per_table: int = 4
    minutes_per_board: int = 8
    score_at: int = 6
    retire_at: int = 40
    library: int = 0  # boards dealt at the start; 0: enough for the first hour
    name: str = ""


def simulate_pool(
    config: PoolSimulationConfig,
    *,
    start: datetime | None = None,
    progress: Callable[[int], None] | None = None,
) -> Event:
    """Create a pool, run it for ``config.hours`` of simulated time, and close it."""
    if config.players < 4:
        raise ValueError("a pool table needs four players: --players must be at least 4")
    if config.tables_per_hour <= 0 or config.hours <= 0:
        raise ValueError("--tables-per-hour and --hours must be positive")
    rng = random.Random(config.seed)
    t0 = (start or timezone.now()).replace(microsecond=0)
    ends = t0 + timedelta(hours=config.hours)
    event, people = _pool_open(config, t0, ends)
    timeline = _Timeline()
    when = t0
    while True:
        when += timedelta(hours=rng.expovariate(config.tables_per_hour))
        if when >= ends:
            break
        timeline.at(when, "start", ())
    free_at = {p.pk: t0 for p in people}
    by_id = {p.pk: p for p in people}
    table_rng = random.Random(config.seed + 1)
    while timeline.events:
        now, _, kind, payload = heapq.heappop(timeline.events)
        if kind == "start":
            free = [pk for pk, t in sorted(free_at.items()) if t <= now]
            if len(free) < 4:
                continue
            four = [by_id[pk] for pk in rng.sample(free, 4)]
            done = _table_play(event, four, now, table_rng, rng, config, timeline)
            for p in four:
                free_at[p.pk] = done
            if progress:
                progress(1)
        else:
            _result_enter(payload, now, rng, by_id)
    # The pool's clock closes the last tables and the pool itself at its end.
    for _ in range(1000):
        if pool_services.pool_clock_step(event=event, now=ends) is None:
            break
    return Event.objects.get(pk=event.pk)


class _Timeline:
    """The simulated timeline: (time, order, kind, payload), in time order."""

    def __init__(self) -> None:
        self.events: list[tuple[datetime, int, str, tuple]] = []
        self.order = 0

    def at(self, when: datetime, kind: str, payload: tuple) -> None:
        self.order += 1
        heapq.heappush(self.events, (when, self.order, kind, payload))


def _pool_open(
    config: PoolSimulationConfig, t0: datetime, ends: datetime
) -> tuple[Event, list[User]]:
    """The pool, its players and its library, open at ``t0``."""
    director, _ = User.objects.get_or_create(
        username="sim-director", defaults={"is_staff": True, "display_name": "Simulation TD"}
    )
    prefix = f"sim{config.seed}x{Event.objects.count() + 1}q"
    people = sim_users(prefix, config.players, random.Random(config.seed))
    library = config.library or max(8, int(config.tables_per_hour * config.boards_per_table * 1.5))
    event = pool_services.pool_create(
        name=config.name or f"Simulated pool #{config.seed}",
        start_at=t0,
        ends_at=ends,
        director=director,
        boards=library,
        boards_per_table=config.boards_per_table,
        minutes_per_board=config.minutes_per_board,
        score_at=config.score_at,
        retire_at=config.retire_at,
        rng=random.Random(config.seed),
        now=t0 - timedelta(minutes=1),
        analyse=False,
    )
    pool_services.pool_clock_step(event=event, now=t0)
    return event, people


def _table_play(
    event: Event,
    four: list[User],
    now: datetime,
    table_rng: random.Random,
    rng: random.Random,
    config: PoolSimulationConfig,
    timeline: _Timeline,
) -> datetime:
    """Four players start a table; each of its boards is played at a time on the
    timeline. Returns when the table's time is up."""
    table = _table_start(event, four, now, table_rng)
    boards = [
        d.board
        for d in PoolDeal.objects.filter(table=table, seat="N")
        .select_related("board")
        .order_by("board__number")
    ]
    boards_analyse(board_ids=[b.pk for b in boards])
    minutes = config.minutes_per_board
    for i, board in enumerate(boards):
        played = now + timedelta(minutes=minutes * (i + 1) - rng.uniform(0.5, 2.5))
        timeline.at(played, "result", (table.pk, board.pk, four[0].pk, four[2].pk))
    return table.round.ends_at


def _result_enter(payload: tuple, now: datetime, rng: random.Random, by_id: dict) -> None:
    """North enters a plausible result of a board, East confirms it."""
    table_id, board_id, north, east = payload
    board = PoolBoard.objects.select_related("board").get(board_id=board_id).board
    sim = plausible_result(board, rng)
    with transaction.atomic(), lock_order_jobs():
        result = services.result_submit(
            table_id=table_id, board_id=board_id, user=by_id[north],
            contract=sim.contract, declarer=sim.declarer, tricks=sim.tricks,
            lead=sim.lead, now=now,
        )  # fmt: skip
        services.result_confirm(result_id=result.pk, user=by_id[east], now=now)


def _table_start(event: Event, four: list[User], now: datetime, rng: random.Random):
    """Four free players agree to play: three say they are ready, the fourth starts."""
    n, s, e, w = four
    for p in (s, e, w):
        pool_services.pool_join(event=event, player=p, now=now, rng=rng)
    table = pool_services.pool_join(
        event=event, player=n, partner=s, opponents=[e, w], now=now, rng=rng
    )
    assert table is not None
    return table


def pool_report(event: Event) -> dict:
    """The pool as the JSON document ``simulate_pool --json`` writes (``docs/simulation.md``
    § The scoring pool): every board, its results in arrival order."""
    settings = event.settings
    seats: dict[int, dict[str, int]] = {}
    for table_id, seat, player_id in TableSeat.objects.filter(table__event=event).values_list(
        "table_id", "seat", "player_id"
    ):
        seats.setdefault(table_id, {})[seat] = player_id
    side_imps: dict[tuple[int, str], int] = {}
    for result_id, seat, imps in PoolScore.objects.filter(
        event=event, seat__in=["N", "E"]
    ).values_list("result_id", "seat", "imps"):
        side_imps[(result_id, seat)] = imps
    boards: dict[int, dict] = {}
    for pb in (
        PoolBoard.objects.filter(event=event).select_related("board").order_by("board__number")
    ):
        boards[pb.board_id] = {"board": pb.board.number, "retired": pb.retired, "results": []}
    for pr in (
        PoolResult.objects.filter(event=event).select_related("result__table").order_by("seq")
    ):
        r: Result = pr.result
        at = seats[r.table_id]
        scored = pr.scored_at_seq is not None
        boards[pr.board_id]["results"].append(
            {
                "seq": pr.seq,
                "table": r.table.number,
                "players": [at["N"], at["S"], at["E"], at["W"]],
                "ns_score": r.ns_score,
                "scored_at_seq": pr.scored_at_seq,
                "datum": pr.datum,
                "ns_imps": side_imps.get((r.pk, "N"), 0) if scored else 0,
                "ew_imps": side_imps.get((r.pk, "E"), 0) if scored else 0,
            }
        )
    return {
        "event": event.pk,
        "score_at": settings.score_at,
        "retire_at": settings.retire_at,
        "boards": list(boards.values()),
    }
