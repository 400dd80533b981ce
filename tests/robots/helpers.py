"""Playing a board at an online table where robots hold some seats."""

from __future__ import annotations

import pytest

from robots.models import RobotSeat


def humans_play_board(online, rng) -> None:
    """The people at the table make random legal calls and cards until the board in
    play ends; the robots act by themselves after each action (in-process tasks)."""
    from tests.tableplay.helpers import legal_cards, random_call

    board = online.snapshot()["board"]
    robots = set(RobotSeat.objects.filter(table=online.table).values_list("seat", flat=True))
    for _ in range(400):
        snap = online.snapshot()
        if snap["board"] != board:
            return
        engine = online.engine()
        if engine.phase not in ("auction", "play"):
            return
        who = engine.to_play if engine.phase == "auction" else engine.actor
        if who in robots:
            pytest.fail(f"the robots stopped: {engine.phase}, {who} to act")
        if engine.phase == "auction":
            online.act(who, "call", random_call(engine, rng), version=engine.version)
        else:
            online.act(who, "card", rng.choice(legal_cards(engine)), version=engine.version)
    pytest.fail("the board never ended")
