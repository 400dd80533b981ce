"""Build the HCP-par expected-score table from the double-dummy par of random deals
(``docs/rules.md`` § HCP-par), with a progress bar; the same seed builds the same table.

``manage.py build_hcp_par --deals 2050 --seed 20250101`` rebuilds the shipped
``scoring/data/hcp_par.json``; ``--out`` writes elsewhere (a table a director loads).
"""

import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from tqdm import tqdm

from scoring import DEFAULT_HCP_PAR_PATH
from scoring.build_hcp_par import build


class Command(BaseCommand):
    help = "Build the HCP-par expected-score table (double-dummy par of random deals)."

    def add_arguments(self, parser):
        parser.add_argument("--deals", type=int, default=2050)
        parser.add_argument("--seed", type=int, default=20250101)
        parser.add_argument("--jobs", type=int, default=2, help="Worker processes.")
        parser.add_argument("--bandwidth", type=float, default=1.0, help="Kernel width (HCP).")
        parser.add_argument("--out", type=Path, default=DEFAULT_HCP_PAR_PATH)
        parser.add_argument("--no-progress", action="store_true")

    def handle(self, *args, **opts):
        if opts["deals"] < 41:
            raise CommandError("Build from at least 41 deals (one for each HCP 0..40).")
        with tqdm(
            total=opts["deals"],
            desc="Solving",
            unit="deal",
            disable=opts["no_progress"],
            file=self.stderr._out,
        ) as bar:
            doc = build(
                opts["deals"],
                opts["seed"],
                opts["jobs"],
                opts["bandwidth"],
                verbose=False,
                progress=bar.update,
            )
        out: Path = opts["out"]
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")
        self.stdout.write(f"Wrote {out}")
