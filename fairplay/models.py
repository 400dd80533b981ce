"""The kibitzing log (``docs/rules.md`` § Accuracy and fair play, the kibitzing log):
every socket opened on an online table, who opened it, from which network, and when it
closed. A spectator's row (no seat) is what the fair-play screen reads; a seat's row
gives the networks the event's players played from."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tournaments.models import Event, Table


class WatchLog(models.Model):
    event = models.ForeignKey(
        Event, verbose_name=_("event"), on_delete=models.CASCADE, related_name="+"
    )
    table = models.ForeignKey(
        Table, verbose_name=_("table"), on_delete=models.CASCADE, related_name="+"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("account"), on_delete=models.CASCADE,
        related_name="+",
    )  # fmt: skip
    #: The seat the socket played from; "" for a spectator (a director included).
    seat = models.CharField(_("seat"), max_length=1, blank=True, default="")
    #: A keyed hash of the client's network (its /24, or /64 in IPv6), never the address.
    network = models.CharField(_("network"), max_length=16, blank=True, default="")
    opened_at = models.DateTimeField(_("opened at"), default=timezone.now, db_index=True)
    closed_at = models.DateTimeField(_("closed at"), null=True, blank=True)

    class Meta:
        verbose_name = _("table watched")
        verbose_name_plural = _("tables watched")
        ordering = ["-opened_at", "-pk"]
        indexes = [models.Index(fields=["event", "opened_at"], name="watchlog_event_opened")]

    def __str__(self) -> str:
        return f"{self.user} · {self.table} · {self.opened_at:%Y-%m-%d %H:%M}"
