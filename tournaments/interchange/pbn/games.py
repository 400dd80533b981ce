"""PBN text into games (``pbn_parse``): tags, the data lines after each tag and the
tables they hold, with comments, ``%`` lines, "#" repeats and games without blank lines
between them handled; and what every part of the PBN codec shares (``PbnError``, the
double-dummy order of seats and strains). No Django.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from scoring import STRAINS_DESCENDING

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
    #: Every [Note "n:text"] of the game, in order (a tag that repeats: PBN 2.1 § 3.5.2).
    notes: list[str] = field(default_factory=list)

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
            if name == "Note":
                current.notes.append(value)
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
