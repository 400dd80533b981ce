"""Load the deals of a PBN file into an event before round 1 (all or nothing)."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from tournaments import selectors
from tournaments.errors import BridgeError
from tournaments.interchange import pbn_decode
from tournaments.interchange.deals import event_deals_import


class Command(BaseCommand):
    help = (
        "Import the deals of a PBN file ([Board] and [Deal] per game) into an event that "
        "has not started. Boards not in the file are shuffled when their round opens."
    )

    def add_arguments(self, parser):
        parser.add_argument("event_id", type=int)
        parser.add_argument("path", type=Path)

    def handle(self, *args, event_id, path, **opts):
        event = selectors.event_get(event_id=event_id)
        if event is None:
            raise CommandError(f"No event {event_id}.")
        try:
            data = path.read_bytes()
        except OSError as exc:
            raise CommandError(f"Cannot read {path}: {exc.strerror}") from exc
        try:
            deals = event_deals_import(event=event, text=pbn_decode(data))
        except BridgeError as exc:
            raise CommandError(exc.message) from exc
        boards = ", ".join(sorted(deals, key=int))
        self.stdout.write(f"Imported {len(deals)} deals into {event} (boards {boards}).")
