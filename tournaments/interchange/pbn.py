"""PBN 2.1 hand records and results: writing them, and reading them back (no Django).

Hand records (``hands_pbn_write``): one game per board with the tags [Event], [Site],
[Date] (YYYY.MM.DD), [Board], [Dealer], [Vulnerable] (None/NS/EW/All) and [Deal], and,
once the board has been analysed, [DoubleDummyTricks] (PBN 2.1: 20 hex digits, the
tricks of declarer N, S, E, W, each in NT, S, H, D, C), [OptimumScore] ("NS 420" or
"EW 420") and [ParContract].

Results (``results_pbn_write``): each board's hand record plus a [ScoreTable] with one
line per table result (a board cut at a table: Contract "-", Score_NS "NP", no points)::

    [ScoreTable "Round\\2R;Table\\2R;PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;
                 Declarer\\1R;Result\\2R;Lead\\3L;Score_NS\\6R;IMP_NS\\6R;IMP_EW\\6R"]

In matchpoint events ``MP_NS``/``MP_EW`` (raw matchpoints on the board's top: 2 per
result beaten, 1 per tie) and ``Percentage_NS``/``Percentage_EW`` (the board percentage
as the event scores it) replace the IMP columns; [Scoring] names the method ("MP",
"Butler", "Cross-IMP", "HCP-par"). Pairs are numbered by registration order.
Result is the number of tricks declarer took. A passed-out board has Contract "Pass"
and "-" for declarer, result and lead. An adjusted score has Contract "-" and its
adjustments as an "NS/EW" note in Score_NS: "A+/A-", or "A=/-" for a bye (no EW pair).
After the boards one more game (no [Board]) holds the [TotalScoreTable]: Rank ("-"
when not ranked), PairId, Names, TotalScoreIMP (TotalPercentage for MP) and NrBoards,
and Direction (NS or EW) in a two-winner Mitchell, whose ranks count within each field.
The last game also has tags of our own, which other readers skip: a movement event's
[Movement "Mitchell"|"Howell"] and [Winners "1"|"2"], and a pairs event's
[MpFactoring "Neuberg"|"Played"].

Reading: ``pbn_parse`` reads any PBN file into games (tags and tables; comments,
``%`` lines, "#" repeats and several games without blank lines between them are
handled); ``pbn_results_parse`` turns a results file, ours or another scorer's, back
into plain dicts. It reads:

- one game per board with a [ScoreTable], or one game per table (the deal repeated,
  the table's [Contract], [Declarer], [Result], [Score] "NS 420"/"EW 50", [ScoreIMP],
  [ScorePercentage] and the players' names); the same deal under a number is one
  board, a different deal is an error naming the board;
- the file's [Dealer] and [Vulnerable] ("None"/"Love"/"-", "NS"/"N-S", "EW"/"E-W",
  "All"/"Both"), kept as given;
- [DoubleDummyTricks] or an [OptimumResultTable] (Declarer, Denomination, Result);
  [OptimumScore] as "NS 420", "NS +90", "EW -420" or "EW 420";
- [ScoreTable] and [TotalScoreTable] columns in any order and width (PBN 2.1 column
  names; Score_EW alone, MP_NS as matchpoints or Percentage_NS, Rank "2="), adjusted
  lines written "A A A", "A+/A-", "40%/60%";
- comments (";" and "{...}") and ``%`` lines anywhere, inside tables too.

Every problem of a file is collected and reported once, grouped by kind with the boards
as ranges ("Boards 11–20: ...", ``problems.problems_summary``).

Why not endplay's parser (``endplay.parsers.pbn``, which the tests use to check that
our files read elsewhere): it splits table rows on whitespace (a quoted "Ann Lee - Bo
Chen" becomes five cells), needs a blank line between games, reads [Board] and
[Result] with ``int()`` (an exception without the line for "33a" or "="), keeps only
the first of repeated games' tags, and knows nothing of score tables, adjusted lines or
per-table games. What it does, deals to objects and double-dummy work, we take from it
in ``tournaments.deals``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from scoring import STRAINS_DESCENDING

from ..numbers import ascii_float, ascii_int
from .problems import problems_summary
from .records import MOVEMENT_KINDS, BoardRecord, EventRecord, PairRecord, ResultLine

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
    """The text is not PBN, or a results file this module cannot read: says where.

    ``problems``: every problem found, ``(board number or None, message)``, when the
    reader went on after the first (the message is their grouped summary).
    """

    def __init__(self, message: str, *, problems: list[tuple[int | None, str]] | None = None):
        super().__init__(message)
        self.problems = problems or [(None, message)]


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


def _without_comments(line: str) -> tuple[str, bool]:
    """A data line without its comments (";" to the end, "{...}"), and whether a "{"
    comment goes on past the line. Quoted cells keep their ";" and braces."""
    out, quoted, i = [], False, 0
    while i < len(line):
        char = line[i]
        if char == '"' and (i == 0 or line[i - 1] != "\\"):
            quoted = not quoted
        elif not quoted and char == ";":
            break
        elif not quoted and char == "{":
            end = line.find("}", i)
            if end < 0:
                return "".join(out).strip(), True
            i = end + 1
            out.append(" ")
            continue
        out.append(char)
        i += 1
    return "".join(out).strip(), False


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
            data, in_comment = _without_comments(line)
            if not data:
                continue
            if current is None or section is None:
                raise PbnError(f'line {lineno}: expected a [Tag "value"] pair: {line[:40]!r}')
            current.sections[section].append(data)
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


VULNERABILITIES = {
    "NONE": "None", "LOVE": "None", "-": "None", "NS": "NS", "N-S": "NS",
    "EW": "EW", "E-W": "EW", "ALL": "All", "BOTH": "All",
}  # fmt: skip
STRAIN_NAMES = {"NT": "NT", "N": "NT", "S": "S", "H": "H", "D": "D", "C": "C"}
_CONTRACT = re.compile(r"([1-7])(NT|N|S|H|D|C)(XX|X|)", re.IGNORECASE)
_LEAD = re.compile(r"([SHDC])(10|[AKQJT98765432])", re.IGNORECASE)
_PERCENT = re.compile(r"([0-9]+(?:\.[0-9]*)?)%")
_BOTH_PERCENT = re.compile(r"A([0-9]{2})([0-9]{2})", re.IGNORECASE)
_ADJUSTMENTS = {"A+": "A+", "A=": "A=", "A": "A=", "A-": "A-", "AVG+": "A+", "AVG": "A="}
_ADJUSTMENTS["AVG-"] = "A-"
_MIRROR = {"A+": "A-", "A=": "A=", "A-": "A+", "": ""}
PASSED = ("PASS", "P", "AP", "PASSED", "ALLPASS")


def dealer_parse(text: str) -> str | None:
    """N, E, S or W from a [Dealer] value ("N", "north" ...), None if it is not one."""
    names = {"N": "N", "E": "E", "S": "S", "W": "W", "NORTH": "N", "EAST": "E"}
    names |= {"SOUTH": "S", "WEST": "W"}
    return names.get(text.strip().upper())


def vulnerability_parse(text: str) -> str | None:
    """None, NS, EW or All from a [Vulnerable] value ("Love", "Both", "E-W" ...)."""
    return VULNERABILITIES.get(text.strip().upper())


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


def optimum_table_parse(table: PbnTable) -> dict[str, dict[str, int]]:
    """The double-dummy table from an [OptimumResultTable] (Declarer, Denomination,
    Result: one row per declarer and strain, 20 rows)."""
    dd: dict[str, dict[str, int]] = {strain: {} for strain in DD_STRAINS}
    for row in table.dicts():
        seat = (row.get("Declarer") or "").upper()
        strain = STRAIN_NAMES.get((row.get("Denomination") or "").upper())
        tricks = ascii_int(row.get("Result") or "", signed=False)
        if seat not in DD_SEATS or strain is None or tricks is None or tricks > 13:
            raise PbnError(f"OptimumResultTable row {' '.join(row.values())!r} is not readable")
        dd[strain][seat] = tricks
    if any(len(seats) != 4 for seats in dd.values()):
        raise PbnError("OptimumResultTable needs 20 rows, a declarer and strain each")
    return dd


def par_parse(text: str) -> int | None:
    """Par for NS from [OptimumScore]: "NS 420", "NS +90", "EW -420" (= NS +420), "EW 420",
    or a bare number (NS). None when the tag is empty; PbnError when unreadable."""
    text = text.strip()
    if not text:
        return None
    side, _, amount = text.partition(" ")
    if not amount:
        side, amount = "NS", side
    score = ascii_int(amount.strip())
    if side.upper() not in ("NS", "EW") or score is None:
        raise PbnError(f"par {text!r} is not “NS 420” or “EW -420”")
    return score if side.upper() == "NS" else -score


def _adjustment_side(text: str) -> tuple[str, float | None] | None:
    text = text.strip().upper()
    if text in ("", "-"):
        return "", None
    percent = _PERCENT.fullmatch(text)
    if percent:
        value = float(percent.group(1))
        return ("A+" if value >= 60 else "A-" if value <= 40 else "A="), value
    code = _ADJUSTMENTS.get(text)
    return (code, None) if code else None


def adjustment_parse(text: str | None) -> tuple[str, str, float | None, float | None] | None:
    """An adjusted score written in a score cell: "A+/A-", "A" (average to both), "A+"
    (its mirror to the other side), "60%/40%", "A6040" or "40%": ``(ns code, ew code, ns %,
    ew %)``; None when the text is not an adjustment."""
    if not text:
        return None
    text = text.strip()
    both = _BOTH_PERCENT.fullmatch(text)
    if both:  # BriAn's "A5050", "A6040": NS and EW percentages
        text = f"{both.group(1)}%/{both.group(2)}%"
    if "/" in text:
        ns_text, _, ew_text = text.partition("/")
        ns, ew = _adjustment_side(ns_text), _adjustment_side(ew_text)
        if ns is None or ew is None or not (ns[0] or ew[0]):
            return None
        return ns[0], ew[0], ns[1], ew[1]
    if not (text[:1].upper() == "A" or text.endswith("%")):
        return None
    side = _adjustment_side(text)
    if side is None or not side[0]:
        return None
    ew_percent = None if side[1] is None else 100 - side[1]
    return side[0], _MIRROR[side[0]], side[1], ew_percent


def contract_parse(text: str) -> str:
    """ "4SX", "3NT" or "PASS" from a contract cell ("3N", "4sx", "Pass", "AP")."""
    compact = text.strip().replace(" ", "").upper()
    if compact in PASSED:
        return "PASS"
    match = _CONTRACT.fullmatch(compact)
    if match is None:
        raise PbnError(f"contract {text!r} is not a contract such as 4SX, 3NT or Pass.")
    level, strain, doubled = match.groups()
    return f"{level}{STRAIN_NAMES[strain.upper()]}{doubled.upper()}"


def _tricks_parse(text: str | None, contract: str) -> int | None:
    """Tricks taken by declarer: a count 0-13, or "=", "+1", "-2" against the contract."""
    if text is None or text.strip() in ("", "-", "?"):
        return None
    text = text.strip()
    if text == "=" or text[:1] in "+-":
        delta = 0 if text == "=" else ascii_int(text)
        if delta is None:
            raise PbnError(f"result {text!r} is not a number of tricks.")
        tricks = int(contract[0]) + 6 + delta
    else:
        tricks = ascii_int(text, signed=False)
    if tricks is None or not 0 <= tricks <= 13:
        raise PbnError(f"result {text!r} is not a number of tricks.")
    return tricks


def _lead_parse(text: str | None) -> str:
    if text is None or text.strip() in ("", "-", "?"):
        return ""
    match = _LEAD.fullmatch(text.strip())
    if match is None:
        raise PbnError(f"lead {text!r} is not a card such as SA or H10.")
    suit, rank = match.groups()
    return suit.upper() + ("T" if rank == "10" else rank.upper())


def _int_or_none(text: str | None) -> int | None:
    if text is None or text.strip() in ("-", ""):
        return None
    number = ascii_int(text.rstrip("="))
    if number is None:
        raise PbnError(f"expected a number (digits 0-9), got {text!r}.")
    return number


def _float_or_none(text: str | None) -> float | None:
    if text is None or text.strip() in ("-", ""):
        return None
    number = ascii_float(text.rstrip("%"))
    if number is None:
        if adjustment_parse(text) is not None:
            return None  # "A" in a points column: the adjusted line's points are elsewhere
        raise PbnError(f"expected a number (digits 0-9), got {text!r}.")
    return number


def _first(row: Mapping[str, str], *names: str) -> str | None:
    for name in names:
        if name in row and row[name].strip() not in ("", "-"):
            return row[name]
    return None


def _side_value(text: str | None) -> float | None:
    """The NS value of a per-game score tag: "NS 420", "EW -50", "EW 3.5" or "420"."""
    if text is None or not text.strip():
        return None
    parts = text.split()
    if len(parts) == 2 and parts[0].upper() in ("NS", "EW"):
        value = _float_or_none(parts[1])
        if value is None:
            return None
        return value if parts[0].upper() == "NS" else -value
    return _float_or_none(text)


IMP_COLUMNS = ("IMP_NS", "XIMP_NS", "CrossIMP_NS", "Butler_NS", "IMPs_NS")
MP_COLUMNS = ("MP_NS", "Matchpoints_NS", "MatchPoints_NS")
PERCENT_COLUMNS = ("Percentage_NS", "Percent_NS")


def _ew(names: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(n.replace("_NS", "_EW") for n in names)


def _blank_line() -> dict:
    return {
        "ns_pair": None, "ew_pair": None, "contract": "", "declarer": "", "tricks": None,
        "lead": "", "ns_score": None, "ns_points": None, "ew_points": None,
        "ns_adjustment": "", "ew_adjustment": "", "ns_mp": None, "ew_mp": None,
        "ns_percentage": None, "ew_percentage": None, "table": None, "round": None,
        "section": "", "room": "", "ns_names": [], "ew_names": [], "not_played": False,
        "auction": "", "play": "",
    }  # fmt: skip


def not_played(*texts: str | None) -> bool:
    """Whether a line's score or contract says the board was not played ("NP")."""
    return any((t or "").strip().upper() == "NP" for t in texts)


def _played(line: dict, contract: str | None, declarer: str | None, tricks, lead, score):
    line["contract"] = contract_parse(contract or "")
    if line["contract"] == "PASS":
        line["ns_score"] = 0 if score is None else int(score)
        return line
    seat = (declarer or "").strip().upper()
    if seat not in ("N", "E", "S", "W"):
        raise PbnError(f"declarer {declarer!r} is not N, E, S or W.")
    line["declarer"] = seat
    line["tricks"] = _tricks_parse(tricks, line["contract"])
    line["lead"] = _lead_parse(lead)
    if score is None:
        raise PbnError(f"the result of {line['contract']} by {seat} has no score.")
    line["ns_score"] = int(score)
    return line


def _result_row(row: Mapping[str, str]) -> dict:
    """A [ScoreTable] row, with its columns in any order (PBN 2.1 names)."""
    line = _blank_line()
    line["ns_pair"] = _int_or_none(_first(row, "PairId_NS", "Pair_NS", "PairNS"))
    line["ew_pair"] = _int_or_none(_first(row, "PairId_EW", "Pair_EW", "PairEW"))
    line["table"] = _int_or_none(_first(row, "Table"))
    line["round"] = _int_or_none(_first(row, "Round"))
    line["section"] = _first(row, "Section") or ""
    line["ns_points"] = _float_or_none(_first(row, *IMP_COLUMNS))
    line["ew_points"] = _float_or_none(_first(row, *_ew(IMP_COLUMNS)))
    line["ns_mp"] = _float_or_none(_first(row, *MP_COLUMNS))
    line["ew_mp"] = _float_or_none(_first(row, *_ew(MP_COLUMNS)))
    line["ns_percentage"] = _float_or_none(_first(row, *PERCENT_COLUMNS))
    line["ew_percentage"] = _float_or_none(_first(row, *_ew(PERCENT_COLUMNS)))
    contract = _first(row, "Contract")
    score_ns, score_ew = _first(row, "Score_NS", "Score"), _first(row, "Score_EW")
    if not_played(score_ns, contract):
        return {**line, "not_played": True, "ns_points": None, "ew_points": None}
    adjusted = next(
        (a for a in map(adjustment_parse, (score_ns, contract, score_ew)) if a is not None), None
    )
    if adjusted is not None:
        line["ns_adjustment"], line["ew_adjustment"] = adjusted[0], adjusted[1]
        if line["ns_percentage"] is None and adjusted[2] is not None:
            line["ns_percentage"] = adjusted[2]
            line["ew_percentage"] = adjusted[3]
        return line
    score = _int_or_none(score_ns)
    if score is None and score_ew is not None:
        ew = _int_or_none(score_ew)
        score = None if ew is None else -ew
    return _played(
        line, contract, _first(row, "Declarer"), _first(row, "Result"),
        _first(row, "Lead"), score,
    )  # fmt: skip


def _game_result(tags: Mapping[str, str]) -> dict | None:
    """The result of one table from the game's own tags (one game per table files)."""
    contract = tags.get("Contract", "").strip()
    if not contract or contract == "?":
        return None
    line = _blank_line()
    line["ns_pair"] = _int_or_none(tags.get("PairId_NS"))
    line["ew_pair"] = _int_or_none(tags.get("PairId_EW"))
    line["table"] = _int_or_none(tags.get("Table"))
    line["round"] = _int_or_none(tags.get("Round"))
    line["section"] = tags.get("Section", "").strip()
    line["room"] = tags.get("Room", "").strip().lower()
    line["ns_names"] = [tags[s].strip() for s in ("North", "South") if tags.get(s, "").strip()]
    line["ew_names"] = [tags[s].strip() for s in ("East", "West") if tags.get(s, "").strip()]
    line["ns_points"] = _side_value(tags.get("ScoreIMP"))
    line["ew_points"] = None if line["ns_points"] is None else -line["ns_points"]
    percent = _side_value(tags.get("ScorePercentage"))
    if percent is not None:
        ns = percent if not tags["ScorePercentage"].upper().startswith("EW") else 100 + percent
        line["ns_percentage"], line["ew_percentage"] = ns, 100 - ns
    if not_played(tags.get("Score"), contract):
        return {**line, "not_played": True, "ns_points": None, "ew_points": None}
    adjusted = adjustment_parse(contract) or adjustment_parse(tags.get("Score"))
    if adjusted is not None:
        line["ns_adjustment"], line["ew_adjustment"] = adjusted[0], adjusted[1]
        return line
    score = _side_value(tags.get("Score"))
    return _played(
        line, contract, tags.get("Declarer"), tags.get("Result"), tags.get("Lead"),
        None if score is None else round(score),
    )  # fmt: skip


def percentages_fill(results: list[dict]) -> None:
    """Each line's MP share: the file's percentage, else its matchpoints over the top
    (NS + EW matchpoints of the line); it is the line's points when it has no IMPs."""
    for line in results:
        if line["ns_percentage"] is None and line["ns_mp"] is not None:
            top = (line["ns_mp"] or 0) + (line["ew_mp"] or 0)
            if top > 0:
                line["ns_percentage"] = round(100 * line["ns_mp"] / top, 2)
                line["ew_percentage"] = round(100 - line["ns_percentage"], 2)
            elif len(results) == 1:
                line["ns_percentage"] = line["ew_percentage"] = 50.0
        if line["ns_points"] is None and line["ns_percentage"] is not None:
            line["ns_points"], line["ew_points"] = line["ns_percentage"], line["ew_percentage"]


def _total_row(row: Mapping[str, str]) -> dict:
    total = _first(
        row, "TotalScoreIMP", "TotalIMP", "TotalScoreVP", "TotalVP", "TotalScoreMP",
        "TotalMP", "TotalScoreBAM",
    )  # fmt: skip
    percentage = _first(row, "TotalPercentage", "Percentage", "TotalPercent")
    return {
        "rank": _int_or_none(row.get("Rank")),
        "pair": _int_or_none(_first(row, "PairId", "TeamId", "PlayerId", "Pair")),
        "names": _first(row, "Names", "TeamName", "Name") or "",
        "total": _float_or_none(total if total is not None else percentage),
        "percentage": _float_or_none(percentage),
        "boards": _int_or_none(_first(row, "NrBoards", "Boards")),
        "direction": (_first(row, "Direction") or "").upper().replace("-", ""),
    }


def scoring_parse(text: str) -> str | None:
    """The method of a [Scoring] tag: "mp", "imp" (Butler, datum), "ximp" or "hcp_par"."""
    words = set(re.split(r"[;\s,]+", text.strip().upper())) - {""}
    if words & {"HCP-PAR", "HCP_PAR", "HCPPAR"}:
        return "hcp_par"
    if words & {"CROSS-IMP", "CROSSIMP", "CROSSIMPS", "XIMP", "CROSS_IMPS", "CROSS"}:
        return "ximp"
    if words & {"BUTLER", "IMP", "IMPS", "DATUM"}:
        return "imp"
    if words & {"MP", "MATCHPOINTS", "MATCHPOINT", "MATCH_POINTS", "NEUBERG", "PERCENT"}:
        return "mp"
    return None


def _board_info(game: PbnGame, number: int) -> dict:
    tags = game.tags
    dealer = dealer_parse(tags.get("Dealer", "")) if tags.get("Dealer", "").strip() else None
    if tags.get("Dealer", "").strip() and dealer is None:
        raise PbnError(f"dealer {tags['Dealer']!r} is not N, E, S or W.")
    vul_text = tags.get("Vulnerable", "").strip()
    vulnerability = vulnerability_parse(vul_text) if vul_text else None
    if vul_text and vulnerability is None:
        raise PbnError(f"vulnerability {vul_text!r} is not None, NS, EW or All.")
    dd_text = tags.get("DoubleDummyTricks", "").strip()
    optimum = game.table("OptimumResultTable")
    dd = dd_tricks_parse(dd_text) if dd_text else None
    if dd is None and optimum is not None and optimum.rows:
        dd = optimum_table_parse(optimum)
    return {
        "number": number,
        "line": game.line,
        "dealer": dealer or "",
        "vulnerability": vulnerability or "",
        "deal": tags.get("Deal", "").strip(),
        "dd_table": dd,
        "par_score": par_parse(tags.get("OptimumScore", "")),
        "par_contracts": tags.get("ParContract", "").strip(),
        "results": [],
    }


def _deal_key(deal: str) -> str:
    """A deal written from any first seat, in one form (to see that two are the same)."""
    first, _, rest = deal.partition(":")
    hands = rest.split()
    if first.strip().upper() not in DD_SEATS or len(hands) != 4:
        return deal.strip().upper()
    start = "NESW".index(first.strip().upper())
    by_seat = {"NESW"[(start + i) % 4]: hand.upper() for i, hand in enumerate(hands)}
    return " ".join(by_seat[s] for s in "NESW")


def pbn_results_parse(text: str) -> dict:
    """A PBN results file, ours or another scorer's, into plain dicts::

    {"event": {"name", "site", "date", "method" (or None), "scoring", our own tags
               "movement" ("mitchell", "howell" or ""), "winners", "mp_factoring"},
     "boards": {number: {"number", "dealer", "vulnerability", "deal", "dd_table",
                         "par_score", "par_contracts", "results": [line dict]}},
     "totals": [{"rank", "pair", "names", "total", "percentage", "boards", "direction"}]}

    A board may come as one game with a [ScoreTable] or as one game per table (the
    same deal repeated, each game's [Contract], [Declarer], [Result] and [Score]); the
    same deal under one number is one board, a different one is refused. A result line
    dict has the keys of ``ResultLine`` plus the file's ``ns_mp``/``ew_mp`` (matchpoints),
    ``ns_percentage``/``ew_percentage``, ``table``, ``round``, ``section``, ``room`` and
    the players' names of a per-table game. A line that cannot be read (a score table
    row, a game's result) is left out and listed in ``"left_out"``, as USEBIO's reader
    does; every other problem of the file is collected and raised as one ``PbnError``,
    grouped by kind and board (``problems``).
    """
    event: dict = {}
    boards: dict[int, dict] = {}
    tables_seen: dict[int, list[list[list[str]]]] = {}
    totals: list[dict] = []
    problems: list[tuple[int | None, str]] = []
    skipped: list[dict] = []
    for game in pbn_parse(text):
        tags = game.tags
        if not event and ("Event" in tags or "Scoring" in tags):
            event = {k.lower(): tags.get(k, "") for k in ("Event", "Site", "Date")}
            event["name"] = event.pop("event")
        if tags.get("Scoring") and not event.get("scoring"):
            event["scoring"] = tags["Scoring"]
        for tag, key in (("Movement", "movement"), ("Winners", "winners"),
                         ("MpFactoring", "mp_factoring")):  # fmt: skip
            if tags.get(tag, "").strip():
                event[key] = tags[tag].strip().lower()
        number = None
        try:
            total_table = game.table("TotalScoreTable")
            if total_table is not None:
                totals = [_total_row(r) for r in total_table.dicts()]
            if not {"Deal", "Contract", "ScoreTable"} & set(tags):
                continue
            number = _int_or_none(tags.get("Board"))
            if number is None:
                raise PbnError(f"the game at line {game.line} has no board number.")
            info = _board_info(game, number)
            board = boards.get(number)
            if board is None:
                board = boards[number] = info
                tables_seen[number] = []
            else:
                if (
                    info["deal"]
                    and board["deal"]
                    and _deal_key(info["deal"]) != _deal_key(board["deal"])
                ):
                    raise PbnError("two different deals have this number.")
                for key in ("deal", "dealer", "vulnerability", "dd_table", "par_score"):
                    if board[key] in (None, "") and info[key] not in (None, ""):
                        board[key] = info[key]
                if info["par_contracts"] and not board["par_contracts"]:
                    board["par_contracts"] = info["par_contracts"]
            score_table = game.table("ScoreTable")
            if score_table is not None and score_table.rows:
                if score_table.rows not in tables_seen[number]:  # repeated per table: once
                    tables_seen[number].append(score_table.rows)
                    for row in score_table.dicts():
                        try:
                            board["results"].append(_result_row(row))
                        except PbnError as exc:  # left out, the rest is read
                            skipped.append(_left_out(number, row, str(exc)))
                _records_attach(game, board["results"])
            else:
                try:
                    line = _game_result(tags)
                except PbnError as exc:
                    skipped.append(_left_out(number, tags, str(exc)))
                    line = None
                if line is not None:
                    line["auction"], line["play"] = (
                        game_record(game, "Auction"),
                        game_record(game, "Play"),
                    )
                    board["results"].append(line)
        except PbnError as exc:
            message = str(exc)
            if not message.endswith("."):
                message += "."
            problems.append((number, message))
    if problems:
        raise PbnError(problems_summary(problems), problems=problems)
    for board in boards.values():
        percentages_fill(board["results"])
    event.setdefault("name", "")
    event["method"] = scoring_parse(event.get("scoring", "")) or _method_from_columns(boards)
    event["movement"] = event.get("movement", "") if event.get("movement") in MOVEMENT_KINDS else ""
    event["winners"] = _int_or_none(event.get("winners"))
    event.setdefault("mp_factoring", "")
    return {"event": event, "boards": boards, "totals": totals, "left_out": skipped}


def _left_out(number: int, cells: Mapping[str, str], reason: str) -> dict:
    """A score table row or a game's result that cannot be read, as the import reports
    it (as ``usebio.left_out``): board, section, round, table, pairs, why."""

    def number_of(name: str) -> int | None:
        return ascii_int(cells.get(name) or "", signed=False)

    def pair(side: str) -> str:
        names = " - ".join(
            cells[s].strip() for s in {"NS": ("North", "South"), "EW": ("East", "West")}[side]
            if cells.get(s, "").strip()
        )  # fmt: skip
        return (cells.get(f"PairId_{side}") or "").strip() or names

    return {
        "board": number, "section": (cells.get("Section") or "").strip(),
        "round": number_of("Round"), "table": number_of("Table"),
        "ns": pair("NS"), "ew": pair("EW"), "reason": reason.rstrip(".") + ".",
    }  # fmt: skip


_CALL = re.compile(r"[1-7](C|D|H|S|NT)|PASS|P|X|XX|AP")
_CARD = re.compile(r"[SHDC][AKQJT98765432]|-")


def game_record(game: PbnGame, tag: str) -> str:
    """A game's [Auction] or [Play] as "first seat:" and its calls or cards in order
    ("N:1C Pass 1H Pass 2NT Pass 3NT AP", "W:S2 S3 SK SA H4 …", "-" a card not played);
    notes ("=1="), annotations ("$1", "!", "?") and the closing "*" are left out. ""
    when the game has none or it is not a record of calls or cards (kept, never
    refused: no score depends on it)."""
    first = game.tags.get(tag, "").strip().upper()[:1]
    if first not in ("N", "E", "S", "W"):
        return ""
    pattern = _CALL if tag == "Auction" else _CARD
    out = []
    for text in game.sections.get(tag, []):
        for token in text.split():
            if token.startswith(("=", "$")) or token == "*":
                continue
            token = token.rstrip("!?").upper()
            if tag == "Play":
                token = token.replace("10", "T")
            if not pattern.fullmatch(token):
                return ""
            out.append({"P": "Pass", "PASS": "Pass"}.get(token, token))
    return f"{first}:" + " ".join(out) if out else ""


def _records_attach(game: PbnGame, lines: list[dict]) -> None:
    """A score-table game's own [Auction] and [Play] belong to the line of its own
    [Contract], [Declarer] and [Result] (the one table the game shows), when exactly
    one line of the board has them; else to the board's only line."""
    auction, play = game_record(game, "Auction"), game_record(game, "Play")
    if not auction and not play:
        return
    tags = game.tags
    try:
        contract = contract_parse(tags.get("Contract", ""))
        tricks = None if contract == "PASS" else _tricks_parse(tags.get("Result"), contract)
    except PbnError:
        contract, tricks = "", None
    declarer = tags.get("Declarer", "").strip().upper()
    same = [
        line for line in lines
        if (line["contract"], line["declarer"], line["tricks"]) == (contract, declarer, tricks)
    ]  # fmt: skip
    target = same if len(same) == 1 else lines if len(lines) == 1 else []
    for line in target:
        line["auction"], line["play"] = auction, play


def _method_from_columns(boards: Mapping[int, dict]) -> str | None:
    lines = [line for board in boards.values() for line in board["results"]]
    if any(line["ns_percentage"] is not None or line["ns_mp"] is not None for line in lines):
        return "mp"
    if any(line["ns_points"] is not None for line in lines):
        return "ximp"
    return None


def mp_factoring_of(boards: Mapping[int, dict]) -> str:
    """How a file factored its short boards, seen in its raw matchpoints: "neuberg" when a
    board with an adjusted or cut line has its played lines' matchpoints on the top of
    every line, 2 × (lines − 1); "played" when on the top of the played lines only; ""
    when no board shows it. ``boards``: parsed boards (line dicts), sections apart."""
    for board in boards.values():
        sections: dict[str, list[dict]] = {}
        for line in board["results"]:
            if line["ew_pair"] is not None or line["ew_names"]:  # not a bye
                sections.setdefault(line["section"], []).append(line)
        for lines in sections.values():
            played = [line for line in lines if line["contract"]]
            if len(played) == len(lines):
                continue
            for line in played:
                if line["ns_mp"] is None or line["ew_mp"] is None:
                    continue
                top = line["ns_mp"] + line["ew_mp"]
                if abs(top - 2 * (len(lines) - 1)) < 0.011:
                    return "neuberg"
                if abs(top - 2 * (len(played) - 1)) < 0.011:
                    return "played"
    return ""


# --- writing ---------------------------------------------------------------------------


def board_top(lines: Iterable[ResultLine], *, neuberg: bool = False) -> int:
    """The matchpoint top of a board: 2 per other result played (adjusted scores and
    byes are not compared); factored by Neuberg (``neuberg``), 2 per other line of the
    board, adjusted and cut ones included, as Swiss pairs scores it (every table of the
    round has a line: ``formats/swiss.py``, ``board_points``)."""
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


#: The [Scoring] tag of each method (PBN 2.1 names; the reader knows their variants).
SCORING_TAGS = {"mp": "MP", "imp": "Butler", "ximp": "Cross-IMP", "hcp_par": "HCP-par"}


def _kind_tags(event: EventRecord) -> list[str]:
    """Our own tags (PBN readers skip tags they do not know): a movement event's
    movement and winners, and how a pairs event factors short boards' matchpoints."""
    tags = []
    if event.kind in MOVEMENT_KINDS:
        tags.append(_tag("Movement", event.kind.capitalize()))
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
        neuberg = event.mp_factoring == "neuberg" and event.kind not in MOVEMENT_KINDS
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
