"""Events, entries, rounds, tables, boards and results.

An ``Event`` has a ``kind``: today Swiss pairs; Mitchell/Howell movements, the scoring
pool and team matches add kinds and reuse ``Entry`` (a pair or a team), ``Round``,
``Table``, ``Board`` and ``Result``. Every score is computed by the pure ``scoring``
package; these models only store what the services computed.
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.core.validators import MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class Event(models.Model):
    class Kind(models.TextChoices):
        SWISS_PAIRS = "swiss_pairs", _("Swiss pairs")

    class Method(models.TextChoices):
        XIMP = "ximp", _("Cross-IMPs")
        IMP = "imp", _("Total IMPs (datum)")
        MP = "mp", _("Matchpoints")

    class Status(models.TextChoices):
        REGISTRATION = "registration", _("Registration open")
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")

    class Adjustment(models.TextChoices):
        AVERAGE_PLUS = "A+", _("Average plus")
        AVERAGE = "A=", _("Average")
        AVERAGE_MINUS = "A-", _("Average minus")

    name = models.CharField(_("name"), max_length=120)
    kind = models.CharField(_("kind"), max_length=20, choices=Kind, default=Kind.SWISS_PAIRS)
    status = models.CharField(
        _("status"), max_length=20, choices=Status, default=Status.REGISTRATION, db_index=True
    )
    director = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("director"),
        on_delete=models.PROTECT,
        related_name="directed_events",
        null=True,
        blank=True,
    )
    start_at = models.DateTimeField(_("start time"), db_index=True)
    num_rounds = models.PositiveSmallIntegerField(_("rounds"))
    boards_per_round = models.PositiveSmallIntegerField(_("boards per round"))
    # Minutes, fractions allowed (a 15-second round is 0.25: tests and demos use them).
    round_minutes = models.FloatField(
        _("round length (minutes)"), default=24, validators=[MinValueValidator(0.05)]
    )
    gap_minutes = models.FloatField(
        _("gap between rounds (minutes)"), default=3, validators=[MinValueValidator(0)]
    )
    method = models.CharField(
        _("scoring method"), max_length=8, choices=Method, default=Method.XIMP
    )
    finish_threshold = models.DecimalField(
        _("finishing threshold"),
        max_digits=3,
        decimal_places=2,
        default=0.70,
        help_text=_("Share of the event's boards a pair must play to be ranked."),
    )
    bye_score = models.CharField(
        _("bye score"), max_length=2, choices=Adjustment, default=Adjustment.AVERAGE
    )
    seed = models.BigIntegerField(
        _("seed"), default=0, help_text=_("Makes seating tie-breaks reproducible.")
    )
    current_round = models.PositiveSmallIntegerField(_("current round"), default=0)
    preset_deals = models.JSONField(
        _("imported deals"),
        default=dict,
        blank=True,
        help_text=_("Board number to PBN deal, used instead of a shuffle (PBN import)."),
    )
    # Timed automation: a paused event's clock stops; the offset shifts every later time.
    paused_at = models.DateTimeField(_("paused at"), null=True, blank=True)
    clock_offset = models.DurationField(_("clock offset"), default=timedelta)
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)
    # When the scheduler next has something to do (start, cut or open); None: nothing.
    next_transition_at = models.DateTimeField(null=True, blank=True, db_index=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-start_at", "-pk"]
        verbose_name = _("event")
        verbose_name_plural = _("events")
        constraints = [
            models.CheckConstraint(condition=Q(num_rounds__gte=1), name="event_rounds_positive"),
            models.CheckConstraint(
                condition=Q(boards_per_round__gte=1), name="event_boards_positive"
            ),
            models.CheckConstraint(
                condition=Q(finish_threshold__gte=0) & Q(finish_threshold__lte=1),
                name="event_threshold_share",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def boards_total(self) -> int:
        return self.num_rounds * self.boards_per_round

    @property
    def is_imp(self) -> bool:
        return self.method in (self.Method.XIMP, self.Method.IMP)

    def round_start(self, number: int):
        """Scheduled start of round ``number`` (1-based), after pauses and extensions."""
        step = timedelta(minutes=self.round_minutes + self.gap_minutes)
        return self.start_at + self.clock_offset + step * (number - 1)

    def round_end(self, number: int):
        return self.round_start(number) + timedelta(minutes=self.round_minutes)

    def is_directed_by(self, user) -> bool:
        """Directors are staff users and the event's own director."""
        return bool(
            user and user.is_authenticated and (user.is_staff or self.director_id == user.pk)
        )

    @property
    def registration_open(self) -> bool:
        return self.status == self.Status.REGISTRATION and timezone.now() < self.start_at


class Entry(models.Model):
    """A pair entered in an event (teams later reuse this with more members)."""

    class Status(models.TextChoices):
        PENDING = "pending", _("Waiting for partner")
        CONFIRMED = "confirmed", _("Confirmed")
        DECLINED = "declined", _("Declined")
        WITHDRAWN = "withdrawn", _("Withdrawn")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="entries")
    status = models.CharField(max_length=12, choices=Status, default=Status.PENDING)
    registration_order = models.PositiveIntegerField(_("registration order"), null=True, blank=True)
    late = models.BooleanField(_("late entry"), default=False)
    sitting_out = models.BooleanField(
        _("sitting out"), default=False, help_text=_("Not seated in the next rounds.")
    )
    withdrawn_after_round = models.PositiveSmallIntegerField(null=True, blank=True)
    # Written by the round close; read by standings.
    total = models.FloatField(_("total"), default=0.0)
    boards_played = models.PositiveIntegerField(_("boards played"), default=0)
    had_bye = models.BooleanField(default=False)
    finished = models.BooleanField(_("finished"), default=False)
    rank = models.PositiveIntegerField(_("rank"), null=True, blank=True)
    master_points = models.PositiveSmallIntegerField(_("master points"), default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["event", "registration_order", "pk"]
        verbose_name = _("entry")
        verbose_name_plural = _("entries")
        constraints = [
            models.UniqueConstraint(
                fields=["event", "registration_order"], name="entry_unique_order"
            ),
        ]

    def __str__(self) -> str:
        names = " – ".join(m.player.name for m in self.members.all())
        return names or f"#{self.pk}"

    @property
    def is_active(self) -> bool:
        return self.status == self.Status.CONFIRMED


class EntryMember(models.Model):
    """A player of an entry. A player is in at most one entry of an event (DB-enforced)."""

    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="members")
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="+")
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="entry_memberships"
    )
    position = models.PositiveSmallIntegerField(default=1)
    confirmed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["entry", "position"]
        constraints = [
            models.UniqueConstraint(fields=["event", "player"], name="member_one_entry_per_event"),
            models.UniqueConstraint(fields=["entry", "position"], name="member_unique_position"),
        ]

    def __str__(self) -> str:
        return str(self.player)


class Round(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", _("In play")
        CLOSED = "closed", _("Closed")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=8, choices=Status, default=Status.OPEN)
    starts_at = models.DateTimeField()
    ends_at = models.DateTimeField()
    opened_at = models.DateTimeField(default=timezone.now)
    closed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
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
    """A board of an event: every table of its round plays it."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="boards")
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="boards")
    number = models.PositiveSmallIntegerField()
    dealer = models.CharField(max_length=1)
    vulnerability = models.CharField(max_length=4)
    deal = models.CharField(_("deal (PBN)"), max_length=80)
    # Double-dummy analysis, computed once and stored (never on a page view).
    dd_table = models.JSONField(null=True, blank=True)
    par_score = models.IntegerField(null=True, blank=True)
    par_contracts = models.CharField(max_length=120, blank=True)

    class Meta:
        ordering = ["event", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="board_unique_number"),
        ]

    def __str__(self) -> str:
        return f"{_('Board')} {self.number}"


class Table(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveIntegerField()
    ns = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="ns_tables")
    ew = models.ForeignKey(
        Entry, on_delete=models.PROTECT, related_name="ew_tables", null=True, blank=True
    )

    class Meta:
        ordering = ["round", "number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="table_unique_number"),
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
        ordering = ["-changed_at", "-pk"]

    def __str__(self) -> str:
        return f"{self.result} ({self.changed_at:%Y-%m-%d %H:%M})"


class Standing(models.Model):
    """An entry's position after a round: the running total and place (pair history)."""

    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="standings")
    round_number = models.PositiveSmallIntegerField()
    points = models.FloatField()
    total = models.FloatField()
    boards_played = models.PositiveIntegerField()
    place = models.PositiveIntegerField()

    class Meta:
        ordering = ["entry", "round_number"]
        constraints = [
            models.UniqueConstraint(
                fields=["entry", "round_number"], name="standing_one_per_round"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.entry} after round {self.round_number}: {self.place}"


class EventLog(models.Model):
    """Audit of director actions and automatic transitions on an event.

    A transition (open, close or finish of a round) is written with ``transition`` set;
    the unique constraint makes every transition happen at most once, whoever runs it.
    """

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="log")
    round_number = models.PositiveSmallIntegerField(null=True, blank=True)
    transition = models.CharField(max_length=12, blank=True)
    action = models.CharField(max_length=40)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    data = models.JSONField(default=dict, blank=True)
    at = models.DateTimeField(default=timezone.now)

    class Meta:
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

    def __str__(self) -> str:
        return f"{self.name}: {self.last_run_at:%Y-%m-%d %H:%M:%S}"
