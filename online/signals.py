"""Signals of online play, for the apps that seat players the server runs (robots).

``table_changed`` is sent after the transaction of a change at a table has committed
(an action, a substitution), with ``table_id``. ``board_ended`` is sent inside the
transaction that ends a board at a table (the table locked), with ``table``, ``board``
and ``now``: a listener's writes commit with the board's result.
"""

from django.dispatch import Signal

table_changed = Signal()
board_ended = Signal()
