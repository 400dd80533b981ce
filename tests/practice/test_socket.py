"""The practice table's socket (practice/consumers.py): the online table's protocol
(docs/online-play.md § WebSocket) for the session's own player, the robots' actions
pushed as they are stored, and the engine kept between actions (practice/play.py)."""

from __future__ import annotations

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator

from config.asgi import application
from online.changes import change_apply
from practice import services
from practice.models import PracticeBoard
from practice.play import board_table, engines_clear
from tableplay import Action, Table, table_view
from tests.conftest import api_token_for
from tests.factories import UserFactory
from tests.online.test_websocket import HEADERS, _no_lingering_connections  # noqa: F401

pytestmark = pytest.mark.django_db(transaction=True)


def _connect(session, token):
    url = f"/ws/practice/{session.pk}/?token={token}&changes=1"
    return WebsocketCommunicator(application, url, headers=HEADERS)


def _others_hidden(view: dict) -> None:
    """Only the player's hand, and dummy's once the lead is faced, until the end."""
    if view["phase"] == "over":
        return
    shown = {seat for seat, hand in view["hands"].items() if hand is not None}
    allowed = {view["seat"]} | ({view["dummy"]} if view["play"] else set())
    assert shown <= allowed, view
    assert view["deal"] is None


def test_the_player_plays_a_board_on_the_socket_and_sees_every_robot_action(mp_event, settings):
    """South bids 7S and plays the first legal card each time on the socket: every
    robot's call and card reaches it as a change, the views rebuilt from the changes
    are the stored board's, no other hand is shown before its time, and the board ends
    with its practice score."""
    settings.ONLINE_MESSAGES_PER_SECOND = 1000  # a script, faster than a person
    user = UserFactory()
    session = services.practice_create(user=user, event_id=mp_event.pk)
    token = api_token_for(user)["token"]

    async def scenario():
        comm = _connect(session, token)
        assert (await comm.connect())[0]
        first = await comm.receive_json_from(timeout=10)
        assert first["type"] == "state"
        view = first["table"]
        changes = 0
        for step in range(80):
            _others_hidden(view)
            if view["phase"] == "over":
                break
            assert view["actor"] == "S", view  # the robots have answered up to South
            if view["phase"] == "auction":
                kind, value = "call", ("7S" if "7S" in view["legal"]["calls"] else "P")
            else:
                kind, value = "card", view["legal"]["cards"][0]
            message = {"type": "act", "id": step, "version": view["version"]}
            await comm.send_json_to({**message, "kind": kind, "value": value})
            while True:  # until South is to act again, or the board is over
                msg = await comm.receive_json_from(timeout=10)
                assert msg["type"] in ("change", "state"), msg
                if msg["type"] == "change":
                    assert msg["version"] == view["version"] + 1
                    view = change_apply(view, msg["change"])
                    changes += 1
                else:
                    view = msg["table"]
                _others_hidden(view)
                if view["phase"] == "over" or view["actor"] == "S":
                    break
        await comm.disconnect()
        return view, changes

    view, changes = async_to_sync(scenario)()
    assert view["phase"] == "over" and view["practice"]["field_size"] == 4
    assert changes >= 52  # every card (and the calls) came as a change, not a whole view
    stored = services.practice_state_get(user=user, session_id=session.pk)
    assert {k: v for k, v in view.items() if k != "next"} == {
        k: v for k, v in stored.items() if k != "next"
    }
    row = PracticeBoard.objects.get(session=session)
    assert row.status == PracticeBoard.Status.OVER and row.ns_score == 1510


def test_only_the_sessions_player_connects_and_a_refusal_changes_nothing(mp_event):
    owner, other = UserFactory(), UserFactory()
    session = services.practice_create(user=owner, event_id=mp_event.pk)
    tokens = [api_token_for(owner)["token"], api_token_for(other)["token"]]
    before = list(PracticeBoard.objects.values_list("actions", flat=True))

    async def scenario():
        stranger = _connect(session, tokens[1])
        await stranger.connect()
        refused = await stranger.receive_json_from(timeout=10)
        assert (await stranger.receive_output(timeout=10))["code"] == 4403
        anonymous = WebsocketCommunicator(
            application, f"/ws/practice/{session.pk}/", headers=HEADERS
        )
        await anonymous.connect()
        nobody = await anonymous.receive_json_from(timeout=10)
        comm = _connect(session, tokens[0])
        await comm.connect()
        view = (await comm.receive_json_from(timeout=10))["table"]
        await comm.send_json_to(
            {"type": "act", "id": "x", "version": view["version"] + 5, "kind": "call", "value": "P"}
        )
        stale = await comm.receive_json_from(timeout=10)
        await comm.send_json_to({"type": "act", "id": "y", "version": view["version"], "kind": "x"})
        bad = await comm.receive_json_from(timeout=10)
        await comm.disconnect()
        return refused, nobody, stale, bad

    refused, nobody, stale, bad = async_to_sync(scenario)()
    assert refused["code"] == "not_seated"
    assert nobody["code"] == "not_authenticated"
    assert (stale["id"], stale["code"]) == ("x", "stale")
    assert (bad["id"], bad["code"]) == ("y", "bad_action")
    assert list(PracticeBoard.objects.values_list("actions", flat=True)) == before


def test_the_kept_engine_equals_a_replay_after_every_action_and_catches_up(mp_event):
    """The engine kept between actions is the stored actions replayed, after every
    action; actions stored by another process are applied to it, and a kept engine that
    does not match the stored actions is rebuilt."""
    user = UserFactory()
    session = services.practice_create(user=user, event_id=mp_event.pk)
    row = PracticeBoard.objects.select_related("board").get(session=session)

    def replay(row):
        board = row.board
        table = Table(board.deal, board.dealer, board.vulnerability, undo_allowed=True)
        for seat, kind, value, alert in row.actions:
            table.apply(Action(kind, seat, value, alert))
        return table

    view = services.practice_state_get(user=user, session_id=session.pk)
    while view["phase"] != "over":
        row.refresh_from_db()
        assert table_view(board_table(row), "S") == table_view(replay(row), "S")
        kind = "call" if view["phase"] == "auction" else "card"
        value = ("7S" if "7S" in view["legal"]["calls"] else "P") if kind == "call" else None
        value = value or view["legal"]["cards"][0]
        view = services.practice_act(
            user=user, session_id=session.pk, version=view["version"], kind=kind, value=value
        )
        if view["phase"] != "over" and view["actor"] != "S":
            view = services.practice_state_get(user=user, session_id=session.pk)
    # another process's engine: kept at the opening, then the stored board moves on
    other = services.practice_create(user=user, event_id=mp_event.pk)
    row = PracticeBoard.objects.select_related("board").get(session=other)
    engines_clear()
    kept = board_table(row)
    row.actions = [*row.actions, *([s, "call", "P", ""] for s in _turns(kept, 2))]
    assert table_view(board_table(row), "S") == table_view(replay(row), "S")
    row.actions = row.actions[:-1]  # the kept engine is now ahead of the stored board
    assert table_view(board_table(row), "S") == table_view(replay(row), "S")


def _turns(table: Table, n: int) -> list[str]:
    seats, seat = [], table.actor
    order = "NESW"
    for _ in range(n):
        seats.append(seat)
        seat = order[(order.index(seat) + 1) % 4]
    return seats
