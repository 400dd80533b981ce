"""The kibitzing log's writer (``docs/rules.md`` § Accuracy and fair play, the kibitzing
log): the online table's socket calls :func:`socket_opened` once it is let in and
:func:`socket_closed` when it ends. Neither ever raises: a fault here is logged and
never closes nor delays a table.

The network is the client's address (``scope["client"]``, which the ASGI server sets
from the trusted proxy's header) cut to its /24 (IPv4) or /64 (IPv6), kept only as a
keyed hash: two accounts on one network compare equal, and no address is stored."""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import logging

from channels.db import database_sync_to_async
from django.conf import settings
from django.db import transaction
from django.utils import timezone

from .models import WatchLog

logger = logging.getLogger(__name__)


def network_hash(address: str | None) -> str:
    """The keyed hash of ``address``'s network; "" when there is none to read."""
    try:
        ip = ipaddress.ip_address((address or "").strip())
    except ValueError:
        return ""
    prefix = 24 if ip.version == 4 else 64
    network = ipaddress.ip_network(f"{ip}/{prefix}", strict=False)
    key = settings.SECRET_KEY.encode()
    return hmac.new(key, str(network).encode(), hashlib.sha256).hexdigest()[:16]


def _opened(*, event_id: int, table_id: int, user_id: int, seat: str, network: str) -> int:
    with transaction.atomic(durable=True):  # committed before the socket goes on
        return WatchLog.objects.create(
            event_id=event_id, table_id=table_id, user_id=user_id, seat=seat, network=network
        ).pk


def _closed(pk: int) -> None:
    with transaction.atomic(durable=True):
        WatchLog.objects.filter(pk=pk, closed_at__isnull=True).update(closed_at=timezone.now())


async def socket_opened(consumer) -> None:
    """Log the table socket ``consumer`` just let in (its user, seat and network)."""
    try:
        client = consumer.scope.get("client") or (None,)
        consumer.watch_log_id = await database_sync_to_async(_opened)(
            event_id=consumer.event_id, table_id=consumer.table_id,
            user_id=consumer.scope["user"].pk, seat=consumer.seat or "",
            network=network_hash(client[0]),
        )  # fmt: skip
    except Exception:  # noqa: BLE001 - the log never breaks a socket
        logger.exception("kibitzing log: opening %s", getattr(consumer, "channel_name", ""))


async def socket_closed(consumer) -> None:
    """Note when the socket ``consumer`` logged at its opening ended."""
    pk = getattr(consumer, "watch_log_id", None)
    if pk is None:
        return
    consumer.watch_log_id = None
    try:
        await database_sync_to_async(_closed)(pk)
    except Exception:  # noqa: BLE001 - the log never breaks a socket
        logger.exception("kibitzing log: closing %s", pk)
