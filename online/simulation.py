"""Synthetic players at the online tables of a simulated event: ``manage.py
simulate_event --online`` (``docs/simulation.md`` § Played online).

Four players sit at each table and play its boards of the round as WebSocket clients of
the ASGI application (``config.asgi``, through Channels' test communicator): the same
consumer, service and seat check as real players. Each chooses from what the table
sends its own seat (the view's ``legal``): random legal calls, mostly passes so that auctions end
at plausible levels, and random legal cards. Now and then declarer claims, and the
defenders accept, which ends the board (``docs/rules.md`` § Online play, claims). With a
play rate below 1 the players of some boards stop during the auction or the play, and
the round's close cuts the board there (``docs/rules.md`` § The clock); the
table's later boards are then never reached, and are cut as well.

Every choice is drawn from the simulation's ``random.Random``, in the order of the
actions: the same seed plays the same auctions and cards.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from asgiref.sync import async_to_sync
from django.conf import settings
from knox.models import AuthToken

from accounts.models import User
from scoring import format_contract
from tableplay import Action, Table
from tableplay.cards import SEATS, deal_parse, hand_pbn, side
from tournaments.models import Event, Result
from tournaments.models import Table as EventTable

from .changes import change_apply
from .models import BoardPlay, PlayAction
from .selectors import table_seat_get

#: How often declarer claims (of the boards not cut), and how often a call is a double.
CLAIM_RATE = 0.1
DOUBLE_RATE = 0.06


@dataclass(frozen=True)
class BoardPlan:
    """What the players do on one board: stop where the clock will cut it
    (``("auction", k)``: before the k-th call, 0-based; ``("play", k)``: before the k-th
    card), and claim after ``claim_after`` cards (declarer's claim, accepted)."""

    cut: tuple[str, int] | None = None
    claim_after: int | None = None


def board_plan(rng: random.Random, play_rate: float) -> BoardPlan:
    """The plan of the next board: cut with probability 1 - ``play_rate`` (in the
    auction or the play, evenly), else claimed at a trick's end one time in ten."""
    if rng.random() >= play_rate:
        if rng.random() < 0.5:
            return BoardPlan(cut=("auction", rng.randrange(4)))  # three passes end nothing
        return BoardPlan(cut=("play", rng.randrange(52)))
    if rng.random() < CLAIM_RATE:
        return BoardPlan(claim_after=4 * rng.randrange(1, 13))
    return BoardPlan()


def call_choose(legal: list[str], auction: list[dict], rng: random.Random) -> str:
    """A random call of ``legal``: mostly a pass, more so as the auction climbs; else
    one of the three cheapest bids, now and then a double or redouble."""
    levels = [int(c["call"][0]) for c in auction if c["call"][0].isdigit()]
    level = levels[-1] if levels else 0
    if rng.random() < (0.45 if not level else min(0.95, 0.5 + 0.08 * level)):
        return "P"
    if "XX" in legal and rng.random() < 0.3:
        return "XX"
    if "X" in legal and rng.random() < DOUBLE_RATE:
        return "X"
    bids = [call for call in legal if call[0].isdigit()]
    return rng.choice(bids[:3]) if bids else "P"


def next_action(
    views: dict[str, dict], plan: BoardPlan, rng: random.Random
) -> tuple[str, str, str | int | None] | None:
    """The next action at the table, as ``(seat, kind, value)``, from what each seat
    sees; None when nobody acts any more: the board is over (and with it the table's
    round), or the players stop where the clock will cut it."""
    view = views[SEATS[0]]
    phase = view["phase"]
    if phase == "over":
        return None
    claim = view["claim"]
    if claim is not None:  # the defenders accept declarer's claim, one after the other
        declaring = side(claim["seat"])
        seat = next(s for s in SEATS if side(s) != declaring and s not in claim["accepted"])
        return seat, "accept", None
    actor = view["actor"]
    legal = views[actor]["legal"]
    if phase == "auction":
        if (
            plan.cut is not None
            and plan.cut[0] == "auction"
            and len(view["auction"]) >= plan.cut[1]
        ):
            return None
        return actor, "call", call_choose(legal["calls"], view["auction"], rng)
    played = len(view["play"])
    if plan.cut is not None and plan.cut[0] == "play" and played >= plan.cut[1]:
        return None
    if plan.claim_after is not None and played == plan.claim_after:
        left = 13 - sum(1 for trick in view["tricks"] if trick["winner"] is not None)
        return view["declarer"], "claim", rng.randint(0, left)
    return actor, "card", rng.choice(legal["cards"])


def table_players(table: EventTable) -> dict[str, User]:
    """The player at each seat of ``table``, by the seat rule of online play."""
    members = [
        m.player
        for entry in (table.ns, table.ew)
        for m in entry.members.select_related("player").order_by("position")
    ]
    seats = {}
    for user in members:
        seat = table_seat_get(table=table, user=user)
        if seat is not None:
            seats.setdefault(seat, user)
    return seats


class SimulationError(RuntimeError):
    """The table refused a synthetic player's action or connection (a bug to see)."""


#: How long a synthetic player waits for the table's answer, in seconds.
TIMEOUT = 30


def _host() -> str:
    """A host the ASGI application's origin check accepts."""
    named = [h for h in settings.ALLOWED_HOSTS if h != "*" and not h.startswith(".")]
    return named[0] if named else "localhost"


class _Client:
    """One synthetic player's WebSocket connection to its table (docs/online-play.md),
    which keeps to the server's rate limit."""

    def __init__(self, url: str, token: str) -> None:
        from channels.testing import WebsocketCommunicator

        from config.asgi import application  # not while the apps load: it sets Django up

        host = _host()
        self.socket = WebsocketCommunicator(
            application,
            f"{url}?token={token}&changes=1",
            headers=[(b"origin", f"http://{host}".encode()), (b"host", host.encode())],
        )
        self.sent: deque[float] = deque()
        self.last: dict = {}
        self.view: dict = {}

    async def connect(self) -> None:
        connected, _ = await self.socket.connect(timeout=TIMEOUT)
        if not connected:
            raise SimulationError("the table refused the connection")
        self.view = await self.state(0)

    async def act(self, number: int, version: int, kind: str, value) -> None:
        self.last = {"type": "act", "id": number, "version": version, "kind": kind, "value": value}
        await self._send()

    async def _send(self) -> None:
        limit = settings.ONLINE_MESSAGES_PER_SECOND
        now = time.monotonic()
        while self.sent and now - self.sent[0] >= 1.0:
            self.sent.popleft()
        if len(self.sent) >= max(1, limit - 1):
            await asyncio.sleep(1.0 - (now - self.sent[0]) + 0.01)
        self.sent.append(time.monotonic())
        await self.socket.send_json_to(self.last)

    async def state(self, version: int) -> dict:
        """The table once it has reached ``version``: after a board's last action, the
        next board's start (the round's boards done: the last board, over). An action
        refused as too fast is sent again a moment later; any other refusal is a bug."""
        while True:
            message = await self.socket.receive_json_from(timeout=TIMEOUT)
            if message["type"] == "error":
                if message["code"] != "too_fast" or not self.last:
                    raise SimulationError(f"{self.last} refused: {message['code']}")
                await asyncio.sleep(0.2)
                await self._send()
                continue
            if message["type"] == "change":  # what the new view adds (online.changes)
                view = change_apply(self.view, message["change"])
            elif message["type"] == "state":
                view = message["table"]
            else:
                continue  # a warning of the clock
            self.view = view
            following = view["phase"] == "over" and (view.get("next") or {}).get("board")
            if view["version"] >= version and not following:
                return view


async def _table_play_by_socket(
    table: EventTable, tokens: dict[str, str], rng: random.Random, play_rate: float
) -> None:
    """One table's boards of its round: four players connected to its WebSocket
    through the ASGI application, each acting from its own seat's view."""
    url = f"/ws/events/{table.event_id}/tables/{table.pk}/"
    clients = {seat: _Client(url, tokens[seat]) for seat in SEATS}
    try:
        for client in clients.values():
            await client.connect()
        seen, plan, number = None, BoardPlan(), 0
        while True:
            views = {seat: client.view for seat, client in clients.items()}
            if views["N"]["board"] != seen:
                seen, plan = views["N"]["board"], board_plan(rng, play_rate)
            action = next_action(views, plan, rng)
            if action is None:
                return
            seat, kind, value = action
            number += 1
            version = views[seat]["version"]
            await clients[seat].act(number, version, kind, value)
            # the actor first: a refusal comes to it alone
            for other in (seat, *(s for s in SEATS if s != seat)):
                await clients[other].state(version + 1)
    finally:
        for client in clients.values():
            await client.socket.disconnect()


def tables_play(
    *,
    tables,
    rng: random.Random,
    play_rate: float,
    progress: Callable[[int], None] | None = None,
) -> None:
    """Four synthetic players at each of ``tables`` play its boards of the round."""
    for table in tables:
        table = EventTable.objects.select_related("round__event", "ns", "ew").get(pk=table.pk)
        table.event = table.round.event
        players = table_players(table)
        tokens = {seat: AuthToken.objects.create(user=user) for seat, user in players.items()}
        try:
            async_to_sync(_table_play_by_socket)(
                table, {seat: token for seat, (_, token) in tokens.items()}, rng, play_rate
            )
        finally:  # the players' API tokens last the table's play
            AuthToken.objects.filter(pk__in=[t.pk for t, _ in tokens.values()]).delete()
        if progress:
            progress(1)


# -- the report ----------------------------------------------------------------------


def board_describe(*, deal: str, dealer: str, vulnerability: str, actions: list) -> dict:
    """A board played online as ``simulate_event --json`` reports it
    (``docs/simulation.md`` § Played online): the deal, its auction and play in order, an
    accepted claim, the contract, declarer and the declaring side's tricks. ``actions``: the stored
    ``(seat, kind, value, alert)`` in order."""
    hands = deal_parse(deal)
    engine = Table(deal, dealer, vulnerability)
    for seat, kind, value, alert in actions:
        engine.apply(Action(kind, seat, value, alert))
    result = engine.result
    if result is not None:
        contract = result.contract
    else:
        contract = format_contract(engine.contract) if engine.contract is not None else None
    claim = None
    if result is not None and result.status == "claimed":
        claim = {"after": result.claim_after, "declarer_tricks": result.tricks}
    passed = contract == "PASS"
    return {
        "deal": "N:" + " ".join(hand_pbn(hands[seat]) for seat in SEATS),
        "dealer": dealer,
        "vul": vulnerability,
        "auction": [call.value for call in engine.calls],
        "play": [card.value for card in engine.cards],
        "claim": claim,
        "contract": contract,
        "declarer": None if passed else engine.declarer,
        "tricks": None if result is None or passed else result.tricks,
    }


def boards_describe(*, event: Event) -> dict[tuple[int, int], dict]:
    """Every board with a result at the event's tables (not a bye), described as
    ``board_describe`` does, by (table id, board id): a board cut before anyone acted
    has an empty auction and play. Three queries."""
    actions: dict[int, list] = {}
    for play_id, seat, kind, value, alert in (
        PlayAction.objects.filter(play__table__event=event)
        .order_by("play_id", "seq")
        .values_list("play_id", "seat", "kind", "value", "alert")
    ):
        actions.setdefault(play_id, []).append((seat, kind, value, alert))
    plays = {
        (table_id, board_id): pk
        for pk, table_id, board_id in BoardPlay.objects.filter(table__event=event).values_list(
            "pk", "table_id", "board_id"
        )
    }
    out = {}
    results = Result.objects.filter(table__event=event, table__ew__isnull=False)
    for result in results.select_related("board"):
        board = result.board
        key = (result.table_id, board.pk)
        out[key] = board_describe(
            deal=board.deal,
            dealer=board.dealer,
            vulnerability=board.vulnerability,
            actions=actions.get(plays.get(key), []),
        )
    return out
