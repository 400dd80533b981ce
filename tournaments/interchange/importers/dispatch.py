"""Import a finished event from another scorer's results file (``docs/rules.md``
§ Files): the one service for the director's page, the API, the background job and
``manage.py import_results``.

The dispatcher reads the file and hands it to the importer of the kind of event the
FILE says it is: a USEBIO individual event scored in IMPs becomes a scoring pool
(``importers/pool.py``), one in matchpoints or cross-IMPs an individual event
(``importers/individual.py``), a USEBIO team event a team event (``importers/teams.py``),
any other USEBIO or PBN file a pairs event, Swiss or a movement (``importers/pairs.py``).
Nothing is scored: the file's numbers are stored as they are (``compare.py`` shows,
when the director asks, where our scoring would differ). All or nothing: any problem
refuses the whole file, in one message that says what and where; a file imported
before is refused unless the director forces it.
"""

from __future__ import annotations

import hashlib

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from accounts.models import User

from ...errors import BridgeError, ConflictError
from ...models import Event, ImportedFile
from ...permissions import director_required
from .common import event_values, file_read
from .individual import individual_results_import
from .pairs import pairs_results_import
from .pool import individual_read, pool_results_import
from .teams import teams_results_import

#: Largest file the page and the API accept.
MAX_IMPORT_BYTES = 4 * 1024 * 1024


class AlreadyImportedError(ConflictError):
    """The file was imported before: ``event`` is the event it became."""

    def __init__(self, event: Event) -> None:
        super().__init__(
            _(
                "This file was already imported: it is the event “%(name)s” (event %(id)d). "
                "Import it again only if you mean to have it twice."
            )
            % {"name": event.name, "id": event.pk},
            code="already_imported",
        )
        self.event = event


def file_digest(data: str | bytes) -> str:
    """The SHA-256 of a file's bytes (text: of its UTF-8 bytes), in hex."""
    return hashlib.sha256(data.encode("utf-8") if isinstance(data, str) else data).hexdigest()


def _imported_event(digest: str) -> Event | None:
    """The first event imported from the file with this digest, if any."""
    found = ImportedFile.objects.filter(sha256=digest).select_related("event")
    first = found.order_by("forced", "imported_at", "pk").first()
    return first.event if first is not None else None


def event_results_import(
    *, data: str | bytes, actor: User | None = None, name: str = "", force: bool = False
) -> Event:
    """Create a finished event from a USEBIO or PBN results file (``data``: its
    bytes or text). ``actor`` None: a management command. ``name`` replaces the file's
    event name. BridgeError (code ``unreadable``, ``kind``, ``method`` or ``content``)
    says what is wrong and where; nothing is written then.

    A file imported before (the same bytes, by their SHA-256) is refused with
    :class:`AlreadyImportedError` (409, code ``already_imported``) naming the event it
    became, unless ``force``: the director asked to import it anyway
    (``docs/rules.md`` § Files). Two identical unforced imports at once: the database
    keeps one file per digest, so the second is refused the same way."""
    if actor is not None:
        director_required(user=actor)
    if len(data) > MAX_IMPORT_BYTES:
        raise BridgeError(_("The file is larger than 4 MB."), code="too_large")
    digest = file_digest(data)
    if not force and (existing := _imported_event(digest)) is not None:
        raise AlreadyImportedError(existing)
    try:
        with transaction.atomic():
            event = _file_import(data=data, actor=actor, name=name)
            ImportedFile.objects.create(event=event, sha256=digest, forced=force)
    except IntegrityError:
        existing = _imported_event(digest)  # committed by the identical upload we raced
        if existing is None or force:
            raise
        raise AlreadyImportedError(existing) from None
    return event


def _file_import(*, data: str | bytes, actor: User | None, name: str) -> Event:
    """The import itself, by the file's kind of event (in the caller's transaction)."""
    source, parsed, pairs = file_read(data)
    values = event_values(source, parsed, name, actor)
    if source == "usebio" and parsed["event"]["kind"] == "individual":
        individual = individual_read(data)
        if parsed["event"]["method"] == Event.Method.IMP:  # a scoring pool
            return pool_results_import(parsed=individual, values=values, actor=actor)
        return individual_results_import(parsed=individual, values=values, actor=actor)
    if source == "usebio" and parsed["event"]["kind"] == "teams":
        return teams_results_import(parsed=parsed, teams=pairs, values=values, actor=actor)
    return pairs_results_import(
        source=source, parsed=parsed, pairs=pairs, values=values, actor=actor
    )
