"""Online play on a real PostgreSQL: two seats acting at once, an action racing the
round's cut, and a table rebuilt from the database after a restart (nothing lost,
nothing applied twice; docs/rules.md § Online play, versions; § Concurrency)."""

from __future__ import annotations

import pytest
from django.db import connection

from online.models import BoardPlay, PlayAction
from tableplay.cards import seat_next
from tests.conftest import need_postgres
from tests.tournaments.test_concurrency import race
from tournaments import services as tournament_services
from tournaments.errors import BridgeError
from tournaments.models import Result, Round

from .conftest import seated_table

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres]


@pytest.fixture
def online(make_event):
    need_postgres()
    return seated_table(make_event(pairs=4, start=True, online_play=True))


@pytest.mark.parametrize("attempt", range(3))
def test_two_seats_acting_with_the_same_version_apply_exactly_one(online, attempt):
    dealer = online.engine().to_play
    online.act(dealer, "call", "1C")
    version = online.engine().version
    # the next seat calls, and the dealer asks to undo its call, both at version 1
    out = race(
        lambda: online.act(seat_next(dealer), "call", "1H", version=version),
        lambda: online.act(dealer, "undo", version=version),
    )
    applied = [o for o in out if isinstance(o, dict)]
    refused = [o for o in out if isinstance(o, BridgeError)]
    assert len(applied) == 1 and len(refused) == 1, out
    assert refused[0].code == "stale"
    seqs = list(PlayAction.objects.order_by("seq").values_list("seq", flat=True))
    assert seqs == [1, 2]
    assert BoardPlay.objects.get(table=online.table).version_now() == 2 == online.engine().version


@pytest.mark.parametrize("attempt", range(3))
@pytest.mark.parametrize("by", ["api", "socket"])
def test_an_action_racing_the_cut_is_applied_before_it_or_refused(online, attempt, by):
    """By the API (its seat asked in the action's transaction) or by a socket (its seat
    known: on PostgreSQL the board's check and the row are one statement)."""
    dealer = online.engine().to_play
    online.act(dealer, "call", "1C")
    seated = {"seated": seat_next(dealer)} if by == "socket" else {}
    out = race(
        lambda: online.act(seat_next(dealer), "call", "P", version=1, **seated),
        lambda: tournament_services.round_close(event=online.event, number=1, open_next=False),
    )
    assert isinstance(out[1], Round), out
    play = BoardPlay.objects.get(table=online.table)
    assert play.status == BoardPlay.Status.CUT
    kinds = list(play.actions.order_by("seq").values_list("kind", flat=True))
    if isinstance(out[0], dict):
        assert kinds == ["call", "call", "cut"]
    else:
        assert isinstance(out[0], BridgeError), out
        assert out[0].code == "round_over" and kinds == ["call", "cut"]
    cut = Result.objects.get(table=online.table, board=play.board)
    assert cut.status == Result.Status.CUT and cut.auction.count(" ") == len(kinds) - 2


def test_after_a_restart_the_table_resumes_at_the_same_action(online):
    dealer = online.engine().to_play
    for value in ("1NT", "P", "3NT", "P", "P", "P"):
        online.act(online.engine().to_play, "call", value)
    before = online.engine()
    lead = before.remaining[before.to_play][0]
    online.act(before.to_play, "card", lead)
    expected = online.engine()
    # the server restarts: connections and everything in memory are gone
    connection.close()
    rebuilt = online.engine()
    assert rebuilt.version == expected.version == 7
    assert rebuilt.to_play == expected.to_play and rebuilt.actor == expected.actor
    assert rebuilt.remaining == expected.remaining and rebuilt.dummy_visible
    # the client that sent the lead sends it again after reconnecting: not applied twice
    with pytest.raises(BridgeError) as caught:
        online.act(before.to_play, "card", lead, version=6)
    assert caught.value.code == "stale"
    assert PlayAction.objects.filter(kind="card").count() == 1
    assert dealer  # the auction was the dealer's first


def test_a_failure_half_way_stores_nothing(online, monkeypatch):
    """The action, the version and the result are one transaction: a crash while the
    board's result is stored leaves the table as it was before the last card."""
    for _ in range(3):
        online.act(online.engine().to_play, "call", "P")
    from online import services

    def broken(**kwargs):
        raise RuntimeError("the database went away")

    monkeypatch.setattr(services, "result_online_store", broken)
    with pytest.raises(RuntimeError):
        online.act(online.engine().to_play, "call", "P")
    assert PlayAction.objects.count() == 3
    assert BoardPlay.objects.get(table=online.table).version_now() == 3 == online.engine().version
    assert not Result.objects.filter(table=online.table).exists()
