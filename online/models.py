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
    #: The table's version when the board started (versions run on across a round's
    #: boards): the board's version is this plus its stored actions.
    base_version = models.PositiveIntegerField(_("version at the start"), default=0)
    #: The board's version as last written: at its end, and by the actions that take
    #: the table's locks. An action of the one-write path (``online.live``) writes only
    #: its ``PlayAction``, so while the board is in play read ``base_version`` plus the
    #: actions, never this.
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

    def version_now(self) -> int:
        """The board's version as stored now: its start's plus its actions (one query)."""
        return self.base_version + self.actions.count()


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


class ServerProcess(models.Model):
    """An ASGI process serving the tables' WebSockets, with its heartbeat: a server that
    stops or starts is told apart from a player who leaves (``docs/rules.md`` § Online
    play, disconnections)."""

    name = models.CharField(_("name"), max_length=120, unique=True)
    started_at = models.DateTimeField(_("started at"), default=timezone.now)
    beat_at = models.DateTimeField(_("last heartbeat"), default=timezone.now, db_index=True)
    #: When it stopped (its last heartbeat, once it has missed several): None while alive.
    stopped_at = models.DateTimeField(_("stopped at"), null=True, blank=True, db_index=True)

    class Meta:
        verbose_name = _("server process")
        verbose_name_plural = _("server processes")
        ordering = ["-started_at"]

    def __str__(self) -> str:
        return self.name


class SeatPresence(models.Model):
    """Whether a seated player is connected to their table: how many connections they
    have open (over every server process), since when they are gone."""

    table = models.ForeignKey(
        Table, verbose_name=_("table"), on_delete=models.CASCADE, related_name="presences"
    )
    seat = models.CharField(_("seat"), max_length=1)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("player"), on_delete=models.CASCADE,
        related_name="+",
    )  # fmt: skip
    connections = models.PositiveIntegerField(_("connections"), default=0)
    connected_since = models.DateTimeField(_("connected since"), null=True, blank=True)
    last_seen = models.DateTimeField(_("last seen"), default=timezone.now)
    #: The last connection closed then (None while connected).
    gone_since = models.DateTimeField(_("gone since"), null=True, blank=True, db_index=True)
    #: The last time the last connection closed (kept after a reconnection: the outage
    #: rule counts the seats that dropped together).
    dropped_at = models.DateTimeField(_("dropped at"), null=True, blank=True, db_index=True)

    class Meta:
        verbose_name = _("seat presence")
        verbose_name_plural = _("seat presences")
        ordering = ["table", "seat"]
        constraints = [
            models.UniqueConstraint(
                fields=["table", "seat", "user"], name="seatpresence_one_per_seat_user"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.table} {self.seat}: {self.connections}"


class SeatConnection(models.Model):
    """One open WebSocket of a seated player, on one server process. Its process's
    heartbeat renews ``seen_at`` while the socket is open there; an entry not renewed
    within the process timeout has ended, however it ended (online.presence)."""

    channel_name = models.CharField(_("channel"), max_length=200, unique=True)
    presence = models.ForeignKey(
        SeatPresence, verbose_name=_("seat"), on_delete=models.CASCADE, related_name="open"
    )
    process = models.ForeignKey(
        ServerProcess, verbose_name=_("server process"), on_delete=models.CASCADE,
        related_name="connections",
    )  # fmt: skip
    opened_at = models.DateTimeField(_("opened at"), default=timezone.now)
    seen_at = models.DateTimeField(_("last seen"), default=timezone.now, db_index=True)

    class Meta:
        verbose_name = _("connection")
        verbose_name_plural = _("connections")

    def __str__(self) -> str:
        return self.channel_name


class SeatDisconnection(models.Model):
    """A seat gone longer than the grace period while its board was in play: once per
    player and board. ``outage``: the drop was the server's, and costs nothing; otherwise
    the Rate records its penalty, until the director cancels it."""

    table = models.ForeignKey(
        Table, verbose_name=_("table"), on_delete=models.CASCADE, related_name="+"
    )
    board = models.ForeignKey(
        Board, verbose_name=_("board"), on_delete=models.CASCADE, related_name="+"
    )
    seat = models.CharField(_("seat"), max_length=1)
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("player"), on_delete=models.CASCADE,
        related_name="+",
    )  # fmt: skip
    gone_since = models.DateTimeField(_("gone since"))
    recorded_at = models.DateTimeField(_("recorded at"), default=timezone.now)
    outage = models.BooleanField(_("outage"), default=False)
    cancelled_at = models.DateTimeField(_("cancelled at"), null=True, blank=True)
    cancelled_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("cancelled by"), on_delete=models.SET_NULL,
        null=True, blank=True, related_name="+",
    )  # fmt: skip

    class Meta:
        verbose_name = _("seat disconnection")
        verbose_name_plural = _("seat disconnections")
        ordering = ["-recorded_at", "-pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["player", "board"], name="seatdisconnection_once_per_board"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.table} {self.seat}: {self.player}"
