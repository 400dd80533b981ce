"""A PBN game's values and score-table rows read into plain line dicts: dealer,
vulnerability, double-dummy tricks, par, contracts, leads, adjustments, a [ScoreTable]
row, a per-table game's result and a [TotalScoreTable] row. No Django.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

import scoring

from ...numbers import ascii_float, ascii_int
from .games import DD_SEATS, DD_STRAINS, PbnError, PbnTable

VULNERABILITIES = {
    "NONE": "None", "LOVE": "None", "-": "None", "NS": "NS", "N-S": "NS",
    "EW": "EW", "E-W": "EW", "ALL": "All", "BOTH": "All",
}  # fmt: skip
STRAIN_NAMES = {"NT": "NT", "N": "NT", "S": "S", "H": "H", "D": "D", "C": "C"}
#: A contract: level, strain, and doubled as "X" / "XX" or as "*" / "**" (Bridgewebs,
#: USEBIO).
_CONTRACT = re.compile(r"([1-7])(NT|N|S|H|D|C)(XX|X|\*\*|\*|)", re.IGNORECASE)
_DOUBLED = {"": "", "X": "X", "XX": "XX", "*": "X", "**": "XX"}
_LEAD = re.compile(rf"([SHDC])(10|[{scoring.RANKS}])", re.IGNORECASE)
_PERCENT = re.compile(r"([0-9]+(?:\.[0-9]*)?)%")
_BOTH_PERCENT = re.compile(r"A([0-9]{2})([0-9]{2})", re.IGNORECASE)
_ADJUSTMENTS = {"A+": "A+", "A=": "A=", "A": "A=", "A-": "A-", "AVG+": "A+", "AVG": "A="}
_ADJUSTMENTS["AVG-"] = "A-"
_MIRROR = {"A+": "A-", "A=": "A=", "A-": "A+", "": ""}
PASSED = ("PASS", "P", "AP", "PASSED", "ALLPASS", "PASSEDOUT")


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
    """ "4SX", "3NT" or "PASS" from a contract cell ("3N", "4sx", "3S*", "6H**", "Pass",
    "AP")."""
    compact = text.strip().replace(" ", "").upper()
    if compact in PASSED:
        return "PASS"
    match = _CONTRACT.fullmatch(compact)
    if match is None:
        raise PbnError(f"contract {text!r} is not a contract such as 4SX, 3NT or Pass.")
    level, strain, doubled = match.groups()
    return f"{level}{STRAIN_NAMES[strain.upper()]}{_DOUBLED[doubled.upper()]}"


def tricks_parse(text: str | None, contract: str) -> int | None:
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


def int_or_none(text: str | None) -> int | None:
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
    line["tricks"] = tricks_parse(tricks, line["contract"])
    line["lead"] = _lead_parse(lead)
    if score is None and line["tricks"] is None:
        raise PbnError(f"the result of {line['contract']} by {seat} has no score and no tricks.")
    # no score but the tricks: scored from the contract (``scores_fill``)
    line["ns_score"] = None if score is None else int(score)
    return line


def scores_fill(boards: Iterable[Mapping]) -> None:
    """Score from its contract each played line that gives its contract, declarer and
    tricks but no score, as the file's scorer did: with the board's vulnerability (the
    file's, else the cycle's of its number; ``docs/rules.md`` § Files). ``boards``:
    the readers' board dicts ("number", "vulnerability" if any, "results")."""
    for board in boards:
        for line in board["results"]:
            if line["ns_score"] is not None or line["tricks"] is None or not line["declarer"]:
                continue
            try:
                line["ns_score"] = scoring.table_score(
                    line["contract"], line["declarer"], line["tricks"], board["number"],
                    vulnerability=board.get("vulnerability") or None,
                )  # fmt: skip
            except ValueError:  # a board number outside the cycle: the import refuses it
                continue


def result_row_read(row: Mapping[str, str]) -> dict:
    """A [ScoreTable] row, with its columns in any order (PBN 2.1 names)."""
    line = _blank_line()
    line["ns_pair"] = int_or_none(_first(row, "PairId_NS", "Pair_NS", "PairNS"))
    line["ew_pair"] = int_or_none(_first(row, "PairId_EW", "Pair_EW", "PairEW"))
    line["table"] = int_or_none(_first(row, "Table"))
    line["round"] = int_or_none(_first(row, "Round"))
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
    score = int_or_none(score_ns)
    if score is None and score_ew is not None:
        ew = int_or_none(score_ew)
        score = None if ew is None else -ew
    return _played(
        line, contract, _first(row, "Declarer"), _first(row, "Result"),
        _first(row, "Lead"), score,
    )  # fmt: skip


def game_result_read(tags: Mapping[str, str]) -> dict | None:
    """The result of one table from the game's own tags (one game per table files)."""
    contract = tags.get("Contract", "").strip()
    if not contract or contract == "?":
        return None
    line = _blank_line()
    line["ns_pair"] = int_or_none(tags.get("PairId_NS"))
    line["ew_pair"] = int_or_none(tags.get("PairId_EW"))
    line["table"] = int_or_none(tags.get("Table"))
    line["round"] = int_or_none(tags.get("Round"))
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


def total_row_read(row: Mapping[str, str]) -> dict:
    total = _first(
        row, "TotalScoreIMP", "TotalIMP", "TotalScoreVP", "TotalVP", "TotalScoreMP",
        "TotalMP", "TotalScoreBAM",
    )  # fmt: skip
    percentage = _first(row, "TotalPercentage", "Percentage", "TotalPercent")
    return {
        "rank": int_or_none(row.get("Rank")),
        "pair": int_or_none(_first(row, "PairId", "TeamId", "PlayerId", "Pair")),
        "names": _first(row, "Names", "TeamName", "Name") or "",
        "total": _float_or_none(total if total is not None else percentage),
        "percentage": _float_or_none(percentage),
        "boards": int_or_none(_first(row, "NrBoards", "Boards")),
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
