"""A result's arrival in the pool costs a fixed number of queries: for a single score,
and for the sixth result's batch of six (the count does not grow with the board)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.tournaments.formats.pool.conftest import boards_of, seat
from tournaments.formats.pool import services as pool_services
from tournaments.models import Result

pytestmark = pytest.mark.django_db


ARRIVED = []


def arrival_queries(result) -> list[str]:
    with CaptureQueriesContext(connection) as ctx:
        ARRIVED.append(pool_services.pool_result_arrived(result=result))
    return [q["sql"] for q in ctx.captured_queries]


def stored(table, board, tricks):
    north = table.seats.get(seat="N").player
    return Result.objects.create(
        table=table, board=board, status=Result.Status.PLAYED, contract="3NT", declarer="N",
        tricks=tricks, ns_score=400 if tricks == 9 else (430 if tricks == 10 else -50),
        entered_by=north, entered_side="NS",
    )  # fmt: skip


def test_an_arrival_costs_a_fixed_number_of_queries(make_pool, players):
    event = make_pool(boards=4)
    tables = [seat(event, players[4 * i : 4 * i + 4]) for i in range(9)]
    board = boards_of(tables[0])[0]
    counts = [len(arrival_queries(stored(t, board, 8 + i % 3))) for i, t in enumerate(tables)]
    provisional, batch, single = counts[0], counts[5], counts[6]
    assert counts[:5] == [provisional] * 5 and counts[6:] == [single] * 3
    assert provisional <= 5 and single <= 10 and batch <= 12, counts
    # the arrival answers its own final score, the sixth's batch included
    sixth = ARRIVED[-9 + 5]
    assert sixth.scored_at_seq == sixth.seq and sixth.datum is not None
