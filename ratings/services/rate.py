"""Writes of the whole-field Rate (``docs/rules.md`` § The Rate).

* ``weekly_points_refresh``: this week's points and boards of every player of the field,
  recomputed from the week's results (beat runs it every minute, so the points follow
  the results as they arrive).
* ``rate_week_compute``: a week's board Rates folded into every rated player's Rate,
  once (a ``RateWeek`` row per week, under the Rate jobs' lock); a director reruns the
  latest computed week, or previews any week (``dry_run``).
* ``rate_due_weeks``: the beat entry: every finished week not rated yet, in order.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

import numpy as np
from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.db.models import Count, F, Max, OuterRef, Subquery
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.bulk import bulk_insert, bulk_set
from tournaments.errors import BridgeError, ConflictError
from tournaments.models import Result, ResultCorrection

from ..field import Field, week_field
from ..lock_objects import rate_jobs_lock, rate_week_for_update
from ..models import Disconnection, PlayerRate, RateHistory, RateWeek
from ..rate import week_rates
from ..weeks import week_before, week_bounds, week_of, week_parse

BATCH = 2000


def player_rates_ensure(*, player_ids) -> int:
    """A Rate row (the starting Rate, no weight) for each player who has none."""
    ids = set(player_ids)
    have = set(PlayerRate.objects.filter(player_id__in=ids).values_list("player_id", flat=True))
    missing = sorted(ids - have)
    # (a ledger write may add one meanwhile: that row stays)
    bulk_insert(
        PlayerRate,
        ({"player_id": i, "rate": settings.RATE_START} for i in missing),
        ignore_conflicts=True,
    )
    return len(missing)


def _week_sums(fld: Field) -> dict[int, tuple[float, int]]:
    """{player: (weekly points, boards)} of the field."""
    if not len(fld.line_player):
        return {}
    ids, inverse = np.unique(fld.line_player, return_inverse=True)
    points = np.bincount(inverse, weights=fld.line_points)
    boards = np.bincount(inverse)
    return {int(p): (float(s), int(b)) for p, s, b in zip(ids, points, boards, strict=True)}


def _field_stamp(week: str) -> tuple:
    """What changes when the week's field does: its results (how many, the newest),
    their corrections and its disconnections (three small aggregate queries)."""
    start, end = week_bounds(week)
    results = Result.objects.filter(entered_at__gte=start, entered_at__lt=end).aggregate(
        n=Count("pk"), last=Max("pk")
    )
    corrections = ResultCorrection.objects.filter(
        result__entered_at__gte=start, result__entered_at__lt=end
    ).aggregate(last=Max("pk"))
    gone = Disconnection.objects.filter(created_at__gte=start, created_at__lt=end).aggregate(
        n=Count("pk"), last=Max("pk")
    )
    return (results["n"], results["last"], corrections["last"], gone["n"], gone["last"])


@transaction.atomic(durable=True)
def weekly_points_refresh(
    *, week: str | None = None, now: datetime | None = None, force: bool = False
) -> int:
    """Store this week's points and boards of every player (rows of the week that have
    no board any more, e.g. a result corrected away, go back to 0). Returns rows
    changed. Nothing is recomputed when the week's field has not changed since the last
    refresh (unless ``force``)."""
    week = week or week_of(now or timezone.now())
    rate_jobs_lock()
    stamp_key = f"ratings:weekly-points:{week}"
    field_stamp = _field_stamp(week)
    if not force and cache.get(stamp_key) == field_stamp:
        return 0
    transaction.on_commit(lambda: cache.set(stamp_key, field_stamp, 8 * 24 * 3600))
    fld = week_field(week=week)
    sums = _week_sums(fld)
    player_rates_ensure(player_ids=fld.player_ids() | set(sums))
    changed = []
    stamp = timezone.now()
    rows = PlayerRate.objects.filter(player_id__in=list(sums)) | PlayerRate.objects.filter(
        week=week
    )
    for row in rows.only("pk", "player_id", "week", "weekly_points", "boards_this_week"):
        points, boards = sums.get(row.player_id, (0.0, 0))
        if (row.week, row.weekly_points, row.boards_this_week) != (week, points, boards):
            row.week, row.weekly_points, row.boards_this_week = week, points, boards
            row.updated_at = stamp
            changed.append(row)
    bulk_set(PlayerRate, changed, ["week", "weekly_points", "boards_this_week", "updated_at"])
    return len(changed)


@dataclass
class WeekReport:
    """What a week's computation did (or would do): the JSON of ``rate_week --json``
    and, for a week computed before, how many players' Rates would change."""

    week: str
    data: dict
    applied: bool
    rerun: bool = False
    changed: list[dict] = field(default_factory=list)
    players: int = 0
    boards: int = 0


def _week_checks(week: str, *, dry_run: bool, now: datetime) -> RateWeek | None:
    """The week's row (None in a preview of a week never computed), after the checks:
    weeks are rated in order, and only the latest computed week may be computed again."""
    if week_parse(week) is None:
        raise BridgeError(_("Write a week as 2026-W49."), code="week")
    if week >= week_of(now) and not dry_run:
        raise ConflictError(_("A week is rated after it ends."), code="week_not_over")
    latest = RateWeek.objects.filter(computed_at__isnull=False).order_by("-week").first()
    if latest is not None and latest.week > week and not dry_run:
        raise ConflictError(
            _("Week %(later)s is rated already: only the latest rated week can be rerun.")
            % {"later": latest.week},
            code="later_week",
        )
    if dry_run:
        return RateWeek.objects.filter(week=week).first()
    RateWeek.objects.get_or_create(week=week)
    return rate_week_for_update(week=week)


def _before(row: RateWeek | None) -> dict[int, tuple[float, float, int, float | None]]:
    """{player: (Rate, weight, total boards, last week's average)} before the week:
    the rows as they are, or for a week computed before, as its history recorded."""
    state = {
        p: (r, w, t, a)
        for p, r, w, t, a in PlayerRate.objects.values_list(
            "player_id", "rate", "weight", "total_boards", "last_week_average"
        )
    }
    if row is not None and row.is_done:
        previous = dict(
            RateHistory.objects.filter(week__week=week_before(row.week)).values_list(
                "player_id", "week_rate"
            )
        )
        for p, r, w, b in RateHistory.objects.filter(week=row).values_list(
            "player_id", "rate_before", "weight_before", "boards"
        ):
            total = state[p][2] - b if p in state else 0
            state[p] = (r, w, total, previous.get(p))
    return state


def _data(week: str, fld: Field, ids, outcome, state) -> dict:
    """The JSON of the week: every input and output, so that it can be re-derived."""
    p_scale, fade = settings.RATE_P_SCALE, settings.RATE_FADE
    position = {p: i for i, p in enumerate(ids)}
    lines: dict[int, list[dict]] = {}
    for k in range(len(fld.line_player)):
        ximp = float(fld.line_ximp[k])
        lines.setdefault(int(fld.line_player[k]), []).append(
            {
                "board": int(fld.line_board[k]) or None,
                "partner": int(fld.line_partner[k]) or None,
                "opponents": [int(o) for o in (fld.line_opp1[k], fld.line_opp2[k]) if o > 0],
                "ximp": None if np.isnan(ximp) else ximp,
                "disconnected": bool(fld.line_disconnected[k]),
                "r": float(outcome.r[k]),
            }
        )
    players = []
    for p in ids:
        i = position[p]
        week_rate = float(outcome.week_rate[i])
        players.append(
            {
                "player": p,
                "rate_before": state[p][0],
                "weight_before": state[p][1],
                "boards": lines.get(p, []),
                "week_rate": None if np.isnan(week_rate) else week_rate,
                "rate_after": float(outcome.rate_after[i]),
                "weight_after": float(outcome.weight_after[i]),
            }
        )
    return {"week": week, "p_scale": p_scale, "fade": fade, "players": players}


def _history_update(row: RateWeek, **fields) -> None:
    """Set each rated player's Rate row from their history row of ``row`` (one
    set-based UPDATE with correlated subqueries, not a query per player)."""
    history = RateHistory.objects.filter(week=row, player_id=OuterRef("player_id"))
    PlayerRate.objects.filter(
        player_id__in=RateHistory.objects.filter(week=row).values("player_id")
    ).update(**{name: make(history) for name, make in fields.items()})


def _write(row: RateWeek, ids, outcome, state, fld: Field, by: str) -> None:
    """The week's history rows, then every player's Rate row from them."""
    sums = _week_sums(fld)
    if row.is_done:  # a rerun: take the week's boards back out of the totals first
        _history_update(
            row, total_boards=lambda h: F("total_boards") - Subquery(h.values("boards")[:1])
        )
        RateHistory.objects.filter(week=row).delete()
    week_rates_ = [None if np.isnan(v) else float(v) for v in outcome.week_rate]
    bulk_insert(
        RateHistory,
        (
            {
                "player_id": p,
                "week_id": row.pk,
                "rate_before": state[p][0],
                "weight_before": state[p][1],
                "boards": int(outcome.boards[i]),
                "weekly_points": sums.get(p, (0.0, 0))[0],
                "week_rate": week_rates_[i],
                "rate_after": float(outcome.rate_after[i]),
                "weight_after": float(outcome.weight_after[i]),
            }
            for i, p in enumerate(ids)
        ),
    )
    _history_update(
        row,
        rate=lambda h: Subquery(h.values("rate_after")[:1]),
        weight=lambda h: Subquery(h.values("weight_after")[:1]),
        last_week_average=lambda h: Subquery(h.values("week_rate")[:1]),
        total_boards=lambda h: F("total_boards") + Subquery(h.values("boards")[:1]),
    )
    row.computed_at = timezone.now()
    row.computed_by = by[:40]
    row.players = len(ids)
    row.boards = int(outcome.boards.sum())
    row.p_scale = settings.RATE_P_SCALE
    row.fade = settings.RATE_FADE
    row.save()


def rate_week_compute(
    *,
    week: str,
    dry_run: bool = False,
    by: str = "beat",
    now: datetime | None = None,
    with_data: bool = True,
) -> WeekReport | None:
    """Rate ``week``: every rated player's board Rates (partner and opponents at their
    Rate from before the week), the week's Rate, the new Rate and weight; a history row
    each. None when the week is rated already and ``by`` is the beat (a second tick, a
    second beat). A director (``by`` another name) reruns the latest rated week from the
    values its history recorded; ``dry_run`` writes nothing and says what would change.
    ``with_data``: build the week's JSON (the beat does not need it).
    """
    with transaction.atomic(durable=True):
        rate_jobs_lock()
        row = _week_checks(week, dry_run=dry_run, now=now or timezone.now())
        rerun = row is not None and row.is_done
        if rerun and by == "beat":
            return None
        fld = week_field(week=week)
        if not dry_run:
            player_rates_ensure(player_ids=fld.player_ids())
        state = _before(row)
        for p in fld.player_ids() - set(state):  # a preview of players not rated yet
            state[p] = (settings.RATE_START, 0.0, 0, None)
        ids = sorted(state)
        outcome = week_rates(
            rate=np.array([state[p][0] for p in ids], dtype=np.float64),
            weight=np.array([state[p][1] for p in ids], dtype=np.float64),
            lines=fld.arrays(np.array(ids, dtype=np.int64)),
            p_scale=settings.RATE_P_SCALE,
            fade=settings.RATE_FADE,
            start=settings.RATE_START,
            disconnect_rate=settings.RATE_DISCONNECT_BOARD_RATE,
        )
        data = _data(week, fld, ids, outcome, state) if with_data else {}
        report = WeekReport(
            week=week, data=data, applied=False, rerun=rerun, players=len(ids),
            boards=int(outcome.boards.sum()),
        )  # fmt: skip
        if rerun or dry_run:
            stored = (
                dict(RateHistory.objects.filter(week=row).values_list("player_id", "rate_after"))
                if rerun
                else {}
            )
            for i, p in enumerate(ids):
                old, new = stored.get(p, state[p][0]), float(outcome.rate_after[i])
                if abs(old - new) > 1e-9:
                    report.changed.append({"player": p, "from": old, "to": new})
        if not dry_run:
            _write(row, ids, outcome, state, fld, by)
            report.applied = True
        return report


def rate_due_weeks(*, now: datetime | None = None) -> list[str]:
    """Rate every finished week not rated yet, oldest first (after an outage, each
    missed week in turn); the first run rates only the week just finished. Returns the
    weeks rated by this call (none when another run did them)."""
    now = now or timezone.now()
    last = week_before(week_of(now))
    latest = RateWeek.objects.filter(computed_at__isnull=False).order_by("-week").first()
    due, week = [], last
    while latest is not None and week > latest.week and len(due) < 520:
        due.append(week)
        week = week_before(week)
    if latest is None:
        due = [last]
    done = []
    for week in reversed(due):
        if rate_week_compute(week=week, by="beat", now=now, with_data=False) is not None:
            done.append(week)
    return done
