"""``python -m bench play --floor``'s server: the transport alone, as a floor under the
online table's cost (docs/benchmarks.md § Online play under load).

The same stack as the product's socket: uvicorn, Channels' JSON consumer on the path of
the table's socket, permessage-deflate, and the Redis channel layer of the production
settings. No database, no seat rule, no engine, no view: a seat's ``act`` is answered by
a ``group_send`` to the table's four connections, each of which sends its seat a change
of the size and shape of a card's (``{"type": "change", "version", "change"}``, the call
appended to the auction, the turn passed on, a hand's text). The seat is the socket's
``?token=`` (``N``, ``E``, ``S`` or ``W``). What the product spends above this floor is
its own work: the seat and board checks, the write, the engine and the four views.

    uvicorn bench.floor_app:application
"""

from __future__ import annotations

import os
import random

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.production")
django.setup()  # the settings (the channel layer) before Channels reads them

from channels.generic.websocket import AsyncJsonWebsocketConsumer  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from django.urls import path  # noqa: E402

SEATS = "NESW"
_CARDS = [s + r for s in "SHDC" for r in "AKQJT98765432"]


def _view(seat: str) -> dict:
    """A seat's first view: the auction, its turn at North, a pass its one call."""
    return {
        "board": 1, "version": 0, "phase": "auction", "seat": seat, "actor": "N",
        "to_play": "N", "legal": {"calls": ["P"], "cards": []}, "auction": [],
        "hand_pbn": {seat: ".".join("AKQ" for _ in range(4))}, "next": None,
    }  # fmt: skip


class FloorConsumer(AsyncJsonWebsocketConsumer):
    async def connect(self) -> None:
        query = dict(
            part.split("=", 1) for part in self.scope["query_string"].decode().split("&") if part
        )
        self.seat = query.get("token", "N")
        self.group = f"floor-{self.scope['url_route']['kwargs']['table_id']}"
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self.send_json({"type": "state", "table": _view(self.seat)})

    async def disconnect(self, code) -> None:
        await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive_json(self, content, **kwargs) -> None:
        if content.get("type") != "act" or not isinstance(content.get("version"), int):
            return
        version = content["version"] + 1
        await self.channel_layer.group_send(
            self.group, {"type": "floor.change", "version": version, "seat": self.seat}
        )

    async def floor_change(self, message: dict) -> None:
        version = message["version"]
        actor = SEATS[version % 4]
        held = random.sample(_CARDS, 13)  # a hand's text: as little compressible as one
        change = {
            "set": {"version": version, "actor": actor, "to_play": actor},
            "splice": {"auction": [version - 1, [{"seat": message["seat"], "call": "P"}]]},
            "merge": {"hand_pbn": {self.seat: "".join(held)}},
        }
        await self.send_json({"type": "change", "version": version, "change": change})


async def health(scope, receive, send) -> None:
    """Any HTTP request (the harness asks /health/ before it starts): 200, no database."""
    await send({"type": "http.response.start", "status": 200, "headers": []})
    await send({"type": "http.response.body", "body": b"ok"})


application = ProtocolTypeRouter(
    {
        "http": health,
        "websocket": URLRouter(
            [path("ws/events/<int:event_id>/tables/<int:table_id>/", FloorConsumer.as_asgi())]
        ),
    }
)
