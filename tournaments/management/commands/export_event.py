"""Write an event's hand records (PBN), results (PBN) or USEBIO XML to a file or stdout."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from tournaments import selectors
from tournaments.errors import BridgeError
from tournaments.interchange import exports

EXPORTS = {
    "hands": exports.event_hands_pbn_export,
    "results": exports.event_results_pbn_export,
    "usebio": exports.event_usebio_export,
}


class Command(BaseCommand):
    help = (
        "Export an event: hand records as PBN (hands), results as PBN (results) or "
        "USEBIO 1.2 XML (usebio). Only boards everyone may see are written: closed "
        "rounds, or all boards once the event has finished."
    )

    def add_arguments(self, parser):
        parser.add_argument("event_id", type=int)
        parser.add_argument("--format", required=True, choices=sorted(EXPORTS))
        parser.add_argument("--out", default="", help="File to write (default: stdout).")

    def handle(self, *args, event_id, format, out, **opts):
        event = selectors.event_get(event_id=event_id)
        if event is None:
            raise CommandError(f"No event {event_id}.")
        try:
            text = EXPORTS[format](event=event)
        except BridgeError as exc:  # a format this event's kind has no file in
            raise CommandError(str(exc)) from exc
        if out:
            Path(out).write_text(text, encoding="utf-8")
            self.stderr.write(f"Wrote {out}")
        else:
            self.stdout.write(text, ending="")
