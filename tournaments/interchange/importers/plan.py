"""A pairs results file read into what the import will write (``docs/rules.md``
§ Files): its kind of event (a Swiss pairs event, a Mitchell or a Howell, as the file
says), the pair of each side of every line, the pairs' numbers and each meeting's
round. Nothing is written here: :func:`plan_make` collects every problem first.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from ...formats import format_for, kinds_where
from ...models import Event
from ...models.settings import MpFactoring
from ..pbn import mp_factoring_of
from ..rows import file_boards
from .common import FilePair


@dataclass(frozen=True)
class PairsKind:
    """What a pairs file says of its event: the kind, the arrow switch of a one-winner
    Mitchell and how it factors short boards' matchpoints ("" when it does not say)."""

    kind: str
    arrow_switch: bool = False
    mp_factoring: str = ""

    @property
    def movement(self) -> bool:
        """Whether the file is a movement's (a Mitchell or a Howell)."""
        return format_for(self.kind).movement


def pairs_kind(source: str, parsed: dict) -> PairsKind:
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
    if movement not in kinds_where(lambda f: f.movement):
        ranked_apart = winners == 2 or (
            source == "pbn" and any(t.get("direction") for t in parsed["totals"])
        )
        if not ranked_apart:
            return PairsKind(Event.Kind.SWISS_PAIRS, mp_factoring=factoring)
        movement, winners = Event.Kind.MITCHELL, 2
    arrow = format_for(movement).arrow_switch and winners == 1
    return PairsKind(movement, arrow_switch=arrow, mp_factoring=factoring)


def line_pair(pairs: dict[tuple, FilePair], line: dict, side: str) -> FilePair | None:
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
    return pairs.setdefault(key, FilePair(key=key, players=list(names)))


def pairs_number(pairs: dict[tuple, FilePair]) -> None:
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
class FilePlan:
    """What the import will write, checked before anything is written."""

    boards: dict[int, dict]
    pairs: dict[tuple, FilePair]
    lines: list[tuple[int, dict, FilePair, FilePair | None]]  # board, line, NS, EW
    problems: list[tuple[int | None, str]]


def plan_make(parsed: dict, pairs: dict[tuple, FilePair]) -> FilePlan:
    """The file's boards (deals checked) and lines with the pair of each side, and
    every problem found: a line without its pairs, a pair twice on a board, no boards."""
    problems: list[tuple[int | None, str]] = []
    lines = []
    boards = file_boards(parsed["boards"], problems, most=999)
    for number in sorted(boards):
        seen: set[tuple] = set()
        for line in boards[number]["results"]:
            ns, ew = line_pair(pairs, line, "ns"), line_pair(pairs, line, "ew")
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
    return FilePlan(boards=boards, pairs=pairs, lines=lines, problems=problems)


def pairs_tally(plan: FilePlan) -> None:
    """Each pair's lines played, the sides it sat and the points the file gives it."""
    for _number, line, ns, ew in plan.lines:
        for pair, points, side in ((ns, line["ns_points"], "NS"), (ew, line["ew_points"], "EW")):
            if pair is not None:
                pair.lines += not line.get("not_played")  # a board cut at the table
                pair.sides.add(side)
                if points is not None:
                    pair.points.append(points)


def meeting_rounds(plan: FilePlan) -> dict[tuple, int]:
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
