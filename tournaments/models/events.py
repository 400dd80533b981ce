"""Events, entries (a pair today, a team later) and their players."""

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
        # Until round 1's scheduled start: a pause during registration moves it.
        return self.status == self.Status.REGISTRATION and timezone.now() < self.round_start(1)


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
