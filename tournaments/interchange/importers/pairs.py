"""Import a pairs results file, USEBIO or PBN, as a finished pairs event (``docs/rules.md``
§ Files), chosen by the dispatcher (``importers/dispatch.py``).

The event is a Swiss pairs event, or a Mitchell or a Howell when the file says so
(``plan.pairs_kind``): its pairs (players matched by name, or new guests), boards (deals
where the file has them, its dealer and vulnerability), every traveller line with the
file's scores and points, and the file's ranking. Nothing is scored here. All or
nothing: the plan (``plan.py``) collects every problem before anything is written.
"""

from __future__ import annotations

import math
from collections import Counter

from django.db import transaction
from django.utils import timezone

import scoring
from accounts.models import User

from ...errors import BridgeError
from ...models import (
    Board,
    Entry,
    EntryMember,
    Event,
    MovementSettings,
    Result,
    Round,
    SwissSettings,
    Table,
)
from ..rows import closed_round, import_finish, players_once, problems_text
from .common import FilePair, line_result, standings_create
from .movement import board_sets, most_at_a_table, movement_fix, pair_fields
from .plan import (
    FilePlan,
    PairsKind,
    meeting_rounds,
    pairs_kind,
    pairs_number,
    pairs_tally,
    plan_make,
)


def pairs_results_import(
    *, source: str, parsed: dict, pairs: dict[tuple, FilePair], values: dict, actor: User | None
) -> Event:
    """A finished pairs event from a parsed pairs file (``values``: the event's fields
    as the dispatcher reads them; ``pairs``: the file's, by key)."""
    plan = plan_make(parsed, pairs)
    if plan.problems:
        raise BridgeError(problems_text(plan.problems), code="content")
    pairs_tally(plan)
    kind = pairs_kind(source, parsed)
    pairs_number(pairs)
    rounds = meeting_rounds(plan)
    count = max(rounds.values())
    per_round = parsed["event"].get("boards_per_round") or (
        most_at_a_table(plan) if kind.movement else math.ceil(max(plan.boards) / count)
    )
    per_round = max(1, min(per_round, max(plan.boards)))
    with transaction.atomic():
        event = Event.objects.create(**{**values, "kind": kind.kind}, current_round=count)
        pair_standings(event, list(pairs.values()))
        _settings_create(event, kind, rounds=count, per_round=per_round)
        _write(event, plan, rounds, movement=kind.movement)
        return import_finish(
            event=event, actor=actor,
            counts={"source": source, "boards": len(plan.boards), "pairs": len(pairs),
                    "results": len(plan.lines)}, left_out=parsed["left_out"],
        )  # fmt: skip


def _settings_create(event: Event, kind: PairsKind, *, rounds: int, per_round: int) -> None:
    """The event's settings: a movement's (Neuberg unless the file says otherwise), or a
    Swiss pairs event's."""
    if kind.movement:
        MovementSettings.objects.create(
            event=event, num_rounds=rounds, boards_per_round=per_round, seed=0,
            arrow_switch=kind.arrow_switch, mp_factoring=kind.mp_factoring or "neuberg",
        )  # fmt: skip
    else:
        SwissSettings.objects.create(
            event=event, num_rounds=rounds, boards_per_round=per_round, seed=0,
            mp_factoring=kind.mp_factoring or "played",
        )  # fmt: skip


def pair_standings(event: Event, pairs: list[FilePair]) -> None:
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


def _meeting(ns: FilePair, ew: FilePair | None) -> tuple:
    """A line's meeting: (NS key, EW key), EW None for a bye."""
    return (ns.key, ew.key if ew else None)


def _write(event: Event, plan: FilePlan, rounds: dict[tuple, int], *, movement: bool) -> None:
    """Write the plan: entries, closed rounds, tables, boards, results and standings (a
    movement's board sets and, where the file is exactly our movement, its numbers)."""
    pairs = list(plan.pairs.values())
    entries = _entries_write(event, pairs, pair_fields(event, pairs))
    count = max(rounds.values())
    round_rows = {n: closed_round(event, n, event.start_at) for n in range(1, count + 1)}
    Round.objects.bulk_create(round_rows.values())
    set_of, meeting_set = board_sets(plan, event.boards_per_round) if movement else ({}, {})
    tables = _tables_write(event, plan, rounds, round_rows, entries, meeting_set)
    if movement:
        settings = event.settings
        settings.pair_numbers, settings.tables = movement_fix(event, entries, tables, set_of)
        settings.save(update_fields=["tables", "pair_numbers"])
    boards = _boards_write(event, plan, rounds, round_rows, set_of)
    # a movement's matchpoints are raw (docs/rules.md § Movements)
    _results_write(event, plan, tables, boards, raw=movement and event.method == Event.Method.MP)
    standings_create(entries=entries, pairs=pairs, round_number=count)


def _entries_write(event: Event, pairs: list[FilePair], fields: dict) -> dict[tuple, Entry]:
    """An entry of each pair with its members, as the file ranks it: pair key → entry."""
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
    return entries


def _tables_write(
    event: Event, plan: FilePlan, rounds: dict, round_rows: dict, entries: dict, meeting_set: dict
) -> dict[tuple, Table]:
    """A table of each meeting in its round: meeting → table."""
    file_table: dict[tuple, int | None] = {}
    section: dict[tuple, str] = {}  # each section numbers its own tables
    for _number, line, ns, ew in plan.lines:
        file_table.setdefault(_meeting(ns, ew), line.get("table"))
        section.setdefault(_meeting(ns, ew), line["section"][:20])
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
    return tables


def _boards_write(
    event: Event, plan: FilePlan, rounds: dict, round_rows: dict, set_of: dict[int, int]
) -> dict[int, Board]:
    """Each board of the file in the first round it is played in: number → board."""
    first_round: dict[int, int] = {}
    for number, _line, ns, ew in plan.lines:
        n = rounds[_meeting(ns, ew)]
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
    return boards


def _results_write(event: Event, plan: FilePlan, tables: dict, boards: dict, *, raw: bool) -> None:
    """Every line of the file as a result; ``raw``: matchpoints on the board's top."""
    results = []
    # a section's lines are matchpointed together (docs/rules.md § Files)
    on_board = Counter(
        (number, line["section"])
        for number, line, *_rest in plan.lines
        if not line.get("not_played")
    )
    for number, line, ns, ew in plan.lines:
        result = line_result(event, line, tables[_meeting(ns, ew)], boards[number])
        if raw:  # a movement's matchpoints are raw: the file's, else its share of the top
            top = 2 * (on_board[number, line["section"]] - 1)
            for side in ("ns", "ew"):
                given, percentage = line[f"{side}_mp"], getattr(result, f"{side}_points")
                if given is None and percentage is not None:
                    given = round(percentage * top / 100, 2)
                setattr(result, f"{side}_points", given)
        results.append(result)
    Result.objects.bulk_create(results)
