"""Chat at the table (docs/rules.md § Online play, chat): off by default; on, a seated
player's line reaches the table's four seats (not those watching), is not stored, and is
held to the connection's size and rate limits."""

from __future__ import annotations

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator
from django.test import override_settings

from config.asgi import application
from online.chat import CHAT_MAX_CHARS
from online.models import PlayAction
from tests.conftest import api_token_for
from tests.factories import UserFactory
from tournaments.models import Event

pytestmark = pytest.mark.django_db(transaction=True)

HEADERS = [(b"origin", b"http://testserver"), (b"host", b"testserver")]


def _ws(online, token):
    url = f"/ws/events/{online.event.pk}/tables/{online.table.pk}/?token={token}"
    return WebsocketCommunicator(application, url, headers=HEADERS)


def _chat_on(online, on=True, spectators=Event.Spectators.OFF):
    online.event.chat_allowed, online.event.spectators = on, spectators
    online.event.save(update_fields=["chat_allowed", "spectators"])


async def _connected(online, token):
    comm = _ws(online, token)
    assert (await comm.connect(timeout=10))[0]
    assert (await comm.receive_json_from(timeout=10))["type"] == "state"
    return comm


def test_off_by_default_a_chat_line_is_refused_to_its_sender_alone(online):
    assert not online.event.chat_allowed
    tokens = {seat: api_token_for(user)["token"] for seat, user in online.players.items()}

    async def scenario():
        north, south = await _connected(online, tokens["N"]), await _connected(online, tokens["S"])
        await north.send_json_to({"type": "chat", "id": "m1", "text": "hello"})
        error = await north.receive_json_from(timeout=10)
        assert (error["type"], error["id"], error["code"]) == ("error", "m1", "chat_off")
        assert await south.receive_nothing(timeout=0.3)
        await north.disconnect()
        await south.disconnect()

    async_to_sync(scenario)()


def test_on_a_line_reaches_the_four_seats_not_a_spectator_and_is_not_stored(online, director):
    _chat_on(online, spectators=Event.Spectators.LIVE)
    tokens = {seat: api_token_for(user)["token"] for seat, user in online.players.items()}
    watcher_token = api_token_for(UserFactory())["token"]
    director_token = api_token_for(director)["token"]

    async def scenario():
        seats = {seat: await _connected(online, tokens[seat]) for seat in "NESW"}
        watchers = [
            await _connected(online, watcher_token),
            await _connected(online, director_token),
        ]
        await seats["E"].send_json_to({"type": "chat", "text": "  good\nluck \x07 "})
        for comm in seats.values():
            line = await comm.receive_json_from(timeout=10)
            assert (line["type"], line["seat"], line["text"]) == ("chat", "E", "good luck")
            assert line["name"] == online.players["E"].name  # who said it, by name
        for comm in watchers:
            assert await comm.receive_nothing(timeout=0.3)
        # too long, or no text: refused to the sender
        for text in ("x" * (CHAT_MAX_CHARS + 1), "   ", 5):
            await seats["N"].send_json_to({"type": "chat", "text": text})
            assert (await seats["N"].receive_json_from(timeout=10))["code"] == "bad_message"
        assert await seats["S"].receive_nothing(timeout=0.3)
        # a spectator does not chat
        await watchers[0].send_json_to({"type": "chat", "text": "hi"})
        assert (await watchers[0].receive_json_from(timeout=10))["code"] == "not_seated"
        for comm in [*seats.values(), *watchers]:
            await comm.disconnect()

    async_to_sync(scenario)()
    assert PlayAction.objects.count() == 0


@override_settings(ONLINE_MESSAGES_PER_SECOND=2, ONLINE_MESSAGE_MAX_BYTES=300)
def test_chat_is_held_to_the_connection_s_size_and_rate_limits(online):
    _chat_on(online)
    token = api_token_for(online.players["N"])["token"]

    async def scenario():
        north = await _connected(online, token)
        await north.send_json_to({"type": "chat", "text": "y" * 400})
        assert (await north.receive_json_from(timeout=10))["code"] == "too_large"
        await north.send_json_to({"type": "chat", "text": "one"})
        assert (await north.receive_json_from(timeout=10))["text"] == "one"
        await north.send_json_to({"type": "chat", "text": "two"})
        assert (await north.receive_json_from(timeout=10))["text"] == "two"
        await north.send_json_to({"type": "chat", "text": "three"})
        assert (await north.receive_json_from(timeout=10))["code"] == "too_fast"
        await north.disconnect()

    async_to_sync(scenario)()
