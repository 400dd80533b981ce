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


# -- the whole-field Rate (docs/rules.md § The Rate) ---------------------------------------


class PlayerRate(models.Model):
    """A player's Rate and weight (changed by the weekly job only), and this week's
    points (refreshed as results arrive)."""

    player = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="rate"
    )
    rate = models.FloatField(_("Rate"), default=50.0, db_index=True)
    weight = models.FloatField(_("weight of the past"), default=0.0)
    total_boards = models.PositiveIntegerField(_("total boards"), default=0, db_index=True)
    # The ledger's sum and its tier, kept with every ledger row written (the ledger
    # stays the truth: ``master_points_recount`` rebuilds them from it).
    master_points = models.IntegerField(_("master points"), default=0, db_index=True)
    tier = models.PositiveSmallIntegerField(_("rank tier"), default=0, db_index=True)
    last_week_average = models.FloatField(_("last week's average"), null=True, blank=True)
    # this week (``week``): the points so far and the boards they come from
    week = models.CharField(_("week"), max_length=8, blank=True)
    weekly_points = models.FloatField(_("weekly points"), default=0.0, db_index=True)
    boards_this_week = models.PositiveIntegerField(_("boards this week"), default=0)
    updated_at = models.DateTimeField(default=timezone.now)

    class Meta:
        verbose_name = _("player's Rate")
        verbose_name_plural = _("players' Rates")
        ordering = ["-rate", "player_id"]
        indexes = [
            models.Index(fields=["-rate", "player"], name="rate_board"),
            models.Index(fields=["week", "-weekly_points", "player"], name="rate_week_board"),
            models.Index(fields=["-master_points", "player"], name="rate_mp_board"),
        ]

    def __str__(self) -> str:
        return f"{self.player}: {self.rate:.1f}"


class RateWeek(models.Model):
    """One computed week (unique: a week is rated once, whoever asks)."""

    week = models.CharField(_("week"), max_length=8, unique=True)
    computed_at = models.DateTimeField(_("computed at"), null=True, blank=True)
    computed_by = models.CharField(_("computed by"), max_length=40, blank=True)
    players = models.PositiveIntegerField(_("players"), default=0)
    boards = models.PositiveIntegerField(_("board lines"), default=0)
    p_scale = models.FloatField(default=6.0)
    fade = models.FloatField(default=0.9)

    class Meta:
        verbose_name = _("rated week")
        verbose_name_plural = _("rated weeks")
        ordering = ["-week"]

    def __str__(self) -> str:
        return self.week

    @property
    def is_done(self) -> bool:
        return self.computed_at is not None


class RateHistory(models.Model):
    """A player's week: the Rate and weight before and after, and what made them."""

    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="rate_history"
    )
    week = models.ForeignKey(RateWeek, on_delete=models.CASCADE, related_name="rows")
    rate_before = models.FloatField()
    weight_before = models.FloatField()
    boards = models.PositiveIntegerField(default=0)
    weekly_points = models.FloatField(default=0.0)
    week_rate = models.FloatField(null=True, blank=True)
    rate_after = models.FloatField()
    weight_after = models.FloatField()

    class Meta:
        verbose_name = _("Rate history row")
        verbose_name_plural = _("Rate history")
        ordering = ["player", "-week__week"]
        constraints = [
            models.UniqueConstraint(fields=["player", "week"], name="rate_history_once"),
        ]

    def __str__(self) -> str:
        return f"{self.player} {self.week}: {self.rate_after:.1f}"


class Disconnection(models.Model):
    """A player lost their connection on a board: −16 weekly points and a board Rate of
    0, and in an HCP-par event 20 points off the total (``docs/rules.md`` § The Rate)."""

    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="disconnections"
    )
    event = models.ForeignKey(
        "tournaments.Event", on_delete=models.CASCADE, related_name="disconnections"
    )
    board = models.ForeignKey(
        "tournaments.Board",
        on_delete=models.CASCADE,
        related_name="disconnections",
        null=True,
        blank=True,
    )
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        help_text=_("The director who recorded it (empty: the table service)."),
    )
    reason = models.CharField(_("reason"), max_length=200)
    weekly_points = models.FloatField(_("weekly points"), default=-16.0)
    event_points = models.FloatField(
        _("points off the event total"),
        default=0.0,
        help_text=_("Only in HCP-par events (−20 by default)."),
    )
    created_at = models.DateTimeField(default=timezone.now, db_index=True)

    class Meta:
        verbose_name = _("disconnection")
        verbose_name_plural = _("disconnections")
        ordering = ["-created_at", "-pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["player", "board"],
                condition=Q(board__isnull=False),
                name="disconnection_once_per_board",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} · {self.event}"


class SubstitutedBoard(models.Model):
    """A board a substitute (a robot) played in a player's seat: by default it does not
    count for that player's Rate (``docs/rules.md`` § Robots, *Substitutes*; the setting
    ``RATE_SUBSTITUTED_BOARDS_COUNT``)."""

    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("replaced player"), on_delete=models.CASCADE,
        related_name="+",
    )  # fmt: skip
    board = models.ForeignKey(
        "tournaments.Board", verbose_name=_("board"), on_delete=models.CASCADE, related_name="+"
    )
    table = models.ForeignKey(
        "tournaments.Table", verbose_name=_("table"), on_delete=models.CASCADE, related_name="+"
    )
    seat = models.CharField(_("seat"), max_length=1)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        verbose_name = _("board played by a substitute")
        verbose_name_plural = _("boards played by a substitute")
        constraints = [
            models.UniqueConstraint(fields=["player", "board"], name="substituted_board_once"),
        ]

    def __str__(self) -> str:
        return f"{self.player} · {self.board_id}"


class TierChange(models.Model):
    """A player's rank tier moved (up with an award, down with a deduction): announced
    on their profile and by email (``emailed_at``, once)."""

    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="tier_changes"
    )
    from_tier = models.PositiveSmallIntegerField(_("from tier"))
    to_tier = models.PositiveSmallIntegerField(_("to tier"))
    master_points = models.IntegerField(_("master points"))
    created_at = models.DateTimeField(default=timezone.now)
    emailed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("tier change")
        verbose_name_plural = _("tier changes")
        ordering = ["-created_at", "-pk"]

    def __str__(self) -> str:
        return f"{self.player}: {self.from_tier} → {self.to_tier}"

    @property
    def is_up(self) -> bool:
        return self.to_tier > self.from_tier


class LeadAnalysis(models.Model):
    """The double-dummy tricks of every opening lead of a board in one strain from one
    seat (the defenders' tricks after each card), solved once in the worker."""

    board = models.ForeignKey("tournaments.Board", on_delete=models.CASCADE, related_name="+")
    strain = models.CharField(max_length=2)
    leader = models.CharField(max_length=1)
    tricks = models.JSONField()  # {"SA": 4, "H2": 5, ...}
    best = models.PositiveSmallIntegerField()
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        verbose_name = _("opening-lead analysis")
        verbose_name_plural = _("opening-lead analyses")
        constraints = [
            models.UniqueConstraint(
                fields=["board", "strain", "leader"], name="lead_analysis_once"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.board_id} {self.strain} {self.leader}"
