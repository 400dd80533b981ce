"""Idempotency keys: a write retried with the same ``Idempotency-Key`` is done once.

The first request claims the key (a row unique on user and key) in the transaction of
its work and stores its response there, so a crash keeps neither. A second request with
the same key waits on that row until the first has committed, then gets the stored
response; if the first failed (nothing was stored), it does the work itself. A key
reused for another request (another endpoint or body) is refused with 422, as the IETF
``Idempotency-Key`` header draft says. Keys expire after ``KEY_LIFETIME``.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User

from ..errors import BridgeError
from ..lock_objects import idempotency_key_for_update
from ..models import IdempotencyKey

KEY_LIFETIME = timedelta(hours=24)
_KEY = re.compile(r"[\x21-\x7e][\x20-\x7e]{0,254}")  # printable ASCII, 1-255 characters


class IdempotencyKeyReused(BridgeError):
    """The key was first used for another request: the body or endpoint differ."""

    status = 422


@dataclass(frozen=True)
class IdempotentOutcome:
    status: int
    body: str  # JSON text
    replayed: bool  # True: the stored response of an earlier request with the key


def idempotency_key_clean(value: str) -> str:
    """The key of an ``Idempotency-Key`` header (a quoted sf-string or bare), or 400."""
    key = value.strip()
    if len(key) >= 2 and key[0] == key[-1] == '"':
        key = key[1:-1]
    if not _KEY.fullmatch(key) or key != key.strip():
        raise BridgeError(
            _("The Idempotency-Key header must be 1 to 255 printable ASCII characters."),
            code="idempotency_key",
        )
    return key


def request_fingerprint(payload: Any) -> str:
    """SHA-256 of the request body as canonical JSON (sorted keys)."""
    text = json.dumps(payload, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def idempotent_perform(
    *,
    user: User,
    key: str,
    endpoint: str,
    payload: Any,
    perform: Callable[[], tuple[int, str]],
    now: datetime | None = None,
) -> IdempotentOutcome:
    """Run ``perform`` (which returns the response status and its JSON text) once per
    ``user`` and ``key``; a repeat gets the stored response without running it.

    ``perform`` runs in the transaction that stores the key; if it raises, neither is
    stored and the same key may be retried. Not durable: an expired key is replaced by
    calling this again inside that transaction.
    """
    now = now or timezone.now()
    digest = request_fingerprint(payload)
    with transaction.atomic():
        try:
            with transaction.atomic():
                record = IdempotencyKey.objects.create(
                    user=user, key=key, endpoint=endpoint, request_hash=digest, created_at=now
                )
        except IntegrityError:
            # Another request holds the key: the insert waited for it to commit.
            record = idempotency_key_for_update(user=user, key=key)
            if record.created_at < now - KEY_LIFETIME:  # expired, not yet cleaned up
                record.delete()
                return idempotent_perform(
                    user=user, key=key, endpoint=endpoint, payload=payload, perform=perform, now=now
                )
            if record.endpoint != endpoint or record.request_hash != digest:
                raise IdempotencyKeyReused(
                    _("This Idempotency-Key was used for another request."),
                    code="idempotency_key_reused",
                ) from None
            return IdempotentOutcome(record.response_status, record.response_body, True)
        status, body = perform()
        record.response_status, record.response_body = status, body
        record.save(update_fields=["response_status", "response_body"])
    return IdempotentOutcome(status, body, False)


def idempotency_keys_expire(*, now: datetime | None = None) -> int:
    """Delete the keys older than ``KEY_LIFETIME``; returns how many."""
    now = now or timezone.now()
    deleted, _by_model = IdempotencyKey.objects.filter(created_at__lt=now - KEY_LIFETIME).delete()
    return deleted
