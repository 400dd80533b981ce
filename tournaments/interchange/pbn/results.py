"""A PBN results file, ours or another scorer's, read into plain dicts
(``pbn_results_parse``; what it reads: the package's docstring). No Django.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from scoring import RANKS

from ...numbers import ascii_int
from ..problems import problems_summary
from ..records import MOVEMENT_KINDS
from .games import DD_SEATS, PbnError, PbnGame, pbn_parse
from .lines import (
    contract_parse,
    dd_tricks_parse,
    dealer_parse,
    game_result_read,
    int_or_none,
    optimum_table_parse,
    par_parse,
    percentages_fill,
    result_row_read,
    scores_fill,
    scoring_parse,
    total_row_read,
    tricks_parse,
    vulnerability_parse,
)


def _board_info(game: PbnGame, number: int) -> dict:
    """A game's board: its number, dealer, vulnerability, deal and analysis as the
    file gives them (no results yet)."""
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
    same deal under one number is one board, a different one is refused. A line with
    its contract, declarer and tricks but no score is scored from the contract, with
    the board's vulnerability (``scores_fill``). A result line
    dict has the keys of ``ResultLine`` plus the file's ``ns_mp``/``ew_mp`` (matchpoints),
    ``ns_percentage``/``ew_percentage``, ``table``, ``round``, ``section``, ``room`` and
    the players' names of a per-table game. A line that cannot be read (a score table
    row, a game's result) is left out and listed in ``"left_out"``, as USEBIO's reader
    does; every other problem of the file is collected and raised as one ``PbnError``,
    grouped by kind and board (``problems``).
    """
    reading = _Reading()
    for game in pbn_parse(text):
        _event_tags_read(reading.event, game.tags)
        number = None
        try:
            total_table = game.table("TotalScoreTable")
            if total_table is not None:
                reading.totals = [total_row_read(r) for r in total_table.dicts()]
            if not {"Deal", "Contract", "ScoreTable"} & set(game.tags):
                continue
            number = int_or_none(game.tags.get("Board"))
            if number is None:
                raise PbnError(f"the game at line {game.line} has no board number.")
            board = _board_merge(reading, _board_info(game, number))
            _game_lines_read(reading, game, board)
        except PbnError as exc:
            message = str(exc)
            if not message.endswith("."):
                message += "."
            reading.problems.append((number, message))
    if reading.problems:
        raise PbnError(problems_summary(reading.problems), problems=reading.problems)
    scores_fill(reading.boards.values())  # a line without its score (Bridgewebs')
    for board in reading.boards.values():
        percentages_fill(board["results"])
    _event_finish(reading.event, reading.boards)
    return {
        "event": reading.event,
        "boards": reading.boards,
        "totals": reading.totals,
        "left_out": reading.skipped,
    }


@dataclass
class _Reading:
    """What ``pbn_results_parse`` has read so far: the event's tags, the boards by
    number with the score tables already read for each (a table repeated in each
    table's game is read once), the totals, the problems and the lines left out."""

    event: dict = field(default_factory=dict)
    boards: dict[int, dict] = field(default_factory=dict)
    tables_seen: dict[int, list[list[list[str]]]] = field(default_factory=dict)
    totals: list[dict] = field(default_factory=list)
    problems: list[tuple[int | None, str]] = field(default_factory=list)
    skipped: list[dict] = field(default_factory=list)


def _event_tags_read(event: dict, tags: Mapping[str, str]) -> None:
    """The event's name, site and date from the first game that has them, its
    [Scoring], and our own [Movement], [Winners] and [MpFactoring] tags."""
    if not event and ("Event" in tags or "Scoring" in tags):
        first = {k.lower(): tags.get(k, "") for k in ("Event", "Site", "Date")}
        first["name"] = first.pop("event")
        event.update(first)
    if tags.get("Scoring") and not event.get("scoring"):
        event["scoring"] = tags["Scoring"]
    for tag, key in (("Movement", "movement"), ("Winners", "winners"),
                     ("MpFactoring", "mp_factoring")):  # fmt: skip
        if tags.get(tag, "").strip():
            event[key] = tags[tag].strip().lower()


def _board_merge(reading: _Reading, info: dict) -> dict:
    """The board of ``info`` (a game's board tags): new, or the one read before under
    its number, completed with what this game adds; a different deal under the same
    number is refused."""
    number = info["number"]
    board = reading.boards.get(number)
    if board is None:
        board = reading.boards[number] = info
        reading.tables_seen[number] = []
        return board
    if info["deal"] and board["deal"] and _deal_key(info["deal"]) != _deal_key(board["deal"]):
        raise PbnError("two different deals have this number.")
    for key in ("deal", "dealer", "vulnerability", "dd_table", "par_score"):
        if board[key] in (None, "") and info[key] not in (None, ""):
            board[key] = info[key]
    if info["par_contracts"] and not board["par_contracts"]:
        board["par_contracts"] = info["par_contracts"]
    return board


def _game_lines_read(reading: _Reading, game: PbnGame, board: dict) -> None:
    """The result lines a game gives its board: its [ScoreTable]'s rows (a table
    repeated in each table's game, once), else the game's own result. A line that
    cannot be read is left out (``reading.skipped``) and the rest read."""
    number = board["number"]
    score_table = game.table("ScoreTable")
    if score_table is not None and score_table.rows:
        if score_table.rows not in reading.tables_seen[number]:  # repeated per table: once
            reading.tables_seen[number].append(score_table.rows)
            for row in score_table.dicts():
                try:
                    board["results"].append(result_row_read(row))
                except PbnError as exc:  # left out, the rest is read
                    reading.skipped.append(_left_out(number, row, str(exc)))
        _records_attach(game, board["results"])
        return
    if reading.tables_seen[number] and _records_attach(game, board["results"]):
        return  # a table's own game after the board's score table: its auction and play
    try:
        line = game_result_read(game.tags)
    except PbnError as exc:
        reading.skipped.append(_left_out(number, game.tags, str(exc)))
        return
    if line is not None:
        line["auction"], line["play"] = game_record(game, "Auction"), game_record(game, "Play")
        board["results"].append(line)


def _event_finish(event: dict, boards: dict[int, dict]) -> None:
    """The event's method (its [Scoring], else as its columns show), movement, winners
    and factoring, with a default for what the file does not say."""
    event.setdefault("name", "")
    event["method"] = scoring_parse(event.get("scoring", "")) or _method_from_columns(boards)
    event["movement"] = event.get("movement", "") if event.get("movement") in MOVEMENT_KINDS else ""
    event["winners"] = int_or_none(event.get("winners"))
    event.setdefault("mp_factoring", "")


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
_CARD = re.compile(rf"[SHDC][{RANKS}]|-")


def game_record(game: PbnGame, tag: str) -> str:
    """A game's [Auction] or [Play] as "first seat:" and its calls or cards in order
    ("N:1C Pass 1H Pass 2NT Pass 3NT AP", "W:S2 S3 SK SA H4 …", "-" a card not played);
    an auction's notes ("=1=" and its [Note "1:text"]) are kept as ``tableplay.records``
    writes them (docs/rules.md § Online play, alerts in the record); the play's notes,
    annotations ("$1", "!", "?") and the closing "*" are left out. ""
    when the game has none or it is not a record of calls or cards (kept, never
    refused: no score depends on it)."""
    first = game.tags.get(tag, "").strip().upper()[:1]
    if first not in ("N", "E", "S", "W"):
        return ""
    pattern = _CALL if tag == "Auction" else _CARD
    notes = _notes(game) if tag == "Auction" else {}
    kept: list[str] = []  # the auction's notes, numbered again from 1 in their order
    out = []
    for text in game.sections.get(tag, []):
        for token in text.split():
            number = token[1:-1] if len(token) > 2 and token[0] == token[-1] == "=" else ""
            if number.isdigit() and int(number) in notes and out:
                kept.append(f"{len(kept) + 1}:{notes[int(number)]}")
                out.append(f"={len(kept)}=")
                continue
            if token.startswith(("=", "$")) or token == "*":
                continue
            token = token.rstrip("!?").upper()
            if tag == "Play":
                token = token.replace("10", "T")
            if not pattern.fullmatch(token):
                return ""
            out.append({"P": "Pass", "PASS": "Pass"}.get(token, token))
    return "\n".join([f"{first}:" + " ".join(out), *kept]) if out else ""


def _notes(game: PbnGame) -> dict[int, str]:
    """The game's notes by number ({1: "15-17"}), each on one line."""
    notes = {}
    for value in game.notes:
        number, colon, text = value.partition(":")
        text = " ".join(text.split())
        if colon and number.strip().isdigit() and text:
            notes[int(number)] = text
    return notes


def _records_attach(game: PbnGame, lines: list[dict]) -> bool:
    """A score-table game's own [Auction] and [Play] (or those of a table's game after
    the board's score table, as ours are written) belong to the line of its own
    [Contract], [Declarer] and [Result] (the one table the game shows), among the lines
    of its [Section], [Round] and [Table] when it names them, when exactly one line has
    them; else to the only such line. Whether they found their line."""
    auction, play = game_record(game, "Auction"), game_record(game, "Play")
    if not auction and not play:
        return False
    tags = game.tags
    lines = [line for line in lines if _same_table(tags, line)]
    try:
        contract = contract_parse(tags.get("Contract", ""))
        tricks = None if contract == "PASS" else tricks_parse(tags.get("Result"), contract)
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
    return bool(target)


def _same_table(tags: Mapping[str, str], line: dict) -> bool:
    """Whether a score-table line was played where the game's [Section], [Round] and
    [Table] say (each only when both the game and the line give it)."""
    for tag, key in (("Round", "round"), ("Table", "table")):
        text = tags.get(tag, "").strip()
        if text and line[key] is not None and ascii_int(text, signed=False) != line[key]:
            return False
    section = tags.get("Section", "").strip()
    return not (section and line["section"]) or section == line["section"]


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
