"""Teams: standing teams with a captain and a roster, team events' settings and matches.

How a team takes part in an event (the decision): a team is *not* a new kind of entry.
An event's ``Entry`` stands for the team in that event, as it stands for a pair in a
pairs event, and ``TeamEntry`` links it to the standing ``Team``. ``Entry.members`` is
the roster *for that event* (4 to 6 players, copied from the team when it enters), so
every service that already works on entries keeps working: who may enter a result at a
table (a member of either entry), the rule that a player is in one entry of an event,
withdrawals, and the master points every member receives through ``event_finished``.
A player may be on several teams; a roster change after an event does not rewrite it.

A match is two tables of one round: the open room (home NS, away EW) and the closed
room (away NS, home EW); ``Match`` keeps the two tables and what the round close scored.
"""

from __future__ import annotations

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from ...models.events import Entry, Event
from ...models.play import Round, Table
from ...models.settings import RoundSchedule

ROSTER_MIN = 4
ROSTER_MAX = 6


class Team(models.Model):
    """A standing team: a name, a captain and a roster (``TeamMember``)."""

    name = models.CharField(_("name"), max_length=80)
    captain = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("captain"),
        on_delete=models.PROTECT,
        related_name="captained_teams",
    )
    players = models.ManyToManyField(
        settings.AUTH_USER_MODEL, through="TeamMember", related_name="teams"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "pk"]
        verbose_name = _("team")
        verbose_name_plural = _("teams")

    def __str__(self) -> str:
        return self.name


class TeamMember(models.Model):
    """A player on a team's roster (a player may be on several teams)."""

    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="members")
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="team_memberships"
    )
    position = models.PositiveSmallIntegerField(default=1)

    class Meta:
        verbose_name = _("team member")
        verbose_name_plural = _("team members")
        ordering = ["team", "position", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["team", "player"], name="teammember_once"),
        ]

    def __str__(self) -> str:
        return f"{self.team}: {self.player}"


class TeamEntry(models.Model):
    """Which team an event's entry stands for (a team enters an event once)."""

    entry = models.OneToOneField(
        Entry, on_delete=models.CASCADE, primary_key=True, related_name="team_entry"
    )
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="+")
    team = models.ForeignKey(Team, on_delete=models.PROTECT, related_name="entries")

    class Meta:
        verbose_name = _("team entry")
        verbose_name_plural = _("team entries")
        constraints = [
            models.UniqueConstraint(fields=["event", "team"], name="teamentry_once_per_event"),
        ]

    def __str__(self) -> str:
        return str(self.team)


class TeamsSettings(RoundSchedule):
    """Swiss teams and round-robin teams: the schedule (a round is one match of
    ``boards_per_round`` boards), the VP scale, the bye VPs, the adjusted IMPs, the
    seating seed and imported deals. Which of the two is ``Event.kind``."""

    class Scale(models.TextChoices):
        WBF2013 = "wbf2013", _("WBF 2013 continuous")
        WBF_DISCRETE = "wbf_discrete", _("Whole VPs (WBF curve)")
        TABLE = "table", _("Director's table")

    event = models.OneToOneField(
        Event, on_delete=models.CASCADE, primary_key=True, related_name="teams_settings"
    )
    vp_scale = models.CharField(_("VP scale"), max_length=12, choices=Scale, default=Scale.WBF2013)
    vp_table = models.JSONField(
        _("VP table"),
        default=list,
        blank=True,
        help_text=_("[[lowest IMP margin, winner VP], …] for the director's table scale."),
    )
    bye_vp = models.DecimalField(
        _("bye VPs"),
        max_digits=4,
        decimal_places=2,
        default=12,
        validators=[MinValueValidator(0), MaxValueValidator(20)],
    )
    adjusted_plus = models.SmallIntegerField(_("average-plus IMPs"), default=3)
    adjusted_average = models.SmallIntegerField(_("average IMPs"), default=0)
    adjusted_minus = models.SmallIntegerField(_("average-minus IMPs"), default=-3)
    seed = models.BigIntegerField(
        _("seed"), default=0, help_text=_("Makes seating tie-breaks reproducible.")
    )
    preset_deals = models.JSONField(_("imported deals"), default=dict, blank=True)
    # Double-dummy analysis of deals dealt ahead of their round (hand records), by number.
    preset_analysis = models.JSONField(default=dict, blank=True)
    # docs/rules.md § Files: a file's dealer and vulnerability where they differ from the
    # board-number cycle, by number ({"5": {"dealer": "E", "vulnerability": "None"}}).
    preset_conditions = models.JSONField(default=dict, blank=True, db_default={})
    broadcast = models.BooleanField(
        _("live broadcast"),
        default=True,
        help_text=_(
            "Signed-in visitors who are no player of the event follow the results of boards "
            "in play live; anonymous visitors see a board once its round has closed."
        ),
    )

    class Meta:
        verbose_name = _("teams settings")
        verbose_name_plural = _("teams settings")
        constraints = [
            *RoundSchedule.constraints_named("teams"),
            models.CheckConstraint(
                condition=Q(bye_vp__gte=0) & Q(bye_vp__lte=20), name="teams_bye_vp_range"
            ),
        ]

    @property
    def adjusted_imps(self) -> dict[str, int]:
        """IMPs of each adjustment code (``Event.Adjustment``) for the side given it."""
        return {
            Event.Adjustment.AVERAGE_PLUS: self.adjusted_plus,
            Event.Adjustment.AVERAGE: self.adjusted_average,
            Event.Adjustment.AVERAGE_MINUS: self.adjusted_minus,
        }


class Match(models.Model):
    """Two teams' match in one round: the open and the closed room's tables, and the
    IMPs and VPs the round close scored. A bye has no away team and no tables."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="matches")
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="matches")
    number = models.PositiveSmallIntegerField()
    home = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="home_matches")
    away = models.ForeignKey(
        Entry, on_delete=models.PROTECT, related_name="away_matches", null=True, blank=True
    )
    open_table = models.OneToOneField(
        Table, on_delete=models.CASCADE, related_name="open_match", null=True, blank=True
    )
    closed_table = models.OneToOneField(
        Table, on_delete=models.CASCADE, related_name="closed_match", null=True, blank=True
    )
    # Written when the round closes (None until then).
    home_imps = models.PositiveIntegerField(null=True, blank=True)
    away_imps = models.PositiveIntegerField(null=True, blank=True)
    boards_scored = models.PositiveSmallIntegerField(null=True, blank=True)
    home_vp = models.FloatField(null=True, blank=True)
    away_vp = models.FloatField(null=True, blank=True)

    class Meta:
        ordering = ["round", "number"]
        verbose_name = _("match")
        verbose_name_plural = _("matches")
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="match_unique_number"),
            models.UniqueConstraint(fields=["round", "home"], name="match_home_once_per_round"),
            models.UniqueConstraint(fields=["round", "away"], name="match_away_once_per_round"),
        ]

    def __str__(self) -> str:
        return f"{self.round} · {_('match')} {self.number}"

    @property
    def is_bye(self) -> bool:
        return self.away_id is None


class Lineup(models.Model):
    """A captain's line-up for one round of a team event: the pair in the open room and
    the pair in the closed room (``docs/rules.md`` § Teams). The home team sits NS in
    the open room and EW in the closed room, the away team the other way round; when
    the round is seated, the line-up becomes the two tables' seats (``TableSeat``)."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="lineups")
    round_number = models.PositiveSmallIntegerField(_("round"))
    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="lineups")
    open_first = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    open_second = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    closed_first = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    closed_second = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    submitted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    submitted_at = models.DateTimeField()

    class Meta:
        ordering = ["event", "round_number", "entry"]
        verbose_name = _("line-up")
        verbose_name_plural = _("line-ups")
        constraints = [
            models.UniqueConstraint(
                fields=["event", "round_number", "entry"], name="lineup_once_per_round"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.entry} · {_('round')} {self.round_number}"

    @property
    def open_pair(self) -> tuple[int, int]:
        return (self.open_first_id, self.open_second_id)

    @property
    def closed_pair(self) -> tuple[int, int]:
        return (self.closed_first_id, self.closed_second_id)
