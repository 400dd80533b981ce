"""The audit and transition log of events, and the scheduler's heartbeat."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from .events import Event


class EventLog(models.Model):
    """Audit of director actions and automatic transitions on an event.

    A transition (open, close or finish of a round) is written with ``transition`` set;
    the unique constraint makes every transition happen at most once, whoever runs it.
    """

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="log")
    round_number = models.PositiveIntegerField(null=True, blank=True)
    transition = models.CharField(max_length=12, blank=True)
    action = models.CharField(max_length=40)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    data = models.JSONField(default=dict, blank=True)
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        verbose_name = _("event log entry")
        verbose_name_plural = _("event log")
        ordering = ["-at", "-pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["event", "round_number", "transition"],
                condition=~Q(transition=""),
                name="eventlog_transition_once",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.event}: {self.action}"


class SchedulerTick(models.Model):
    """When the round scheduler (Celery beat or the in-process clock) last ran."""

    name = models.CharField(max_length=40, unique=True)
    last_run_at = models.DateTimeField()
    runs = models.PositiveBigIntegerField(default=0)
    transitions = models.PositiveBigIntegerField(default=0)

    class Meta:
        verbose_name = _("scheduler tick")
        verbose_name_plural = _("scheduler ticks")

    def __str__(self) -> str:
        return f"{self.name}: {self.last_run_at:%Y-%m-%d %H:%M:%S}"
