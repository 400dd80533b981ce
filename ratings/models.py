"""The master-point ledger: every award and deduction is a row, never an overwritten total."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class MasterPointEntry(models.Model):
    class Kind(models.TextChoices):
        AWARD = "award", _("Event award")
        CORRECTION = "correction", _("Award correction")
        DEDUCTION = "deduction", _("Penalty deduction")

    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="master_point_entries"
    )
    event = models.ForeignKey(
        "tournaments.Event",
        on_delete=models.PROTECT,
        related_name="master_point_entries",
        null=True,
        blank=True,
    )
    kind = models.CharField(max_length=12, choices=Kind, default=Kind.AWARD)
    amount = models.IntegerField(_("master points"))
    reason = models.CharField(max_length=200, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("master-point ledger row")
        verbose_name_plural = _("master-point ledger")
        constraints = [
            models.UniqueConstraint(
                fields=["player", "event"],
                condition=Q(kind="award"),
                name="mp_one_award_per_player_event",
            ),
            models.CheckConstraint(
                condition=~Q(kind="deduction") | Q(amount__lt=0), name="mp_deduction_negative"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player}: {self.amount:+d}"
