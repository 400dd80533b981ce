"""Run a whole simulated event without waiting for real time and print its standings."""

import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from tqdm import tqdm

from tournaments.formats import format_for, kinds_where
from tournaments.formats.teams.simulation import (
    TeamsSimulationConfig,
    simulate_teams_event,
    teams_report,
)
from tournaments.models import Entry, Event
from tournaments.selectors import standings_get
from tournaments.simulation import SimulationConfig, event_report, simulate_swiss_event

#: What it simulates: the pairs formats in timed rounds (Swiss pairs, then the
#: movements), then the team formats.
SIMULATED_KINDS = (
    *kinds_where(lambda f: f.creation == "pairs"),
    *kinds_where(lambda f: f.creation == "teams"),
)


class Command(BaseCommand):
    help = "Simulate a whole event with synthetic players through the real services."

    def add_arguments(self, parser):
        parser.add_argument(
            "--kind", default="swiss_pairs", choices=[str(k) for k in SIMULATED_KINDS]
        )
        parser.add_argument(
            "--arrow-switch",
            action="store_true",
            help="A one-winner Mitchell (EW turn some rounds).",
        )
        parser.add_argument("--pairs", type=int, default=16)
        parser.add_argument("--teams", type=int, default=8, help="Teams of a team event.")
        parser.add_argument(
            "--scale", default="wbf2013", choices=["wbf2013", "wbf_discrete"], help="VP scale."
        )
        parser.add_argument("--rounds", type=int, default=6)
        parser.add_argument("--boards-per-round", type=int, default=3)
        parser.add_argument("--method", default="ximp", choices=Event.Method.values)
        parser.add_argument(
            "--hcp-par",
            action="store_true",
            help="Score it as an HCP-par event (the same as --method hcp_par).",
        )
        parser.add_argument(
            "--play-rate",
            type=float,
            default=0.95,
            help="Probability that a board is played before the round's cut.",
        )
        parser.add_argument(
            "--withdraw",
            type=int,
            default=0,
            help="Pairs (or teams) that withdraw after a random round.",
        )
        parser.add_argument(
            "--online",
            action="store_true",
            help="Play it online: four synthetic players connect to each table's "
            "WebSocket and bid and play every board.",
        )
        parser.add_argument(
            "--analysis",
            action="store_true",
            help="With --online: each card's double-dummy cost on the boards of the --json "
            "report, and each pair's (team's) fair-play figures.",
        )
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--name", default="")
        parser.add_argument("--json", dest="json_path", default="")
        parser.add_argument("--no-progress", action="store_true")

    def handle(self, *args, **opts):
        if opts["analysis"] and not opts["online"]:
            raise CommandError("--analysis needs --online: only a board played online has its play")
        if format_for(opts["kind"]).entry_noun == "teams":
            return self._handle_teams(opts)
        config = SimulationConfig(
            pairs=opts["pairs"],
            rounds=opts["rounds"],
            boards_per_round=opts["boards_per_round"],
            method=Event.Method.HCP_PAR if opts["hcp_par"] else opts["method"],
            play_rate=opts["play_rate"],
            withdraw=opts["withdraw"],
            seed=opts["seed"],
            name=opts["name"],
            kind=opts["kind"],
            arrow_switch=opts["arrow_switch"],
            online=opts["online"],
        )
        tables = -(-config.pairs // 2) * config.rounds
        with tqdm(
            total=tables,
            desc="Simulating",
            unit="table",
            disable=opts["no_progress"],
            file=self.stderr._out,
        ) as bar:
            try:
                event = simulate_swiss_event(config, progress=bar.update)
            except ValueError as exc:
                raise CommandError(str(exc)) from exc
        self._print_standings(event)
        if opts["json_path"]:
            path = Path(opts["json_path"])
            path.write_text(json.dumps(event_report(event, analysis=opts["analysis"]), indent=1))
            self.stdout.write(f"Wrote {path}")

    def _handle_teams(self, opts) -> None:
        config = TeamsSimulationConfig(
            kind=opts["kind"],
            teams=opts["teams"],
            rounds=opts["rounds"],
            boards_per_round=opts["boards_per_round"],
            play_rate=opts["play_rate"],
            withdraw=opts["withdraw"],
            seed=opts["seed"],
            name=opts["name"],
            vp_scale=opts["scale"],
            online=opts["online"],
        )
        with tqdm(
            desc="Simulating", unit="table", disable=opts["no_progress"], file=self.stderr._out
        ) as bar:
            try:
                event = simulate_teams_event(config, progress=bar.update)
            except ValueError as exc:
                raise CommandError(str(exc)) from exc
        report = teams_report(event, analysis=opts["analysis"])
        self.stdout.write(self.style.MIGRATE_HEADING(f"{event.name} (event {event.pk})"))
        self.stdout.write(f"{'rank':>4}  {'team':<12} {'VP':>8} {'IMPs':>9}  MP")
        for t in sorted(report["teams"], key=lambda t: (t["rank"] is None, t["rank"] or 0)):
            rank = str(t["rank"]) if t["rank"] else "-"
            imps = f"{t['imps_for']}-{t['imps_against']}"
            award = t["master_points"] or ""
            self.stdout.write(f"{rank:>4}  #{t['entry']:<11} {t['vp']:>8.2f} {imps:>9}  {award}")
        if opts["json_path"]:
            path = Path(opts["json_path"])
            path.write_text(json.dumps(report, indent=1))
            self.stdout.write(f"Wrote {path}")

    def _print_standings(self, event: Event) -> None:
        unit = "%" if event.method == Event.Method.MP else "IMPs"
        self.stdout.write(self.style.MIGRATE_HEADING(f"{event.name} (event {event.pk})"))
        self.stdout.write(f"{'rank':>4}  {'pair':<40} {'total':>9} {'boards':>6}  MP")
        for e in standings_get(event=event):
            names = " – ".join(m.player.name for m in e.members.all())
            rank = str(e.rank) if e.rank else "-"
            note = " (withdrawn)" if e.status == Entry.Status.WITHDRAWN else ""
            self.stdout.write(
                f"{rank:>4}  {(names + note)[:40]:<40} {e.total:>9.2f} {e.boards_played:>6}"
                f"  {e.master_points or ''}"
            )
        self.stdout.write(f"Totals in {unit}.")
