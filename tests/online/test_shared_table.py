"""The four connections of a table in one process turn a broadcast snapshot into their
views from one replay of the board (``online.state.shared_table``), and the shared
engine is never changed by a view."""

from __future__ import annotations

import copy
import random

import pytest

from online import state
from online.state import seat_view, shared_table, snapshot_table
from tableplay import table_view
from tests.tableplay.test_properties import random_action

pytestmark = pytest.mark.django_db


def test_the_four_seats_views_share_one_replay(online, monkeypatch):
    dealer = online.engine().to_play
    online.act(dealer, "call", "1NT")
    snapshot = online.snapshot()
    replays = []
    real = state.snapshot_table
    monkeypatch.setattr(state, "snapshot_table", lambda s: replays.append(1) or real(s))
    state.shared_tables_clear()
    views = {seat: seat_view(copy.deepcopy(snapshot), seat) for seat in "NESW"}
    assert len(replays) == 1
    # each seat still sees its own hand only, as a fresh replay shows it
    for seat, view in views.items():
        assert view == seat_view(snapshot, seat, table=real(snapshot))
        assert [s for s, hand in view["hands"].items() if hand is not None] == [seat]


def test_a_view_leaves_the_shared_engine_as_it_was(online):
    dealer = online.engine().to_play
    online.act(dealer, "call", "1C")
    snapshot = online.snapshot()
    engine = shared_table(snapshot)
    before = seat_view(snapshot, None, table=snapshot_table(snapshot))
    for seat in ("N", "E", "S", "W", None):
        view = seat_view(snapshot, seat)
        for hand in view["hands"].values():
            if hand:
                hand.clear()  # a caller changing its view changes no one else's
        view["auction"].clear()
    assert shared_table(snapshot) is engine
    assert seat_view(snapshot, None) == before


def test_another_action_is_another_engine(online):
    dealer = online.engine().to_play
    online.act(dealer, "call", "1C")
    first = online.snapshot()
    online.act(online.engine().to_play, "call", "P")
    second = online.snapshot()
    assert shared_table(first) is not shared_table(second)
    assert shared_table(second).version == shared_table(first).version + 1
    assert seat_view(second, "N")["auction"][-1]["call"] == "P"
    # a different deal under the same ids and actions (a table replayed elsewhere) too
    deal = first["deal"]
    other = dict(first, deal=("E" if deal[0] != "E" else "S") + deal[1:])
    assert shared_table(other) is not shared_table(first)
    assert shared_table(other).hands != shared_table(first).hands


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_each_new_action_extends_the_kept_engine(online, monkeypatch, seed):
    """A process replays a board once: each later snapshot's engine is the kept one
    copied and extended by the new actions, and every seat (and a spectator) sees what a
    fresh replay shows, through claims, rulings and undos; the engines handed out before
    stay as they were."""
    rng = random.Random(seed)
    start = online.snapshot()
    replays = []
    real = state.snapshot_table
    monkeypatch.setattr(state, "snapshot_table", lambda s: replays.append(1) or real(s))
    state.shared_tables_clear()
    mover = real(start)
    actions, handed = [], []
    while mover.phase != "over" and len(actions) < 400:
        action = random_action(rng, mover)
        mover.apply(action)
        actions.append([action.seat, action.kind, action.value, action.alert])
        snap = dict(copy.deepcopy(start), actions=copy.deepcopy(actions))
        fresh = real(snap)
        for seat in ("N", "E", "S", "W", None):
            assert seat_view(snap, seat) == seat_view(snap, seat, table=fresh)
        engine = shared_table(snap)
        handed.append((engine, table_view(engine, None)))
    assert len(replays) == 1  # the first snapshot; every later one extended it
    for engine, view in handed:  # an engine once handed out is never changed
        assert table_view(engine, None) == view


def test_an_older_snapshot_is_replayed_not_the_newer_engine(online):
    dealer = online.engine().to_play
    online.act(dealer, "call", "1C")
    first = online.snapshot()
    online.act(online.engine().to_play, "call", "P")
    second = online.snapshot()
    state.shared_tables_clear()
    newer = shared_table(second)
    older = shared_table(first)
    assert older is not newer and len(older.calls) == 1 and len(newer.calls) == 2
    assert shared_table(second) is newer  # the board keeps its newest engine
    for seat in ("N", "E", "S", "W", None):
        assert seat_view(first, seat) == seat_view(first, seat, table=snapshot_table(first))
