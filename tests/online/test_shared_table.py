"""The four connections of a table in one process turn a broadcast snapshot into their
views from one replay of the board (``online.state.shared_table``), and the shared
engine is never changed by a view."""

from __future__ import annotations

import copy

import pytest

from online import state
from online.state import seat_view, shared_table, snapshot_table

pytestmark = pytest.mark.django_db


def test_the_four_seats_views_share_one_replay(online, monkeypatch):
    dealer = online.engine().to_play
    online.act(dealer, "call", "1NT")
    snapshot = online.snapshot()
    replays = []
    real = state.snapshot_table
    monkeypatch.setattr(state, "snapshot_table", lambda s: replays.append(1) or real(s))
    state._shared_table.cache_clear()
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
