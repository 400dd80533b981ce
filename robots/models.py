"""Where robots sit: a seat of an online table that a robot account holds
(``docs/rules.md`` § Robots)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tournaments.models import Table


class RobotSeat(models.Model):
    """A robot in a seat of a table. The table's line-up (``TableSeat``) names the robot
    account there, so the seat rule of online play gives it that hand; this row says
    why it sits, whom it replaced, and whether the human asked for the seat back (given
    back when the board in play ends)."""

    class Reason(models.TextChoices):
        DIRECTOR = "director", _("Moved in by the director")
        AUTO = "auto", _("Moved in after the grace period")
        FILL = "fill", _("Asked for by a player")
        PRACTICE = "practice", _("Practice")

    table = models.ForeignKey(
        Table, verbose_name=_("table"), on_delete=models.CASCADE, related_name="robot_seats"
    )
    seat = models.CharField(_("seat"), max_length=1)
    robot = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("robot"), on_delete=models.PROTECT,
        related_name="+",
    )  # fmt: skip
    #: The player whose seat it took (None: the seat was empty, e.g. in the pool).
    replaced = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("replaced player"), on_delete=models.SET_NULL,
        null=True, blank=True, related_name="+",
    )  # fmt: skip
    #: Whom the line-up named there before (restored when the robot leaves).
    previous = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("previously seated"),
        on_delete=models.SET_NULL, null=True, blank=True, related_name="+",
    )  # fmt: skip
    reason = models.CharField(_("reason"), max_length=8, choices=Reason)
    created_at = models.DateTimeField(_("seated at"), default=timezone.now)
    #: The replaced player asked for the seat back: it is theirs when this board ends.
    release_requested = models.BooleanField(_("seat asked back"), default=False)

    class Meta:
        verbose_name = _("robot seat")
        verbose_name_plural = _("robot seats")
        ordering = ["table", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["table", "seat"], name="robotseat_one_per_seat"),
        ]

    def __str__(self) -> str:
        return f"{self.table} {self.seat}: {self.robot}"
