"""Rate one week (``docs/rules.md`` § The Rate), or preview it with ``--dry-run``.

    manage.py rate_week --week 2026-W49 [--dry-run] [--json PATH]

A week not rated yet is rated; the latest rated week is rated again from the values its
history recorded (a director's rerun). ``--dry-run`` writes nothing and lists whose Rate
would change. ``--json`` writes every input and output of the week.
"""

from __future__ import annotations

import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from tournaments.errors import BridgeError

from ...services.rate import rate_week_compute


class Command(BaseCommand):
    help = "Compute (or preview with --dry-run) the Rate of one ISO week, e.g. 2026-W49."

    def add_arguments(self, parser):
        parser.add_argument("--week", required=True, help="An ISO week: 2026-W49.")
        parser.add_argument("--dry-run", action="store_true", help="Show, write nothing.")
        parser.add_argument("--json", dest="json_path", default="", help="Write the week here.")

    def handle(self, *args, week: str, dry_run: bool, json_path: str, **options):
        try:
            report = rate_week_compute(
                week=week, dry_run=dry_run, by="rate_week", with_data=bool(json_path)
            )
        except BridgeError as exc:
            raise CommandError(str(exc)) from exc
        if json_path:
            Path(json_path).write_text(json.dumps(report.data, indent=1), encoding="utf-8")
        verb = "would change" if dry_run else "changed"
        self.stdout.write(
            f"{week}: {report.players} players, {report.boards} board lines"
            f"{' (rerun)' if report.rerun else ''}; {len(report.changed)} Rates {verb}"
            if dry_run or report.rerun
            else f"{week}: {report.players} players, {report.boards} board lines rated."
        )
        for change in report.changed[:50]:
            self.stdout.write(
                f"  player {change['player']}: {change['from']:.2f} -> {change['to']:.2f}"
            )
        if len(report.changed) > 50:
            self.stdout.write(f"  ... and {len(report.changed) - 50} more")
