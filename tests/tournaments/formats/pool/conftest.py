"""Fixtures of the scoring pool's tests: a running pool and helpers that play it through
the real services."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.utils import timezone

from tests.conftest import held_lead
from tests.factories import UserFactory
from tournaments import services
from tournaments.formats.pool import services as pool_services
from tournaments.models import Event, PoolDeal, Result, TableSeat


@pytest.fixture
def make_pool(db, director):
    def make(boards=4, **kwargs):
        now = timezone.now()
        options = dict(
            name="Weekly pool", start_at=now - timedelta(minutes=1),
            ends_at=now + timedelta(days=7), director=director, boards=boards,
            rng=random.Random(3), analyse=False,
        )  # fmt: skip
        options.update(kwargs)
        event = pool_services.pool_create(**options)
        pool_services.pool_clock_step(event=event, now=timezone.now())
        event = Event.objects.get(pk=event.pk)
        assert event.status == Event.Status.RUNNING
        return event

    return make


@pytest.fixture
def players(db):
    return UserFactory.create_batch(48)


def seat(event, four, rng=None):
    """Four players who agreed to play together start a table (N, S, E, W)."""
    n, s, e, w = four
    for p in (s, e, w):
        pool_services.pool_join(event=event, player=p)
    table = pool_services.pool_join(event=event, player=n, partner=s, opponents=[e, w], rng=rng)
    assert table is not None
    return table


def boards_of(table):
    return [
        d.board
        for d in PoolDeal.objects.filter(table=table, seat="N")
        .select_related("board")
        .order_by("board__number")
    ]


def play(table, board, contract="3NT", declarer="N", tricks=9, confirm=True):
    """North enters a result and East confirms it."""
    north = TableSeat.objects.get(table=table, seat="N").player
    east = TableSeat.objects.get(table=table, seat="E").player
    result = services.result_submit(
        table_id=table.pk, board_id=board.pk, user=north, contract=contract,
        declarer=declarer, tricks=tricks,
        lead=held_lead(board.pk, declarer) if contract != "PASS" else "",
    )  # fmt: skip
    if confirm:
        services.result_confirm(result_id=result.pk, user=east)
    return Result.objects.get(pk=result.pk)
