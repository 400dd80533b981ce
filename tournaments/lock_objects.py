"""Every row lock of the tournaments app is taken here, in one order: event, then round.

Concurrent jobs (a beat tick, a director's close, a player's submission) therefore
cannot deadlock. On SQLite ``select_for_update`` is a no-op; SQLite serialises writers.
"""

from .models import Event, Round


def event_for_update(event_id: int) -> Event:
    return Event.objects.select_for_update(of=("self",)).get(pk=event_id)


def round_for_update(round_id: int) -> Round:
    return Round.objects.select_for_update(of=("self",)).select_related("event").get(pk=round_id)
