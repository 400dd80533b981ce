"""The stored analysis of a board's play (``docs/rules.md`` § The analysis of the play):
each card's double-dummy cost and the tricks its side could still take after it, the
claim's shortfall, and the contract against par. Computed once in a worker when the
board ends (``analysis.tasks.board_analyse``), never on a page view."""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from practice.models import PracticeBoard
from tournaments.models import Result


class BoardAnalysis(models.Model):
    """One board's analysis at one table (a result), or at a practice table."""

    result = models.OneToOneField(
        Result, verbose_name=_("result"), on_delete=models.CASCADE, related_name="analysis",
        null=True, blank=True,
    )  # fmt: skip
    practice_board = models.OneToOneField(
        PracticeBoard, verbose_name=_("practice board"), on_delete=models.CASCADE,
        related_name="analysis", null=True, blank=True,
    )  # fmt: skip
    #: One entry per card of the play, in the order played: the tricks its side lost.
    card_costs = models.JSONField(_("card costs"), default=list, blank=True)
    #: One entry per card: the tricks the card's side could still take on the whole
    #: deal after it (won so far plus double dummy).
    tricks_after = models.JSONField(_("tricks after each card"), default=list, blank=True)
    #: A claim's shortfall (tricks the claimer's side gave up double dummy); null when
    #: the play did not end by a claim.
    claim_cost = models.IntegerField(_("claim cost"), null=True, blank=True)
    #: NS's par score of the deal.
    par_score = models.IntegerField(_("par score"), null=True, blank=True)
    #: The table's NS score against par, in IMPs, from NS's side.
    imps_from_par = models.IntegerField(_("IMPs from par"), null=True, blank=True)
    missed_game = models.BooleanField(_("missed game"), default=False)
    missed_slam = models.BooleanField(_("missed slam"), default=False)
    computed_at = models.DateTimeField(_("computed at"), default=timezone.now)

    class Meta:
        verbose_name = _("board analysis")
        verbose_name_plural = _("board analyses")
        ordering = ["-computed_at", "-pk"]
        constraints = [
            models.CheckConstraint(
                condition=Q(result__isnull=False, practice_board__isnull=True)
                | Q(result__isnull=True, practice_board__isnull=False),
                name="boardanalysis_one_board",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.result or self.practice_board}"

    @property
    def errors(self) -> int:
        """How many cards cost a trick or more."""
        return sum(1 for cost in self.card_costs if cost > 0)
