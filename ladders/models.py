"""The team ladder (``docs/rules.md`` § Ladder): positions, challenges, history, audit.

Positions: one ``Rung`` per team on a ladder, ``position`` 1..N. ``(ladder, position)`` is
unique at every statement (not deferred: the services shift positions through negative
values, so the constraint holds on PostgreSQL and SQLite alike); that the positions are
exactly 1..N is kept by the services, which change them only under the ladder's lock, and
checked by ``ladders.selectors.positions_consistent``.
"""

from __future__ import annotations

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tournaments.models import Event, Team

OPEN_STATUSES = ("open", "accepted")


class Ladder(models.Model):
    """A ladder of teams with its own settings (several may run at once)."""

    name = models.CharField(_("name"), max_length=80)
    director = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("director"),
        on_delete=models.PROTECT,
        related_name="directed_ladders",
    )
    k = models.PositiveSmallIntegerField(
        _("challenge range"),
        default=3,
        validators=[MinValueValidator(1), MaxValueValidator(50)],
        help_text=_("A team may challenge a team at most this many places above it."),
    )
    accept_days = models.PositiveSmallIntegerField(
        _("days to accept"), default=3, validators=[MinValueValidator(1), MaxValueValidator(60)]
    )
    cooldown_days = models.PositiveSmallIntegerField(
        _("cooldown days"), default=7, validators=[MaxValueValidator(365)]
    )
    play_days = models.PositiveSmallIntegerField(
        _("days to play"),
        default=7,
        validators=[MinValueValidator(1), MaxValueValidator(60)],
        help_text=_("An accepted match must be played within this many days."),
    )
    boards = models.PositiveSmallIntegerField(
        _("boards a match"), default=8, choices=[(8, "8"), (12, "12"), (16, "16")]
    )
    time_zone = models.CharField(_("time zone"), max_length=64, default="Asia/Shanghai")
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["name", "pk"]
        verbose_name = _("ladder")
        verbose_name_plural = _("ladders")
        constraints = [
            models.CheckConstraint(condition=Q(k__gte=1), name="ladder_k_positive"),
            models.CheckConstraint(condition=Q(accept_days__gte=1), name="ladder_accept_days"),
            models.CheckConstraint(condition=Q(play_days__gte=1), name="ladder_play_days"),
        ]

    def __str__(self) -> str:
        return self.name


class Rung(models.Model):
    """A team's place on a ladder (1 is the top)."""

    ladder = models.ForeignKey(Ladder, on_delete=models.CASCADE, related_name="rungs")
    team = models.ForeignKey(Team, on_delete=models.PROTECT, related_name="rungs")
    position = models.IntegerField()
    joined_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["ladder", "position"]
        constraints = [
            models.UniqueConstraint(fields=["ladder", "team"], name="rung_team_once"),
            models.UniqueConstraint(fields=["ladder", "position"], name="rung_position_once"),
        ]

    def __str__(self) -> str:
        return f"{self.ladder}: {self.position}. {self.team}"


class Challenge(models.Model):
    """A challenge from a lower team to a higher one.

    ``open`` (unanswered) and ``accepted`` (its match waits) are both *open*: a challenge
    stays open from issue until it is resolved (declined, forfeited, cancelled, or its
    match decided: ``played``)."""

    class Status(models.TextChoices):
        OPEN = "open", _("open")
        ACCEPTED = "accepted", _("accepted")
        DECLINED = "declined", _("declined")
        FORFEITED = "forfeited", _("forfeited")
        CANCELLED = "cancelled", _("cancelled")
        PLAYED = "played", _("played")

    ladder = models.ForeignKey(Ladder, on_delete=models.CASCADE, related_name="challenges")
    challenger = models.ForeignKey(Team, on_delete=models.PROTECT, related_name="+")
    defender = models.ForeignKey(Team, on_delete=models.PROTECT, related_name="+")
    status = models.CharField(max_length=10, choices=Status, default=Status.OPEN)
    issued_at = models.DateTimeField()
    issued_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    accept_by = models.DateTimeField()
    answered_at = models.DateTimeField(null=True, blank=True)
    play_by = models.DateTimeField(null=True, blank=True)
    resolved_at = models.DateTimeField(null=True, blank=True)
    event = models.OneToOneField(
        Event, on_delete=models.SET_NULL, null=True, blank=True, related_name="ladder_challenge"
    )
    challenger_vp = models.FloatField(null=True, blank=True)
    defender_vp = models.FloatField(null=True, blank=True)
    winner = models.ForeignKey(
        Team, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    # The director decided the match (unplayed): its result no longer comes from the event.
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    # Whether the challenger's win moved it (what a correction re-evaluates), and from where.
    moved = models.BooleanField(default=False)
    moved_from = models.IntegerField(null=True, blank=True)
    # Reminders sent (once each) and the overdue notice to the director.
    accept_reminded_at = models.DateTimeField(null=True, blank=True)
    play_reminded_at = models.DateTimeField(null=True, blank=True)
    overdue_notified_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-issued_at", "-pk"]
        verbose_name = _("challenge")
        verbose_name_plural = _("challenges")
        constraints = [
            models.UniqueConstraint(
                fields=["ladder", "challenger"],
                condition=Q(status__in=OPEN_STATUSES),
                name="challenge_one_open_as_challenger",
            ),
            models.UniqueConstraint(
                fields=["ladder", "defender"],
                condition=Q(status__in=OPEN_STATUSES),
                name="challenge_one_open_as_defender",
            ),
            models.CheckConstraint(
                condition=~Q(challenger=models.F("defender")), name="challenge_not_self"
            ),
        ]
        indexes = [models.Index(fields=["status", "accept_by"], name="challenge_due")]

    def __str__(self) -> str:
        return f"{self.challenger} → {self.defender}"

    @property
    def is_open(self) -> bool:
        return self.status in OPEN_STATUSES


class PositionChange(models.Model):
    """One change of one team's position, with what caused it (history, never edited)."""

    class Kind(models.TextChoices):
        JOIN = "join", _("joined")
        WIN = "win", _("won a challenge")
        SHIFT = "shift", _("moved down by a challenge")
        REVERSAL = "reversal", _("correction of a match")
        REMOVAL = "removal", _("a team left")
        LEAVE = "leave", _("left the ladder")
        DIRECTOR = "director", _("director's correction")

    ladder = models.ForeignKey(Ladder, on_delete=models.CASCADE, related_name="changes")
    team = models.ForeignKey(Team, on_delete=models.PROTECT, related_name="+")
    kind = models.CharField(max_length=10, choices=Kind)
    challenge = models.ForeignKey(
        Challenge, on_delete=models.PROTECT, null=True, blank=True, related_name="changes"
    )
    event = models.ForeignKey(
        Event, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    position_before = models.IntegerField(null=True, blank=True)
    position_after = models.IntegerField(null=True, blank=True)
    at = models.DateTimeField()

    class Meta:
        ordering = ["at", "pk"]
        indexes = [models.Index(fields=["ladder", "team", "at"], name="change_team_time")]

    def __str__(self) -> str:
        return f"{self.team}: {self.position_before} → {self.position_after}"


class LadderLog(models.Model):
    """Audit of the directors' actions on a ladder."""

    ladder = models.ForeignKey(Ladder, on_delete=models.CASCADE, related_name="log")
    action = models.CharField(max_length=40)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    data = models.JSONField(default=dict, blank=True)
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-at", "-pk"]

    def __str__(self) -> str:
        return f"{self.ladder}: {self.action}"
