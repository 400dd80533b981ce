"""Create a finished event from another scorer's results file (USEBIO or PBN)."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from tournaments.errors import BridgeError
from tournaments.formats import format_for
from tournaments.formatting import left_out_text
from tournaments.interchange.importers.dispatch import AlreadyImportedError, event_results_import
from tournaments.selectors.events import import_left_out_get


class Command(BaseCommand):
    help = (
        "Import a finished event from a USEBIO 1.2 XML file (pairs, teams, or an individual "
        "event, which becomes a scoring pool when IMP-scored, else an individual event) or a "
        "PBN results file (pairs): pairs or teams (players matched by name or created as "
        "guests), boards, every traveller line and match with the file's scores, and the "
        "ranking. A line that is not a result is left out and named; a file imported before "
        "is refused unless --force."
    )

    def add_arguments(self, parser):
        parser.add_argument("path", type=Path)
        parser.add_argument("--name", default="", help="The event's name (default: the file's).")
        parser.add_argument(
            "--force",
            action="store_true",
            help="Import a file imported before anyway (a second event from the same file).",
        )

    def handle(self, *args, path, name, force, **opts):
        try:
            data = path.read_bytes()
        except OSError as exc:
            raise CommandError(f"Cannot read {path}: {exc.strerror}") from exc
        try:
            event = event_results_import(data=data, name=name, force=force)
        except AlreadyImportedError as exc:
            raise CommandError(f"{exc.message} (--force imports it again.)") from exc
        except BridgeError as exc:
            raise CommandError(exc.message) from exc
        boards = event.boards.count()
        entries = event.entries.count()
        unit = format_for(event).entry_noun
        self.stdout.write(
            f"Imported event {event.pk} “{event}”: {entries} {unit}, {boards} boards "
            f"({event.get_source_display()})."
        )
        for line in import_left_out_get(event=event):  # lines that are not results
            self.stdout.write(left_out_text(line))
