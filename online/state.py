"""What a seat is sent, from a table's snapshot: the one place a view leaves the server.

A snapshot (``selectors.table_snapshot_get``) is what the services broadcast on the
channel layer to group ``table-<id>`` after every change: the board's deal and its
actions, so each connection computes its own seat's view without a database read. Only
``seat_view``'s answer, filtered by ``tableplay.table_view``, is ever sent to a client
(``docs/rules.md`` § Online play, what a seat sees; shapes: docs/online-play.md).
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from tableplay import Action, Table, table_view

#: How many engines built from snapshots a process keeps (``shared_table``): one per
#: board, the last state it saw, for the tables whose connections this process serves
#: (about 20 KB each with its actions: 2,048 boards, some 40 MB, cover 1,000 tables and
#: their next boards).
SHARED_TABLES = 2048

#: Board key -> (the actions replayed, the engine after them), least recently used first.
_shared: OrderedDict[tuple, tuple[tuple, Table]] = OrderedDict()
_shared_lock = threading.Lock()


def group_name(table_id: int) -> str:
    """The channel-layer group of a table's connections."""
    return f"table-{table_id}"


def snapshot_table(snapshot: dict) -> Table | None:
    """The engine's table after the snapshot's actions (None: no board at the table)."""
    if snapshot.get("deal") is None:
        return None
    table = Table(
        snapshot["deal"],
        snapshot["dealer"],
        snapshot["vulnerability"],
        undo_allowed=snapshot["undo_allowed"],
    )
    table.version = snapshot["base_version"]  # versions run on across a round's boards
    for seat, kind, value, alert in snapshot["actions"]:
        table.apply(Action(kind, seat, value, alert))
    return table


def shared_table(snapshot: dict) -> Table | None:
    """``snapshot_table``, built once per process for a given snapshot: the four seats'
    connections of a table (and anyone watching it) in one process turn one broadcast
    into their views from one engine. Read only: the engine is shared, so nothing may
    ``apply`` to it (``table_view`` only reads; a caller that acts builds its own with
    ``snapshot_table``).

    The process keeps each board's last engine: a snapshot whose actions extend the kept
    ones is a copy of that engine (``Table.copy``) with the new actions applied, not a
    replay of the board. The key is everything else the replay reads, so two snapshots
    share an engine only when they would replay to the same table; any other snapshot
    (an older one, a board never seen here) is replayed whole."""
    if snapshot.get("deal") is None:
        return None
    key = (
        snapshot["table"],
        snapshot["board"],
        snapshot["deal"],
        snapshot["dealer"],
        snapshot["vulnerability"],
        snapshot["undo_allowed"],
        snapshot["base_version"],
    )
    actions = tuple(tuple(action) for action in snapshot["actions"])
    with _shared_lock:
        kept = _shared.get(key)
        if kept is not None:
            _shared.move_to_end(key)
    if kept is not None and kept[0] == actions:
        return kept[1]
    table = None
    if kept is not None and len(kept[0]) < len(actions) and actions[: len(kept[0])] == kept[0]:
        table = kept[1].copy()  # the kept engine stays as it is: others may be reading it
        for seat, kind, value, alert in actions[len(kept[0]) :]:
            table.apply(Action(kind, seat, value, alert))
    if table is None:
        table = snapshot_table(snapshot)
    with _shared_lock:
        now = _shared.get(key)
        if now is None or len(now[0]) <= len(actions):  # an older snapshot keeps no place
            _shared[key] = (actions, table)
            _shared.move_to_end(key)
            while len(_shared) > SHARED_TABLES:
                _shared.popitem(last=False)
    return table


def shared_tables_clear() -> None:
    """Forget every kept engine (tests)."""
    with _shared_lock:
        _shared.clear()


def seat_view(snapshot: dict, seat: str | None, *, table: Table | None = None) -> dict:
    """The table as ``seat`` ("N", "E", "S", "W"; None for a director or spectator) may
    see it, with the board's place in the round (docs/online-play.md, the table view)."""
    table = table if table is not None else shared_table(snapshot)
    view = table_view(table, seat) if table is not None else {"version": snapshot["base_version"]}
    return {
        "event": snapshot["event"],
        "table": snapshot["table"],
        "board": snapshot["board"],
        "board_number": snapshot["board_number"],
        "seat": seat,
        **view,
        "ends_at": snapshot["ends_at"],
        "next": next_for(snapshot["next"], seat),
        "connected": snapshot.get("connected"),
        "players": snapshot.get("players"),
    }


def next_for(next_: dict | None, seat: str | None) -> dict | None:
    """The snapshot's ``next`` as ``seat`` is told it: after the round's last board,
    where that seat goes (``go``, and ``where`` in words) out of the four seats' places
    the snapshot carries; none for a spectator (docs/online-play.md, ``next``)."""
    if not next_ or "seats" not in next_:
        return next_
    go = next_["seats"].get(seat) if seat is not None else None
    return {
        "round_over": True,
        "where": go["text"] if go else "",
        "go": {k: v for k, v in go.items() if k != "text"} if go else None,
    }
