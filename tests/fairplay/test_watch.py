"""The kibitzing log (docs/rules.md § Accuracy and fair play): every table socket is
logged with its network's hash, and a watch that saw a board before one of its
players had played it elsewhere, from that player's account or network, is flagged on
the fair-play screen."""

from __future__ import annotations

from datetime import timedelta

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator
from django.urls import reverse
from django.utils import timezone

from config.asgi import application
from fairplay.kibitz import kibitz_log
from fairplay.models import WatchLog
from fairplay.watch import network_hash
from online.models import BoardPlay
from tests.conftest import api_token_for
from tests.factories import (
    BoardFactory,
    EntryFactory,
    EntryMemberFactory,
    EventFactory,
    ResultFactory,
    RoundFactory,
    TableFactory,
    UserFactory,
)
from tests.online.conftest import seated_table
from tournaments.models import Event

from .conftest import pair

HEADERS = [(b"origin", b"http://testserver"), (b"host", b"testserver")]


def test_the_network_is_a_keyed_hash_of_the_24_or_the_64():
    assert network_hash("203.0.113.7") == network_hash("203.0.113.200")
    assert network_hash("203.0.113.7") != network_hash("203.0.114.7")
    assert network_hash("2001:db8:1:2::5") == network_hash("2001:db8:1:2:ffff::1")
    assert len(network_hash("203.0.113.7")) == 16 and "203" not in network_hash("203.0.113.7")
    assert network_hash(None) == network_hash("not an address") == ""


def _socket(event, table, token, address):
    url = f"/ws/events/{event.pk}/tables/{table.pk}/?token={token}"
    communicator = WebsocketCommunicator(application, url, headers=HEADERS)
    communicator.scope["client"] = (address, 50000)
    return communicator


@pytest.mark.django_db(transaction=True)
def test_a_spectator_socket_and_a_seat_socket_are_logged(make_event):
    event = make_event(pairs=4, start=True, online_play=True)
    seated = seated_table(event)
    event.spectators = Event.Spectators.LIVE
    event.save(update_fields=["spectators"])
    outsider = UserFactory()
    watcher_token = api_token_for(outsider)["token"]
    north_token = api_token_for(seated.players["N"])["token"]

    async def scenario():
        watcher = _socket(event, seated.table, watcher_token, "198.51.100.23")
        assert (await watcher.connect(timeout=10))[0]
        assert (await watcher.receive_json_from(timeout=10))["table"]["seat"] is None
        north = _socket(event, seated.table, north_token, "198.51.100.99")
        assert (await north.connect(timeout=10))[0]
        assert (await north.receive_json_from(timeout=10))["table"]["seat"] == "N"
        await watcher.disconnect()
        await north.disconnect()

    async_to_sync(scenario)()
    watch = WatchLog.objects.get(user=outsider)
    assert (watch.event_id, watch.table_id, watch.seat) == (event.pk, seated.table.pk, "")
    assert watch.network == network_hash("198.51.100.1")
    assert watch.closed_at is not None and watch.closed_at >= watch.opened_at
    seat = WatchLog.objects.get(user=seated.players["N"])
    assert seat.seat == "N" and seat.network == watch.network and seat.closed_at is not None


def _pair(event):
    entry = EntryFactory(event=event)
    players = [EntryMemberFactory(entry=entry, position=i).player for i in (1, 2)]
    return entry, players


@pytest.mark.django_db
def test_a_watch_before_a_player_played_the_board_elsewhere_is_flagged(client):
    event = EventFactory()
    rnd = RoundFactory(event=event)
    board = BoardFactory(round=rnd, event=event)
    (ns1, _p1), (ew1, _p2) = _pair(event), _pair(event)
    (ns2, (north2, south2)), (ew2, _p4) = _pair(event), _pair(event)
    first = TableFactory(round=rnd, event=event, number=1, ns=ns1, ew=ew1)
    second = TableFactory(round=rnd, event=event, number=2, ns=ns2, ew=ew2)
    t0 = timezone.now() - timedelta(hours=1)
    minutes = lambda m: t0 + timedelta(minutes=m)  # noqa: E731
    for table, start, end in ((first, 0, 5), (second, 6, 12)):
        result = ResultFactory(table=table, board=board)
        BoardPlay.objects.create(
            table=table, board=board, result=result, started_at=minutes(start),
            ended_at=minutes(end),
        )  # fmt: skip
    home = network_hash("192.0.2.10")
    WatchLog.objects.create(
        event=event, table=second, user=south2, seat="S", network=home,
        opened_at=minutes(6), closed_at=minutes(12),
    )  # fmt: skip
    second_account, stranger = UserFactory(), UserFactory()
    rows = [
        (north2, "", 1, 3),  # South's partner's own account watches table 1 first
        (second_account, home, 2, 4),  # an account on South's network
        (stranger, network_hash("203.0.113.5"), 1, 4),  # someone else
        (second_account, home, 13, 14),  # after the board was played at table 2
    ]
    for user, network, opened, closed in rows:
        WatchLog.objects.create(
            event=event, table=first, user=user, network=network, opened_at=minutes(opened),
            closed_at=minutes(closed),
        )  # fmt: skip
    log = kibitz_log([event])
    assert (log["count"], log["flagged"]) == (4, 2)
    flagged = {w.user_id: w.flags for w in log["watches"] if w.flags}
    assert set(flagged) == {north2.pk, second_account.pk}
    assert "own account" in flagged[north2.pk][0]
    assert (
        "network" in flagged[second_account.pk][0] and south2.name in flagged[second_account.pk][0]
    )
    client.force_login(event.director)
    page = client.get(f"{reverse('fairplay:screen')}?event={event.pk}")
    assert page.status_code == 200 and page.content.count(b'data-flagged="1"') == 2


@pytest.mark.django_db
def test_the_events_director_watching_is_listed_and_never_flagged():
    event = EventFactory()
    rnd = RoundFactory(event=event)
    board = BoardFactory(round=rnd, event=event)
    first = TableFactory(round=rnd, event=event, number=1, ns=pair(event), ew=pair(event))
    second = TableFactory(round=rnd, event=event, number=2, ns=pair(event), ew=pair(event))
    t0 = timezone.now() - timedelta(hours=1)
    for table, start in ((first, 0), (second, 10)):
        BoardPlay.objects.create(
            table=table, board=board, result=ResultFactory(table=table, board=board),
            started_at=t0 + timedelta(minutes=start), ended_at=t0 + timedelta(minutes=start + 5),
        )  # fmt: skip
    south = second.ns.members.get(position=2).player
    home = network_hash("192.0.2.10")  # the club's network: South's and the director's
    WatchLog.objects.create(event=event, table=second, user=south, seat="S", network=home)
    neighbour = UserFactory()
    for user in (event.director, neighbour):
        WatchLog.objects.create(
            event=event, table=first, user=user, network=home,
            opened_at=t0 + timedelta(minutes=1), closed_at=t0 + timedelta(minutes=4),
        )  # fmt: skip
    log = kibitz_log([event])
    assert log["count"] == 2
    assert [w.user_id for w in log["watches"] if w.flags] == [neighbour.pk]
