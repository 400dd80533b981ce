"""Signals other apps listen to; `tournaments` never imports them.

``event_finished`` is sent inside the transaction that finishes the event, so that a
listener's writes (the master-point ledger) commit or roll back with the results: an
award can be neither lost nor applied twice.
"""

from django.dispatch import Signal

# Sent with ``event`` (the finished Event) and ``entries`` (its ranked entries).
event_finished = Signal()
