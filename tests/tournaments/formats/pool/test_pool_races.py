"""The pool's races on a real PostgreSQL (``docs/rules.md`` § The scoring pool): the
6th-result batch once, never a 41st result, a batch killed half-way leaves nothing, and
no player is dealt a board twice when tables start at once."""

from __future__ import annotations

import threading
import time

import pytest
from django.db import connection, connections

from tests.conftest import held_lead, need_postgres
from tests.tournaments.formats.pool.conftest import boards_of, seat
from tests.tournaments.test_concurrency import race
from tournaments import services
from tournaments.errors import BridgeError
from tournaments.formats.pool import services as pool_services
from tournaments.models import (
    PoolBoard,
    PoolDeal,
    PoolReady,
    PoolResult,
    PoolScore,
    Result,
    Table,
    TableSeat,
)

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres, pytest.mark.slow]

TRICKS = [8, 9, 10, 11, 7, 12]


def north(table):
    return TableSeat.objects.get(table=table, seat="N").player


def entry_of(table, board, tricks):
    user = north(table)
    lead = held_lead(board.pk, "N")
    return lambda: services.result_submit(
        table_id=table.pk, board_id=board.pk, user=user, contract="3NT", declarer="N",
        tricks=tricks, lead=lead,
    )  # fmt: skip


def test_six_results_at_once_give_one_batch_of_24_scores(make_pool, players):
    need_postgres()
    event = make_pool(boards=4)
    tables = [seat(event, players[4 * i : 4 * i + 4]) for i in range(6)]
    board = boards_of(tables[0])[0]
    out = race(*(entry_of(t, board, k) for t, k in zip(tables, TRICKS, strict=True)))
    assert not [o for o in out if isinstance(o, Exception)], out
    assert PoolResult.objects.filter(board=board).count() == 6
    assert sorted(PoolResult.objects.values_list("seq", flat=True)) == [1, 2, 3, 4, 5, 6]
    assert set(PoolResult.objects.values_list("scored_at_seq", flat=True)) == {6}
    assert PoolScore.objects.filter(result__board=board).count() == 24
    assert PoolScore.objects.values("result", "player").distinct().count() == 24


def test_forty_one_tables_at_once_never_give_a_board_a_41st_place(make_pool, players):
    need_postgres()
    from tests.factories import UserFactory

    event = make_pool(boards=1, boards_per_table=1)
    crowd = players + UserFactory.create_batch(164 - len(players))
    board = PoolBoard.objects.get(event=event).board

    def arrive(four):
        def run():
            for p in four:
                pool_services.pool_join(event=event, player=p)

        return run

    # 164 players arrive at once, in 41 streams: 41 tables start, 40 get the board
    out = race(*(arrive(crowd[4 * i : 4 * i + 4]) for i in range(41)))
    assert not [o for o in out if isinstance(o, Exception)], out
    assert Table.objects.filter(event=event).count() == 41
    on_board = list(Table.objects.filter(pool_deals__board=board, pool_deals__seat="N"))
    assert len(on_board) == 40
    assert PoolBoard.objects.get(board=board).taken == 40
    last = Table.objects.filter(event=event).exclude(pk__in=[t.pk for t in on_board]).get()
    # 41 entries at once on the board: forty stored, the table without it refused
    out = race(*(entry_of(t, board, 9) for t in [*on_board, last]))
    assert [type(o) for o in out].count(Result) == 40
    assert isinstance(out[-1], BridgeError) and out[-1].code == "wrong_board"
    pool = PoolBoard.objects.get(board=board)
    assert (pool.results, pool.retired) == (40, True)
    assert Result.objects.filter(board=board).count() == 40
    assert PoolScore.objects.filter(result__board=board).count() == 160
    assert PoolDeal.objects.values("board", "player").distinct().count() == PoolDeal.objects.count()


def test_a_batch_killed_half_way_leaves_no_score(make_pool, players, monkeypatch):
    need_postgres()
    event = make_pool(boards=4)
    tables = [seat(event, players[4 * i : 4 * i + 4]) for i in range(6)]
    board = boards_of(tables[0])[0]
    for t, k in zip(tables[:5], TRICKS[:5], strict=True):
        entry_of(t, board, k)()
    started, backend = threading.Event(), {}
    real_bulk_create = PoolScore.objects.bulk_create

    def slow_bulk_create(objs, *a, **kw):
        # half the batch is written; the worker dies before the rest
        real_bulk_create(list(objs)[:12], *a, **kw)
        backend["pid"] = connection.connection.info.backend_pid
        started.set()
        for _ in range(300):  # the worker goes on until its connection is killed
            time.sleep(0.1)
            with connection.cursor() as cursor:
                cursor.execute("SELECT 1")
        raise AssertionError("not killed")

    monkeypatch.setattr(PoolScore.objects, "bulk_create", slow_bulk_create)
    box = {}

    def sixth():
        try:
            entry_of(tables[5], board, TRICKS[5])()
        except Exception as exc:  # noqa: BLE001 - the killed connection's error
            box["error"] = exc
        finally:
            connection.close()

    worker = threading.Thread(target=sixth)
    worker.start()
    assert started.wait(20)
    with connections["default"].cursor() as cursor:
        cursor.execute("SELECT pg_terminate_backend(%s)", [backend["pid"]])
    worker.join(30)
    assert "error" in box
    assert PoolScore.objects.count() == 0
    assert not Result.objects.filter(table=tables[5]).exists()
    assert PoolBoard.objects.get(board=board).results == 5
    monkeypatch.undo()
    entry_of(tables[5], board, TRICKS[5])()  # entered again: the whole batch
    assert PoolScore.objects.filter(result__board=board).count() == 24


def test_two_tables_starting_at_once_never_deal_a_player_a_board_twice(make_pool, players):
    need_postgres()
    event = make_pool(boards=6)
    four = players[:4]
    for _ in range(2):  # they played two tables already
        table = seat(event, four)
        for b in boards_of(table):
            entry_of(table, b, 9)()
    pool_services.pool_clock_step(event=event, now=table.round.ends_at)
    # two groups ask at once for the same four players: one table, one refusal
    for p in four[1:]:
        pool_services.pool_join(event=event, player=p)

    def start():
        return pool_services.pool_join(
            event=event, player=four[0], partner=four[1], opponents=four[2:]
        )

    out = race(start, start)
    assert [type(o) for o in out].count(Table) == 1, out
    assert [o.code for o in out if isinstance(o, BridgeError)] in (["busy"], ["not_ready"])
    dealt = list(PoolDeal.objects.values_list("board_id", "player_id"))
    assert len(dealt) == len(set(dealt)) == 3 * 4 * 4
    assert PoolReady.objects.count() == 0
