"""Playing a board at an online table where robots hold some seats."""

from __future__ import annotations

import importlib

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


def raise_once(monkeypatch, target: str, *, when) -> list:
    """``target`` (a robot's decision) raises the first time ``when(view)`` holds."""
    module, name = target.rsplit(".", 1)
    real = getattr(importlib.import_module(module), name)
    raised = []

    def decide(view, **kwargs):
        if not raised and when(view):
            raised.append(view["viewer"])
            raise RuntimeError("database is locked")
        return real(view, **kwargs)

    monkeypatch.setattr(target, decide)
    return raised


def its_turn(view) -> bool:
    """Whether the seat ``view`` was made for is to act (for :func:`raise_once`)."""
    return view["actor"] == view["viewer"]
