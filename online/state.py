"""What a seat is sent, from a table's snapshot: the one place a view leaves the server.

A snapshot (``selectors.table_snapshot_get``) is what the services broadcast on the
channel layer to group ``table-<id>`` after every change: the board's deal and its
actions, so each connection computes its own seat's view without a database read. Only
``seat_view``'s answer, filtered by ``tableplay.table_view``, is ever sent to a client
(``docs/rules.md`` § Online play, what a seat sees; shapes: docs/online-play.md).
"""

from __future__ import annotations

from functools import lru_cache

from tableplay import Action, Table, table_view

#: How many engines built from snapshots a process keeps (``shared_table``): a table's
#: last few states, for the tables whose connections this process serves.
SHARED_TABLES = 512


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
    into their views from one replay of the board. Read only: the engine is shared, so
    nothing may ``apply`` to it (``table_view`` only reads; a caller that acts builds its
    own with ``snapshot_table``). The key is the whole of what the replay reads, so two
    snapshots share an engine only when they would replay to the same table."""
    if snapshot.get("deal") is None:
        return None
    return _shared_table(
        snapshot["table"],
        snapshot["board"],
        snapshot["deal"],
        snapshot["dealer"],
        snapshot["vulnerability"],
        snapshot["undo_allowed"],
        snapshot["base_version"],
        tuple(tuple(action) for action in snapshot["actions"]),
    )


@lru_cache(maxsize=SHARED_TABLES)
def _shared_table(
    table_id, board_id, deal, dealer, vulnerability, undo_allowed, base_version, actions
) -> Table:
    return snapshot_table(
        {
            "deal": deal,
            "dealer": dealer,
            "vulnerability": vulnerability,
            "undo_allowed": undo_allowed,
            "base_version": base_version,
            "actions": actions,
        }
    )


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
