"""What is played: rounds, boards, tables, results, corrections and standings."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

import scoring

from .events import Entry, Event


class Round(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", _("In play")
        CLOSED = "closed", _("Closed")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveIntegerField()
    status = models.CharField(max_length=8, choices=Status, default=Status.OPEN)
    starts_at = models.DateTimeField()
    ends_at = models.DateTimeField()
    opened_at = models.DateTimeField(default=timezone.now)
    closed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        ordering = ["event", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="round_unique_number"),
        ]

    def __str__(self) -> str:
        return f"{self.event} · {_('round')} {self.number}"

    @property
    def is_open(self) -> bool:
        return self.status == self.Status.OPEN


class Board(models.Model):
    """A board of an event. Which tables play it is the format's business
    (``formats``): every table of its round (Swiss), the tables its board set travels to
    (movements), or any table it is dealt to (the pool)."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="boards")
    round = models.ForeignKey(
        Round, on_delete=models.CASCADE, related_name="boards", null=True, blank=True
    )
    board_set = models.PositiveSmallIntegerField(_("board set"), null=True, blank=True)
    number = models.PositiveIntegerField()
    dealer = models.CharField(max_length=1)
    vulnerability = models.CharField(max_length=4)
    deal = models.CharField(_("deal (PBN)"), max_length=80)
    # Double-dummy analysis, computed once and stored (never on a page view).
    dd_table = models.JSONField(null=True, blank=True)
    par_score = models.IntegerField(null=True, blank=True)
    par_contracts = models.CharField(max_length=120, blank=True)

    class Meta:
        verbose_name = _("board")
        verbose_name_plural = _("boards")
        ordering = ["event", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="board_unique_number"),
        ]

    def __str__(self) -> str:
        return f"{_('Board')} {self.number}"

    @property
    def cycle_dealer(self) -> str:
        """The dealer of the board-number cycle (a file may give another one)."""
        return scoring.board_dealer(self.number)

    @property
    def cycle_vulnerability(self) -> str:
        return scoring.board_vulnerability(self.number)

    @property
    def off_cycle(self) -> bool:
        """Dealer or vulnerability from a file, unlike the cycle (docs/rules.md § Files)."""
        return (self.dealer, self.vulnerability) != (self.cycle_dealer, self.cycle_vulnerability)


class Table(models.Model):
    """Where two entries meet: a pair each (pairs events), or a team each in one room of
    a match. The players who sat there are the line-up (``TableSeat``) when the format
    records one; a pair's table is sat by the pair's own players."""

    class Room(models.TextChoices):
        OPEN = "open", _("Open room")
        CLOSED = "closed", _("Closed room")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="tables")
    round = models.ForeignKey(
        Round, on_delete=models.CASCADE, related_name="tables", null=True, blank=True
    )
    number = models.PositiveIntegerField()
    room = models.CharField(_("room"), max_length=6, choices=Room, blank=True)
    board_set = models.PositiveSmallIntegerField(_("board set"), null=True, blank=True)
    #: The section of an imported event that had several (its file's name for it), where
    #: each section numbers its tables and is matchpointed apart; "" otherwise.
    section = models.CharField(_("section"), max_length=20, blank=True, default="")
    ns = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="ns_tables")
    ew = models.ForeignKey(
        Entry, on_delete=models.PROTECT, related_name="ew_tables", null=True, blank=True
    )

    class Meta:
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        ordering = ["round", "number"]
        constraints = [
            models.UniqueConstraint(
                fields=["round", "section", "number"], name="table_unique_number_in_section"
            ),
            models.UniqueConstraint(fields=["round", "ns"], name="table_ns_once_per_round"),
            models.UniqueConstraint(fields=["round", "ew"], name="table_ew_once_per_round"),
        ]

    def __str__(self) -> str:
        return f"{_('Table')} {self.number}"

    @property
    def is_bye(self) -> bool:
        return self.ew_id is None

    def side_of(self, entry_id: int) -> str | None:
        if entry_id == self.ns_id:
            return "NS"
        if entry_id == self.ew_id:
            return "EW"
        return None


class TableSeat(models.Model):
    """A player of a table's line-up, in one seat."""

    SEATS = (("N", _("North")), ("E", _("East")), ("S", _("South")), ("W", _("West")))

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    seat = models.CharField(max_length=1, choices=SEATS)
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")

    class Meta:
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        ordering = ["table", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["table", "seat"], name="tableseat_one_per_seat"),
            models.UniqueConstraint(fields=["table", "player"], name="tableseat_player_once"),
        ]

    def __str__(self) -> str:
        return f"{self.table} {self.seat}: {self.player}"


class Result(models.Model):
    """One table's result on one board, stored as the NS score."""

    class Status(models.TextChoices):
        PLAYED = "played", _("Played")
        CUT = "cut", _("Cut (not played)")
        ADJUSTED = "adjusted", _("Adjusted")

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="results")
    board = models.ForeignKey(Board, on_delete=models.CASCADE, related_name="results")
    status = models.CharField(max_length=10, choices=Status, default=Status.PLAYED)
    contract = models.CharField(max_length=8, blank=True, help_text=_('e.g. "4SX" or "PASS"'))
    declarer = models.CharField(max_length=1, blank=True)
    tricks = models.PositiveSmallIntegerField(null=True, blank=True)
    lead = models.CharField(max_length=2, blank=True)
    ns_score = models.IntegerField(null=True, blank=True)
    ns_adjustment = models.CharField(max_length=2, blank=True, choices=Event.Adjustment)
    ew_adjustment = models.CharField(max_length=2, blank=True, choices=Event.Adjustment)
    ns_points = models.FloatField(null=True, blank=True)
    ew_points = models.FloatField(null=True, blank=True)
    #: The table's record of its auction and play (a file's PBN [Auction], [Play], or a
    #: board played online): the first seat, ":", then the calls in order ("N:1C Pass 1H
    #: Pass ... AP"), or the cards trick by trick as PBN writes them, each trick's four
    #: from the opening leader round the table ("-" not played); "". Read and written
    #: by tableplay.records (docs/rules.md § Files).
    auction = models.TextField(_("auction"), blank=True, default="")
    play = models.TextField(_("play"), blank=True, default="")
    # The confirming side rejected the entry (it stays as entered until someone acts).
    disputed_at = models.DateTimeField(_("disputed at"), null=True, blank=True)
    disputed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    dispute_reason = models.CharField(_("reason of the dispute"), max_length=200, blank=True)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    entered_side = models.CharField(max_length=2, blank=True)
    entered_at = models.DateTimeField(default=timezone.now)
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    confirmed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("result")
        verbose_name_plural = _("results")
        ordering = ["board__number", "table__number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "board"], name="result_one_per_table_board"),
        ]
        indexes = [models.Index(fields=["board", "status"])]

    def __str__(self) -> str:
        return f"{self.board} {self.table}: {self.contract or self.status}"

    @property
    def is_confirmed(self) -> bool:
        return self.confirmed_at is not None


class ResultCorrection(models.Model):
    """Audit trail of every director change to a result: who, when, old and new value."""

    result = models.ForeignKey(Result, on_delete=models.CASCADE, related_name="corrections")
    changed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    changed_at = models.DateTimeField(default=timezone.now)
    old_value = models.JSONField()
    new_value = models.JSONField()
    reason = models.CharField(max_length=200, blank=True)

    class Meta:
        verbose_name = _("result correction")
        verbose_name_plural = _("result corrections")
        ordering = ["-changed_at", "-pk"]

    def __str__(self) -> str:
        return f"{self.result} ({self.changed_at:%Y-%m-%d %H:%M})"


class Standing(models.Model):
    """An entry's position after a round: the running total and place (pair history)."""

    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="standings")
    round_number = models.PositiveIntegerField()
    points = models.FloatField()
    total = models.FloatField()
    boards_played = models.PositiveIntegerField()
    place = models.PositiveIntegerField()

    class Meta:
        verbose_name = _("standing")
        verbose_name_plural = _("standings")
        ordering = ["entry", "round_number"]
        constraints = [
            models.UniqueConstraint(
                fields=["entry", "round_number"], name="standing_one_per_round"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.entry} after round {self.round_number}: {self.place}"
