"""Each format's own settings, one-to-one with its event (``docs/rules.md`` § Formats).

A format played in timed rounds inherits ``RoundSchedule``; the clock reads it through
``Event.num_rounds``, ``Event.round_start`` and friends.
"""

from __future__ import annotations

from django.core.validators import MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from .events import Event


class RoundSchedule(models.Model):
    """Rounds, boards per round, round length and the gap between rounds."""

    num_rounds = models.PositiveSmallIntegerField(_("rounds"))
    boards_per_round = models.PositiveSmallIntegerField(_("boards per round"))
    # Minutes, fractions allowed (a 15-second round is 0.25: tests and demos use them).
    round_minutes = models.FloatField(
        _("round length (minutes)"), default=24, validators=[MinValueValidator(0.05)]
    )
    gap_minutes = models.FloatField(
        _("gap between rounds (minutes)"), default=3, validators=[MinValueValidator(0)]
    )

    class Meta:
        abstract = True

    def __str__(self) -> str:
        return str(self.event)  # each format's settings are one-to-one with its event

    @staticmethod
    def constraints_named(prefix: str) -> list[models.CheckConstraint]:
        """The table's checks: at least one round, of at least one board."""
        return [
            models.CheckConstraint(
                condition=Q(num_rounds__gte=1), name=f"{prefix}_rounds_positive"
            ),
            models.CheckConstraint(
                condition=Q(boards_per_round__gte=1), name=f"{prefix}_boards_positive"
            ),
        ]


class MpFactoring(models.TextChoices):
    """How matchpoints of a board played fewer times than the others are scored
    (``docs/rules.md`` § Comparing results)."""

    NEUBERG = "neuberg", _("Neuberg")
    PLAYED = "played", _("Over the results played")


class PairsSchedule(RoundSchedule):
    """What every pairs event in timed rounds has: the finishing threshold and the
    director's imported deals (with their analysis and their file's conditions)."""

    finish_threshold = models.DecimalField(
        _("finishing threshold"),
        max_digits=3,
        decimal_places=2,
        default=0.70,
        help_text=_("Share of the event's boards a pair must play to be ranked."),
    )

    preset_deals = models.JSONField(
        _("imported deals"),
        default=dict,
        blank=True,
        help_text=_("Board number to PBN deal, used instead of a shuffle (PBN import)."),
    )
    # Double-dummy analysis of deals dealt ahead of their round (hand records), by number.
    preset_analysis = models.JSONField(default=dict, blank=True)
    # docs/rules.md § Files: a file's dealer and vulnerability where they differ from the
    # board-number cycle, by number ({"5": {"dealer": "E", "vulnerability": "None"}}).
    preset_conditions = models.JSONField(default=dict, blank=True, db_default={})

    class Meta:
        abstract = True

    @staticmethod
    def constraints_named(prefix: str) -> list[models.CheckConstraint]:
        """The schedule's checks, and a finishing threshold that is a share (0 to 1)."""
        return [
            *RoundSchedule.constraints_named(prefix),
            models.CheckConstraint(
                condition=Q(finish_threshold__gte=0) & Q(finish_threshold__lte=1),
                name=f"{prefix}_threshold_share",
            ),
        ]


class SwissSettings(PairsSchedule):
    """Swiss pairs: the schedule, the finishing threshold, the bye, the seating seed and
    the director's imported deals."""

    event = models.OneToOneField(
        Event, on_delete=models.CASCADE, primary_key=True, related_name="swiss_settings"
    )
    bye_score = models.CharField(
        _("bye score"), max_length=2, choices=Event.Adjustment, default=Event.Adjustment.AVERAGE
    )
    seed = models.BigIntegerField(
        _("seed"), default=0, help_text=_("Makes seating tie-breaks reproducible.")
    )
    mp_factoring = models.CharField(
        _("matchpoint factoring"),
        max_length=8,
        choices=MpFactoring,
        default=MpFactoring.PLAYED,
        help_text=_("How a board played at fewer tables than the others is matchpointed."),
    )

    class Meta:
        verbose_name = _("Swiss pairs settings")
        verbose_name_plural = _("Swiss pairs settings")
        constraints = PairsSchedule.constraints_named("swiss")
