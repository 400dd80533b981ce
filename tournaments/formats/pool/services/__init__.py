"""The duplicate scoring pool's state changes (``docs/rules.md`` § The scoring pool).

* ``pool_create`` (``events.py``): a pool event open for a period, with its board library
  (``event_create``, with the format's ``pool_creation_check`` and ``pool_rows_create``).
* ``pool_join`` (``joining.py``): a player (alone, with a partner, or naming a partner and
  two ready opponents) is ready; whenever two pairs, a pair and two players or four
  players are ready, a table starts and is dealt its boards (``dealing.table_start``).
  ``pool_robots_join``: a ready player (or pair) starts a table at once, robot accounts
  in the empty seats.
* ``pool_result_arrived`` (``scoring.py``): the format's arrival hook (``format.py``),
  called by the result entry services inside their transaction: the result gets its place
  in the arrival order, and is scored (or, at the 6th result, the board's first six are).
* ``pool_sitting_close`` / ``pool_clock_step`` (``closing.py``): a table that finished or
  ran out of time is closed, its unplayed boards give their places back; at the period's
  end the pool closes and its leaderboard is final.

Locks (``lock_objects``): starting or closing a table holds the event; an arrival holds
its sitting's round FOR SHARE and its table (as any result entry does), then the pool
board, then the pool's arrival counter.
"""

from .closing import pool_clock_step, pool_sitting_close
from .dealing import boards_pick, entry_of_player, table_start
from .events import library_extend, pool_create, pool_creation_check, pool_rows_create
from .joining import players_at_tables, pool_join, pool_leave, pool_robots_join, table_from
from .scoring import pool_result_arrived, pool_result_corrected

__all__ = [
    "boards_pick",
    "entry_of_player",
    "library_extend",
    "players_at_tables",
    "pool_clock_step",
    "pool_create",
    "pool_creation_check",
    "pool_rows_create",
    "pool_join",
    "pool_leave",
    "pool_robots_join",
    "pool_result_arrived",
    "pool_result_corrected",
    "pool_sitting_close",
    "table_from",
    "table_start",
]
