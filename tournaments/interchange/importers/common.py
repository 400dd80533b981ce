"""What the pairs and team importers share (``docs/rules.md`` § Files): the file read
into its entries (:class:`FilePair`), the new event's fields, and the rows both write
as the file gives them (a line's result, the entries' standings).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, time

from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User

from ...errors import BridgeError
from ...models import Board, Entry, Event, Result, Standing, Table
from ...timezones import default_time_zone
from ..pbn import PbnError, pbn_results_parse
from ..rows import file_result, left_out_check
from ..usebio import UsebioError, usebio_parse

_NAME_SEPARATORS = (" - ", " – ", " & ", " and ", "/")


@dataclass
class FilePair:
    """An entry of the file (a pair, or a team): its number, players and standing as
    the file gives them."""

    key: tuple
    number: int = 0
    players: list[str] = field(default_factory=list)
    rank: int | None = None
    total: float | None = None
    percentage: float | None = None
    boards_played: int | None = None
    master_points: int = 0
    name: str = ""  # a team's
    direction: str = ""  # the field the file ranks it in: "NS" or "EW" (two winners)
    lines: int = 0
    points: list[float] = field(default_factory=list)
    sides: set[str] = field(default_factory=set)  # the sides it sat in the file's lines


def direction_of(text: str) -> str:
    """ "NS", "N-S", "North-South" → "NS"; "EW", "E/W" → "EW"; else ""."""
    first = text.strip().upper()[:1]
    return {"N": "NS", "S": "NS", "E": "EW", "W": "EW"}.get(first, "")


def source_decode(data: str | bytes) -> tuple[str, str | bytes]:
    """("usebio" or "pbn", the content to parse): XML by its first character."""
    if isinstance(data, bytes):
        head = data.lstrip(b"\xef\xbb\xbf \t\r\n")[:1]
        if head == b"<":
            return "usebio", data
        try:
            return "pbn", data.decode("utf-8-sig")
        except UnicodeDecodeError:
            return "pbn", data.decode("latin-1")
    return ("usebio" if data.lstrip("\ufeff \t\r\n")[:1] == "<" else "pbn"), data


def names_split(names: str) -> list[str]:
    """A PBN totals row's names ("A - B", "A & B", "A and B", "A/B") as a list."""
    for separator in _NAME_SEPARATORS:
        if separator in names:
            return [n.strip() for n in names.split(separator) if n.strip()]
    return [names.strip()] if names.strip() else []


def file_read(data: str | bytes) -> tuple[str, dict, dict[tuple, FilePair]]:
    """Parse the file: its format, the parsed dict and its pairs by key."""
    source, content = source_decode(data)
    try:
        parsed = usebio_parse(content) if source == "usebio" else pbn_results_parse(content)
    except (UsebioError, PbnError) as exc:
        raise BridgeError(
            _("The file cannot be read: %(error)s") % {"error": exc}, code="unreadable"
        ) from exc
    left_out_check(parsed)
    pairs: dict[tuple, FilePair] = {}
    if source == "usebio":
        shape = parsed["event"]["kind"]  # the file's: pairs, teams or individual
        if shape == "individual":  # read again as one: importers/pool.py
            return source, parsed, pairs
        for p in parsed["teams"] if shape == "teams" else parsed["pairs"]:
            key = (p["section"], p["number"])
            pairs[key] = FilePair(
                key=key, players=[n for n in p["players"] if n], rank=p["rank"],
                total=p["total"], percentage=p["percentage"], boards_played=p["boards_played"],
                master_points=p["master_points"], name=p["name"],
                direction=direction_of(p["direction"]),
            )  # fmt: skip
    else:
        for t in parsed["totals"]:
            key = ("", t["pair"])
            pairs[key] = FilePair(
                key=key, players=names_split(t["names"]), rank=t["rank"], total=t["total"],
                percentage=t["percentage"], boards_played=t["boards"],
                direction=direction_of(t.get("direction") or ""),
            )  # fmt: skip
    return source, parsed, pairs


def event_values(source: str, parsed: dict, name: str, actor: User | None) -> dict:
    """The new event's fields as the file gives them (a finished event; its kind is
    the importer's to set); BridgeError ``method`` when the file does not say how it
    was scored."""
    info = parsed["event"]
    method = info.get("method")
    if method not in Event.Method.values:
        raise BridgeError(
            _("The file does not say how it was scored (matchpoints or IMPs)."), code="method"
        )
    day = info.get("date")
    if isinstance(day, str):
        try:
            day = datetime.strptime(day.strip(), "%Y.%m.%d").date()
        except ValueError:
            day = None
    zone = default_time_zone()
    start = timezone.make_aware(datetime.combine(day or timezone.localdate(), time(12)))
    title = (name or info.get("name") or "").strip()[:120] or _("Imported event")
    return {
        "name": title, "kind": Event.Kind.SWISS_PAIRS, "status": Event.Status.FINISHED,
        "director": actor, "start_at": start, "time_zone": zone, "method": method,
        "source": source, "finished_at": timezone.now(), "next_transition_at": None,
    }  # fmt: skip


def line_result(event: Event, line: dict, table: Table, board: Board) -> Result:
    """One traveller line of the file, stored as the file scored it."""
    return file_result(event.start_at, line, table, board, (line["ns_points"], line["ew_points"]))


def standings_create(*, entries: dict[tuple, Entry], pairs: list[FilePair], round_number: int):
    """Each entry's standing after the last round (``round_number``), as the file
    ranks it (an unranked entry last)."""
    Standing.objects.bulk_create(
        Standing(
            entry=entries[p.key],
            round_number=round_number,
            points=p.total or 0.0,
            total=p.total or 0.0,
            boards_played=p.boards_played or 0,
            place=p.rank or len(pairs),
        )  # fmt: skip
        for p in pairs
    )
