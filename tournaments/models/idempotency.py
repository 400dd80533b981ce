"""Idempotency keys of the API's writes: a retried request gets the stored response."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class IdempotencyKey(models.Model):
    """One ``Idempotency-Key`` of one user: the request it came with and the response.

    Written in the transaction of the work it stands for (a crash keeps neither); the
    unique (user, key) makes a concurrent request with the same key wait for the first
    and then replay its response.
    """

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    key = models.CharField(max_length=255)
    endpoint = models.CharField(max_length=200)  # "POST /api/results/"
    request_hash = models.CharField(max_length=64)  # SHA-256 of the canonical JSON body
    response_status = models.PositiveSmallIntegerField(null=True)
    # The JSON text as sent (a JSON column would reorder the keys on PostgreSQL).
    response_body = models.TextField(blank=True)
    created_at = models.DateTimeField(db_index=True)

    class Meta:
        verbose_name = _("idempotency key")
        verbose_name_plural = _("idempotency keys")
        constraints = [
            models.UniqueConstraint(fields=["user", "key"], name="idempotency_key_once_per_user")
        ]

    def __str__(self) -> str:
        return f"{self.key} ({self.endpoint})"
