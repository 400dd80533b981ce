"""The tables this process keeps live: for each, its board in play as last stored, the
engine after those actions, and what a snapshot says besides (docs/architecture.md § The
live table).

An action at a table that this process keeps live is checked against the engine in
memory and stored as one row (``services.play_act``'s one-write path): no replay, no
row lock, no read of the seats or the presence. Every process serving a connection of the
table keeps its entry current from the table's own broadcasts (``live_observe``), so
whichever process a seat's socket reached acts from the latest state. The stored actions
stay the one truth: the unique ``(play, seq)`` of ``PlayAction`` refuses a row written
from an engine that missed another process's action, and the entry is then dropped and
the action takes the long way (the table's locks, the stored actions replayed). An entry
is only a cache: a process that dies loses nothing, and one that starts builds its
entries from the stored actions.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass, field

from tableplay import Action, Table

from .state import snapshot_table

#: How many tables a process keeps live (an entry is its board's snapshot and engine:
#: about 20 KB; 4,096 of them some 80 MB).
LIVE_TABLES = 4096


@dataclass
class LiveTable:
    """One table's board in play, as this process last saw it stored."""

    table_id: int
    event_id: int
    play_id: int
    #: The board's snapshot (``selectors.board_snapshot``) after its stored actions: what
    #: the next action's broadcast extends. Never changed once made: a new one replaces it.
    snapshot: dict
    #: The engine after ``snapshot``'s actions. Read only: an action copies it.
    engine: Table
    #: Whether a robot holds a seat (None: not yet asked).
    robots: bool | None = None
    lock: threading.Lock = field(default_factory=threading.Lock)


_live: OrderedDict[int, LiveTable] = OrderedDict()
_guard = threading.Lock()


def live_get(table_id: int) -> LiveTable | None:
    with _guard:
        entry = _live.get(table_id)
        if entry is not None:
            _live.move_to_end(table_id)
        return entry


def live_put(*, snapshot: dict, engine: Table, play_id: int, robots: bool | None = None) -> None:
    """Keep the table live from a stored state (after the commit that stored it). A
    board that is over is not kept: its next board starts the long way."""
    if engine is None or engine.phase == "over" or snapshot.get("deal") is None:
        live_drop(snapshot["table"])
        return
    entry = LiveTable(
        table_id=snapshot["table"], event_id=snapshot["event"], play_id=play_id,
        snapshot=snapshot, engine=engine, robots=robots,
    )  # fmt: skip
    with _guard:
        _live[entry.table_id] = entry
        _live.move_to_end(entry.table_id)
        while len(_live) > LIVE_TABLES:
            _live.popitem(last=False)


def live_replace(entry: LiveTable, *, snapshot: dict, engine: Table) -> None:
    """The entry after its own action (the caller holds ``entry.lock``)."""
    entry.snapshot, entry.engine = snapshot, engine


def live_drop(table_id: int) -> None:
    with _guard:
        _live.pop(table_id, None)


def live_drop_event(event_id: int) -> None:
    """Forget the event's tables (who sits where, or a setting of the event, changed)."""
    with _guard:
        for table_id in [t for t, e in _live.items() if e.event_id == event_id]:
            del _live[table_id]


def live_clear() -> None:
    """Forget every table (tests)."""
    with _guard:
        _live.clear()


#: What a snapshot says besides the board, kept as the latest broadcast says it.
META = ("ends_at", "next", "connected", "players")


def live_observe(snapshot: dict) -> None:
    """A snapshot of the table broadcast (by this process or another): the entry follows
    it. Actions that extend the entry's are applied to a copy of its engine; another
    board, or actions that do not extend the entry's, drop it (the next action here
    takes the long way). A snapshot that names its ``BoardPlay`` (``play_id``) makes an
    entry of a table not yet kept."""
    table_id = snapshot.get("table")
    entry = live_get(table_id) if table_id is not None else None
    if entry is None:
        if snapshot.get("play_id") and snapshot.get("deal") is not None:
            engine = snapshot_table(snapshot)
            live_put(snapshot=snapshot, engine=engine, play_id=snapshot["play_id"])
        return
    with entry.lock:
        kept = entry.snapshot
        if (snapshot["board"], snapshot["base_version"]) != (kept["board"], kept["base_version"]):
            live_drop(table_id)
            return
        old, new = kept["actions"], snapshot["actions"]
        if len(new) < len(old) or new[: len(old)] != old:
            if len(new) < len(old) and old[: len(new)] == new:
                return  # an older snapshot, arriving late
            live_drop(table_id)
            return
        engine = entry.engine
        if len(new) > len(old):
            engine = engine.copy()
            for seat, kind, value, alert in new[len(old) :]:
                engine.apply(Action(kind, seat, value, alert))
        merged = dict(snapshot)
        for key in ("connected", "players"):  # an action's snapshot leaves them out
            if merged.get(key) is None:
                merged[key] = kept.get(key)
        if engine.phase == "over":
            live_drop(table_id)
            return
        live_replace(entry, snapshot=merged, engine=engine)
