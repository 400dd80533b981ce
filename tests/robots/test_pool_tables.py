"""Robots at a pool table started with robots act as soon as it opens
(``tournaments.signals.tables_opened``; docs/rules.md § Robots, the pool)."""

from __future__ import annotations

import pytest

from online import services
from tests.tournaments.formats.pool.conftest import make_pool, players  # noqa: F401
from tournaments.formats.pool import services as pool_services
from tournaments.models import Board

pytestmark = pytest.mark.django_db(transaction=True)


def test_robots_who_deal_bid_as_soon_as_the_pool_table_starts(make_pool, players):  # noqa: F811
    event = make_pool(boards=1, boards_per_table=1)
    Board.objects.filter(event=event).update(dealer="E")  # a robot deals the only board
    me = players[0]
    table = pool_services.pool_robots_join(event=event, player=me)
    view = services.table_state_get(user=me, event_id=event.pk, table_id=table.pk)
    assert view["phase"] == "auction"
    assert [c["seat"] for c in view["auction"]] == ["E", "S", "W"]  # the robots did not wait
    assert view["actor"] == "N"


def test_a_table_of_four_people_wakes_no_robot(make_pool, players):  # noqa: F811
    event = make_pool(boards=1, boards_per_table=1)
    Board.objects.filter(event=event).update(dealer="E")
    for p in players[1:4]:
        pool_services.pool_join(event=event, player=p)
    table = pool_services.pool_join(event=event, player=players[0])
    view = services.table_state_get(user=players[0], event_id=event.pk, table_id=table.pk)
    assert view["auction"] == [] and view["actor"] == "E"


def test_a_round_opening_says_which_tables_opened_after_its_commit(make_event):
    from tournaments.models import Table
    from tournaments.signals import tables_opened

    heard = []

    def listen(sender, *, event, table_ids, **kwargs):
        heard.append((event.pk, sorted(table_ids)))

    tables_opened.connect(listen, dispatch_uid="test.tables_opened")
    try:
        event = make_event(pairs=4, start=True, online_play=True)
    finally:
        tables_opened.disconnect(dispatch_uid="test.tables_opened")
    tables = sorted(Table.objects.filter(event=event).values_list("pk", flat=True))
    assert heard == [(event.pk, tables)] and len(tables) == 2
