"""Presence at the online tables and the disconnections the server sees
(``docs/rules.md`` § Online play, *Disconnections*): a seat gone longer than the grace
while its board is in play is recorded once, with the Rate's penalty; a short drop, a
board not in play and an outage cost nothing."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import override_settings
from django.utils import timezone

from online import disconnections, presence
from online.models import SeatDisconnection, SeatPresence, ServerProcess
from online.presence import connected_map, seat_connect, seat_disconnect
from ratings.models import Disconnection
from tournaments.models import Round

pytestmark = pytest.mark.django_db

GRACE = 60


def connect(online, seat, at, channel=None):
    """A socket of ``seat`` opened at ``at`` and open in this process since (its
    process's heartbeat renews it)."""
    channel = channel or f"chan-{seat}"
    seat_connect(
        table_id=online.table.pk, seat=seat, user_id=online.players[seat].pk,
        channel_name=channel, now=at,
    )  # fmt: skip
    presence._open_here[channel] = (online.table.pk, seat, online.players[seat].pk)


@pytest.fixture(autouse=True)
def _nothing_open_here():
    yield
    presence._open_here.clear()


def everyone_connects(online, at):
    for seat in "NESW":
        connect(online, seat, at)


def presence_check(*, now):
    """The periodic check, with this process alive (its heartbeat just now)."""
    presence.process_beat(now=now)
    return disconnections.presence_check(now=now)


@pytest.fixture
def now():
    return timezone.now()


def test_a_seat_gone_longer_than_the_grace_in_play_is_recorded_once(online, now):
    everyone_connects(online, now - timedelta(seconds=300))
    seat_disconnect(channel_name="chan-E", now=now - timedelta(seconds=GRACE + 5))
    assert connected_map(table_ids=[online.table.pk], now=now)[online.table.pk] == {
        "N": True, "E": False, "S": True, "W": True,
    }  # fmt: skip
    first = presence_check(now=now)
    again = presence_check(now=now + timedelta(seconds=10))
    assert len(first) == 1 and again == []
    row = SeatDisconnection.objects.get()
    assert row.seat == "E" and row.player == online.players["E"] and not row.outage
    board = online.snapshot()["board"]
    assert row.board_id == board
    penalty = Disconnection.objects.get()
    assert (penalty.player, penalty.board_id, penalty.recorded_by) == (
        online.players["E"], board, None,
    )  # fmt: skip
    assert penalty.weekly_points == -16


def test_a_seat_gone_less_than_the_grace_is_not_recorded(online, now):
    everyone_connects(online, now - timedelta(seconds=300))
    seat_disconnect(channel_name="chan-E", now=now - timedelta(seconds=GRACE - 5))
    assert presence_check(now=now) == []
    assert connected_map(table_ids=[online.table.pk], now=now)[online.table.pk]["E"] is True
    assert not SeatDisconnection.objects.exists() and not Disconnection.objects.exists()


def test_a_second_connection_keeps_the_seat_connected(online, now):
    everyone_connects(online, now - timedelta(seconds=300))
    connect(online, "E", now - timedelta(seconds=200), channel="chan-E-phone")
    seat_disconnect(channel_name="chan-E", now=now - timedelta(seconds=GRACE + 5))
    assert presence_check(now=now) == []
    assert SeatPresence.objects.get(seat="E").connections == 1


def test_a_seat_gone_while_its_board_is_not_in_play_is_not_recorded(online, now):
    everyone_connects(online, now - timedelta(seconds=300))
    seat_disconnect(channel_name="chan-E", now=now - timedelta(seconds=GRACE + 5))
    Round.objects.filter(pk=online.table.round_id).update(ends_at=now - timedelta(seconds=1))
    assert presence_check(now=now) == []
    assert not SeatDisconnection.objects.exists() and not Disconnection.objects.exists()


def test_a_seat_that_comes_back_is_connected_again(online, now):
    everyone_connects(online, now - timedelta(seconds=300))
    seat_disconnect(channel_name="chan-E", now=now - timedelta(seconds=GRACE + 5))
    back = seat_connect(
        table_id=online.table.pk, seat="E", user_id=online.players["E"].pk,
        channel_name="chan-E-2", now=now,
    )  # fmt: skip
    assert back is True  # the table is told it is back
    assert connected_map(table_ids=[online.table.pk], now=now)[online.table.pk]["E"] is True
    assert presence_check(now=now + timedelta(seconds=GRACE + 5)) == []


def test_every_seat_dropping_at_once_is_an_outage_and_costs_nobody(online, now):
    everyone_connects(online, now - timedelta(seconds=300))
    for i, seat in enumerate("NESW"):  # within a few seconds of each other
        seat_disconnect(channel_name=f"chan-{seat}", now=now - timedelta(seconds=GRACE + 5 + i))
    assert len(presence_check(now=now)) == 4
    assert SeatDisconnection.objects.filter(outage=True).count() == 4
    assert not Disconnection.objects.exists()


@override_settings(ONLINE_OUTAGE_MIN_SEATS=100)
def test_a_server_process_that_stops_is_an_outage(online, now):
    everyone_connects(online, now - timedelta(seconds=300))
    process = ServerProcess.objects.get(name=presence.PROCESS_NAME)
    # the process's last heartbeat, and then nothing: it died with its connections open
    ServerProcess.objects.filter(pk=process.pk).update(beat_at=now - timedelta(seconds=GRACE + 40))
    assert len(disconnections.presence_check(now=now)) == 4
    process.refresh_from_db()
    assert process.stopped_at == now - timedelta(seconds=GRACE + 40)
    assert SeatPresence.objects.filter(connections=0).count() == 4
    assert SeatDisconnection.objects.filter(outage=True).count() == 4
    assert not Disconnection.objects.exists()


@override_settings(ONLINE_OUTAGE_MIN_SEATS=100)
def test_a_server_restart_is_an_outage(online, now):
    everyone_connects(online, now - timedelta(seconds=300))
    seat_disconnect(channel_name="chan-E", now=now - timedelta(seconds=GRACE + 5))
    ServerProcess.objects.create(name="restarted", started_at=now - timedelta(seconds=GRACE))
    assert len(presence_check(now=now)) == 1
    assert SeatDisconnection.objects.get().outage and not Disconnection.objects.exists()


def test_the_beat_schedule_and_the_clock_run_the_check(online, now):
    from django.conf import settings

    from tournaments.signals import clock_ticked

    entry = settings.CELERY_BEAT_SCHEDULE["check-online-presence"]
    assert entry["task"] == "online.tasks.check_presence" and entry["options"]["expires"]
    everyone_connects(online, now - timedelta(seconds=300))
    seat_disconnect(channel_name="chan-E", now=now - timedelta(seconds=GRACE + 5))
    presence.process_beat(now=now)
    answers = [answer for _r, answer in clock_ticked.send(sender=None, now=now) if answer]
    assert {"online_disconnections": [SeatDisconnection.objects.get().pk]} in answers


@pytest.mark.django_db(transaction=True)
def test_a_websocket_of_a_seat_counts_its_presence(online):
    from asgiref.sync import async_to_sync
    from channels.testing import WebsocketCommunicator

    from config.asgi import application
    from tests.conftest import api_token_for

    token = api_token_for(online.players["N"])["token"]
    url = f"/ws/events/{online.event.pk}/tables/{online.table.pk}/?token={token}"
    headers = [(b"origin", b"http://testserver"), (b"host", b"testserver")]
    seen = {}

    async def scenario():
        comm = WebsocketCommunicator(application, url, headers=headers)
        assert (await comm.connect())[0]
        assert (await comm.receive_json_from())["table"]["connected"]["N"] is True
        await comm.send_json_to({"type": "ping"})  # answered once connect() has finished
        assert (await comm.receive_json_from()) == {"type": "pong"}
        seen["open"] = await SeatPresence.objects.filter(seat="N").afirst()
        await comm.disconnect()

    async_to_sync(scenario)()
    assert seen["open"].connections == 1 and seen["open"].gone_since is None
    closed = SeatPresence.objects.get(seat="N")
    assert closed.connections == 0 and closed.gone_since is not None


def test_a_process_taken_for_stopped_counts_its_live_connections_again(online, now):
    presence._open_here["live-N"] = (online.table.pk, "N", online.players["N"].pk)
    try:
        connect(online, "N", now - timedelta(seconds=300), channel="live-N")
        process = ServerProcess.objects.get(name=presence.PROCESS_NAME)
        ServerProcess.objects.filter(pk=process.pk).update(beat_at=now - timedelta(seconds=40))
        presence.processes_reap(now=now)
        assert SeatPresence.objects.get(seat="N").connections == 0
        presence.process_beat(now=now + timedelta(seconds=1))  # it was only slow
        assert SeatPresence.objects.get(seat="N").connections == 1
        presence.process_beat(now=now + timedelta(seconds=2))  # counted once
        assert SeatPresence.objects.get(seat="N").connections == 1
    finally:
        presence._open_here.clear()


@pytest.mark.django_db(transaction=True)
def test_a_player_replaced_by_a_substitute_is_shown_the_door(online, director):
    from asgiref.sync import async_to_sync
    from channels.db import database_sync_to_async
    from channels.testing import WebsocketCommunicator

    from config.asgi import application
    from online.director import seat_substitute
    from tests.conftest import api_token_for
    from tests.factories import UserFactory

    sub = UserFactory()
    token = api_token_for(online.players["N"])["token"]
    url = f"/ws/events/{online.event.pk}/tables/{online.table.pk}/?token={token}"
    headers = [(b"origin", b"http://testserver"), (b"host", b"testserver")]

    async def scenario():
        comm = WebsocketCommunicator(application, url, headers=headers)
        assert (await comm.connect())[0]
        await comm.receive_json_from()
        await database_sync_to_async(seat_substitute)(
            director=director, event_id=online.event.pk, table_id=online.table.pk, seat="N",
            username=sub.username,
        )  # fmt: skip
        message = await comm.receive_json_from(timeout=3)
        assert message["type"] == "error" and message["code"] == "not_seated"
        assert (await comm.receive_output(timeout=3))["type"] == "websocket.close"

    async_to_sync(scenario)()
