"""Play random weeks through the real services and rate each (one JSON file a week).

manage.py simulate_rating --players 16 --weeks 3 --boards-per-week 8 --seed 1 --json-dir DIR
"""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from tournaments.errors import BridgeError

from ...simulation import RatingSimulation, simulate_rating


class Command(BaseCommand):
    help = "Simulate weeks of pool play with synthetic players and rate every week."

    def add_arguments(self, parser):
        parser.add_argument("--players", type=int, default=16)
        parser.add_argument("--weeks", type=int, default=3)
        parser.add_argument("--boards-per-week", type=int, default=8)
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--json-dir", default="", help="Write <week>.json files here.")

    def handle(self, *args, players, weeks, boards_per_week, seed, json_dir, **options):
        if players < 4 or weeks < 1 or boards_per_week < 1:
            raise CommandError("Need at least 4 players, 1 week and 1 board a week.")
        config = RatingSimulation(
            players=players, weeks=weeks, boards_per_week=boards_per_week, seed=seed
        )
        try:
            data, _skill = simulate_rating(config, json_dir=Path(json_dir) if json_dir else None)
        except BridgeError as exc:
            raise CommandError(str(exc)) from exc
        for week in data:
            lines = sum(len(p["boards"]) for p in week["players"])
            self.stdout.write(f"{week['week']}: {len(week['players'])} players, {lines} boards")
