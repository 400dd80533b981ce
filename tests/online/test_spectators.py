"""Spectators (docs/rules.md § Online play, spectators): the event's setting lets
signed-in users outside the event watch its tables whole, live or as they stood N
seconds ago; off by default. A player of the event never watches another table, and an
anonymous request never watches: through the page, the REST door, the WebSocket, the
board page or the exports (the one visibility rule)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.urls import reverse
from django.utils import timezone

from config.asgi import application
from online.models import BoardPlay, PlayAction
from tableplay.cards import seat_next
from tests.conftest import api_client, api_token_for, player
from tests.factories import UserFactory
from tournaments.models import Board, Event, Table
from tournaments.selectors.visibility import ANYONE, board_visible, boards_hidden

pytestmark = pytest.mark.django_db

HEADERS = [(b"origin", b"http://testserver"), (b"host", b"testserver")]


def _set(online, spectators: str, delay: int = 60) -> None:
    online.event.spectators, online.event.spectator_delay = spectators, delay
    online.event.save(update_fields=["spectators", "spectator_delay"])


def _api(online):
    return reverse(
        "api-table-play", kwargs={"event_id": online.event.pk, "table_id": online.table.pk}
    )


def _page(online):
    return reverse("online:table", args=[online.event.pk, online.table.pk])


def _other_table_player(online):
    other = Table.objects.filter(round=online.table.round).exclude(pk=online.table.pk).first()
    return player(other.ns)


def test_off_by_default_an_outsider_is_refused_everywhere(online, client):
    assert online.event.spectators == Event.Spectators.OFF
    outsider = UserFactory()
    assert api_client(outsider).get(_api(online)).status_code == 403
    client.force_login(outsider)
    assert client.get(_page(online)).status_code == 403


def test_live_an_outsider_watches_the_whole_table_but_cannot_act(online, client):
    _set(online, Event.Spectators.LIVE)
    dealer = online.engine().to_play
    online.act(dealer, "call", "1C", alert="short")
    outsider = UserFactory()
    view = api_client(outsider).get(_api(online)).json()
    assert view["seat"] is None and "delay" not in view
    assert all(view["hands"][s] for s in "NESW")  # all four hands
    assert view["auction"] == [{"seat": dealer, "call": "1C", "alert": "short"}]
    client.force_login(outsider)
    assert client.get(_page(online)).status_code == 200
    # watching is not playing, nor directing
    for body, status, code in (
        ({"version": 1, "kind": "call", "value": "P"}, 403, "not_seated"),
        (
            {"version": 1, "kind": "call", "value": "P", "seat": seat_next(dealer)},
            403,
            "not_seated",
        ),
        ({"version": 1, "kind": "cut"}, 400, "not_yours"),
    ):
        answer = api_client(outsider).post(_api(online), body, format="json")
        assert (answer.status_code, answer.json()["code"]) == (status, code)
    assert PlayAction.objects.count() == 1
    # the board page shows the board in play to the spectator, as the table does
    board = Board.objects.get(pk=view["board"])
    assert board_visible(user=outsider, board=board, event=online.event)


def test_a_player_of_another_table_never_watches_nor_sees_the_board(online, client):
    _set(online, Event.Spectators.LIVE)
    online.act(online.engine().to_play, "call", "1C")
    elsewhere = _other_table_player(online)
    assert api_client(elsewhere).get(_api(online)).status_code == 403
    client.force_login(elsewhere)
    assert client.get(_page(online)).status_code == 403
    board = Board.objects.get(pk=online.snapshot()["board"])
    assert not board_visible(user=elsewhere, board=board, event=online.event)
    assert board.pk in boards_hidden(user=elsewhere, event=online.event)
    response = client.get(reverse("tournaments:board_detail", args=[online.event.pk, 1]))
    assert board.deal.split()[1] not in response.content.decode()
    # the public (exports, the standings grid, anonymous requests) neither
    assert board.pk in boards_hidden(user=ANYONE, event=online.event)


@pytest.mark.parametrize("spectators", [Event.Spectators.OFF, Event.Spectators.LIVE])
def test_the_refusal_says_why_a_player_of_the_event_may_not_watch(online, client, spectators):
    """Issue #32, item 7: not "This page is for the event's director"."""
    _set(online, spectators)
    client.force_login(_other_table_player(online))
    response = client.get(_page(online))
    page = response.content.decode()
    assert response.status_code == 403
    assert "You do not sit at this table." in page
    assert "for the event&#x27;s director" not in page and "Spectators may not" not in page


def test_the_refusal_tells_a_new_user_that_spectators_are_off(online, client):
    client.force_login(UserFactory())
    response = client.get(_page(online))
    page = response.content.decode()
    assert response.status_code == 403
    assert "Spectators may not watch this event&#x27;s tables" in page
    assert "for the event&#x27;s director" not in page and "You do not sit" not in page


def test_an_anonymous_request_never_watches(online, client):
    _set(online, Event.Spectators.LIVE)
    assert api_client().get(_api(online)).status_code in (401, 403)
    response = client.get(_page(online))
    assert response.status_code == 302 and "login" in response["Location"]


def test_delayed_a_spectator_sees_only_what_is_older_than_the_delay(online):
    _set(online, Event.Spectators.DELAYED, delay=60)
    outsider = UserFactory()
    dealer = online.engine().to_play
    online.act(dealer, "call", "1C")
    # nothing started a minute ago: no board shown, its deal not either
    early = api_client(outsider).get(_api(online)).json()
    assert early["board"] is None and early["delay"] == 60 and "hands" not in early
    long_ago = timezone.now() - timedelta(seconds=120)
    BoardPlay.objects.update(started_at=long_ago)
    PlayAction.objects.update(created_at=long_ago)
    online.act(seat_next(dealer), "call", "1H")
    view = api_client(outsider).get(_api(online)).json()
    assert view["auction"] == [{"seat": dealer, "call": "1C"}]  # not the 1H of just now
    assert all(view["hands"][s] for s in "NESW")
    # a player at the table sees it live
    live = api_client(online.players[dealer]).get(_api(online)).json()
    assert len(live["auction"]) == 2


def _ws(online, token):
    url = f"/ws/events/{online.event.pk}/tables/{online.table.pk}/"
    return WebsocketCommunicator(
        application, f"{url}?token={token}" if token else url, headers=HEADERS
    )


@pytest.mark.django_db(transaction=True)
def test_over_the_websocket_a_live_spectator_watches_and_a_player_elsewhere_is_refused(online):
    _set(online, Event.Spectators.LIVE)
    outsider = api_token_for(UserFactory())["token"]
    elsewhere = api_token_for(_other_table_player(online))["token"]

    async def scenario():
        watcher = _ws(online, outsider)
        assert (await watcher.connect(timeout=10))[0]
        state = await watcher.receive_json_from(timeout=10)
        assert state["type"] == "state" and state["table"]["seat"] is None
        assert all(state["table"]["hands"][s] for s in "NESW")
        await watcher.send_json_to({"type": "act", "version": 0, "kind": "call", "value": "P"})
        refused = await watcher.receive_json_from(timeout=10)
        assert refused["type"] == "error" and refused["code"] == "not_seated"
        await watcher.disconnect()
        for token in (elsewhere, None):
            comm = _ws(online, token)
            await comm.connect(timeout=10)
            message = await comm.receive_json_from(timeout=10)
            assert message["type"] == "error"
            assert message["code"] in ("not_seated", "not_authenticated")
            closed = await comm.receive_output()
            assert closed["type"] == "websocket.close" and closed["code"] == 4403

    async_to_sync(scenario)()
    assert PlayAction.objects.count() == 0


@pytest.mark.django_db(transaction=True)
def test_over_the_websocket_a_delayed_spectator_is_never_sent_the_live_table(online):
    _set(online, Event.Spectators.DELAYED, delay=2)
    outsider = api_token_for(UserFactory())["token"]
    dealer = online.engine().to_play

    async def scenario():
        watcher = _ws(online, outsider)
        assert (await watcher.connect(timeout=10))[0]
        state = await watcher.receive_json_from(timeout=10)
        assert state["table"]["board"] is None and state["table"]["delay"] == 2
        await database_sync_to_async(online.act)(dealer, "call", "1C")
        assert await watcher.receive_nothing(timeout=1)  # nothing live
        later = await watcher.receive_json_from(timeout=15)  # the delay after
        assert later["table"]["auction"] == [{"seat": dealer, "call": "1C"}]
        assert all(later["table"]["hands"][s] for s in "NESW")
        await watcher.disconnect()

    async_to_sync(scenario)()
