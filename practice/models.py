"""A practice session and its boards (``docs/rules.md`` § Robots, *Practice*).

A board's state is its actions replayed by the table engine (``tableplay``), as online
play does; nothing else is stored about it until it is over. These rows are never read
by standings, master points or the Rate.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tournaments.models import Board, Event

SEAT_CHOICES = [("N", _("North")), ("E", _("East")), ("S", _("South")), ("W", _("West"))]


class PracticeSession(models.Model):
    """A player at a table of three robots, playing boards of one event."""

    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("player"), on_delete=models.CASCADE,
        related_name="practice_sessions",
    )  # fmt: skip
    event = models.ForeignKey(
        Event, verbose_name=_("event"), on_delete=models.CASCADE, related_name="+"
    )
    #: The seat the player takes on every board; the robots hold the other three.
    seat = models.CharField(_("seat"), max_length=1, choices=SEAT_CHOICES, default="S")
    created_at = models.DateTimeField(_("created at"), default=timezone.now)

    class Meta:
        verbose_name = _("practice session")
        verbose_name_plural = _("practice sessions")
        ordering = ["-created_at", "-pk"]

    def __str__(self) -> str:
        return f"{self.player} · {self.event}"


class PracticeBoard(models.Model):
    """One board of a session: its actions in order, then its result and practice score."""

    class Status(models.TextChoices):
        PLAYING = "playing", _("In play")
        OVER = "over", _("Over")

    session = models.ForeignKey(
        PracticeSession, verbose_name=_("practice session"), on_delete=models.CASCADE,
        related_name="boards",
    )  # fmt: skip
    board = models.ForeignKey(
        Board, verbose_name=_("board"), on_delete=models.CASCADE, related_name="+"
    )
    #: Place in the session (boards are played in this order).
    position = models.PositiveSmallIntegerField(_("position"))
    #: Every accepted action, in order: [seat, kind, value, alert] (seat "D": the table's
    #: own "play on" after a rejected claim). The engine's version is their number.
    actions = models.JSONField(_("actions"), default=list, blank=True)
    status = models.CharField(
        _("status"), max_length=8, choices=Status, default=Status.PLAYING, db_index=True
    )
    contract = models.CharField(_("contract"), max_length=8, blank=True)
    declarer = models.CharField(_("declarer"), max_length=1, blank=True)
    tricks = models.PositiveSmallIntegerField(_("tricks"), null=True, blank=True)
    ns_score = models.IntegerField(_("NS score"), null=True, blank=True)
    #: The practice score for the player's side: MP % or IMPs, by the event's method.
    points = models.FloatField(_("practice score"), null=True, blank=True)
    #: The NS datum it was scored against (datum IMPs only).
    datum = models.IntegerField(_("datum"), null=True, blank=True)
    #: How many of the field's played results it was compared with.
    field_size = models.PositiveIntegerField(_("results compared"), null=True, blank=True)
    ended_at = models.DateTimeField(_("ended at"), null=True, blank=True)
    #: When an action was last applied to it (before the first, when it was dealt): the
    #: watchdog's clock (``practice.turns.practice_stalled``).
    changed_at = models.DateTimeField(_("changed at"), default=timezone.now, db_index=True)

    class Meta:
        verbose_name = _("practice board")
        verbose_name_plural = _("practice boards")
        ordering = ["session", "position"]
        constraints = [
            models.UniqueConstraint(
                fields=["session", "board"], name="practiceboard_one_per_session"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.session} · {self.board}"
