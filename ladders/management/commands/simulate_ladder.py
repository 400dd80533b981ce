"""``manage.py simulate_ladder``: a ladder season through the real services."""

import json

from django.core.management.base import BaseCommand, CommandError
from tqdm import tqdm

from ladders.selectors import positions_consistent
from ladders.simulation import LadderSimulationConfig, simulate_ladder


class Command(BaseCommand):
    help = (
        "Simulate a ladder season: random challenges, answers, forfeits and matches, "
        "through the real services on a simulated clock."
    )

    def add_arguments(self, parser):
        parser.add_argument("--teams", type=int, default=8)
        parser.add_argument("--days", type=int, default=30)
        parser.add_argument("--challenge-rate", type=float, default=0.1)
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--k", type=int, default=3)
        parser.add_argument("--boards", type=int, default=8, choices=[8, 12, 16])
        parser.add_argument(
            "--decide",
            action="store_true",
            help="The director decides every match instead of playing it, once its play "
            "deadline has passed (fast).",
        )
        parser.add_argument("--json", dest="json_path", default="")

    def handle(self, *args, teams, days, challenge_rate, seed, k, boards, decide, json_path, **o):
        if days < 1 or days > 700:
            raise CommandError("--days must be from 1 to 700")
        config = LadderSimulationConfig(
            teams=teams,
            days=days,
            challenge_rate=challenge_rate,
            seed=seed,
            k=k,
            boards=boards,
            play_matches=not decide,
            record=bool(json_path) or teams <= 500,
        )
        try:
            with tqdm(total=days, disable=o.get("verbosity", 1) < 1, unit="day") as bar:
                ladder, report = simulate_ladder(config, progress=bar.update)
        except ValueError as exc:
            raise CommandError(str(exc)) from exc
        assert positions_consistent(ladder=ladder)
        if json_path and report is not None:
            with open(json_path, "w", encoding="utf-8") as f:
                json.dump(report, f, indent=1)
        if report is not None:
            counts: dict[str, int] = {}
            for c in report["challenges"]:
                counts[c["status"]] = counts.get(c["status"], 0) + 1
            self.stdout.write(
                f"ladder {ladder.pk}: {len(report['challenges'])} challenges {counts}"
            )
            self.stdout.write("final: " + " ".join(map(str, report["final"][:20])))
