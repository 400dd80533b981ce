"""Events, entries (a pair today, a team later) and their players."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from ..timezones import default_time_zone, validate_time_zone

# Event kind -> the reverse one-to-one name of that format's settings model.
SETTINGS_RELATION = {
    "swiss_pairs": "swiss_settings",
    "teams_swiss": "teams_settings",
    "teams_rr": "teams_settings",
    "pool": "pool_settings",
    "mitchell": "movement_settings",
    "howell": "movement_settings",
    # an individual event keeps its rounds and factoring as a movement does
    "individual": "movement_settings",
}


class EventManager(models.Manager):
    """Events come with their format's settings (one join, never a query per event)."""

    def get_queryset(self):
        return super().get_queryset().select_related(*dict.fromkeys(SETTINGS_RELATION.values()))


class Event(models.Model):
    class Kind(models.TextChoices):
        SWISS_PAIRS = "swiss_pairs", _("Swiss pairs")
        TEAMS_SWISS = "teams_swiss", _("Swiss teams")
        TEAMS_RR = "teams_rr", _("Round-robin teams")
        POOL = "pool", _("Scoring pool")
        MITCHELL = "mitchell", _("Mitchell pairs")
        HOWELL = "howell", _("Howell pairs")
        INDIVIDUAL = "individual", _("Individual")

    class Method(models.TextChoices):
        XIMP = "ximp", _("Cross-IMPs")
        IMP = "imp", _("Total IMPs (datum)")
        MP = "mp", _("Matchpoints")
        HCP_PAR = "hcp_par", _("HCP-par IMPs")

    class Status(models.TextChoices):
        REGISTRATION = "registration", _("Registration open")
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")
        CANCELLED = "cancelled", _("Cancelled")

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
    # docs/rules.md § Times and places: the pages show every time in this zone, named.
    time_zone = models.CharField(
        _("time zone"),
        max_length=64,
        default=default_time_zone,
        # an event the previous release creates during an upgrade (no zone): UTC
        db_default="UTC",
        validators=[validate_time_zone],
        help_text=_("Where the event is played (an IANA name such as Europe/London)."),
    )
    method = models.CharField(
        _("scoring method"), max_length=8, choices=Method, default=Method.XIMP
    )
    # Table rules of every format (docs/rules.md § Entry and confirmation, § Visibility).
    lead_required = models.BooleanField(
        _("opening lead required"),
        default=True,
        help_text=_("Players must enter the opening lead with each result."),
    )
    online_play = models.BooleanField(
        _("online play"),
        default=False,
        help_text=_("Each player sees their own hand of their table's boards on my-table."),
    )
    # docs/rules.md § Online play: a player may ask to take back their last call or card.
    undo_allowed = models.BooleanField(
        _("undo allowed"),
        default=True,
        help_text=_(
            "Online play: a player may take back their last call or card if the opponents agree."
        ),
    )

    # docs/rules.md § Online play, spectators: who outside the event may watch tables.
    class Spectators(models.TextChoices):
        OFF = "off", _("Nobody outside the event")
        LIVE = "live", _("Live")
        DELAYED = "delayed", _("Delayed")

    spectators = models.CharField(
        _("spectators"),
        max_length=8,
        choices=Spectators,
        default=Spectators.OFF,
        db_default=Spectators.OFF,
        help_text=_(
            "Online play: whether signed-in users outside the event may watch the tables, "
            "live or with a delay."
        ),
    )
    spectator_delay = models.PositiveIntegerField(
        _("spectator delay (seconds)"),
        default=120,
        db_default=120,
        validators=[MinValueValidator(1), MaxValueValidator(3600)],
        help_text=_("Online play, delayed spectators: how far behind the tables they watch."),
    )
    # docs/rules.md § Online play, the clock: a board the cut stops during the play.
    cut_double_dummy = models.BooleanField(
        _("score cut boards double dummy"),
        default=False,
        db_default=False,
        help_text=_(
            "Online play: a board the round's end stops during the play is scored by the "
            "tricks already won plus the double-dummy result of the rest."
        ),
    )
    # docs/rules.md § Online play, chat.
    chat_allowed = models.BooleanField(
        _("chat at the table"),
        default=False,
        db_default=False,
        help_text=_("Online play: the four players of a table may send each other messages."),
    )

    # docs/rules.md § Robots, substitutes: who moves a robot into an absent player's seat.
    class RobotSubstitutes(models.TextChoices):
        OFF = "off", _("Never")
        DIRECTOR = "director", _("When the director moves one in")
        AUTO = "auto", _("Automatically, after the grace period")

    robot_substitutes = models.CharField(
        _("robot substitutes"),
        max_length=8,
        choices=RobotSubstitutes,
        default=RobotSubstitutes.DIRECTOR,
        db_default=RobotSubstitutes.DIRECTOR,
        help_text=_(
            "Online play: whether a robot may take the seat of a player who is disconnected "
            "or never came: never, when the director moves one in, or automatically after "
            "the grace period."
        ),
    )
    traveller_hidden = models.BooleanField(
        _("hide travellers until the round ends"),
        default=False,
        help_text=_("Players see other tables' results on a board only after the round."),
    )
    # docs/rules.md § HCP-par: the expected-score table this event scores with, as
    # {"None": [41 scores], "NS": ..., "EW": ..., "All": ...}; null: the shipped one.
    hcp_par_table = models.JSONField(_("HCP-par table"), null=True, blank=True)

    class Source(models.TextChoices):
        BRIDGEHALL = "", _("Played here")
        USEBIO = "usebio", _("Imported from a USEBIO file")
        PBN = "pbn", _("Imported from a PBN file")

    # docs/rules.md § Files: an event imported finished from another scorer's file keeps
    # that file's scores; it is never scored here unless the director asks.
    source = models.CharField(
        _("source"), max_length=8, choices=Source, blank=True, default="", db_default=""
    )
    current_round = models.PositiveSmallIntegerField(_("current round"), default=0)
    # Timed automation: a paused event's clock stops; the offset shifts every later time.
    paused_at = models.DateTimeField(_("paused at"), null=True, blank=True)
    clock_offset = models.DurationField(_("clock offset"), default=timedelta)
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)
    # When the scheduler next has something to do (start, cut or open); None: nothing.
    next_transition_at = models.DateTimeField(null=True, blank=True, db_index=True)
    created_at = models.DateTimeField(auto_now_add=True)

    objects = EventManager()

    class Meta:
        ordering = ["-start_at", "-pk"]
        verbose_name = _("event")
        verbose_name_plural = _("events")

    def __str__(self) -> str:
        return self.name

    @property
    def settings(self):
        """The format's own settings (one-to-one; ``docs/rules.md`` § Formats)."""
        return getattr(self, SETTINGS_RELATION[self.kind])

    # The round schedule of a format played in timed rounds (its settings carry it).
    @property
    def num_rounds(self) -> int:
        return self.settings.num_rounds

    @property
    def boards_per_round(self) -> int:
        return self.settings.boards_per_round

    @property
    def round_minutes(self) -> float:
        return self.settings.round_minutes

    @property
    def gap_minutes(self) -> float:
        return self.settings.gap_minutes

    @property
    def boards_total(self) -> int:
        return self.num_rounds * self.boards_per_round

    def round_start(self, number: int):
        """Scheduled start of round ``number`` (1-based), after pauses and extensions."""
        step = timedelta(minutes=self.round_minutes + self.gap_minutes)
        return self.start_at + self.clock_offset + step * (number - 1)

    def round_end(self, number: int):
        return self.round_start(number) + timedelta(minutes=self.round_minutes)

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
    finished = models.BooleanField(_("finished"), default=False)
    rank = models.PositiveIntegerField(_("rank"), null=True, blank=True)
    master_points = models.PositiveSmallIntegerField(_("master points"), default=0)
    # docs/rules.md § HCP-par: each one the director records costs the total 20 IMPs.
    disconnections = models.PositiveSmallIntegerField(_("disconnections"), default=0, db_default=0)
    # The field the entry is ranked in: "NS"/"EW" in a two-winner Mitchell, else blank.
    field = models.CharField(_("field"), max_length=2, blank=True, default="", db_default="")
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
        verbose_name = _("entry member")
        verbose_name_plural = _("entry members")
        ordering = ["entry", "position"]
        constraints = [
            # docs/rules.md § Players and partners: one entry per player and event;
            # an invitation not yet accepted does not count, so one player may hold
            # several (accepting one cancels the others).
            models.UniqueConstraint(
                fields=["event", "player"],
                condition=models.Q(confirmed_at__isnull=False),
                name="member_one_confirmed_entry_per_event",
            ),
            models.UniqueConstraint(fields=["entry", "position"], name="member_unique_position"),
        ]

    def __str__(self) -> str:
        return str(self.player)
