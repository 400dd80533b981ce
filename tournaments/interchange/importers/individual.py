"""Import a USEBIO individual event scored in matchpoints or cross-IMPs as a finished
individual event (``docs/rules.md`` § Individual events), called by
the dispatcher (``dispatch.py``: the page, the API, ``import_results``). An IMP-scored
individual file is a scoring pool (``pool.py``).

Each player becomes an entry of one player (matched by name, or a new guest); each
sitting of the file (its round, table and four players) a table of its round, with
its four seats; every line a result with the file's score and points. Matchpoints are
kept raw, on the board's top (the file's, else its percentage of that top), as in a
Howell; a player's total is the file's (its percentage, for matchpoints), else ours
from the lines. Nothing is scored here. All or nothing, in one transaction.
"""

from __future__ import annotations

from collections import Counter

from django.db import transaction
from django.utils.translation import gettext as _

import scoring
from accounts.models import User

from ...errors import BridgeError
from ...models import (
    Board,
    Event,
    MovementSettings,
    Result,
    Round,
    Standing,
    Table,
    TableSeat,
)
from ...models.settings import MpFactoring
from ..rows import (
    closed_round,
    file_boards,
    file_result,
    import_finish,
    player_entries_create,
    players_once,
    problems_text,
)
from .pool import SEATS, individual_lines_checked, individual_players

#: How an individual file may be scored to be read as an individual event.
INDIVIDUAL_METHODS = (Event.Method.MP, Event.Method.XIMP)


def _sittings(lines: list[tuple[int, dict]]) -> dict[tuple, int]:
    """The round of each sitting (``_sitting``): the file's round where it gives one and
    none of the four plays elsewhere in it, else the first round where none of them
    plays yet."""
    busy: dict[int, set[int]] = {}
    rounds: dict[tuple, int] = {}
    for _number, line in lines:
        sitting = _sitting(line)
        players = sitting[2]
        if sitting in rounds:
            continue
        wanted = line["round"]
        if wanted and not busy.get(wanted, set()) & set(players):
            chosen = wanted
        else:
            chosen = 1
            while busy.get(chosen, set()) & set(players):
                chosen += 1
        busy.setdefault(chosen, set()).update(players)
        rounds[sitting] = chosen
    return rounds


def _points(method: str, line: dict, on_board: int) -> tuple[float | None, float | None]:
    """A line's (NS, EW) points as stored: raw matchpoints on the board's top (the
    file's, else its percentage of the top), or the file's cross-IMPs; none for a board
    not played at the table."""
    if line.get("not_played"):
        return None, None
    if method != Event.Method.MP:
        ns, ew = line["ns_points"], line["ew_points"]
        if ns is None and ew is not None:
            ns = -ew
        if ew is None and ns is not None:
            ew = -ns
        return ns, ew
    top = 2 * (on_board - 1)
    out = []
    for side in ("ns", "ew"):
        raw, percentage = line[f"{side}_mp"], line[f"{side}_percentage"]
        if raw is None and percentage is not None:
            raw = round(percentage * top / 100, 2)
        out.append(raw)
    if out[0] is not None and out[1] is None:
        out[1] = top - out[0]
    if out[1] is not None and out[0] is None:
        out[0] = top - out[1]
    return out[0], out[1]


def individual_results_import(*, parsed: dict, values: dict, actor: User | None) -> Event:
    """A finished individual event from a parsed USEBIO individual file (``values``:
    the event's fields as the importer reads them)."""
    method = parsed["event"]["method"]
    if method not in INDIVIDUAL_METHODS:
        raise BridgeError(
            _("An individual file is read when scored in matchpoints, cross-IMPs or IMPs."),
            code="kind",
        )
    problems: list[tuple[int | None, str]] = []
    people = individual_players(parsed, problems)
    boards = file_boards(parsed["boards"], problems, most=999)
    lines = [
        (n, line) for n, line in individual_lines_checked(parsed, people, problems) if n in boards
    ]
    if not boards:
        problems.append((None, _("The file has no boards.")))
    if not lines:
        problems.append((None, _("The file has no results.")))
    if problems:
        raise BridgeError(problems_text(problems), code="content")
    with transaction.atomic():
        event = _write(parsed, values, people, boards, lines)
        return import_finish(
            event=event, actor=actor,
            counts={"source": "usebio", "boards": len(boards), "players": len(people),
                    "results": len(lines)}, left_out=parsed["left_out"],
        )  # fmt: skip


def _write(parsed: dict, values: dict, people: dict, boards: dict, lines: list) -> Event:
    method = parsed["event"]["method"]
    rounds = _sittings(lines)
    count = max(rounds.values())
    per_table = Counter(_sitting(line) for _n, line in lines)  # boards at each sitting
    factoring = parsed["event"].get("mp_factoring") or ""
    event = Event.objects.create(**{**values, "kind": Event.Kind.INDIVIDUAL}, current_round=count)
    MovementSettings.objects.create(
        event=event, num_rounds=count,
        boards_per_round=parsed["event"].get("boards_per_round") or max(per_table.values()),
        seed=0,
        mp_factoring=factoring if factoring in MpFactoring.values else MpFactoring.NEUBERG,
    )  # fmt: skip
    numbers = sorted(people)
    users = dict(zip(numbers, players_once([people[n]["name"] for n in numbers]), strict=True))
    # a section's lines are matchpointed together (docs/rules.md § Files)
    on_board = Counter((n, line["section"]) for n, line in lines if not line.get("not_played"))
    points = [_points(method, line, on_board[n, line["section"]]) for n, line in lines]
    totals = _totals(method, people, lines, points, on_board)
    entries = player_entries_create(event, users, totals)
    start = event.start_at
    round_rows = {n: closed_round(event, n, start) for n in range(1, count + 1)}
    Round.objects.bulk_create(round_rows.values())
    in_round: dict[int, list[tuple]] = {}
    for sitting, n in rounds.items():
        in_round.setdefault(n, []).append(sitting)
    tables: dict[tuple, Table] = {}
    for n, sittings in in_round.items():
        # the file's table numbers, when it gives each once in a section
        given = [(s[3], s[0]) for s in sittings]
        keep = None not in [s[0] for s in sittings] and len(set(given)) == len(given)
        for i, sitting in enumerate(sittings, 1):
            north, east = sitting[2][0], sitting[2][1]
            tables[sitting] = Table(
                event=event, round=round_rows[n], number=sitting[0] if keep else i,
                section=sitting[3][:20], ns=entries[north], ew=entries[east],
            )  # fmt: skip
    Table.objects.bulk_create(tables.values())
    TableSeat.objects.bulk_create(
        TableSeat(table=tables[s], seat=seat, player=users[player])
        for s in tables
        for seat, player in zip(SEATS, s[2], strict=True)
    )
    first_round: dict[int, int] = {}
    for n, line in lines:
        r = rounds[_sitting(line)]
        first_round[n] = min(first_round.get(n, r), r)
    board_rows = {
        n: Board(
            event=event,
            round=round_rows[first_round.get(n, 1)],
            number=n,
            deal=b["deal"] or "",
            dealer=b.get("dealer") or scoring.board_dealer(n),
            vulnerability=b.get("vulnerability") or scoring.board_vulnerability(n),
        )  # fmt: skip
        for n, b in sorted(boards.items())
    }
    Board.objects.bulk_create(board_rows.values())
    Result.objects.bulk_create(
        file_result(start, line, tables[_sitting(line)], board_rows[n], pts)
        for (n, line), pts in zip(lines, points, strict=True)
    )
    Standing.objects.bulk_create(
        Standing(
            entry=entries[n],
            round_number=count,
            points=totals[n][0],
            total=totals[n][0],
            boards_played=totals[n][1],
            place=totals[n][2] or len(numbers),
        )  # fmt: skip
        for n in numbers
        if totals[n][1]
    )
    return event


def _sitting(line: dict) -> tuple:
    """A line's sitting: (file table, file round, the four players by seat, section)."""
    return (
        line["table"], line["round"], tuple(line["players"][s] for s in SEATS), line["section"]
    )  # fmt: skip


def _totals(method, people, lines, points, on_board) -> dict[int, tuple[float, int, int | None]]:
    """Each player's (total, boards played, rank): the file's where it gives them, else
    ours from the lines (the percentage of the tops scored, or the IMP sum), ranked by
    total."""
    scored: dict[int, list[float]] = {n: [0.0, 0.0, 0] for n in people}
    for (n, line), (ns, ew) in zip(lines, points, strict=True):
        if line.get("not_played"):
            continue
        for seat in SEATS:
            player = line["players"][seat]
            value = ns if seat in "NS" else ew
            st = scored[player]
            st[2] += 1
            if value is not None:
                st[0] += value
                st[1] += 2 * (on_board[n, line["section"]] - 1)
    out = {}
    for n, p in people.items():
        total, top, played = scored[n]
        ours = (100.0 * total / top if top else 0.0) if method == Event.Method.MP else total
        given = p.get("percentage") if method == Event.Method.MP else None
        given = given if given is not None else p.get("total")
        out[n] = (
            round(ours, 2) if given is None else given,
            p.get("boards_played") or played,
            p.get("rank"),
        )
    if not any(rank for *_rest, rank in out.values()):
        order = sorted((n for n in out if out[n][1]), key=lambda n: -out[n][0])
        for place, n in enumerate(order, 1):
            out[n] = (out[n][0], out[n][1], place)
    return out
