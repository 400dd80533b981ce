"""Import a USEBIO team event as a finished team event (``docs/rules.md`` § Files),
chosen by the dispatcher (``importers/dispatch.py``): its teams (a standing team each,
captained by its first player), the matches of each round with both rooms, their IMPs
and VPs as the file gives them. Nothing is scored here. All or nothing: every problem
is found before anything is written.
"""

from __future__ import annotations

import math

from django.db import transaction
from django.utils.translation import gettext as _

import scoring
from accounts.models import User

from ...errors import BridgeError
from ...formats import kind_for_file
from ...models import (
    Board,
    Entry,
    EntryMember,
    Event,
    Match,
    Result,
    Round,
    Table,
    Team,
    TeamEntry,
    TeamMember,
    TeamsSettings,
)
from ..rows import closed_round, file_deal, import_finish, players_match, problems_text
from .common import FilePair, line_result, standings_create


def _teams_plan(parsed: dict, teams: dict[tuple, FilePair]) -> tuple[list[dict], list, list]:
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


def teams_results_import(
    *, parsed: dict, teams: dict[tuple, FilePair], values: dict, actor: User | None
) -> Event:
    """A finished team event from a parsed USEBIO team file (``values``: the event's
    fields as the dispatcher reads them; ``teams``: the file's, by key)."""
    matches, lines, problems = _teams_plan(parsed, teams)
    boards = {n: b for n, b in parsed["boards"].items()}
    for number, board in boards.items():
        board["deal"] = file_deal(number, board.get("deal"), problems)
    if not boards:
        problems.append((None, _("The file has no boards.")))
    if problems:
        raise BridgeError(problems_text(problems), code="content")
    kind = kind_for_file(entries="teams", event_type=parsed["event"]["type"])
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
        entries = _teams_write(event, teams)
        round_rows = {n: closed_round(event, n, event.start_at) for n in range(1, rounds_count + 1)}
        Round.objects.bulk_create(round_rows.values())
        board_rows = _boards_write(event, boards, lines, round_rows)
        tables = _matches_write(event, matches, lines, entries, round_rows)
        Result.objects.bulk_create(
            line_result(event, line, tables[match["id"]][room], board_rows[number])
            for number, line, match, room in lines
        )
        standings_create(entries=entries, pairs=list(teams.values()), round_number=rounds_count)
        return import_finish(
            event=event, actor=actor,
            counts={"source": "usebio", "boards": len(boards), "teams": len(teams),
                    "results": len(lines)}, left_out=parsed["left_out"],
        )  # fmt: skip


def _teams_write(event: Event, teams: dict[tuple, FilePair]) -> dict[tuple, Entry]:
    """Each team of the file: a standing team, its entry as the file ranks it and the
    entry's members (team key → entry)."""
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
    return entries


def _boards_write(event: Event, boards: dict, lines: list, round_rows: dict) -> dict[int, Board]:
    """Each board of the file in the first round a match plays it: number → board."""
    first_round = {}
    for number, _line, match, _room in lines:
        first_round[number] = min(first_round.get(number, match["round"]), match["round"])
    return {
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


def _matches_write(
    event: Event, matches: list[dict], lines: list, entries: dict, round_rows: dict
) -> dict:
    """Each match of the file with its two rooms' tables (a bye: none), IMPs and VPs as
    the file gives them: match id → {"open": table, "closed": table}."""
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
    return tables
