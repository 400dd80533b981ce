"""Import a USEBIO individual event as a finished scoring pool (``docs/rules.md``
§ Files), chosen by the dispatcher (``importers/dispatch.py``: the page, the API,
``import_results``).

Our own export (its BRIDGEHALL_ elements) gives the pool back exactly: its settings,
every result with its arrival order, the arrival that scored it and its datum, each
player's scores and the leaderboard. Another scorer's individual file is read when it
is scored in IMPs: each line's IMPs are its final score, as the file gives them, in
file order. Nothing is scored here. All or nothing, in one transaction.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext as _

import scoring
from accounts.models import User

from ...errors import BridgeError
from ...formats.pool.selectors import leaderboard_get
from ...models import (
    Board,
    Entry,
    Event,
    PoolBoard,
    PoolDeal,
    PoolResult,
    PoolScore,
    PoolSettings,
    Result,
    Round,
    Table,
    TableSeat,
)
from ..rows import (
    closed_round,
    file_boards,
    file_result,
    import_finish,
    left_out_check,
    player_entries_create,
    players_once,
    problems_text,
)
from ..usebio import UsebioError
from ..usebio_individual import usebio_individual_parse

SEATS = ("N", "E", "S", "W")


@dataclass
class _Line:
    board: int
    line: dict
    seats: dict[str, int]  # seat -> player number
    sitting: tuple
    seq: int = 0
    scored_at_seq: int | None = None
    datum: int | None = None
    imps: tuple[int, int] | None = None  # (NS, EW): the final score


def _whole(value: float | None) -> int | None:
    return None if value is None or value != int(value) else int(value)


def individual_players(parsed: dict, problems: list) -> dict[int, dict]:
    """The players of an individual file by number, checked (each numbered once)."""
    people: dict[int, dict] = {}
    for p in parsed["players"]:
        if p["number"] is None or p["number"] < 1 or p["number"] in people:
            problems.append((None, _("Each player needs a number of their own.")))
            continue
        people[p["number"]] = {**p, "name": p["name"] or _("Player %(n)d") % {"n": p["number"]}}
    if not people:
        problems.append((None, _("The file names no players.")))
    return people


def individual_lines_checked(parsed: dict, players: dict[int, dict], problems: list):
    """Each board number and line of an individual file whose seats are right: four
    players of the file, none of them twice on the board (the others are problems)."""
    for number in sorted(parsed["boards"]):
        seen: set[int] = set()
        for line in parsed["boards"][number]["results"]:
            seats = line["players"]
            if any(seats[s] is None for s in SEATS):
                problems.append((number, _("a result does not name its four players.")))
                continue
            missing = sorted(n for n in seats.values() if n not in players)
            if missing:
                problems.append(
                    (number, _("player %(n)d is not among the participants.") % {"n": missing[0]})
                )
                continue
            if len(set(seats.values())) < 4 or seen & set(seats.values()):
                problems.append((number, _("a player has two results on this board.")))
                continue
            seen |= set(seats.values())
            yield number, line


def _lines(parsed: dict, players: dict[int, dict], problems: list) -> list[_Line]:
    """Every line, checked: four players of the file, no player twice on a board,
    whole IMPs for both sides or none (provisional)."""
    out = []
    for number, line in individual_lines_checked(parsed, players, problems):
        if line.get("not_played"):  # a pool deals again what a table did not play
            continue
        seats = line["players"]
        ns, ew = line["ns_points"], line["ew_points"]
        imps = None
        if ns is not None or ew is not None:  # one side only: the other its opposite
            ns = ns if ns is not None else -ew
            imps = (_whole(ns), _whole(ew if ew is not None else -ns))
            if None in imps:
                problems.append((number, _("a score is not a whole number of IMPs.")))
                continue
        sitting = (line["table"], line["round"], tuple(seats[s] for s in SEATS))
        out.append(_Line(board=number, line=line, seats=seats, sitting=sitting, imps=imps))
    return out


def _arrivals(lines: list[_Line], ours: bool, problems: list) -> None:
    """The arrival order: ours from the file (checked), else file order with each
    line scored at its own arrival."""
    if not ours:
        for seq, line in enumerate(lines, 1):
            line.seq = seq
            line.scored_at_seq = seq if line.imps is not None else None
        return
    seqs: set[int] = set()
    for line in lines:
        given = line.line
        seq, scored = given["seq"], given["scored_at_seq"]
        if seq is None or seq < 1 or seq in seqs:
            problems.append((line.board, _("a result has no arrival number of its own.")))
            continue
        seqs.add(seq)
        if (scored is None) != (line.imps is None) or (scored is not None and scored < seq):
            problems.append((line.board, _("a result's score does not fit its arrival.")))
            continue
        line.seq, line.scored_at_seq, line.datum = seq, scored, given["datum"]


def _settings(parsed: dict, lines: list[_Line], start, problems: list) -> dict:
    """The pool's settings: ours from the file (checked), else what fits the file."""
    pool = parsed["pool"]
    most = max(Counter(x.board for x in lines).values(), default=0)  # the busiest board
    if pool is None:
        per_table: dict[tuple, int] = {}
        for line in lines:
            per_table[line.sitting] = per_table.get(line.sitting, 0) + 1
        return {
            "opens_at": start, "closes_at": start,
            "boards_per_table": max(1, min(8, max(per_table.values() or [1]))),
            "minutes_per_board": 8, "score_at": 6, "retire_at": max(40, most),
        }  # fmt: skip
    if not (
        1 <= pool["boards_per_table"] <= 8
        and 1 <= pool["minutes_per_board"] <= 30
        and 2 <= pool["score_at"] <= pool["retire_at"] <= 200
        and pool["opens_at"] <= pool["closes_at"]
    ):
        problems.append((None, _("The pool's settings (BRIDGEHALL_POOL) are not valid.")))
    elif most > pool["retire_at"]:
        problems.append((None, _("A board has more results than the pool's places.")))
    return pool


def individual_read(data: str | bytes) -> dict:
    """A USEBIO individual file, parsed (BridgeError ``unreadable`` when it cannot be)."""
    try:
        parsed = usebio_individual_parse(data)
    except UsebioError as exc:
        raise BridgeError(
            _("The file cannot be read: %(error)s") % {"error": exc}, code="unreadable"
        ) from exc
    left_out_check(parsed)
    return parsed


def pool_results_import(*, parsed: dict, values: dict, actor: User | None) -> Event:
    """A finished scoring pool from a parsed USEBIO individual file scored in IMPs
    (``values``: the event's fields as the importer reads them)."""
    ours = parsed["pool"] is not None
    problems: list[tuple[int | None, str]] = []
    people = individual_players(parsed, problems)
    boards = file_boards(parsed["boards"], problems, most=5000)
    lines = _lines(parsed, people, problems)
    _arrivals(lines, ours, problems)
    settings = _settings(parsed, lines, values["start_at"], problems)
    if not boards:
        problems.append((None, _("The file has no boards.")))
    if problems:
        raise BridgeError(problems_text(problems), code="content")
    with transaction.atomic():
        event = _write(parsed, values, people, boards, lines, settings, ours)
        return import_finish(
            event=event, actor=actor,
            counts={"source": "usebio", "boards": len(boards), "players": len(people),
                    "results": len(lines)}, left_out=parsed["left_out"],
        )  # fmt: skip


def _write(parsed, values, people, boards, lines, settings, ours) -> Event:
    """Write the pool: the event and its settings, the players, a round and table of
    each sitting, the boards and every result with its arrival, datum and scores."""
    start = settings["opens_at"] if ours else values["start_at"]
    event = Event.objects.create(
        **{**values, "kind": Event.Kind.POOL, "method": Event.Method.IMP, "start_at": start,
           **({"finished_at": settings["closes_at"]} if ours else {})},
    )  # fmt: skip
    PoolSettings.objects.create(
        event=event, ends_at=settings["closes_at"], boards_per_table=settings["boards_per_table"],
        minutes_per_board=settings["minutes_per_board"], score_at=settings["score_at"],
        retire_at=settings["retire_at"], last_seq=max([x.seq for x in lines] or [0]),
    )  # fmt: skip
    users, entries = _players_write(event, people)
    tables = _sittings_write(event, lines, users, entries, start)
    board_rows = _boards_write(event, boards, lines, settings)
    _results_write(event, lines, tables, board_rows, users, entries, start)
    if any(p["rank"] is None and p["total"] is None for p in people.values()):
        _standings_from_scores(event, entries)
    return event


def _players_write(event: Event, people: dict[int, dict]) -> tuple[dict, dict[int, Entry]]:
    """Each player of the file (number → user) and their one-player entry (number →
    entry), with the file's standing."""
    numbers = sorted(people)
    # one player once: a namesake becomes a guest
    users = dict(zip(numbers, players_once([people[n]["name"] for n in numbers]), strict=True))
    entries = player_entries_create(
        event, users,
        {n: (people[n]["total"] or 0.0, people[n]["boards_played"] or 0, people[n]["rank"])
         for n in numbers},
    )  # fmt: skip
    return users, entries


def _sittings_write(event: Event, lines: list[_Line], users: dict, entries: dict, start) -> dict:
    """A closed round and a table with its four seats for each sitting: sitting → table."""
    # one sitting per table of the file: its own round and table, numbered as the file
    # numbers them when it numbers each once, else in order of first appearance
    sittings = list(dict.fromkeys(x.sitting for x in lines))
    given = [s[0] for s in sittings]
    keep = None not in given and len(set(given)) == len(given)
    number_of = {s: (s[0] if keep else i) for i, s in enumerate(sittings, 1)}
    rounds = {s: closed_round(event, number_of[s], start) for s in sittings}
    Round.objects.bulk_create(rounds.values())
    tables = {
        s: Table(
            event=event,
            round=rounds[s],
            number=number_of[s],
            ns=entries[s[2][0]],
            ew=entries[s[2][1]],
        )  # fmt: skip
        for s in sittings
    }
    Table.objects.bulk_create(tables.values())
    TableSeat.objects.bulk_create(
        TableSeat(table=tables[s], seat=seat, player=users[n])
        for s in sittings
        for seat, n in zip(SEATS, s[2], strict=True)
    )
    return tables


def _boards_write(event: Event, boards: dict, lines: list[_Line], settings: dict) -> dict:
    """Each board of the file with its pool state (taken, results, retired): number →
    board."""
    board_rows = {
        n: Board(
            event=event,
            number=n,
            deal=b["deal"],
            dealer=b.get("dealer") or scoring.board_dealer(n),
            vulnerability=b.get("vulnerability") or scoring.board_vulnerability(n),
        )  # fmt: skip
        for n, b in sorted(boards.items())
    }
    Board.objects.bulk_create(board_rows.values())
    count = Counter(x.board for x in lines)
    PoolBoard.objects.bulk_create(
        PoolBoard(
            board=b,
            event=event,
            taken=count[n],
            results=count[n],
            field_results=count[n],  # a file's lines are all people's
            retired=bool(boards[n].get("retired")) or count[n] >= settings["retire_at"],
        )  # fmt: skip
        for n, b in board_rows.items()
    )
    return board_rows


def _results_write(event, lines, tables, board_rows, users, entries, start) -> None:
    """Every line: the deal each player took, the result with the file's IMPs, its
    arrival order, the arrival that scored it and its datum, and each player's score."""
    PoolDeal.objects.bulk_create(
        PoolDeal(
            event=event,
            table=tables[x.sitting],
            board=board_rows[x.board],
            player=users[x.seats[seat]],
            seat=seat,
        )  # fmt: skip
        for x in lines
        for seat in SEATS
    )
    results = [
        file_result(
            start,
            x.line,
            tables[x.sitting],
            board_rows[x.board],
            (None, None) if x.imps is None else (float(x.imps[0]), float(x.imps[1])),
        )  # fmt: skip
        for x in lines
    ]
    Result.objects.bulk_create(results)
    PoolResult.objects.bulk_create(
        PoolResult(
            result=r,
            event=event,
            board=r.board,
            seq=x.seq,
            scored_at_seq=x.scored_at_seq,
            datum=x.datum,
            ns_imps=None if x.imps is None else x.imps[0],
        )  # fmt: skip
        for x, r in zip(lines, results, strict=True)
    )
    PoolScore.objects.bulk_create(
        PoolScore(
            event=event,
            result=r,
            entry=entries[x.seats[seat]],
            player=users[x.seats[seat]],
            seat=seat,
            imps=x.imps[0] if seat in "NS" else x.imps[1],
            scored_at_seq=x.scored_at_seq,
        )  # fmt: skip
        for x, r in zip(lines, results, strict=True)
        if x.imps is not None
        for seat in SEATS
    )


def _standings_from_scores(event: Event, entries: dict[int, Entry]) -> None:
    """A file without the players' standing: the leaderboard's (as a pool closes)."""
    by_pk = {e.pk: e for e in entries.values()}
    for row in leaderboard_get(event=event):
        entry = by_pk[row.entry_id]
        entry.total, entry.boards_played = row.imps, row.boards
        entry.rank, entry.finished = row.place, True
    Entry.objects.bulk_update(list(by_pk.values()), ["total", "boards_played", "rank", "finished"])
