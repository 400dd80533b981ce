"""Benchmark: a ladder of 10,000 teams with a year of challenges (target < 60 s).

The season runs through the real services on the simulated clock of
``ladders.simulation`` (issue, accept, decline, forfeit by the deadline task, cancel),
in a throw-away test database on the database DATABASE_URL names (SQLite otherwise).
Matches are decided by the director's service for unplayed matches instead of being
played board by board (``play_matches=False``); ``simulate_ladder`` plays them.
"""

from __future__ import annotations

import os
import time


def _setup_django() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")
    import django

    django.setup()


def run(teams: int = 10_000, days: int = 365, rate: float = 0.0005, seed: int = 1) -> dict:
    _setup_django()
    from django.db import connection

    from ladders.models import Challenge, PositionChange
    from ladders.selectors import positions_consistent
    from ladders.simulation import LadderSimulationConfig, simulate_ladder

    old_name = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        t0 = time.perf_counter()
        ladder, _ = simulate_ladder(
            LadderSimulationConfig(
                teams=teams,
                days=days,
                challenge_rate=rate,
                seed=seed,
                play_matches=False,
                record=False,
            )
        )
        elapsed = time.perf_counter() - t0
        statuses: dict[str, int] = {}
        for status in Challenge.objects.filter(ladder=ladder).values_list("status", flat=True):
            statuses[status] = statuses.get(status, 0) + 1
        return {
            "db": connection.vendor,
            "teams": teams,
            "days": days,
            "seconds": round(elapsed, 1),
            "challenges": sum(statuses.values()),
            "statuses": statuses,
            "changes": PositionChange.objects.filter(ladder=ladder).count(),
            "consistent": positions_consistent(ladder=ladder),
        }
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


def main() -> None:
    f = run()
    print(f"Ladder season ({f['db']}): {f['teams']:,} teams, {f['days']} days")
    print(
        f"  {f['seconds']:.1f} s (target < 60 s): {f['challenges']:,} challenges "
        f"{f['statuses']}, {f['changes']:,} position changes, positions 1..N: {f['consistent']}"
    )


if __name__ == "__main__":
    main()
