"""The tables' warning before their round's end (``docs/rules.md`` § Online play, the
clock): beat's ``online.tasks.warn_online_tables``, or the demo's in-process clock."""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.core.cache import cache
from django.utils import timezone

from tournaments.models import Event, Round
from tournaments.models import Table as EventTable

from .state import group_name

logger = logging.getLogger(__name__)


#: How long before a round's end its tables are warned (docs/rules.md § Online play).
WARNING_BEFORE = timedelta(minutes=2)


def round_end_warn(*, now: datetime | None = None) -> int:
    """Warn the tables of every online round that ends within two minutes, once per
    round (the clock's tick: beat, or the demo's in-process clock): a ``warning`` with the
    minutes left goes to each of its tables' groups. Returns how many tables were told."""
    now = now or timezone.now()
    rounds = Round.objects.filter(
        status=Round.Status.OPEN,
        ends_at__gt=now,
        ends_at__lte=now + WARNING_BEFORE,
        event__online_play=True,
        event__paused_at__isnull=True,
        event__status=Event.Status.RUNNING,
    ).values_list("pk", "ends_at")
    told = 0
    layer = get_channel_layer()
    for round_id, ends_at in rounds:
        # once per round and end (a round extended is warned again before its new end)
        if layer is None or not cache.add(f"online:warned:{round_id}:{ends_at:%s}", 1, 3600):
            continue
        minutes = max(1, -(-int((ends_at - now).total_seconds()) // 60))
        for table_id in EventTable.objects.filter(round_id=round_id).values_list("pk", flat=True):
            try:
                async_to_sync(layer.group_send)(
                    group_name(table_id), {"type": "table.warning", "minutes_left": minutes}
                )
            except Exception:  # noqa: BLE001 - a warning lost is not worth failing the tick
                logger.exception("warning to table %s failed", table_id)
                continue
            told += 1
    return told
