"""Signals of the practice tables, so that the apply path (``practice.play``) wakes the
robots' turn loop (``practice.receivers``) without importing it: the loop applies its
actions through that path, and the layers read one way.

``session_changed`` is sent after the transaction of a change at a practice session
has committed (its creation, an action on its board: the player's or a robot's), with
``session_id``.

``board_over`` is sent inside the transaction that ends a practice board, with
``row_id`` (the ``PracticeBoard``): the analysis of its play is queued on its commit.
"""

from django.dispatch import Signal

session_changed = Signal()
board_over = Signal()
