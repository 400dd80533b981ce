"""Random weeks of play rated through the real services (``manage.py simulate_rating``).

Each week is a scoring pool open from Monday to Sunday; the players, each with a hidden
skill, sit down in fours at random (``pool_join``), North enters every board and East
confirms it (``result_submit``, ``result_confirm``); when the week is over it is rated
(``rate_week_compute``) and its JSON written. A stronger side takes more tricks, so the
Rates should come to order the players by skill.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path

from django.utils import timezone

from accounts.models import User
from tournaments import services
from tournaments.formats.pool import services as pool_services
from tournaments.models import PoolDeal

from .services.rate import rate_week_compute
from .weeks import week_before, week_bounds, week_of


@dataclass
class RatingSimulation:
    players: int
    weeks: int
    boards_per_week: int
    seed: int = 1
    prefix: str = "rsim"


def _players(config: RatingSimulation) -> list[User]:
    users = [
        User(username=f"{config.prefix}{config.seed}_{i:05d}", display_name=f"Sim {i}")
        for i in range(config.players)
    ]
    for u in users:
        u.set_unusable_password()
    User.objects.bulk_create(users, ignore_conflicts=True)
    return list(
        User.objects.filter(username__startswith=f"{config.prefix}{config.seed}_").order_by(
            "username"
        )[: config.players]
    )


def _tricks(skill: dict[int, float], four: list[User], rng: random.Random) -> int:
    """Tricks of 4S by North: ten, more for a stronger NS, fewer for a stronger EW."""
    n, s, e, w = four
    edge = (skill[n.pk] + skill[s.pk] - skill[e.pk] - skill[w.pk]) / 2
    return max(6, min(13, round(10 + edge + rng.gauss(0, 0.8))))


def _play_week(week: str, users: list[User], skill, config, rng) -> None:
    start, end = week_bounds(week)
    now = start + timedelta(minutes=1)
    event = pool_services.pool_create(
        name=f"Rating week {week}", start_at=now, ends_at=end - timedelta(minutes=1),
        boards=max(8, config.players // 2), lead_required=False, rng=rng, now=now,
        analyse=False,
    )  # fmt: skip
    pool_services.pool_clock_step(event=event, now=now)
    per_table = event.pool_settings.boards_per_table
    for _sitting in range(max(1, -(-config.boards_per_week // per_table))):
        now += timedelta(minutes=1)
        shuffled = rng.sample(users, len(users))
        tables = []
        for i in range(0, len(shuffled) - 3, 4):
            n, s, e, w = shuffled[i : i + 4]
            for p in (s, e, w):
                pool_services.pool_join(event=event, player=p, now=now)
            table = pool_services.pool_join(
                event=event, player=n, partner=s, opponents=[e, w], now=now, rng=rng
            )
            tables.append((table, [n, s, e, w]))
        for table, four in tables:
            boards = PoolDeal.objects.filter(table=table, seat="N").order_by("board_id")
            for deal in boards:
                result = services.result_submit(
                    table_id=table.pk, board_id=deal.board_id, user=four[0], contract="4S",
                    declarer="N", tricks=_tricks(skill, four, rng), now=now,
                )  # fmt: skip
                services.result_confirm(result_id=result.pk, user=four[2], now=now)
        now += timedelta(minutes=per_table * event.pool_settings.minutes_per_board)
        pool_services.pool_clock_step(event=event, now=now)
    pool_services.pool_clock_step(event=event, now=end)


def simulate_rating(
    config: RatingSimulation, *, json_dir: Path | None = None
) -> tuple[list[dict], dict[int, float]]:
    """Play and rate ``config.weeks`` weeks ending with the last finished one; returns
    each week's JSON (also written to ``json_dir``/<week>.json) and the hidden skills."""
    rng = random.Random(config.seed)
    users = _players(config)
    skill = {u.pk: rng.gauss(0, 1) for u in users}
    week = week_before(week_of(timezone.now()))
    weeks = [week]
    for _ in range(config.weeks - 1):
        weeks.append(week_before(weeks[-1]))
    out = []
    for week in reversed(weeks):
        _play_week(week, users, skill, config, rng)
        report = rate_week_compute(
            week=week, by="simulate_rating", now=week_bounds(week)[1] + timedelta(seconds=1)
        )
        data = report.data
        out.append(data)
        if json_dir is not None:
            json_dir.mkdir(parents=True, exist_ok=True)
            (json_dir / f"{week}.json").write_text(json.dumps(data, indent=1), encoding="utf-8")
    return out, skill
