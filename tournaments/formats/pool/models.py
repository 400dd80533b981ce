"""The duplicate scoring pool (``docs/rules.md`` § The scoring pool).

A pool event is open for a period. Its boards (``Board`` with no round) form the board
library; any four ready players start a table, a *sitting*: a ``Round`` of its own with
one ``Table`` (``TableSeat`` names who sits where) and the boards dealt to it
(``PoolDeal``, one row per player and board, so a player is never dealt a board twice).
Results are ordinary ``Result`` rows; ``PoolResult`` records a result's place in the
pool's arrival order and its datum, and ``PoolScore`` the score each of its four players
got, once.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from ...models.events import Entry, Event
from ...models.play import Board, Result, Table


class PoolSettings(models.Model):
    """The pool's own settings (one-to-one with its event)."""

    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="pool_settings")
    ends_at = models.DateTimeField(_("open until"))
    boards_per_table = models.PositiveSmallIntegerField(_("boards per table"), default=4)
    minutes_per_board = models.PositiveSmallIntegerField(_("minutes per board"), default=8)
    score_at = models.PositiveSmallIntegerField(
        _("results before scoring"),
        default=6,
        help_text=_("A board's results are scored from this many results on."),
    )
    retire_at = models.PositiveSmallIntegerField(
        _("results before retiring"),
        default=40,
        help_text=_("A board with this many results is never dealt again."),
    )
    robot_seats = models.PositiveSmallIntegerField(
        _("seats robots may fill"),
        default=3,
        help_text=_(
            "A ready player may start a table at once with robots in the empty seats, "
            "up to this many (0: robots are not allowed)."
        ),
    )
    #: The arrival counter: ``PoolResult.seq`` of the last result stored.
    last_seq = models.PositiveIntegerField(default=0, editable=False)

    class Meta:
        verbose_name = _("pool settings")
        verbose_name_plural = _("pool settings")

    def __str__(self) -> str:
        return str(self.event)

    # What every event answers about its round schedule (the API's event fields, the
    # event list): a pool has no rounds; a table's "round" is its own sitting.
    num_rounds = 0
    gap_minutes = 0.0

    @property
    def boards_per_round(self) -> int:
        return self.boards_per_table

    @property
    def round_minutes(self) -> float:
        return float(self.boards_per_table * self.minutes_per_board)


class PoolBoard(models.Model):
    """A board of the library and how many places it has: ``taken`` counts the tables
    dealt it whose result is stored or still to come, so a board is never dealt past
    ``retire_at`` results (the 41st is refused when dealing, never at entry)."""

    board = models.OneToOneField(Board, on_delete=models.CASCADE, related_name="pool")
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="+")
    taken = models.PositiveSmallIntegerField(default=0)
    results = models.PositiveSmallIntegerField(default=0)
    #: The results of tables of four people: the board is scored from ``score_at`` of
    #: them on (a result played with robots counts in ``results`` only).
    field_results = models.PositiveSmallIntegerField(default=0)
    retired = models.BooleanField(_("retired"), default=False)

    class Meta:
        verbose_name = _("pool board")
        verbose_name_plural = _("pool boards")
        indexes = [
            models.Index(fields=["event", "retired", "taken", "board"]),
            # the library's first and last board: where dealing picks its random start
            models.Index(fields=["event", "board"], name="pool_board_event_board"),
        ]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(results__lte=models.F("taken")), name="pool_board_results_taken"
            )
        ]

    def __str__(self) -> str:
        return str(self.board)


class PoolDeal(models.Model):
    """Board ``board`` dealt to ``table`` for ``player`` in seat ``seat``. A player is
    dealt a board at most once (DB-enforced), even when two tables start at once; a
    robot account (``robot``) sits at many tables and may be dealt a board again
    (``docs/rules.md`` § Robots, the pool)."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="+")
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="pool_deals")
    board = models.ForeignKey(Board, on_delete=models.CASCADE, related_name="+")
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    seat = models.CharField(max_length=1)
    robot = models.BooleanField(default=False)

    class Meta:
        verbose_name = _("pool deal")
        verbose_name_plural = _("pool deals")
        constraints = [
            models.UniqueConstraint(
                fields=["board", "player"],
                condition=models.Q(robot=False),
                name="pool_board_once_per_player",
            ),
            models.UniqueConstraint(
                fields=["table", "board", "seat"], name="pool_deal_unique_seat"
            ),
        ]
        indexes = [models.Index(fields=["event", "player"])]

    def __str__(self) -> str:
        return f"{self.board} → {self.seat}"


class PoolReady(models.Model):
    """A player waiting for a table, alone or with a partner (who waits too)."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="+")
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    partner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+", null=True, blank=True
    )
    since = models.DateTimeField()

    class Meta:
        verbose_name = _("ready player")
        verbose_name_plural = _("ready players")
        ordering = ["since", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["event", "player"], name="pool_ready_once"),
        ]

    def __str__(self) -> str:
        return str(self.player)


class PoolResult(models.Model):
    """A result's place in the pool: ``seq`` counts every board's results together in
    arrival order; ``scored_at_seq`` is the arrival that gave it its final score (None:
    still provisional, scoring 0); ``datum`` the trimmed average used. ``robot_seats``:
    the seats robots played it from ("ESW"; "" for four people): such a result is scored
    against the field but neither counts towards scoring nor enters the datum
    (``docs/rules.md`` § Robots, the pool)."""

    result = models.OneToOneField(Result, on_delete=models.CASCADE, related_name="pool")
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="+")
    board = models.ForeignKey(Board, on_delete=models.CASCADE, related_name="+")
    seq = models.PositiveIntegerField()
    scored_at_seq = models.PositiveIntegerField(null=True, blank=True)
    datum = models.IntegerField(null=True, blank=True)
    ns_imps = models.IntegerField(null=True, blank=True)
    robot_seats = models.CharField(max_length=4, blank=True, default="")

    class Meta:
        verbose_name = _("pool result")
        verbose_name_plural = _("pool results")
        ordering = ["seq"]
        constraints = [
            models.UniqueConstraint(fields=["event", "seq"], name="pool_result_unique_seq"),
        ]

    def __str__(self) -> str:
        return f"#{self.seq}"


class PoolScore(models.Model):
    """The score one player got for one result: given once (DB-enforced), never
    recomputed."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="+")
    result = models.ForeignKey(Result, on_delete=models.CASCADE, related_name="pool_scores")
    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="pool_scores")
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    seat = models.CharField(max_length=1)
    imps = models.IntegerField()
    scored_at_seq = models.PositiveIntegerField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("pool score")
        verbose_name_plural = _("pool scores")
        constraints = [
            models.UniqueConstraint(fields=["result", "player"], name="pool_score_once"),
        ]
        indexes = [models.Index(fields=["event", "player"])]

    def __str__(self) -> str:
        return f"{self.player}: {self.imps:+d}"
