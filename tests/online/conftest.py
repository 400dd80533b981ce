"""An online Swiss pairs event with round 1 open: its first table, its four players by
seat, and a way to act as them through the services."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from online import services
from online.selectors import table_snapshot_get
from online.state import snapshot_table
from tournaments.models import Event, Table


@dataclass
class Seated:
    event: Event
    table: Table
    players: dict  # seat -> user

    def engine(self):
        table = Table.objects.select_related("round__event").get(pk=self.table.pk)
        return snapshot_table(table_snapshot_get(table=table))

    def snapshot(self):
        table = Table.objects.select_related("round__event").get(pk=self.table.pk)
        return table_snapshot_get(table=table)

    def act(self, who, kind, value=None, *, version=None, user=None, **kw):
        """Act as the player sitting at ``who`` (``seat=``: the seat the message names)."""
        if version is None:
            version = self.engine().version
        return services.play_act(
            user=user or self.players[who], event_id=self.event.pk, table_id=self.table.pk,
            version=version, kind=kind, value=value, **kw,
        )  # fmt: skip


def seated_table(event) -> Seated:
    table = event.rounds.get(number=1).tables.order_by("number").first()
    table = Table.objects.select_related("round__event").get(pk=table.pk)
    players = {}
    for entry, seats in ((table.ns, "NS"), (table.ew, "EW")):
        for member in entry.members.select_related("player").order_by("position"):
            players[seats[member.position - 1]] = member.player
    return Seated(event=event, table=table, players=players)


@pytest.fixture
def online(make_event):
    event = make_event(pairs=4, start=True, online_play=True)
    return seated_table(event)


def play_out(seated: Seated, rng, *, claim_after: int | None = None) -> None:
    """Random legal calls and cards until the table's current board is over."""
    from tests.tableplay.helpers import legal_cards, random_call

    board = seated.snapshot()["board"]
    while True:
        snap = seated.snapshot()
        if snap["board"] != board:
            return
        engine = snapshot_table(snap)
        if engine.phase == "auction":
            seated.act(engine.to_play, "call", random_call(engine, rng), version=engine.version)
        elif engine.phase == "play":
            seated.act(
                engine.actor, "card", rng.choice(legal_cards(engine)), version=engine.version
            )
        else:
            return
