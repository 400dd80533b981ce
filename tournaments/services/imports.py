"""Import a finished event from another scorer's file (docs/rules.md § Files).

One service for the director's page, the API and ``manage.py import_results``: a
USEBIO 1.2 document or a PBN results file becomes a finished pairs event, with its
pairs (players matched by name, or new guests), boards (deals where the file has them,
its dealer and vulnerability), every traveller line with the file's scores and points,
and the file's ranking; a USEBIO team event becomes a finished team event, with its
teams, matches (IMPs and VPs) and both rooms' results; a USEBIO individual event
scored in IMPs becomes a finished scoring pool (``imports_pool.py``). Nothing is scored here: the
file's numbers are stored as they are, and :func:`event_scoring_compare` shows, when
the director asks, where our scoring would differ. All or nothing: any problem refuses
the whole file, in one message that says what and where.
"""

from __future__ import annotations

import hashlib
import math
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime, time

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

import scoring
from accounts.models import User

from ..errors import BridgeError, ConflictError
from ..formats import format_for
from ..interchange import PbnError, UsebioError, pbn_results_parse, usebio_parse
from ..interchange.pbn import mp_factoring_of
from ..models import (
    Board,
    Entry,
    EntryMember,
    Event,
    ImportedFile,
    MovementSettings,
    Result,
    Round,
    Standing,
    SwissSettings,
    Table,
)
from ..models.settings import MpFactoring
from ..movements import movement_build
from ..permissions import director_required
from ..timezones import default_time_zone
from .file_lines import (
    closed_round,
    file_result,
    import_finish,
    players_match,
    players_once,
)
from .imports_individual import individual_results_import
from .imports_pool import individual_read, pool_results_import
from .interchange import file_boards, file_deal, left_out_check, problems_text

#: Largest file the page and the API accept.
MAX_IMPORT_BYTES = 4 * 1024 * 1024
_NAME_SEPARATORS = (" - ", " – ", " & ", " and ", "/")


@dataclass
class _Pair:
    """An entry of the file: its number, players and standing as the file gives them."""

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


def _direction(text: str) -> str:
    """ "NS", "N-S", "North-South" → "NS"; "EW", "E/W" → "EW"; else ""."""
    first = text.strip().upper()[:1]
    return {"N": "NS", "S": "NS", "E": "EW", "W": "EW"}.get(first, "")


def _decode(data: str | bytes) -> tuple[str, str | bytes]:
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


def _split_names(names: str) -> list[str]:
    for separator in _NAME_SEPARATORS:
        if separator in names:
            return [n.strip() for n in names.split(separator) if n.strip()]
    return [names.strip()] if names.strip() else []


def _read(data: str | bytes) -> tuple[str, dict, dict[tuple, _Pair]]:
    """Parse the file: its format, the parsed dict and its pairs by key."""
    source, content = _decode(data)
    try:
        parsed = usebio_parse(content) if source == "usebio" else pbn_results_parse(content)
    except (UsebioError, PbnError) as exc:
        raise BridgeError(
            _("The file cannot be read: %(error)s") % {"error": exc}, code="unreadable"
        ) from exc
    left_out_check(parsed)
    pairs: dict[tuple, _Pair] = {}
    if source == "usebio":
        kind = parsed["event"]["kind"]
        if kind == "individual":  # read again as one: services/imports_pool.py
            return source, parsed, pairs
        for p in parsed["teams"] if kind == "teams" else parsed["pairs"]:
            key = (p["section"], p["number"])
            pairs[key] = _Pair(
                key=key, players=[n for n in p["players"] if n], rank=p["rank"],
                total=p["total"], percentage=p["percentage"], boards_played=p["boards_played"],
                master_points=p["master_points"], name=p["name"],
                direction=_direction(p["direction"]),
            )  # fmt: skip
    else:
        for t in parsed["totals"]:
            key = ("", t["pair"])
            pairs[key] = _Pair(
                key=key, players=_split_names(t["names"]), rank=t["rank"], total=t["total"],
                percentage=t["percentage"], boards_played=t["boards"],
                direction=_direction(t.get("direction") or ""),
            )  # fmt: skip
    return source, parsed, pairs


def _line_pair(pairs: dict[tuple, _Pair], line: dict, side: str) -> _Pair | None:
    """The pair of one side of a line: by section and number, by number, or by names."""
    number, names = line[f"{side}_pair"], line[f"{side}_names"]
    if number is not None:
        for key in ((line["section"], number), ("", number)):
            if key in pairs:
                return pairs[key]
        key = (line["section"], number)
    elif names:
        key = ("names", tuple(names))
    else:
        return None
    return pairs.setdefault(key, _Pair(key=key, players=list(names)))


def _number_pairs(pairs: dict[tuple, _Pair]) -> None:
    """Registration order: the file's numbers when they are unique, else file order."""
    numbers = [p.key[1] for p in pairs.values() if p.key[0] != "names"]
    sections = {p.key[0] for p in pairs.values()}
    if len(sections) == 1 and "names" not in sections and len(set(numbers)) == len(numbers):
        for pair in pairs.values():
            pair.number = pair.key[1]
        return
    for i, pair in enumerate(pairs.values(), 1):
        pair.number = i


@dataclass
class _Plan:
    """What the import will write, checked before anything is written."""

    boards: dict[int, dict]
    pairs: dict[tuple, _Pair]
    lines: list[tuple[int, dict, _Pair, _Pair | None]]  # board, line, NS, EW
    problems: list[tuple[int | None, str]]


def _plan(parsed: dict, pairs: dict[tuple, _Pair]) -> _Plan:
    problems: list[tuple[int | None, str]] = []
    lines = []
    boards = file_boards(parsed["boards"], problems, most=999)
    for number in sorted(boards):
        seen: set[tuple] = set()
        for line in boards[number]["results"]:
            ns, ew = _line_pair(pairs, line, "ns"), _line_pair(pairs, line, "ew")
            if ns is None:
                problems.append((number, _("a result has no NS pair.")))
                continue
            if ew is None and not line["ns_adjustment"]:
                problems.append((number, _("a played result has no EW pair.")))
                continue
            for pair in (ns, ew):
                if pair is not None and pair.key in seen:
                    problems.append((number, _("a pair has two results on this board.")))
                elif pair is not None:
                    seen.add(pair.key)
            lines.append((number, line, ns, ew))
    if not boards:
        problems.append((None, _("The file has no boards.")))
    return _Plan(boards=boards, pairs=pairs, lines=lines, problems=problems)


def _rounds(plan: _Plan) -> dict[tuple, int]:
    """Round of each meeting (NS key, EW key): the file's round, else the first round
    where neither pair plays yet (a pair sits at one table per round)."""
    busy: dict[int, set] = {}
    rounds: dict[tuple, int] = {}
    for _number, line, ns, ew in plan.lines:
        meeting = (ns.key, ew.key if ew else None)
        if meeting in rounds:
            continue
        players = {ns.key} | ({ew.key} if ew else set())
        wanted = line.get("round")
        if wanted and not busy.get(wanted, set()) & players:
            chosen = wanted
        else:
            chosen = 1
            while busy.get(chosen, set()) & players:
                chosen += 1
        busy.setdefault(chosen, set()).update(players)
        rounds[meeting] = chosen
    return rounds or {(None, None): 1}


MOVEMENT_KINDS = (Event.Kind.MITCHELL, Event.Kind.HOWELL)


@dataclass(frozen=True)
class _PairsKind:
    """What a pairs file says of its event: the kind, the arrow switch of a one-winner
    Mitchell and how it factors short boards' matchpoints ("" when it does not say)."""

    kind: str
    arrow_switch: bool = False
    mp_factoring: str = ""


def _pairs_kind(source: str, parsed: dict) -> _PairsKind:
    """A Mitchell or Howell when the file names its movement (our files do); a
    two-winner Mitchell when it says two winners (USEBIO WINNER_TYPE 2) or ranks each
    pair in a direction (a PBN Direction column); else a Swiss pairs event
    (``docs/rules.md`` § Files)."""
    info = parsed["event"]
    factoring = info.get("mp_factoring") or ""
    factoring = factoring if factoring in MpFactoring.values else ""
    factoring = factoring or mp_factoring_of(parsed["boards"])  # as its tops show
    movement = info.get("movement") or ""
    winners = info.get("winners")
    if movement not in MOVEMENT_KINDS:
        ranked_apart = winners == 2 or (
            source == "pbn" and any(t.get("direction") for t in parsed["totals"])
        )
        if not ranked_apart:
            return _PairsKind(Event.Kind.SWISS_PAIRS, mp_factoring=factoring)
        movement, winners = Event.Kind.MITCHELL, 2
    arrow = movement == Event.Kind.MITCHELL and winners == 1
    return _PairsKind(movement, arrow_switch=arrow, mp_factoring=factoring)


def _event_values(source: str, parsed: dict, name: str, actor: User | None) -> dict:
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


def _standings(event: Event, pairs: list[_Pair]) -> None:
    """Totals and ranks as the file gives them (our totals only where it has none)."""
    method = event.method
    ranked = any(p.rank is not None for p in pairs)
    for pair in pairs:
        computed = sum(pair.points)
        if method == Event.Method.MP:
            computed = computed / len(pair.points) if pair.points else 0.0
            given = pair.percentage if pair.percentage is not None else pair.total
        else:
            given = pair.total
        pair.total = round(computed, 2) if given is None else given
        if pair.boards_played is None:
            pair.boards_played = pair.lines
    if not ranked:
        order = sorted((p for p in pairs if p.lines), key=lambda p: -(p.total or 0))
        for place, pair in enumerate(order, 1):
            pair.rank = place


def _result(event: Event, line: dict, table: Table, board: Board) -> Result:
    """One traveller line of the file, stored as the file scored it."""
    return file_result(event.start_at, line, table, board, (line["ns_points"], line["ew_points"]))


def _boards_by_meeting(plan: _Plan) -> dict[tuple, set[int]]:
    """The boards each meeting of two pairs (NS key, EW key) played."""
    played: dict[tuple, set[int]] = {}
    for number, _line, ns, ew in plan.lines:
        played.setdefault((ns.key, ew.key if ew else None), set()).add(number)
    return played


def _most_at_a_table(plan: _Plan) -> int:
    return max((len(g) for g in _boards_by_meeting(plan).values()), default=1)


def _board_sets(plan: _Plan, per_round: int) -> tuple[dict[int, int], dict[tuple, int]]:
    """A movement's board sets (``docs/rules.md`` § Files): the boards a table plays
    in a round are one set. Set k is boards (k − 1)·B + 1 … k·B when the file's tables
    keep to such blocks (B: the event's boards per round: the file's, else the most
    boards a table played); otherwise boards played together are one set, numbered by their first
    board. Returns each board's set and each meeting's."""
    played = _boards_by_meeting(plan)
    per = per_round
    if all(len({(n - 1) // per for n in g}) == 1 for g in played.values()):
        set_of = {n: (n - 1) // per + 1 for n in plan.boards}
    else:
        parent = {n: n for n in plan.boards}

        def root(n: int) -> int:
            while parent[n] != n:
                n = parent[n]
            return n

        for group in played.values():
            first, *rest = sorted(group)
            for n in rest:
                a, b = sorted((root(first), root(n)))
                parent[b] = a  # the root of a set is its first board
        roots = sorted({root(n) for n in plan.boards})
        order = {r: i for i, r in enumerate(roots, 1)}
        set_of = {n: order[root(n)] for n in plan.boards}
    return set_of, {m: set_of[min(g)] for m, g in played.items()}


def _fields(event: Event, pairs: list[_Pair]) -> dict[tuple, str]:
    """The field of each pair of a two-winner Mitchell: the file's direction, else the
    one side it sat (blank for other events)."""
    if event.kind != Event.Kind.MITCHELL or event.settings.arrow_switch:
        return {}
    return {p.key: p.direction or (next(iter(p.sides)) if len(p.sides) == 1 else "") for p in pairs}


def _movement_fix(
    event: Event, entries: dict, tables: dict, set_of: dict[int, int]
) -> tuple[dict[str, int], int]:
    """When the file's tables and board sets are exactly the movement we would play
    (our own exports are): entry id → pair number, so that its movement cards show,
    and the movement's tables (a sit-out's table too). Else no numbers (no cards) and
    the tables the file uses."""
    in_file = max(Counter(t.round.number for t in tables.values()).values(), default=0)
    per = event.boards_per_round
    if any(s != (n - 1) // per + 1 for n, s in set_of.items()):
        return {}, in_file
    numbers = {e.pk: e.registration_order for e in entries.values()}
    try:
        movement = movement_build(
            kind=event.kind, pairs=len(entries), rounds=event.settings.num_rounds,
            arrow_switch=event.settings.arrow_switch,
        )  # fmt: skip
    except ValueError:
        return {}, in_file
    if sorted(numbers.values()) != list(range(1, len(entries) + 1)):
        return {}, in_file
    if len(movement.rounds) != event.settings.num_rounds:
        return {}, in_file
    for table in tables.values():
        placements = movement.rounds[table.round.number - 1]
        seat = (table.number, numbers[table.ns.pk], numbers.get(getattr(table.ew, "pk", None)))
        if not any((p.table, p.ns, p.ew) == seat and p.board_set == table.board_set
                   for p in placements):  # fmt: skip
            return {}, in_file
    return {str(pk): n for pk, n in numbers.items()}, movement.tables


def _write(event: Event, plan: _Plan, rounds: dict[tuple, int]) -> None:
    pairs = list(plan.pairs.values())
    movement = event.kind in MOVEMENT_KINDS
    fields = _fields(event, pairs)
    entries = {}
    for pair in pairs:
        entries[pair.key] = Entry(
            event=event, status=Entry.Status.CONFIRMED, registration_order=pair.number,
            total=pair.total or 0.0, boards_played=pair.boards_played or 0,
            finished=pair.rank is not None, rank=pair.rank,
            master_points=max(0, min(pair.master_points, 32767)),
            field=fields.get(pair.key, ""),
        )  # fmt: skip
    Entry.objects.bulk_create(entries.values())
    now = timezone.now()
    members = []
    # one player in one pair: a namesake becomes a guest
    users = iter(players_once([name for pair in pairs for name in pair.players]))
    for pair in pairs:
        for position, _name in enumerate(pair.players, 1):
            user = next(users)
            members.append(
                EntryMember(
                    entry=entries[pair.key],
                    event=event,
                    player=user,
                    position=position,
                    confirmed_at=now,
                )  # fmt: skip
            )
    EntryMember.objects.bulk_create(members)
    count = max(rounds.values())
    round_rows = {n: closed_round(event, n, event.start_at) for n in range(1, count + 1)}
    Round.objects.bulk_create(round_rows.values())
    set_of, meeting_set = _board_sets(plan, event.boards_per_round) if movement else ({}, {})
    file_table: dict[tuple, int | None] = {}
    section: dict[tuple, str] = {}  # each section numbers its own tables
    for _number, line, ns, ew in plan.lines:
        file_table.setdefault((ns.key, ew.key if ew else None), line.get("table"))
        section.setdefault((ns.key, ew.key if ew else None), line["section"][:20])
    in_round: dict[int, list[tuple]] = {}
    # the file's table numbers where it gives each once in the round; else the order
    # the file first gives the tables in, the bye last (as seated here)
    for meeting, n in sorted(rounds.items(), key=lambda item: (item[1], item[0][1] is None)):
        if meeting != (None, None):
            in_round.setdefault(n, []).append(meeting)
    tables: dict[tuple, Table] = {}
    for n, meetings in in_round.items():
        given = [(section.get(m, ""), file_table.get(m)) for m in meetings]
        keep = all(t for _s, t in given) and len(set(given)) == len(given)
        for i, meeting in enumerate(meetings, 1):
            tables[meeting] = Table(
                event=event, round=round_rows[n], number=file_table[meeting] if keep else i,
                section=section.get(meeting, ""),
                ns=entries[meeting[0]], ew=entries[meeting[1]] if meeting[1] else None,
                board_set=meeting_set.get(meeting),
            )  # fmt: skip
    Table.objects.bulk_create(tables.values())
    if movement:
        settings = event.settings
        settings.pair_numbers, settings.tables = _movement_fix(event, entries, tables, set_of)
        settings.save(update_fields=["tables", "pair_numbers"])
    first_round: dict[int, int] = {}
    for number, _line, ns, ew in plan.lines:
        n = rounds[(ns.key, ew.key if ew else None)]
        first_round[number] = min(first_round.get(number, n), n)
    boards = {}
    for number, info in plan.boards.items():
        boards[number] = Board(
            event=event, round=round_rows[first_round.get(number, 1)], number=number,
            board_set=set_of.get(number), dealer=info.get("dealer") or scoring.board_dealer(number),
            vulnerability=info.get("vulnerability") or scoring.board_vulnerability(number),
            deal=info["deal"], dd_table=info.get("dd_table"), par_score=info.get("par_score"),
            par_contracts=(info.get("par_contracts") or "")[:120],
        )  # fmt: skip
    Board.objects.bulk_create(boards.values())
    results = []
    raw = movement and event.method == Event.Method.MP
    # a section's lines are matchpointed together (docs/rules.md § Files)
    on_board = Counter(
        (number, line["section"])
        for number, line, *_rest in plan.lines
        if not line.get("not_played")
    )
    for number, line, ns, ew in plan.lines:
        result = _result(event, line, tables[(ns.key, ew.key if ew else None)], boards[number])
        if raw:  # a movement's matchpoints are raw: the file's, else its share of the top
            top = 2 * (on_board[number, line["section"]] - 1)
            for side in ("ns", "ew"):
                given, percentage = line[f"{side}_mp"], getattr(result, f"{side}_points")
                if given is None and percentage is not None:
                    given = round(percentage * top / 100, 2)
                setattr(result, f"{side}_points", given)
        results.append(result)
    Result.objects.bulk_create(results)
    Standing.objects.bulk_create(
        Standing(
            entry=entries[p.key],
            round_number=count,
            points=p.total or 0.0,
            total=p.total or 0.0,
            boards_played=p.boards_played or 0,
            place=p.rank or len(pairs),
        )  # fmt: skip
        for p in pairs
    )


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
    source, parsed, pairs = _read(data)
    values = _event_values(source, parsed, name, actor)
    if source == "usebio" and parsed["event"]["kind"] == "individual":
        individual = individual_read(data)
        if parsed["event"]["method"] == Event.Method.IMP:  # a scoring pool
            return pool_results_import(parsed=individual, values=values, actor=actor)
        return individual_results_import(parsed=individual, values=values, actor=actor)
    if source == "usebio" and parsed["event"]["kind"] == "teams":
        return _teams_import(parsed, pairs, values, actor)
    plan = _plan(parsed, pairs)
    if plan.problems:
        raise BridgeError(problems_text(plan.problems), code="content")
    for _number, line, ns, ew in plan.lines:
        for pair, points, side in ((ns, line["ns_points"], "NS"), (ew, line["ew_points"], "EW")):
            if pair is not None:
                pair.lines += not line.get("not_played")  # a board cut at the table
                pair.sides.add(side)
                if points is not None:
                    pair.points.append(points)
    kind = _pairs_kind(source, parsed)
    _number_pairs(pairs)
    rounds = _rounds(plan)
    count = max(rounds.values())
    per_round = parsed["event"].get("boards_per_round") or (
        _most_at_a_table(plan) if kind.kind in MOVEMENT_KINDS
        else math.ceil(max(plan.boards) / count)
    )  # fmt: skip
    per_round = max(1, min(per_round, max(plan.boards)))
    with transaction.atomic():
        event = Event.objects.create(**{**values, "kind": kind.kind}, current_round=count)
        _standings(event, list(pairs.values()))
        if kind.kind in MOVEMENT_KINDS:
            MovementSettings.objects.create(
                event=event, num_rounds=count, boards_per_round=per_round, seed=0,
                arrow_switch=kind.arrow_switch, mp_factoring=kind.mp_factoring or "neuberg",
            )  # fmt: skip
        else:
            SwissSettings.objects.create(
                event=event, num_rounds=count, boards_per_round=per_round, seed=0,
                mp_factoring=kind.mp_factoring or "played",
            )  # fmt: skip
        _write(event, plan, rounds)
        return import_finish(
            event=event, actor=actor,
            counts={"source": source, "boards": len(plan.boards), "pairs": len(pairs),
                    "results": len(plan.lines)}, left_out=parsed["left_out"],
        )  # fmt: skip


# --- our scoring beside the file's ----------------------------------------------------------


@dataclass(frozen=True)
class ScoringDifference:
    """Where our scoring of an imported result differs from the file's: ``what`` is
    "score" (the NS score of the contract) or "points" (the board's MP or IMPs)."""

    board: int
    table: int
    round: int
    ns_pair: int | None
    ew_pair: int | None
    what: str
    file: float | int | None
    ours: float | int | None


def _our_score(result: Result) -> int | None:
    contract = scoring.parse_contract(result.contract)
    if contract.is_passed_out:
        return 0
    if result.tricks is None or result.declarer not in scoring.SEATS:
        return None
    vulnerable = scoring.vulnerability_includes(result.board.vulnerability, result.declarer)
    score = contract.score(vulnerable, result.tricks)
    return score if result.declarer in ("N", "S") else -score


def event_scoring_compare(*, event: Event, actor: User) -> list[ScoringDifference]:
    """Score an imported event by our rules, in memory, beside the file's scores: every
    contract score and board point that differs (by more than the files' rounding,
    0.01). Nothing is written: an imported event keeps the file's scores."""
    director_required(user=actor, event=event)
    if event.source == Event.Source.BRIDGEHALL:
        raise BridgeError(_("Only an imported event is compared with its file."), code="source")
    results = list(
        Result.objects.filter(board__event=event)
        .exclude(status=Result.Status.CUT)
        .select_related("board", "table__round", "table__ns", "table__ew")
        .order_by("board__number", "table__round__number", "table__number")
    )
    given = {r.pk: (r.ns_points, r.ew_points) for r in results}
    sections: dict[str, list[Result]] = {}
    for r in results:  # each section is matchpointed apart (docs/rules.md § Files)
        sections.setdefault(r.table.section, []).append(r)
    for part in sections.values():
        _score_as_we_would(event, part)
    differences = []
    for r in results:
        where = {
            "board": r.board.number, "table": r.table.number, "round": r.table.round.number,
            "ns_pair": r.table.ns.registration_order,
            "ew_pair": r.table.ew.registration_order if r.table.ew else None,
        }  # fmt: skip
        if r.status == Result.Status.PLAYED:
            ours = _our_score(r)
            if ours != r.ns_score:
                differences.append(
                    ScoringDifference(**where, what="score", file=r.ns_score, ours=ours)
                )
        file_points = given[r.pk][0]
        if r.ns_points is not None and (
            file_points is None or abs(file_points - r.ns_points) > 0.0100001
        ):
            differences.append(
                ScoringDifference(
                    **where, what="points", file=file_points, ours=round(r.ns_points, 2)
                )
            )
    return differences


def _score_as_we_would(event: Event, results: list[Result]) -> None:
    """Set our points on ``results`` (one section's), in memory, by the event's format."""
    from ..formats.swiss import board_points

    if event.kind in MOVEMENT_KINDS:  # raw matchpoints, Neuberg as the event says
        from ..formats.movements.format import board_points as movement_points
        from ..formats.movements.format import movement_of

        movement = movement_of(event)
        plays = movement.set_plays() if movement is not None else Counter()
        lines = Counter(r.board_id for r in results)
        movement_points(
            results, method=event.method, factoring=event.settings.mp_factoring,
            expected={r.board_id: max(plays[r.board.board_set], lines[r.board_id])
                      for r in results},
            hcp_table=event.hcp_par_table,
        )  # fmt: skip
    elif event.kind == Event.Kind.INDIVIDUAL:  # raw matchpoints, as a movement's
        format_for(event).boards_score(event=event, results=results)
    else:
        board_points(
            results, event.method, hcp_table=event.hcp_par_table,
            factoring=event.settings.mp_factoring,
        )  # fmt: skip


# --- team events ---------------------------------------------------------------------------


def _teams_plan(parsed: dict, teams: dict[tuple, _Pair]) -> tuple[list[dict], list, list]:
    """The matches (with their teams' keys) and the room lines, or the problems."""
    problems: list[tuple[int | None, str]] = []
    matches = []
    for i, match in enumerate(parsed["matches"], 1):
        keys = [("", t["number"]) for t in match["teams"]]
        if not keys or any(k not in teams for k in keys) or len(keys) > 2:
            problems.append((None, _("Match %(n)d does not name its two teams.") % {"n": i}))
            continue
        matches.append({**match, "keys": keys, "round": match["round"] or i})
    by_id = {m["id"]: m for m in matches}
    lines = []
    for number in sorted(parsed["boards"]):
        for line in parsed["boards"][number]["results"]:
            match = by_id.get(line["match"])
            room = line["room"] if line["room"] in ("open", "closed") else ""
            if match is None or not room or len(match["keys"]) != 2:
                problems.append(
                    (number, _("a result is not in an open or closed room of a match."))
                )
                continue
            home, away = match["keys"]
            ns, ew = ("", line["ns_pair"]), ("", line["ew_pair"])
            if (ns, ew) != ((home, away) if room == "open" else (away, home)):
                problems.append((number, _("a room's teams are not the match's.")))
                continue
            lines.append((number, line, match, room))
    return matches, lines, problems


def _boards_scored(lines: list, match: dict) -> int:
    """Boards of the match with a result in both rooms (what a match compares)."""
    rooms: dict[int, set[str]] = {}
    for number, line, m, room in lines:
        if m is match and not line.get("not_played"):
            rooms.setdefault(number, set()).add(room)
    return sum(1 for found in rooms.values() if len(found) == 2)


def _teams_import(parsed: dict, teams: dict[tuple, _Pair], values: dict, actor) -> Event:
    """A USEBIO team event: teams (a standing team each, captained by its first player),
    the matches of each round with both rooms, their IMPs and VPs as the file gives them."""
    from ..models import Match, Team, TeamEntry, TeamMember, TeamsSettings

    matches, lines, problems = _teams_plan(parsed, teams)
    boards = {n: b for n, b in parsed["boards"].items()}
    for number, board in boards.items():
        board["deal"] = file_deal(number, board.get("deal"), problems)
    if not boards:
        problems.append((None, _("The file has no boards.")))
    if problems:
        raise BridgeError(problems_text(problems), code="content")
    kind = Event.Kind.TEAMS_RR if "ROUND_ROBIN" in parsed["event"]["type"].upper() else (
        Event.Kind.TEAMS_SWISS
    )  # fmt: skip
    rounds_count = max([m["round"] for m in matches] or [1])
    for team in teams.values():
        team.number = team.key[1]
    with transaction.atomic():
        event = Event.objects.create(
            **{**values, "kind": kind, "method": Event.Method.IMP}, current_round=rounds_count
        )
        TeamsSettings.objects.create(
            event=event, num_rounds=rounds_count,
            boards_per_round=max(1, math.ceil(max(boards) / rounds_count)),
        )  # fmt: skip
        users = players_match([t.players or [t.name or _("Imported team")] for t in teams.values()])
        entries = {}
        for team in teams.values():
            players = [users[n] for n in (team.players or [team.name or _("Imported team")])]
            standing = Team.objects.create(name=(team.name or str(team.number))[:80],
                                           captain=players[0])  # fmt: skip
            TeamMember.objects.bulk_create(
                TeamMember(team=standing, player=p, position=i) for i, p in enumerate(players, 1)
            )
            entry = Entry.objects.create(
                event=event, status=Entry.Status.CONFIRMED, registration_order=team.number,
                total=team.total or 0.0, boards_played=team.boards_played or 0,
                finished=team.rank is not None, rank=team.rank,
                master_points=max(0, min(team.master_points, 32767)),
            )  # fmt: skip
            EntryMember.objects.bulk_create(
                EntryMember(entry=entry, event=event, player=p, position=i,
                            confirmed_at=event.start_at)
                for i, p in enumerate(dict.fromkeys(players), 1)
            )  # fmt: skip
            TeamEntry.objects.create(entry=entry, event=event, team=standing)
            entries[team.key] = entry
        round_rows = {n: closed_round(event, n, event.start_at) for n in range(1, rounds_count + 1)}
        Round.objects.bulk_create(round_rows.values())
        first_round = {}
        for number, _line, match, _room in lines:
            first_round[number] = min(first_round.get(number, match["round"]), match["round"])
        board_rows = {
            n: Board.objects.create(
                event=event,
                round=round_rows[first_round.get(n, 1)],
                number=n,
                dealer=b.get("dealer") or scoring.board_dealer(n),
                vulnerability=b.get("vulnerability") or scoring.board_vulnerability(n),
                deal=b.get("deal") or "",
            )  # fmt: skip
            for n, b in boards.items()
        }
        tables, per_round = {}, {}
        for match in matches:
            rnd = round_rows[match["round"]]
            per_round[rnd.number] = per_round.get(rnd.number, 0) + 1
            home = entries[match["keys"][0]]
            away = entries[match["keys"][1]] if len(match["keys"]) == 2 else None
            open_table = closed_table = None
            if away is not None:
                base = 2 * per_round[rnd.number]
                open_table = Table.objects.create(
                    event=event, round=rnd, number=base - 1, room=Table.Room.OPEN, ns=home, ew=away
                )  # fmt: skip
                closed_table = Table.objects.create(
                    event=event, round=rnd, number=base, room=Table.Room.CLOSED, ns=away, ew=home
                )  # fmt: skip
            info = match["teams"]
            imps = [None if t["imps"] is None else round(t["imps"]) for t in info]
            bye_imps = None if imps[0] is None else 0  # a bye scores 0 IMPs to 0, as here
            Match.objects.create(
                event=event, round=rnd, number=per_round[rnd.number], home=home, away=away,
                open_table=open_table, closed_table=closed_table,
                home_imps=imps[0], away_imps=imps[1] if away else bye_imps,
                home_vp=info[0]["vps"], away_vp=info[1]["vps"] if away else None,
                boards_scored=_boards_scored(lines, match),
            )  # fmt: skip
            tables[match["id"]] = {"open": open_table, "closed": closed_table}
        Result.objects.bulk_create(
            _result(event, line, tables[match["id"]][room], board_rows[number])
            for number, line, match, room in lines
        )
        Standing.objects.bulk_create(
            Standing(
                entry=entries[t.key],
                round_number=rounds_count,
                points=t.total or 0.0,
                total=t.total or 0.0,
                boards_played=t.boards_played or 0,
                place=t.rank or len(teams),
            )  # fmt: skip
            for t in teams.values()
        )
        return import_finish(
            event=event, actor=actor,
            counts={"source": "usebio", "boards": len(boards), "teams": len(teams),
                    "results": len(lines)}, left_out=parsed["left_out"],
        )  # fmt: skip
