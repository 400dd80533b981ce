"""An open table socket keeps to the rules that let it in (docs/rules.md § Online play,
who may keep watching; presence): when they change, it is asked again and closed before
any later state reaches it; bad input never drops it; however it ends, it is counted
out. Through the real ASGI application, with the project's channel layer (Redis in CI,
the server's in-memory layer here)."""

from __future__ import annotations

import asyncio
import threading
from datetime import timedelta

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import override_settings
from django.utils import timezone

from config.asgi import application
from online import disconnections, presence
from online.director import seat_substitute
from online.models import SeatConnection, SeatPresence
from online.services import table_broadcast
from tests.conftest import api_token_for, player
from tests.factories import UserFactory
from tournaments.models import Event, Table

pytestmark = pytest.mark.django_db(transaction=True)

HEADERS = [(b"origin", b"http://testserver"), (b"host", b"testserver")]


@pytest.fixture(autouse=True)
def _no_lingering_connections(monkeypatch):
    from django.db import connections

    monkeypatch.setitem(connections.settings["default"], "CONN_MAX_AGE", 0)


def socket(table, token):
    url = f"/ws/events/{table.event_id}/tables/{table.pk}/?token={token}"
    return WebsocketCommunicator(application, url, headers=HEADERS)


async def opened(comm) -> dict:
    assert (await comm.connect(timeout=10))[0]
    first = await comm.receive_json_from(timeout=10)
    assert first["type"] == "state", first
    return first


async def closed_with(comm, code: str) -> None:
    """The socket is told ``code`` and closed, and nothing else reaches it."""
    message = await comm.receive_json_from(timeout=5)
    assert message["type"] == "error" and message["code"] == code, message
    assert (await comm.receive_output(timeout=5))["type"] == "websocket.close"


def live_spectators(event) -> None:
    event.spectators = Event.Spectators.LIVE
    event.save(update_fields=["spectators"])


def test_a_live_spectator_is_closed_when_spectators_are_switched_off(online):
    live_spectators(online.event)
    watcher = api_token_for(UserFactory())["token"]
    dealer = online.engine().to_play

    async def scenario():
        comm = socket(online.table, watcher)
        first = await opened(comm)
        assert all(first["table"]["hands"][s] for s in "NESW")  # the whole table

        def switch_off_then_call():
            event = Event.objects.get(pk=online.event.pk)
            event.spectators = Event.Spectators.OFF
            event.save()  # as the settings page saves it: every field
            online.act(dealer, "call", "1NT")

        await database_sync_to_async(switch_off_then_call)()
        await closed_with(comm, "not_seated")
        assert await comm.receive_nothing(timeout=0.5)

    async_to_sync(scenario)()


def test_a_spectator_made_a_substitute_elsewhere_stops_watching(online, director):
    live_spectators(online.event)
    spectator = UserFactory()
    watcher = api_token_for(spectator)["token"]
    other = Table.objects.filter(round=online.table.round).exclude(pk=online.table.pk).first()
    dealer = online.engine().to_play

    async def scenario():
        comm = socket(online.table, watcher)
        await opened(comm)
        await database_sync_to_async(seat_substitute)(
            director=director, event_id=online.event.pk, table_id=other.pk, seat="N",
            username=spectator.username,
        )  # fmt: skip
        await database_sync_to_async(online.act)(dealer, "call", "1NT")
        await closed_with(comm, "not_seated")
        assert await comm.receive_nothing(timeout=0.5)

    async_to_sync(scenario)()


def test_a_player_removed_from_the_event_is_closed(online):
    tokens = {seat: api_token_for(online.players[seat])["token"] for seat in "NE"}

    async def scenario():
        north, east = socket(online.table, tokens["N"]), socket(online.table, tokens["E"])
        await opened(north)
        await opened(east)

        def remove_north():
            from tournaments.models import TableSeat

            # the director seats another player in North's place by the line-up
            TableSeat.objects.create(table=online.table, seat="N", player=UserFactory())

        await database_sync_to_async(remove_north)()
        await closed_with(north, "not_seated")
        assert await east.receive_nothing(timeout=0.5)  # East's place did not change
        await east.disconnect()

    async_to_sync(scenario)()


def test_nested_json_is_refused_and_the_connection_lives_on(online):
    token = api_token_for(online.players["N"])["token"]

    async def scenario():
        comm = socket(online.table, token)
        await opened(comm)
        await comm.send_to(text_data="[" * 1900 + "]" * 1900)
        error = await comm.receive_json_from(timeout=5)
        assert error["type"] == "error" and error["code"] == "bad_message"
        await comm.send_to(text_data="[" * 2048 + "]" * 2048)  # the size limit exactly
        assert (await comm.receive_json_from(timeout=5))["code"] == "bad_message"
        await comm.send_json_to({"type": "ping"})
        assert await comm.receive_json_from(timeout=5) == {"type": "pong"}
        await comm.disconnect()

    async_to_sync(scenario)()


def test_a_connection_that_crashes_is_counted_out(online, monkeypatch):
    token = api_token_for(online.players["N"])["token"]

    def broken(**kwargs):
        raise RuntimeError("a fault inside the service")

    monkeypatch.setattr("online.services.play_act", broken)

    async def scenario():
        comm = socket(online.table, token)
        await opened(comm)
        assert await database_sync_to_async(SeatConnection.objects.count)() == 1
        await comm.send_json_to({"type": "act", "version": 0, "kind": "call", "value": "1C"})
        with pytest.raises(RuntimeError):
            await comm.receive_output(timeout=5)

    async_to_sync(scenario)()
    assert SeatConnection.objects.count() == 0
    assert SeatPresence.objects.get(seat="N").connections == 0
    assert "N" not in {seat for _t, seat, _u in presence._open_here.values()}


def test_a_connection_entry_no_heartbeat_renews_expires(online):
    """An entry left behind by a socket that ended unseen (no close recorded) is not
    renewed by its process's heartbeat, and expires."""
    now = timezone.now()
    presence.seat_connect(
        table_id=online.table.pk, seat="E", user_id=online.players["E"].pk,
        channel_name="chan-gone", now=now,
    )  # fmt: skip
    presence.process_beat(now=now + timedelta(seconds=20))
    disconnections.presence_check(now=now + timedelta(seconds=20))
    assert SeatPresence.objects.get(seat="E").connections == 1  # not yet
    presence.process_beat(now=now + timedelta(seconds=40))
    disconnections.presence_check(now=now + timedelta(seconds=40))
    assert SeatPresence.objects.get(seat="E").connections == 0
    assert not SeatConnection.objects.exists()


def test_a_seat_that_comes_back_on_its_socket_is_told_to_the_table(online):
    """docs/rules.md § Online play, disconnections: North, gone longer than the grace,
    opens a socket again; South's socket, which showed North disconnected, is sent the
    table with North connected."""
    grace = timedelta(seconds=60)
    now = timezone.now()
    presence.seat_connect(
        table_id=online.table.pk, seat="N", user_id=online.players["N"].pk,
        channel_name="chan-before", now=now - grace * 5,
    )  # fmt: skip
    presence.seat_disconnect(channel_name="chan-before", now=now - grace - timedelta(seconds=5))
    tokens = {seat: api_token_for(online.players[seat])["token"] for seat in "NS"}

    async def scenario():
        south, north = socket(online.table, tokens["S"]), socket(online.table, tokens["N"])
        assert (await opened(south))["table"]["connected"]["N"] is False
        await opened(north)
        told = await south.receive_json_from(timeout=10)
        assert told["type"] == "state" and told["table"]["connected"]["N"] is True, told
        await north.disconnect()
        await south.disconnect()

    with override_settings(ONLINE_DISCONNECT_GRACE_SECONDS=grace.total_seconds()):
        async_to_sync(scenario)()


@override_settings(ONLINE_SOCKETS_PER_USER=2)
def test_a_user_holds_a_bounded_number_of_sockets(online):
    token = api_token_for(online.players["N"])["token"]

    async def scenario():
        first, second = socket(online.table, token), socket(online.table, token)
        await opened(first)
        await opened(second)
        third = socket(online.table, token)
        assert (await third.connect(timeout=10))[0]
        await closed_with(third, "too_many_sockets")
        await second.disconnect()
        fourth = socket(online.table, token)  # one was given back
        await opened(fourth)
        await fourth.disconnect()
        await first.disconnect()

    async_to_sync(scenario)()


def test_the_round_close_reaches_a_table_whose_board_had_not_begun(online):
    from tournaments.services.rounds import round_close

    token = api_token_for(online.players["N"])["token"]

    async def scenario():
        comm = socket(online.table, token)
        first = await opened(comm)
        assert first["table"]["auction"] == [] and first["table"]["next"] is None
        await database_sync_to_async(round_close)(event=online.event, number=1)
        while True:
            message = await comm.receive_json_from(timeout=5)
            if message["type"] == "state" and message["table"]["next"]:
                break
        assert message["table"]["next"]["round_over"] is True
        await comm.disconnect()

    async_to_sync(scenario)()


def test_a_change_made_on_another_thread_reaches_the_table_at_once(online):
    """The clock, a robot or a task of the embedded default sends from a thread of its
    own: the seat hears of it at once, not when the server's loop next happens to turn."""
    token = api_token_for(player(online.table.ns))["token"]

    async def scenario():
        comm = socket(online.table, token)
        await opened(comm)
        snapshot = await database_sync_to_async(online.snapshot)()
        sent = threading.Thread(
            target=table_broadcast, kwargs={"table_id": online.table.pk, "states": [snapshot]}
        )
        loop = asyncio.get_running_loop()
        started = loop.time()
        sent.start()
        message = await comm.receive_json_from(timeout=5)
        assert message["type"] == "state"
        assert loop.time() - started < 1.0
        sent.join()
        await comm.disconnect()

    async_to_sync(scenario)()


def test_a_substitute_watching_after_a_robot_took_the_seat_is_closed_when_it_returns(
    online, director
):
    """The director's substitute in North is replaced by a robot: no longer a player,
    they may watch as a spectator. When the robot gives the seat back (the line-up is
    updated in place), their spectator's socket is closed before any state of the table
    reaches it: they sit at this table again."""
    from robots.seating import robot_remove, robot_substitute

    live_spectators(online.event)
    sub = UserFactory()
    seat_substitute(
        director=director, event_id=online.event.pk, table_id=online.table.pk, seat="N",
        username=sub.username,
    )  # fmt: skip
    robot_substitute(
        director=director, event_id=online.event.pk, table_id=online.table.pk, seat="N"
    )
    token = api_token_for(sub)["token"]

    async def scenario():
        comm = socket(online.table, token)
        first = await opened(comm)
        assert first["table"]["seat"] is None  # watching, the whole table
        await database_sync_to_async(robot_remove)(
            director=director, event_id=online.event.pk, table_id=online.table.pk, seat="N"
        )
        await closed_with(comm, "seat_changed")

    async_to_sync(scenario)()
