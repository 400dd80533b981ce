"""PBN 2.1 hand records and results: writing them, and reading them back (no Django).

Hand records (``hands_pbn_write``): one game per board with the tags [Event], [Site],
[Date] (YYYY.MM.DD), [Board], [Dealer], [Vulnerable] (None/NS/EW/All) and [Deal], and,
once the board has been analysed, [DoubleDummyTricks] (PBN 2.1: 20 hex digits, the
tricks of declarer N, S, E, W, each in NT, S, H, D, C), [OptimumScore] ("NS 420" or
"EW 420") and [ParContract].

Results (``results_pbn_write``): each board's hand record plus a [ScoreTable] with one
line per table result (cut boards are left out)::

    [ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer\\1R;Result\\2R;Lead\\3L;
                 Score_NS\\6R;IMP_NS\\6R;IMP_EW\\6R"]

``MP_NS``/``MP_EW`` replace the IMP columns in matchpoint events; they hold the board
percentage (0-100) as the event scores it. Pairs are numbered by registration order.
Result is the number of tricks declarer took. A passed-out board has Contract "Pass"
and "-" for declarer, result and lead. An adjusted score has Contract "-" and its
adjustments as an "NS/EW" note in Score_NS: "A+/A-", or "A=/-" for a bye (no EW pair).
After the boards one more game (no [Board]) holds the [TotalScoreTable]: Rank ("-"
when not ranked), PairId, Names, TotalScoreIMP (TotalPercentage for MP) and NrBoards.

Reading: ``pbn_parse`` reads any PBN file into games (tags and tables; comments,
``%`` lines, "#" repeats and several games without blank lines between them are
handled); ``pbn_results_parse`` turns a results file back into plain dicts.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from scoring import STRAINS_DESCENDING

from ..numbers import ascii_float, ascii_int
from .records import BoardRecord, EventRecord, PairRecord, ResultLine

__all__ = [
    "PbnError",
    "PbnGame",
    "PbnTable",
    "dd_tricks_format",
    "dd_tricks_parse",
    "hands_pbn_write",
    "pbn_decode",
    "pbn_parse",
    "pbn_results_parse",
    "results_pbn_write",
]

CREATOR = "Bridgehall"
DD_SEATS = "NSEW"  # the PBN 2.1 order of DoubleDummyTricks
DD_STRAINS = STRAINS_DESCENDING  # and strains from NT down

_TAG = re.compile(r'\[\s*(\w+)\s+"((?:[^"\\]|\\.)*)"\s*\]')
_TOKEN = re.compile(r'"((?:[^"\\]|\\.)*)"|(\S+)')
_COLUMN = re.compile(r"^[+-]?(\w+)(?:\\[0-9]+[LR]?)?$", re.IGNORECASE)
_UNESCAPE = re.compile(r'\\(["\\])')


class PbnError(ValueError):
    """The text is not PBN (or not the PBN this module writes): says where."""


# --- reading ---------------------------------------------------------------------------


@dataclass
class PbnTable:
    """A table section ([ScoreTable], [TotalScoreTable], ...): column names and rows."""

    columns: list[str]
    rows: list[list[str]]

    def dicts(self) -> list[dict[str, str]]:
        return [dict(zip(self.columns, row, strict=True)) for row in self.rows]


@dataclass
class PbnGame:
    """One game of a PBN file: its tags, the data lines after each tag, where it starts.

    Tables are read on demand (``table``), so a malformed table that nobody asks for
    (a deal import needs none) does not refuse the file.
    """

    line: int
    tags: dict[str, str] = field(default_factory=dict)
    sections: dict[str, list[str]] = field(default_factory=dict)

    def table(self, tag: str) -> PbnTable | None:
        """The table section ``tag`` ([ScoreTable], ...), or None if the game has none."""
        header = self.tags.get(tag, "").strip()
        if not header:
            return None
        columns = []
        for spec in header.split(";"):
            match = _COLUMN.match(spec.strip())
            if match is None:
                raise PbnError(f"line {self.line}: bad column {spec!r} in [{tag}]")
            columns.append(match.group(1))
        tokens = [
            _unescape(m.group(1)) if m.group(1) is not None else m.group(2)
            for text in self.sections.get(tag, [])
            for m in _TOKEN.finditer(text)
        ]
        if len(tokens) % len(columns):
            raise PbnError(
                f"line {self.line}: the rows of [{tag}] do not fill its {len(columns)} columns"
            )
        rows = [tokens[i : i + len(columns)] for i in range(0, len(tokens), len(columns))]
        return PbnTable(columns=columns, rows=rows)


def pbn_decode(data: bytes) -> str:
    """The text of an uploaded PBN file: UTF-8 (with or without BOM), else ISO 8859-1."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")  # the character set of PBN before 2.1


def _unescape(value: str) -> str:
    return _UNESCAPE.sub(r"\1", value)


def pbn_parse(text: str) -> list[PbnGame]:
    """Every game of a PBN file, in file order. ``PbnError`` names the line of a problem."""
    games: list[PbnGame] = []
    current: PbnGame | None = None
    previous: dict[str, str] = {}
    section: str | None = None
    in_comment = False

    def close() -> None:
        nonlocal current, previous, section
        if current is not None and current.tags:
            games.append(current)
            previous = current.tags
        current, section = None, None

    for lineno, raw in enumerate(text.lstrip("\ufeff").splitlines(), 1):
        line = raw.strip()
        if in_comment:
            if "}" in line:
                in_comment = False
            continue
        if not line:
            close()
            continue
        if line.startswith(("%", ";")):
            continue
        if line.startswith("{"):
            in_comment = "}" not in line
            continue
        if not line.startswith("["):
            if current is None or section is None:
                raise PbnError(f'line {lineno}: expected a [Tag "value"] pair: {line[:40]!r}')
            current.sections[section].append(line)
            continue
        pos = 0
        while pos < len(line) and line[pos] == "[":
            match = _TAG.match(line, pos)
            if match is None:
                raise PbnError(f'line {lineno}: not a [Tag "value"] pair: {line[:40]!r}')
            name, value = match.group(1), _unescape(match.group(2))
            if current is not None and name in current.tags and name != "Note":
                close()
            if current is None:
                current = PbnGame(line=lineno)
            if value == "#":
                value = previous.get(name, "")
            if name not in current.tags:
                current.tags[name] = value
                current.sections[name] = []
            section = name
            pos = match.end()
            while pos < len(line) and line[pos].isspace():
                pos += 1
        rest = line[pos:]
        if rest.startswith("{") and "}" not in rest:
            in_comment = True
    close()
    return games


def dd_tricks_parse(text: str) -> dict[str, dict[str, int]]:
    """{"NT": {"N": 9, ...}, ...} from a [DoubleDummyTricks] value (20 hex digits)."""
    text = text.strip()
    if not re.fullmatch(r"[0-9a-dA-D]{20}", text):
        raise PbnError(f"DoubleDummyTricks needs 20 hex digits 0-d, got {text!r}")
    table: dict[str, dict[str, int]] = {strain: {} for strain in DD_STRAINS}
    for i, digit in enumerate(text):
        seat, strain = DD_SEATS[i // 5], DD_STRAINS[i % 5]
        table[strain][seat] = int(digit, 16)
    return table


def _optimum_parse(text: str) -> int | None:
    side, _, amount = text.strip().partition(" ")
    score = ascii_int(amount)
    if side not in ("NS", "EW") or score is None:
        return None
    return score if side == "NS" else -score


def _int_or_none(text: str | None) -> int | None:
    if text is None or text in ("-", ""):
        return None
    number = ascii_int(text)
    if number is None:
        raise PbnError(f"expected a number (digits 0-9), got {text!r}")
    return number


def _float_or_none(text: str | None) -> float | None:
    if text is None or text in ("-", ""):
        return None
    number = ascii_float(text)
    if number is None:
        raise PbnError(f"expected a number (digits 0-9), got {text!r}")
    return number


def _first(row: Mapping[str, str], *names: str) -> str | None:
    for name in names:
        if name in row:
            return row[name]
    return None


def _result_row(row: Mapping[str, str]) -> dict:
    score = row.get("Score_NS", "-")
    line = {
        "ns_pair": _int_or_none(row.get("PairId_NS")),
        "ew_pair": _int_or_none(row.get("PairId_EW")),
        "contract": "",
        "declarer": "",
        "tricks": None,
        "lead": "",
        "ns_score": None,
        "ns_points": _float_or_none(_first(row, "IMP_NS", "MP_NS", "Percentage_NS")),
        "ew_points": _float_or_none(_first(row, "IMP_EW", "MP_EW", "Percentage_EW")),
        "ns_adjustment": "",
        "ew_adjustment": "",
    }
    if score.upper().startswith("A"):
        ns_adj, _, ew_adj = score.partition("/")
        line["ns_adjustment"] = "" if ns_adj == "-" else ns_adj
        line["ew_adjustment"] = "" if ew_adj in ("-", "") else ew_adj
        return line
    contract = row.get("Contract", "-").upper()
    line["contract"] = "PASS" if contract in ("PASS", "P", "AP") else contract
    line["ns_score"] = _int_or_none(score)
    if line["contract"] != "PASS":
        line["declarer"] = "" if row.get("Declarer", "-") == "-" else row["Declarer"].upper()
        line["tricks"] = _int_or_none(row.get("Result"))
        line["lead"] = "" if row.get("Lead", "-") == "-" else row["Lead"].upper()
    return line


def _total_row(row: Mapping[str, str]) -> dict:
    return {
        "rank": _int_or_none(row.get("Rank")),
        "pair": _int_or_none(row.get("PairId")),
        "names": row.get("Names", ""),
        "total": _float_or_none(_first(row, "TotalScoreIMP", "TotalPercentage", "TotalScoreMP")),
        "boards": _int_or_none(row.get("NrBoards")),
    }


def pbn_results_parse(text: str) -> dict:
    """A results PBN (as ``results_pbn_write`` writes it) back into plain dicts::

    {"event": {"name", "site", "date"},
     "boards": {number: {"number", "dealer", "vulnerability", "deal", "dd_table",
                         "par_score", "par_contracts", "results": [ResultLine dict]}},
     "totals": [{"rank", "pair", "names", "total", "boards"}]}
    """
    event: dict[str, str] = {}
    boards: dict[int, dict] = {}
    totals: list[dict] = []
    for game in pbn_parse(text):
        tags = game.tags
        if not event and "Event" in tags:
            event = {k.lower(): tags.get(k, "") for k in ("Event", "Site", "Date")}
            event["name"] = event.pop("event")
        try:
            total_table = game.table("TotalScoreTable")
            if total_table is not None:
                totals = [_total_row(r) for r in total_table.dicts()]
            if "Deal" not in tags:
                continue
            number = _int_or_none(tags.get("Board"))
            if number is None:
                raise PbnError("a deal without a board number")
            dd = tags.get("DoubleDummyTricks")
            score_table = game.table("ScoreTable")
            boards[number] = {
                "number": number,
                "dealer": tags.get("Dealer", ""),
                "vulnerability": tags.get("Vulnerable", ""),
                "deal": tags["Deal"],
                "dd_table": dd_tricks_parse(dd) if dd else None,
                "par_score": _optimum_parse(tags.get("OptimumScore", "")),
                "par_contracts": tags.get("ParContract", ""),
                "results": [_result_row(r) for r in score_table.dicts()] if score_table else [],
            }
        except PbnError as exc:
            raise PbnError(f"game at line {game.line}: {exc}") from exc
    return {"event": event, "boards": boards, "totals": totals}


# --- writing ---------------------------------------------------------------------------


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
    lines = _event_tags(event) + [
        _tag("Board", board.number),
        _tag("Dealer", board.dealer),
        _tag("Vulnerable", board.vulnerability),
        _tag("Deal", board.deal),
    ]
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


def _score_row(line: ResultLine) -> list[str]:
    points = [_number(line.ns_points), _number(line.ew_points)]
    pairs = [_cell(line.ns_pair), _cell(line.ew_pair)]
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
    unit = "MP" if method == "mp" else "IMP"
    return [
        ("PairId_NS", 2, "R"),
        ("PairId_EW", 2, "R"),
        ("Contract", 4, "L"),
        ("Declarer", 1, "R"),
        ("Result", 2, "R"),
        ("Lead", 3, "L"),
        ("Score_NS", 6, "R"),
        (f"{unit}_NS", 6, "R"),
        (f"{unit}_EW", 6, "R"),
    ]


def hands_pbn_write(*, event: EventRecord, boards: Iterable[BoardRecord]) -> str:
    """The hand records of ``boards`` as a PBN 2.1 file (one game per board)."""
    lines = _header()
    for board in sorted(boards, key=lambda b: b.number):
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
    columns = _score_columns(event.method)
    for board in sorted(boards, key=lambda b: b.number):
        lines += _board_tags(event, board)
        lines += _table_lines("ScoreTable", columns, map(_score_row, results.get(board.number, [])))
        lines.append("")
    total_name = "TotalPercentage" if event.method == "mp" else "TotalScoreIMP"
    total_columns = [
        ("Rank", 2, "R"),
        ("PairId", 2, "R"),
        ("Names", 40, "L"),
        (total_name, 8, "R"),
        ("NrBoards", 2, "R"),
    ]
    rows = [
        [_cell(p.rank), _cell(p.number), _quoted(p.names), _number(p.total), _cell(p.boards_played)]
        for p in pairs
    ]
    lines += _event_tags(event) + _table_lines("TotalScoreTable", total_columns, rows) + [""]
    return "\n".join(lines)
