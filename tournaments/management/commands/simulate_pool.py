"""Run a scoring pool on a simulated clock and write every result's score
(``docs/simulation.md`` § The scoring pool)."""

import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from tqdm import tqdm

from tournaments.errors import BridgeError
from tournaments.formats.pool.simulation import PoolSimulationConfig, pool_report, simulate_pool

#: The options that are the simulation's settings, under the same names.
CONFIG_OPTIONS = (
    "players", "tables_per_hour", "hours", "seed", "boards_per_table", "minutes_per_board",
    "score_at", "retire_at", "library",
)  # fmt: skip


class Command(BaseCommand):
    help = "Simulate a scoring pool with synthetic players through the real services."

    def add_arguments(self, parser):
        parser.add_argument("--players", type=int, default=40)
        parser.add_argument(
            "--tables-per-hour", type=float, default=12, help="Tables starting per hour."
        )
        parser.add_argument("--hours", type=float, default=8, help="How long the pool runs.")
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--boards-per-table", type=int, default=4)
        parser.add_argument("--minutes-per-board", type=int, default=8)
        parser.add_argument("--score-at", type=int, default=6)
        parser.add_argument("--retire-at", type=int, default=40)
        parser.add_argument(
            "--library", type=int, default=0, help="Boards dealt at the start (0: enough)."
        )
        parser.add_argument("--json", dest="json_path", default="")
        parser.add_argument("--no-progress", action="store_true")

    def handle(self, *args, **opts):
        config = PoolSimulationConfig(**{name: opts[name] for name in CONFIG_OPTIONS})
        with tqdm(
            total=round(config.tables_per_hour * config.hours),
            desc="Simulating",
            unit="table",
            disable=opts["no_progress"],
            file=self.stderr._out,
        ) as bar:
            try:
                event = simulate_pool(config, progress=bar.update)
            except (ValueError, BridgeError) as exc:
                raise CommandError(str(exc)) from exc
        report = pool_report(event)
        results = sum(len(b["results"]) for b in report["boards"])
        scored = sum(1 for b in report["boards"] for r in b["results"] if r["scored_at_seq"])
        retired = sum(1 for b in report["boards"] if b["retired"])
        self.stdout.write(
            f"Pool {event.pk} ({event.name}): {results} results on {len(report['boards'])} "
            f"boards, {scored} scored, {retired} boards retired."
        )
        if opts["json_path"]:
            path = Path(opts["json_path"])
            path.write_text(json.dumps(report, indent=1))
            self.stdout.write(f"Wrote {path}")
