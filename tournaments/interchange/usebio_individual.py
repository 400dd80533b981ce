"""USEBIO 1.2 individual events: the scoring pool written and read (no Django).

An individual event names players, not pairs: PARTICIPANTS holds one PLAYER per
player, and each traveller line names its four players by number. What this module
writes (``docs/rules.md`` § Files)::

    <USEBIO Version="1.2">
      <CLUB><CLUB_NAME>Bridgehall</CLUB_NAME></CLUB>
      <EVENT EVENT_TYPE="INDIVIDUAL">
        <PROGRAM_NAME/> <PROGRAM_VERSION/> <EVENT_IDENTIFIER/> <EVENT_DESCRIPTION/>
        <DATE>dd/mm/yyyy</DATE>
        <BOARD_SCORING_METHOD>IMPS</BOARD_SCORING_METHOD>
        <WINNER_TYPE>1</WINNER_TYPE>
        <BOARDS_PLAYED>boards in the file</BOARDS_PLAYED>
        <BOARDS_PER_ROUND>boards per table</BOARDS_PER_ROUND>
        <BRIDGEHALL_POOL>                          (ours: the pool's settings)
          <OPENS_AT>ISO 8601</OPENS_AT> <CLOSES_AT>ISO 8601</CLOSES_AT>
          <BOARDS_PER_TABLE/> <MINUTES_PER_BOARD/> <SCORE_AT/> <RETIRE_AT/>
        </BRIDGEHALL_POOL>
        <PARTICIPANTS>
          <PLAYER>
            <PLAYER_NUMBER>n</PLAYER_NUMBER> <PLAYER_NAME>..</PLAYER_NAME>
            <PLACE>the leaderboard's place, absent without a final score</PLACE>
            <TOTAL_SCORE>IMPs</TOTAL_SCORE> <BOARDS_PLAYED>boards scored</BOARDS_PLAYED>
          </PLAYER>
        </PARTICIPANTS>
        <BOARD>
          <BOARD_NUMBER>1</BOARD_NUMBER>
          <BRIDGEHALL_RETIRED>true</BRIDGEHALL_RETIRED>  (ours: only on a retired board)
          <TRAVELLER_LINE>                               (in arrival order)
            <TABLE_NUMBER>the table (sitting) number</TABLE_NUMBER>
            <NORTH_PLAYER_NUMBER/> <EAST_PLAYER_NUMBER/>
            <SOUTH_PLAYER_NUMBER/> <WEST_PLAYER_NUMBER/>
            <CONTRACT/> <PLAYED_BY/> <LEAD/> <TRICKS/> <SCORE/>   (as for pairs)
            <NS_IMPS/> <EW_IMPS/>           (the final score; absent while provisional)
            <BRIDGEHALL_SEQ>n</BRIDGEHALL_SEQ>              (ours: arrival order)
            <BRIDGEHALL_SCORED_AT_SEQ>n</BRIDGEHALL_SCORED_AT_SEQ>
                                 (ours: the arrival that scored it; absent: provisional)
            <BRIDGEHALL_DATUM>NS datum</BRIDGEHALL_DATUM>   (ours: the datum used)
          </TRAVELLER_LINE>
        </BOARD>
      </EVENT>
      <HANDSET>... as for pairs ...</HANDSET>
    </USEBIO>

An individual event (``pool`` None) is written the same way without the BRIDGEHALL_
elements: BOARD_SCORING_METHOD MATCH_POINTS or CROSS_IMPS (with MP_FACTORING), each
PLAYER with its PERCENTAGE beside the raw TOTAL_SCORE (matchpoints), each line with its
ROUND_NUMBER and its points as for pairs (raw matchpoints and the percentage).

The BRIDGEHALL_ elements are ours; a reader of plain USEBIO ignores them. A score has
no disconnection of its own (a pool's disconnections belong to the Rate), so none is
written. Only boards everyone may see are written (the caller passes them).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime

from .pbn import adjustment_parse, not_played, scores_fill
from .problems import problems_summary
from .records import BoardRecord, EventRecord, ResultLine
from .usebio.elements import (
    UsebioError,
    child_float,
    child_int,
    child_text,
    element_add,
    number_text,
    scope_name,
    usebio_root,
)
from .usebio.read import left_out, line_head_read, traveller_line_read, usebio_parse
from .usebio.write import (
    SCORING_METHODS,
    board_elements,
    event_element,
    hands_add,
    traveller_line_add,
)

__all__ = [
    "IndividualLine",
    "PlayerRecord",
    "PoolRecord",
    "usebio_individual_parse",
    "usebio_individual_write",
]

#: The seats in the order a line names its players, and their elements.
SEAT_ELEMENTS = (
    ("N", "NORTH_PLAYER_NUMBER"),
    ("E", "EAST_PLAYER_NUMBER"),
    ("S", "SOUTH_PLAYER_NUMBER"),
    ("W", "WEST_PLAYER_NUMBER"),
)
_POOL_NUMBERS = ("BOARDS_PER_TABLE", "MINUTES_PER_BOARD", "SCORE_AT", "RETIRE_AT")


@dataclass(frozen=True)
class PlayerRecord:
    """A player of an individual event: number, name and the leaderboard's standing."""

    number: int
    name: str
    rank: int | None = None
    total: float = 0.0  # IMPs, or raw matchpoints
    boards_played: int = 0
    percentage: float | None = None  # matchpoints: the total as a percentage


@dataclass(frozen=True)
class IndividualLine:
    """One table's result on a board with its four players (seat → player number) and,
    for a pool, its place in the arrival order, the arrival that scored it and the
    datum (``line``'s pair numbers are unused)."""

    table: int
    players: Mapping[str, int]
    line: ResultLine
    seq: int | None = None
    scored_at_seq: int | None = None
    datum: int | None = None

    @property
    def section(self) -> str:
        return self.line.section


@dataclass(frozen=True)
class PoolRecord:
    """The pool's own settings and its retired boards (by number)."""

    opens_at: datetime
    closes_at: datetime
    boards_per_table: int
    minutes_per_board: int
    score_at: int
    retire_at: int
    retired: frozenset[int] = field(default_factory=frozenset)


def usebio_individual_write(
    *,
    event: EventRecord,
    players: Iterable[PlayerRecord],
    boards: Iterable[BoardRecord],
    results: Mapping[int, list[IndividualLine]],
    pool: PoolRecord | None = None,
) -> str:
    """An individual event (a scoring pool when ``pool`` is given) as USEBIO 1.2; the
    lines of an individual event carry their matchpoint top (``ResultLine.mp_top``)."""
    boards = sorted(boards, key=lambda b: b.number)
    method = "imp" if pool is not None else event.method
    root, ev = event_element(event, "INDIVIDUAL", SCORING_METHODS[method])
    element_add(ev, "WINNER_TYPE", 1)
    element_add(ev, "BOARDS_PLAYED", len(boards))
    element_add(ev, "BOARDS_PER_ROUND", event.boards_per_round)
    if pool is None and event.mp_factoring:
        element_add(ev, "MP_FACTORING", event.mp_factoring)
    if pool is not None:
        element = element_add(ev, "BRIDGEHALL_POOL")
        element_add(element, "OPENS_AT", pool.opens_at.isoformat())
        element_add(element, "CLOSES_AT", pool.closes_at.isoformat())
        for name in _POOL_NUMBERS:
            element_add(element, name, getattr(pool, name.lower()))
    participants = element_add(ev, "PARTICIPANTS")
    for player in players:
        element = element_add(participants, "PLAYER")
        element_add(element, "PLAYER_NUMBER", player.number)
        element_add(element, "PLAYER_NAME", player.name)
        if player.rank is not None:
            element_add(element, "PLACE", player.rank)
        element_add(element, "TOTAL_SCORE", number_text(player.total))
        if player.percentage is not None:
            element_add(element, "PERCENTAGE", number_text(player.percentage))
        element_add(element, "BOARDS_PLAYED", player.boards_played)

    def travellers(element: ET.Element, board: BoardRecord, lines: list[IndividualLine]) -> None:
        if pool is not None and board.number in pool.retired:
            element_add(element, "BRIDGEHALL_RETIRED", "true")
        for line in lines:
            _line(element, line, method, ours=pool is not None)

    board_elements(ev, boards, results, travellers)
    if any(b.deal for b in boards):
        handset = element_add(root, "HANDSET")
        for board in boards:
            if board.deal:
                hands_add(handset, board)
    ET.indent(root, space="  ")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def _line(parent: ET.Element, line: IndividualLine, method: str, *, ours: bool) -> None:
    traveller_line_add(parent, replace(line.line, table=None), method, 0)
    element = parent[-1]
    head = [("TABLE_NUMBER", line.table)]
    head += [(name, line.players[seat]) for seat, name in SEAT_ELEMENTS]
    for index, (name, value) in enumerate(head):
        child = ET.Element(name)
        child.text = str(value)
        element.insert(index, child)
    if ours:
        for name, value in (
            ("BRIDGEHALL_SEQ", line.seq),
            ("BRIDGEHALL_SCORED_AT_SEQ", line.scored_at_seq),
            ("BRIDGEHALL_DATUM", line.datum),
        ):
            if value is not None:
                element_add(element, name, value)


# --- reading ---------------------------------------------------------------------------


def _player(element: ET.Element) -> dict:
    name = child_text(element, "PLAYER_NAME")
    if not name:
        parts = [child_text(element, n) for n in ("FIRST_NAME", "SURNAME", "LAST_NAME")]
        name = " ".join(p for p in parts if p)
    return {
        "number": child_int(element, "PLAYER_NUMBER"),
        "name": name or "",
        "rank": child_int(element, "PLACE"),
        "total": child_float(element, "TOTAL_SCORE"),
        "percentage": child_float(element, "PERCENTAGE"),
        "boards_played": child_int(element, "BOARDS_PLAYED"),
    }


def _pool(element: ET.Element) -> dict:
    out: dict = {}
    for name in ("OPENS_AT", "CLOSES_AT"):
        text = child_text(element, name) or ""
        try:
            out[name.lower()] = datetime.fromisoformat(text)
        except ValueError as exc:
            raise UsebioError(f"<{name}> is not a date and time: {text!r}.") from exc
        if out[name.lower()].tzinfo is None:
            raise UsebioError(f"<{name}> has no time zone: {text!r}.")
    for name in _POOL_NUMBERS:
        value = child_int(element, name)
        if value is None:
            raise UsebioError(f"<BRIDGEHALL_POOL> has no <{name}>.")
        out[name.lower()] = value
    return out


def _half(line: ET.Element, context: Mapping[str, object]) -> dict | None:
    """A line with one pair's seats and points and no result (no contract, adjustment or
    "NP"): some scorers write an individual table's result on two lines, one per pair,
    the second without the contract. Its dict (``half``), else None."""
    contract = child_text(line, "CONTRACT") or ""
    score = child_text(line, "SCORE") or child_text(line, "NS_SCORE") or ""
    if contract or not_played(score) or adjustment_parse(score) is not None:
        return None
    return {**line_head_read(line, context), "half": True}


def _line_read(line: ET.Element, context: Mapping[str, object]) -> dict:
    result = _half(line, context) or traveller_line_read(line, context)
    result["players"] = {s: child_int(line, name) for s, name in SEAT_ELEMENTS}
    result["table"] = child_int(line, "TABLE_NUMBER")
    result["seq"] = child_int(line, "BRIDGEHALL_SEQ")
    result["scored_at_seq"] = child_int(line, "BRIDGEHALL_SCORED_AT_SEQ")
    result["datum"] = child_int(line, "BRIDGEHALL_DATUM")
    return result


_POINT_KEYS = ("ns_points", "ew_points", "ns_mp", "ew_mp", "ns_percentage", "ew_percentage")


def _halves_join(number: int, lines: list[tuple[dict, ET.Element, dict]], skipped: list) -> list:
    """A board's lines with each table written on two lines made one: the line with the
    result and the only other line of its table (same section, round and table), each
    naming its own seats; the seats and the points of both, the result of the first.
    A line without a result and no such partner is left out (``skipped``)."""
    tables: dict[tuple, list[int]] = {}
    for i, (result, _element, _context) in enumerate(lines):
        tables.setdefault((result["section"], result["round"], result["table"]), []).append(i)
    joins: dict[int, int] = {}  # the line with the result → its other half
    for group in tables.values():
        halves = [j for j in group if lines[j][0].get("half")]
        if len(group) != 2 or len(halves) != 1:
            continue
        (full,) = (j for j in group if j != halves[0])
        seats = lines[full][0]["players"], lines[halves[0]][0]["players"]
        if all(seats[0][s] is None or seats[1][s] in (None, seats[0][s]) for s in seats[0]):
            joins[full] = halves[0]  # no seat named twice for two players
    out = []
    for i, (result, element, context) in enumerate(lines):
        if i in joins.values():
            continue
        if result.get("half"):
            skipped.append(
                left_out(number, element, context, "a line without a contract, and no other "
                         "line of its table gives the result.")
            )  # fmt: skip
            continue
        if i in joins:
            half = lines[joins[i]][0]
            result = {
                **result,
                "players": {s: n or half["players"][s] for s, n in result["players"].items()},
            }
            for key in _POINT_KEYS:
                if result[key] is None:
                    result[key] = half[key]
        out.append(result)
    return out


def usebio_individual_parse(xml: str | bytes) -> dict:
    """An individual USEBIO document, ours or another scorer's, into plain dicts::

    {"event": as ``usebio_parse``'s,
     "pool": None (not ours) or {"opens_at", "closes_at", "boards_per_table",
             "minutes_per_board", "score_at", "retire_at"},
     "players": [{"number", "name", "rank", "total", "percentage", "boards_played"}],
     "boards": {number: {"number", "deal", "retired", "results": [line dict]}}}

    A line dict is ``usebio_parse``'s plus ``players`` ({seat: number or None}),
    ``seq``, ``scored_at_seq`` and ``datum`` (None where the file has none), in file
    order; a table written on two lines, one per pair, is one line (``_halves_join``).
    A line that cannot be read is left out and listed in ``"left_out"``, as
    ``usebio_parse`` does; every other problem is raised as one ``UsebioError``,
    grouped by board.
    """
    parsed = usebio_parse(xml)  # refuses entities, bad XML and bad deals
    root = usebio_root(xml)
    ev = root.find("EVENT")
    assert ev is not None  # usebio_parse refused a file without one
    problems: list[tuple[int | None, str]] = []
    skipped: list[dict] = []
    pool = None
    players: list[dict] = []
    boards: dict[int, dict] = {}

    def board_of(number: int) -> dict:
        deal = parsed["boards"].get(number, {}).get("deal")
        return boards.setdefault(
            number, {"number": number, "deal": deal, "retired": False, "results": []}
        )

    def walk(element: ET.Element, context: dict) -> None:
        nonlocal pool
        for child in element:
            if child.tag in ("SESSION", "SECTION", "MATCH"):
                inner = dict(context)
                if child.tag == "SECTION":  # a line keeps its section
                    inner["section"] = scope_name(child)
                walk(child, inner)
            elif child.tag == "PARTICIPANTS":
                for player in child.findall("PLAYER"):  # not a pair's or team's
                    try:
                        players.append(_player(player))
                    except UsebioError as exc:
                        problems.append((None, str(exc)))
            elif child.tag == "BOARD":
                number = child_int(child, "BOARD_NUMBER")
                board = board_of(number)
                if (child_text(child, "BRIDGEHALL_RETIRED") or "").lower() in ("true", "1", "yes"):
                    board["retired"] = True
                lines = []
                for line in child.iter("TRAVELLER_LINE"):
                    try:
                        lines.append((_line_read(line, context), line, context))
                    except UsebioError as exc:  # left out, the rest is read
                        skipped.append(left_out(number, line, context, str(exc)))
                board["results"] += _halves_join(number, lines, skipped)
            elif child.tag == "BRIDGEHALL_POOL":
                try:
                    pool = _pool(child)
                except UsebioError as exc:
                    problems.append((None, str(exc)))

    try:
        walk(ev, {"section": "", "match": None})
    except UsebioError as exc:
        problems.append((None, str(exc)))
    if problems:
        raise UsebioError(problems_summary(problems), problems=problems)
    for number in parsed["boards"]:
        board_of(number)  # a board with its deal only
    scores_fill(boards.values())  # a line without its <SCORE>
    return {
        "event": parsed["event"], "pool": pool, "players": players, "boards": boards,
        "left_out": skipped,
    }  # fmt: skip
