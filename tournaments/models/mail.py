"""Emails the product sends once: a player's scorecard after an event."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class ScorecardEmail(models.Model):
    """One player's scorecard email for one event (``docs/rules.md`` § Emails): the
    row is written in the transaction that sends it, and is unique, so a player gets
    the email once, whatever retries or re-rankings ask for it again."""

    event = models.ForeignKey("tournaments.Event", on_delete=models.CASCADE, related_name="+")
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="scorecard_emails"
    )
    sent_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("scorecard email")
        verbose_name_plural = _("scorecard emails")
        constraints = [
            models.UniqueConstraint(fields=["event", "player"], name="scorecard_email_once"),
        ]

    def __str__(self) -> str:
        return f"{self.player} · {self.event}"
