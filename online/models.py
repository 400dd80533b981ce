"""A board played online at a table, and every call and card of it in order.

``docs/rules.md`` § Online play; the message shapes are those of docs/online-play.md.
The engine (``tableplay``) replays a board's actions; nothing else is stored about its
state, so the table is rebuilt the same after a restart.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tournaments.models import Board, Result, Table


class BoardPlay(models.Model):
    """One board at one table, played online: its state is its actions replayed."""

    class Status(models.TextChoices):
        PLAYING = "playing", _("In play")
        OVER = "over", _("Over")
        CUT = "cut", _("Cut")

    table = models.ForeignKey(
        Table, verbose_name=_("table"), on_delete=models.CASCADE, related_name="board_plays"
    )
    board = models.ForeignKey(
        Board, verbose_name=_("board"), on_delete=models.CASCADE, related_name="board_plays"
    )
    status = models.CharField(
        _("status"), max_length=8, choices=Status, default=Status.PLAYING, db_index=True
    )
    #: One more for every accepted action (the engine's ``Table.version``).
    version = models.PositiveIntegerField(_("version"), default=0)
    started_at = models.DateTimeField(_("started at"), default=timezone.now)
    ended_at = models.DateTimeField(_("ended at"), null=True, blank=True)
    result = models.ForeignKey(
        Result,
        verbose_name=_("result"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )

    class Meta:
        verbose_name = _("board played online")
        verbose_name_plural = _("boards played online")
        ordering = ["table", "board__number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "board"], name="boardplay_one_per_table"),
        ]

    def __str__(self) -> str:
        return f"{self.table} · {self.board}: {self.get_status_display()}"


class PlayAction(models.Model):
    """One accepted action of a board, numbered 1, 2, 3… with no gaps (``seq`` is the
    board's version after it). Stored before it is broadcast."""

    play = models.ForeignKey(
        BoardPlay, verbose_name=_("board"), on_delete=models.CASCADE, related_name="actions"
    )
    seq = models.PositiveIntegerField(_("number"))
    seat = models.CharField(_("seat"), max_length=1)  # N, E, S, W; D: the director or clock
    kind = models.CharField(_("kind"), max_length=8)
    value = models.CharField(_("value"), max_length=8, blank=True, default="")
    alert = models.CharField(_("alert"), max_length=500, blank=True, default="")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("user"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    created_at = models.DateTimeField(_("created at"), default=timezone.now)

    class Meta:
        verbose_name = _("action")
        verbose_name_plural = _("actions")
        ordering = ["play", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["play", "seq"], name="playaction_one_per_seq"),
        ]

    def __str__(self) -> str:
        return f"{self.seq}. {self.seat} {self.kind} {self.value}".rstrip()
