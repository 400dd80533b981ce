"""PBN 2.1 hand records (``hands_pbn_write``) and results (``results_pbn_write``)
written from the plain records of ``records`` (what they hold: the package's
docstring). No Django.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from tableplay.records import auction_complete, auction_notes, play_rows, record_split

from ..records import BoardRecord, EventRecord, PairRecord, ResultLine
from .games import DD_SEATS, DD_STRAINS

CREATOR = "Bridgehall"


def board_top(lines: Iterable[ResultLine], *, neuberg: bool = False) -> int:
    """The matchpoint top of a board: 2 per other result played (adjusted scores and
    byes are not compared); factored by Neuberg (``neuberg``), 2 per other line of the
    board, adjusted and cut ones included, as Swiss pairs scores it (every table of the
    round has a line: ``formats/base.py``, ``board_points``)."""
    played = sum(
        1
        for line in lines
        if neuberg or (not line.is_adjusted and not line.not_played and line.ew_pair is not None)
    )
    return max(0, 2 * (played - 1))


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _tag(name: str, value: object, *, raw: bool = False) -> str:
    text = str(value)
    return f'[{name} "{text if raw else _escape(text)}"]'


def _quoted(value: str) -> str:
    return f'"{_escape(value)}"'


def _number(value: float | None) -> str:
    if value is None:
        return "-"
    text = f"{value:.2f}"
    return "0.00" if text == "-0.00" else text


def dd_tricks_format(dd_table: Mapping[str, Mapping[str, int]]) -> str:
    """The [DoubleDummyTricks] value: hex tricks of N, S, E, W, each NT, S, H, D, C."""
    return "".join(f"{dd_table[strain][seat]:x}" for seat in DD_SEATS for strain in DD_STRAINS)


def _optimum(par_score: int) -> str:
    return f"NS {par_score}" if par_score >= 0 else f"EW {-par_score}"


def _header() -> list[str]:
    return ["% PBN 2.1", "% EXPORT", f"% Creator: {CREATOR}", ""]


def _event_tags(event: EventRecord) -> list[str]:
    return [
        _tag("Event", event.name),
        _tag("Site", event.site),
        _tag("Date", event.date.strftime("%Y.%m.%d")),
    ]


def _board_tags(event: EventRecord, board: BoardRecord) -> list[str]:
    lines = (
        _event_tags(event)
        + [
            _tag("Board", board.number),
            _tag("Dealer", board.dealer),
            _tag("Vulnerable", board.vulnerability),
        ]
        + ([_tag("Deal", board.deal)] if board.deal else [])
    )  # an imported board may have none
    if board.dd_table:
        lines.append(_tag("DoubleDummyTricks", dd_tricks_format(board.dd_table)))
        if board.par_score is not None:
            lines.append(_tag("OptimumScore", _optimum(board.par_score)))
        if board.par_contracts:
            lines.append(_tag("ParContract", board.par_contracts))
    return lines


def _table_lines(
    tag: str, columns: list[tuple[str, int, str]], rows: Iterable[list[str]]
) -> list[str]:
    header = ";".join(f"{name}\\{width}{align}" for name, width, align in columns)
    lines = [_tag(tag, header, raw=True)]
    for row in rows:
        cells = [
            cell.ljust(width) if align == "L" else cell.rjust(width)
            for cell, (_, width, align) in zip(row, columns, strict=True)
        ]
        lines.append(" ".join(cells).rstrip())
    return lines


def _cell(value: object) -> str:
    if value is None or value == "":
        return "-"
    text = str(value)
    return _quoted(text) if re.search(r'[\s"]', text) else text


def _score_row(line: ResultLine, method: str = "", top: int = 0) -> list[str]:
    points = [_number(line.ns_points), _number(line.ew_points)]
    if method == "mp":  # raw matchpoints on the board's top, then the percentages
        (ns_raw, ns_pct), (ew_raw, ew_pct) = (
            line.mp_pair(p, top) for p in (line.ns_points, line.ew_points)
        )
        points = [_number(ns_raw), _number(ew_raw), _number(ns_pct), _number(ew_pct)]
    pairs = [_cell(line.round), _cell(line.table), _cell(line.ns_pair), _cell(line.ew_pair)]
    if line.not_played:
        return pairs + ["-", "-", "-", "-", "NP"] + ["-"] * len(points)
    if line.is_adjusted:
        note = f"{line.ns_adjustment or '-'}/{line.ew_adjustment or '-'}"
        return pairs + ["-", "-", "-", "-", note] + points
    if line.contract == "PASS":
        return pairs + ["Pass", "-", "-", "-", _cell(line.ns_score or 0)] + points
    return (
        pairs
        + [
            _cell(line.contract),
            _cell(line.declarer),
            _cell(line.tricks),
            _cell(line.lead),
            _cell(line.ns_score),
        ]
        + points
    )


def _score_columns(method: str) -> list[tuple[str, int, str]]:
    units = ["MP", "Percentage"] if method == "mp" else ["IMP"]
    return [
        ("Round", 2, "R"),
        ("Table", 2, "R"),
        ("PairId_NS", 2, "R"),
        ("PairId_EW", 2, "R"),
        ("Contract", 4, "L"),
        ("Declarer", 1, "R"),
        ("Result", 2, "R"),
        ("Lead", 3, "L"),
        ("Score_NS", 6, "R"),
    ] + [(f"{unit}_{side}", 6, "R") for unit in units for side in ("NS", "EW")]


def _auction_section(record: str) -> list[str]:
    """[Auction "<dealer>"] and its calls, four to a line ("AP" all pass), "*" after an
    auction that is not over (a board cut during it)."""
    dealer, tokens = record_split(record)
    if not dealer:
        return []
    # Four calls a line, each alerted call with its note reference ("1NT =1="); then
    # the notes, [Note "1:15-17"] (PBN 2.1 § 3.5.2; docs/rules.md § Online play).
    calls: list[list[str]] = []
    for token in tokens:
        if calls and token.startswith("=") and token.endswith("=") and len(token) > 2:
            calls[-1].append(token)
        else:
            calls.append([token])
    if not auction_complete(record):
        calls.append(["*"])
    lines = [
        " ".join(t for call in calls[i : i + 4] for t in call) for i in range(0, len(calls), 4)
    ]
    notes = [_tag("Note", f"{n}:{text}") for n, text in sorted(auction_notes(record).items())]
    return [_tag("Auction", dealer), *lines, *notes]


def _play_section(record: str) -> list[str]:
    """[Play "<opening leader>"] and one line a trick, its cards in the seats' order from
    the opening leader ("-" a card not played), "*" when the play did not reach its
    thirteenth trick (a claim, or a board cut during the play)."""
    leader, rows = play_rows(record)
    if not leader:
        return []
    out = [_tag("Play", leader)] + [" ".join(row) for row in rows]
    if len(rows) < 13 or "-" in rows[-1]:
        out.append("*")
    return out


def _record_game(event: EventRecord, board: BoardRecord, line: ResultLine, sectioned: bool):
    """One table's game after the board's score table: the board, where the line was
    played ([Section], [Round], [Table]), its contract and result, and its [Auction] and
    [Play] (PBN 2.1 § 3.5, § 3.6), which a reader gives to that line of the table."""
    out = _event_tags(event) + [
        _tag("Board", board.number),
        _tag("Dealer", board.dealer),
        _tag("Vulnerable", board.vulnerability),
    ]
    if board.deal:
        out.append(_tag("Deal", board.deal))
    if sectioned:
        out.append(_tag("Section", line.section))
    out += [_tag(name, value) for name, value in (("Round", line.round), ("Table", line.table))
            if value is not None]  # fmt: skip
    if line.contract == "PASS":
        out += [_tag("Declarer", ""), _tag("Contract", "Pass"), _tag("Result", "")]
    elif line.contract:
        out += [
            _tag("Declarer", line.declarer),
            _tag("Contract", line.contract),
            _tag("Result", "" if line.tricks is None else line.tricks),
        ]
    return out + _auction_section(line.auction) + _play_section(line.play)


#: The [Scoring] tag of each method (PBN 2.1 names; the reader knows their variants).
SCORING_TAGS = {"mp": "MP", "imp": "Butler", "ximp": "Cross-IMP", "hcp_par": "HCP-par"}


def _kind_tags(event: EventRecord) -> list[str]:
    """Our own tags (PBN readers skip tags they do not know): a movement event's
    movement and winners, and how a pairs event factors short boards' matchpoints."""
    tags = []
    if event.movement:
        tags.append(_tag("Movement", event.movement.capitalize()))
        tags.append(_tag("Winners", 2 if event.two_winners else 1))
    if event.mp_factoring:
        tags.append(_tag("MpFactoring", event.mp_factoring.capitalize()))
    return tags


def hands_pbn_write(*, event: EventRecord, boards: Iterable[BoardRecord]) -> str:
    """The hand records of ``boards`` as a PBN 2.1 file (one game per board)."""
    lines = _header()
    for board in sorted((b for b in boards if b.deal), key=lambda b: b.number):
        lines += _board_tags(event, board) + [""]
    return "\n".join(lines)


def results_pbn_write(
    *,
    event: EventRecord,
    boards: Iterable[BoardRecord],
    results: Mapping[int, list[ResultLine]],
    pairs: Iterable[PairRecord],
) -> str:
    """Hand records, every board's score table and the final (or current) totals."""
    lines = _header()
    # an event with sections: a Section column, each section matchpointed apart
    sectioned = any(line.section for board_lines in results.values() for line in board_lines)
    columns = [("Section", 2, "L")] * sectioned + _score_columns(event.method)
    for board in sorted(boards, key=lambda b: b.number):
        lines += _board_tags(event, board)
        lines.append(_tag("Scoring", SCORING_TAGS.get(event.method, "")))
        board_lines = results.get(board.number, [])
        neuberg = event.mp_factoring == "neuberg" and not event.movement
        tops = {
            name: board_top((line for line in board_lines if line.section == name), neuberg=neuberg)
            for name in {line.section for line in board_lines}
        }
        rows = [
            [_cell(line.section)] * sectioned + _score_row(line, event.method, tops[line.section])
            for line in board_lines
        ]
        lines += _table_lines("ScoreTable", columns, rows)
        lines.append("")
        for line in board_lines:
            if line.auction or line.play:
                lines += _record_game(event, board, line, sectioned) + [""]
    total_name = "TotalPercentage" if event.method == "mp" else "TotalScoreIMP"
    total_columns = [
        ("Rank", 2, "R"),
        ("PairId", 2, "R"),
        ("Names", 40, "L"),
        (total_name, 8, "R"),
        ("NrBoards", 2, "R"),
    ] + ([("Direction", 2, "L")] if event.two_winners else [])
    rows = [
        [_cell(p.rank), _cell(p.number), _quoted(p.names), _number(p.total), _cell(p.boards_played)]
        + ([_cell(p.field)] if event.two_winners else [])
        for p in pairs
    ]
    lines += _event_tags(event) + _kind_tags(event)
    lines += _table_lines("TotalScoreTable", total_columns, rows) + [""]
    return "\n".join(lines)
