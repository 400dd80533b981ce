"""Closing a round costs a number of queries that does not grow with the field."""

import random

import pytest

from tests.conftest import held_lead
from tournaments import services
from tournaments.models import Result


def close_queries(make_event, assert_max, pairs):
    event = make_event(pairs=pairs, start=True, num_rounds=3, boards_per_round=3)
    rnd = event.rounds.get(number=1)
    rng = random.Random(pairs)
    boards = list(rnd.boards.all())
    Result.objects.bulk_create(
        Result(
            table=t,
            board=b,
            contract="3NT",
            declarer="N",
            tricks=9,
            lead=held_lead(b, "N"),
            ns_score=rng.choice([400, -50, 430, 600]),
        )
        for t in rnd.tables.all()
        for b in boards
        if rng.random() < 0.8
    )
    with assert_max(40) as ctx:
        services.round_close(event=event, number=1, rng=random.Random(1))
    assert event.rounds.filter(number=2).exists()
    return len(ctx.captured_queries)


@pytest.mark.slow
def test_round_close_query_count_does_not_grow_with_tables(
    make_event, django_assert_max_num_queries
):
    small = close_queries(make_event, django_assert_max_num_queries, 8)
    large = close_queries(make_event, django_assert_max_num_queries, 80)
    assert large == small, (small, large)
