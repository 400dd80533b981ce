"""The settings of a Mitchell or Howell event (``docs/rules.md`` § Movements), and of an
individual event, which has the same. ``tournaments.models`` imports this module; the
app label stays ``tournaments``."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models.events import Event
from tournaments.models.settings import MpFactoring, PairsSchedule


class MovementSettings(PairsSchedule):
    """Mitchell and Howell pairs events (``docs/rules.md`` § Movements): the schedule,
    the arrow switch, how matchpoints of boards played fewer times are factored, and
    what the start fixed (the tables and each entry's pair number in the movement)."""

    Factoring = MpFactoring

    event = models.OneToOneField(
        Event, on_delete=models.CASCADE, primary_key=True, related_name="movement_settings"
    )
    arrow_switch = models.BooleanField(
        _("arrow switch"),
        default=False,
        help_text=_("EW pairs play some rounds as NS: one winner instead of two (Mitchell)."),
    )
    mp_factoring = models.CharField(
        _("matchpoint factoring"),
        max_length=8,
        choices=Factoring,
        default=Factoring.NEUBERG,
        help_text=_("How boards played fewer times than the movement plays them are scored."),
    )
    seed = models.BigIntegerField(_("seed"), default=0)
    # Fixed when round 1 opens: the movement's tables and each entry's pair number.
    tables = models.PositiveSmallIntegerField(_("tables"), null=True, blank=True)
    pair_numbers = models.JSONField(default=dict, blank=True)

    class Meta:
        verbose_name = _("movement settings")
        verbose_name_plural = _("movement settings")
        constraints = PairsSchedule.constraints_named("movement")
