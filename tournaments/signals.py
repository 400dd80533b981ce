"""Signals other apps listen to; `tournaments` never imports them.

``event_finished`` is sent inside the transaction that finishes the event, so that a
listener's writes (the master-point ledger) commit or roll back with the results: an
award can be neither lost nor applied twice.
"""

from django.dispatch import Signal

# Sent with ``event`` (the finished Event), ``entries`` (all its entries, ``finished`` and
# ``rank`` set) and ``fields`` (the finished entries of each field, best first: one field,
# or two for a two-winner movement).
event_finished = Signal()

# Sent by the in-process clock (``manage.py run_clock``) on every tick with ``now``, so
# that other apps' timed work (ladder deadlines) runs where there is no Celery beat.
clock_ticked = Signal()

# Sent by a round close inside its transaction, with ``event``, ``rnd`` (the round,
# locked FOR UPDATE) and ``now``, before the round's unfinished boards are cut: an app
# that plays boards (online play) ends its boards still in play first and stores them
# (``docs/rules.md`` § The clock). A listener's writes commit with the close.
round_closing = Signal()

# Sent by an app that sees players' connections (online play) inside the transaction
# that records a player's disconnection on a board, with ``event``, ``player``, ``board``
# and ``reason``: the Rate records its penalty (``docs/rules.md`` § The Rate). And sent
# with ``event``, ``player``, ``board`` and ``director`` when the director cancels one.
player_disconnected = Signal()
player_disconnection_cancelled = Signal()

# Sent after the commit that started tables (a pool's table, a round's tables) with
# ``event`` and ``table_ids``, so that an app whose players act by themselves (robots)
# looks at the new tables at once: otherwise a table where a robot deals would wait for
# a change that never comes (``docs/rules.md`` § Robots).
tables_opened = Signal()
# Sent by an app that seats substitutes (the robots) inside the transaction that ends a
# board at an online table, with ``event``, ``player`` (the player replaced), ``board``,
# ``table`` and ``seat``: a board a substitute played for someone does not count for
# their Rate (``docs/rules.md`` § Robots, substitutes).
board_substituted = Signal()
# Sent by a results import inside its transaction (``interchange.rows.import_finish``),
# with ``event``: the analysis of the results' play is queued on its commit.
results_imported = Signal()
