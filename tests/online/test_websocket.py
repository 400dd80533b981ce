"""The online table's WebSocket (docs/online-play.md) through the real ASGI application
(``config.asgi``: origin check, session or ``?token=``, routing), with Channels' test
communicator: state on connect, acts, errors to the sender alone, the size and rate
limits, and the secrecy of every message a seat receives over a whole board."""

from __future__ import annotations

import json
import random

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.auth import get_user_model
from django.test import override_settings

from config.asgi import application
from online.changes import change_apply
from online.models import PlayAction
from tableplay import Action, Table, table_view
from tableplay.cards import seat_next
from tests.conftest import api_token_for
from tests.factories import UserFactory
from tests.tableplay.helpers import legal_cards, random_call

pytestmark = pytest.mark.django_db(transaction=True)

HEADERS = [(b"origin", b"http://testserver"), (b"host", b"testserver")]


@pytest.fixture(autouse=True)
def _no_lingering_connections(monkeypatch):
    """The consumer's actions run on a thread pool whose threads end with each test's
    event loop: their database connections close after each action instead of being
    kept for reuse (as in a server), so the test database can be dropped at the end."""
    from django.db import connections

    monkeypatch.setitem(connections.settings["default"], "CONN_MAX_AGE", 0)


def path(online, token=None):
    url = f"/ws/events/{online.event.pk}/tables/{online.table.pk}/"
    return f"{url}?token={token}" if token else url


def connect(online, token, *, changes=False):
    """A communicator signed in with an API ``token`` on the URL (``changes``: one that
    asks for changes, not whole views)."""
    url = path(online, token) + ("&changes=1" if changes else "")
    return WebsocketCommunicator(application, url, headers=HEADERS)


def tokens(online, *extra):
    """An API token for each seat's player (and for each of ``extra``), made before the
    event loop runs (signing in reads the database)."""
    out = {seat: api_token_for(user)["token"] for seat, user in online.players.items()}
    return out | {i: api_token_for(user)["token"] for i, user in enumerate(extra)}


async def drain(comm, timeout=0.3):
    """Every message waiting on ``comm``."""
    out = []
    while not await comm.receive_nothing(timeout=timeout):
        out.append(await comm.receive_json_from(timeout=10))
    return out


def run(coro_fn):
    async_to_sync(coro_fn)()


def test_a_seat_connects_and_gets_its_state_then_every_change(online):
    dealer = online.engine().to_play
    other = seat_next(dealer)
    token = tokens(online)

    async def scenario():
        mine, theirs = connect(online, token[dealer]), connect(online, token[other])
        assert (await mine.connect(timeout=10))[0] and (await theirs.connect(timeout=10))[0]
        first = await mine.receive_json_from(timeout=10)
        assert first["type"] == "state" and first["table"]["seat"] == dealer
        assert first["table"]["version"] == 0
        await theirs.receive_json_from(timeout=10)
        await mine.send_json_to(
            {"type": "act", "id": "c-1", "version": 0, "kind": "call", "value": "1NT"}
        )
        got = await mine.receive_json_from(timeout=10)
        seen = await theirs.receive_json_from(timeout=10)
        assert got["type"] == seen["type"] == "state"
        assert got["table"]["version"] == seen["table"]["version"] == 1
        assert seen["table"]["seat"] == other and seen["table"]["hands"][dealer] is None
        # a replayed message: an error to the sender alone
        await mine.send_json_to(
            {"type": "act", "id": "c-2", "version": 0, "kind": "call", "value": "1NT"}
        )
        error = await mine.receive_json_from(timeout=10)
        assert error == {"type": "error", "id": "c-2", "code": "stale", "detail": error["detail"]}
        assert await theirs.receive_nothing(timeout=0.3)
        await mine.send_json_to({"type": "ping"})
        assert await mine.receive_json_from(timeout=10) == {"type": "pong"}
        await mine.disconnect()
        await theirs.disconnect()

    run(scenario)
    assert PlayAction.objects.count() == 1


def test_an_outsider_and_an_anonymous_connection_are_refused(online):
    token = tokens(online, UserFactory())

    async def scenario():
        outsider = connect(online, token[0])
        assert (await outsider.connect(timeout=10))[0]
        message = await outsider.receive_json_from(timeout=10)
        assert message["type"] == "error" and message["code"] == "not_seated"
        assert (await outsider.receive_output())["type"] == "websocket.close"
        anonymous = WebsocketCommunicator(application, path(online), headers=HEADERS)
        await anonymous.connect(timeout=10)
        assert (await anonymous.receive_json_from(timeout=10))["code"] == "not_authenticated"
        bad_token = WebsocketCommunicator(application, path(online, "nope"), headers=HEADERS)
        await bad_token.connect(timeout=10)
        assert (await bad_token.receive_json_from(timeout=10))["code"] == "not_authenticated"

    run(scenario)


def test_another_site_s_page_cannot_open_the_socket(online):
    token = api_token_for(online.players["N"])["token"]

    async def scenario():
        comm = WebsocketCommunicator(
            application, path(online, token), headers=[(b"origin", b"http://evil.example")]
        )
        connected, _ = await comm.connect(timeout=10)
        assert not connected

    run(scenario)


@override_settings(ONLINE_MESSAGES_PER_SECOND=3)
def test_bad_large_and_fast_messages_are_refused_to_the_sender(online):
    dealer = online.engine().to_play
    token = tokens(online)

    async def scenario():
        comm = connect(online, token[dealer])
        await comm.connect(timeout=10)
        await comm.receive_json_from(timeout=10)
        await comm.send_to(text_data="x" * 5000)
        assert (await comm.receive_json_from(timeout=10))["code"] == "too_large"
        await comm.send_to(text_data="not json")
        assert (await comm.receive_json_from(timeout=10))["code"] == "bad_message"
        await comm.send_json_to({"type": "act", "id": 7, "version": "0", "kind": "call"})
        assert await comm.receive_json_from(timeout=10) == {
            "type": "error",
            "id": 7,
            "code": "bad_message",
            "detail": "version must be a number.",
        }
        await comm.send_json_to({"type": "ping"})
        await comm.receive_json_from(timeout=10)
        await comm.send_json_to({"type": "ping"})
        assert (await comm.receive_json_from(timeout=10))["code"] == "too_fast"
        await comm.disconnect()

    run(scenario)
    assert PlayAction.objects.count() == 0


def _cards_in(message: dict) -> set[str]:
    """Every card a message shows: hands, the deal (PBN), the tricks and play."""
    cards = set()
    text = json.dumps(message)
    for token in (
        text.replace('"', " ").replace(",", " ").replace("[", " ").replace("]", " ").split()
    ):
        if len(token) == 2 and token[0] in "SHDC" and token[1] in "AKQJT98765432":
            cards.add(token)
    deal = message.get("table", {}).get("deal")
    if deal:
        hands = deal[2:].split()
        for hand in hands:
            for suit, ranks in zip("SHDC", hand.split("."), strict=True):
                cards |= {suit + r for r in ranks}
    for hand_pbn in (message.get("table", {}).get("hand_pbn") or {}).values():
        for suit, ranks in zip("SHDC", hand_pbn.split("."), strict=True):
            cards |= {suit + r for r in ranks}
    return cards


# Declarer plays two hands as fast as the test loop runs: the rate limit is tested on
# its own (test_bad_large_and_fast_messages_are_refused_to_the_sender), not here.
@override_settings(ONLINE_MESSAGES_PER_SECOND=10_000)
@pytest.mark.parametrize("changes", [False, True], ids=["whole", "changes"])
def test_no_message_to_a_seat_shows_a_card_it_may_not_see(online, changes):
    """A whole board with four seat connections: every message each seat receives shows
    only its own hand, dummy once the lead is faced, the cards played, and all four hands
    once the board is over (docs/rules.md § Online play, what a seat sees). A connection
    that asks for changes is checked on every change it receives and on the view it
    makes of them, which is the seat's whole view at every version."""
    rng = random.Random(11)
    views: dict[str, dict] = {}
    seen_last: dict[int, dict] = {}  # the last view of each board (N's, at the end)
    snapshot = online.snapshot()
    board = snapshot["board"]
    engine = Table(snapshot["deal"], snapshot["dealer"], snapshot["vulnerability"])
    received: dict[str, list[dict]] = {s: [] for s in "NESW"}
    token = tokens(online)

    async def until_version(seat, comm, version):
        """Every message to ``seat`` up to its state at ``version`` (of this board)."""
        while True:
            message = await comm.receive_json_from(timeout=15)
            received[seat].append(message)
            _check(message, seat, _allowed(engine)[seat], board)
            if message["type"] == "change":  # what it adds, then the view it makes
                shown = _cards_in({"change": message["change"]})
                assert shown <= _allowed(engine)[seat], (seat, sorted(shown))
                views[seat] = change_apply(views[seat], message["change"])
                assert views[seat]["version"] == message["version"]
                message = {"type": "state", "table": views[seat]}
                _check(message, seat, _allowed(engine)[seat], board)
                assert_whole_view(views[seat], engine, seat)
            elif message["type"] == "state":
                views[seat] = message["table"]
            table = message.get("table") or {}
            if table:
                seen_last[table["board"]] = table
            if table.get("board") == board and table.get("version") == version:
                return

    async def scenario():
        comms = {s: connect(online, token[s], changes=changes) for s in "NESW"}
        for seat, comm in comms.items():
            await comm.connect(timeout=10)
            await until_version(seat, comm, 0)
        count = 0
        while engine.phase != "over":
            if engine.phase == "auction":
                seat, kind, value = engine.to_play, "call", random_call(engine, rng)
            else:
                seat, kind, value = engine.actor, "card", rng.choice(legal_cards(engine))
            alert = "strong" if kind == "call" and count == 0 else ""
            await comms[seat].send_json_to(
                {"type": "act", "id": str(count), "version": engine.version, "kind": kind,
                 "value": value, "alert": alert}
            )  # fmt: skip
            engine.apply(Action(kind, seat, value, alert))
            count += 1
            for s, comm in comms.items():
                await until_version(s, comm, engine.version)
        for s, comm in comms.items():  # the next board's first state
            received[s] += await drain(comm, 0.3)
            if s == "N":
                seen_last[board] = views["N"]
            for message in received[s]:
                _check(message, s, _allowed(engine)[s], board)
            await comm.disconnect()

    run(scenario)
    for seat in "NESW":
        kinds = {m["type"] for m in received[seat][1:]}
        assert kinds == ({"change", "state"} if changes else {"state"}), received[seat][-3:]
        assert len(received[seat]) >= 10
    if changes:  # a change per action, whole views only for a new board
        boards = [m for m in received["N"] if m["type"] == "state"]
        assert len(boards) == 2, [m["table"]["board_number"] for m in boards]
    last = {"table": seen_last[board]}
    assert last["table"]["phase"] == "over" and last["table"]["deal"]
    assert last["table"]["next"]["board_number"] == 2
    # the next one started
    assert any(m["table"]["board"] != board for m in received["N"] if m["type"] == "state")


def _allowed(engine: Table) -> dict[str, set[str]]:
    """The cards each seat may see now: its own hand, dummy once the lead is faced, the
    cards played; everything once the board is over."""
    everything = {c for hand in engine.hands.values() for c in hand}
    played = {c.value for c in engine.cards}
    out = {}
    for seat in "NESW":
        if engine.phase == "over":
            out[seat] = everything
            continue
        seen = set(engine.hands[seat]) | played
        if engine.dummy and engine.dummy_visible:
            seen |= set(engine.hands[engine.dummy])
        out[seat] = seen
    return out


def assert_whole_view(view: dict, engine: Table, seat: str) -> None:
    """A view made of changes is the seat's whole view of the engine (the fields the
    engine gives: ``tableplay.table_view``)."""
    whole = table_view(engine, seat)
    assert {k: view[k] for k in whole} == whole


def _check(message: dict, seat: str, allowed: set[str], board: int) -> None:
    if message.get("type") != "state":
        return
    assert message["table"]["seat"] == seat
    if message["table"]["board"] != board:  # the next board, not started: its own hand only
        assert message["table"]["phase"] == "auction" and not message["table"]["auction"]
        assert [s for s in "NESW" if message["table"]["hands"][s]] == [seat]
        assert message["table"]["deal"] is None
        return
    shown = _cards_in(message)
    assert shown <= allowed, (seat, sorted(shown - allowed))
    for call in message["table"]["auction"]:
        if "alert" in call and message["table"]["phase"] != "over":
            assert call["seat"] != seat_next(seat, 2), "an alert shown to the caller's partner"


def test_get_user_model_is_the_project_s():
    assert get_user_model().__name__ == "User"


def test_the_tables_are_warned_two_minutes_before_the_round_s_end_once(online):
    from datetime import timedelta

    from django.core.cache import cache

    from online.services import round_end_warn

    cache.clear()
    token = tokens(online)
    ends_at = online.table.round.ends_at
    tables = online.table.round.tables.count()

    async def scenario():
        comm = connect(online, token["N"])
        await comm.connect()
        await comm.receive_json_from()
        early = await sync_to_async(round_end_warn)(now=ends_at - timedelta(minutes=5))
        assert early == 0 and await comm.receive_nothing(timeout=0.2)
        told = await sync_to_async(round_end_warn)(now=ends_at - timedelta(seconds=100))
        assert told == tables  # every table of the round
        assert await comm.receive_json_from() == {"type": "warning", "minutes_left": 2}
        again = await sync_to_async(round_end_warn)(now=ends_at - timedelta(seconds=50))
        assert again == 0 and await comm.receive_nothing(timeout=0.2)
        await comm.disconnect()

    run(scenario)
