"""A USEBIO 1.2 document, ours or another scorer's, read into plain dicts
(``usebio_parse``); its traveller lines, participants, matches and hand sets. No Django.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime

from scoring import SEATS

from ..pbn import (
    PbnError,
    adjustment_parse,
    contract_parse,
    not_played,
    percentages_fill,
    scores_fill,
)
from ..problems import problems_summary
from .elements import (
    DIRECTIONS,
    SUIT_ELEMENTS,
    UsebioError,
    child_float,
    child_int,
    child_text,
    scope_name,
    usebio_root,
)

#: EVENT_TYPE values → (kind of field, method when BOARD_SCORING_METHOD says nothing).
EVENT_TYPES = {
    "SWISS_PAIRS": ("pairs", None), "MP_PAIRS": ("pairs", "mp"), "PAIRS": ("pairs", None),
    "BUTLER_PAIRS": ("pairs", "imp"), "IMP_PAIRS": ("pairs", "ximp"),
    "CROSS_IMP_PAIRS": ("pairs", "ximp"), "INDIVIDUAL": ("individual", "mp"),
    "TEAMS_OF_FOUR": ("teams", "imp"), "SWISS_TEAMS": ("teams", "imp"),
    "TEAMS": ("teams", "imp"), "KNOCKOUT": ("teams", "imp"), "MULTIPLE_TEAMS": ("teams", "imp"),
    "ROUND_ROBIN_TEAMS": ("teams", "imp"),
}  # fmt: skip
READ_METHODS = {
    "CROSS_IMPS": "ximp", "CROSS_IMP": "ximp", "IMPS": "imp", "BUTLER": "imp",
    "MATCH_POINTS": "mp", "MATCHPOINTS": "mp", "NEUBERG": "mp", "HCP_PAR_IMPS": "hcp_par",
}  # fmt: skip
_POINT_NAMES = {
    "imps": ("CROSS_IMP_POINTS", "CROSS_IMPS", "IMPS", "IMP_POINTS", "BUTLER_IMPS"),
    "mp": ("MATCH_POINTS",),
    "percentage": ("PERCENTAGE",),
}


def _points(line: ET.Element, side: str, kind: str) -> float | None:
    for suffix in _POINT_NAMES[kind]:
        value = child_float(line, f"{side}_{suffix}")
        if value is not None:
            return value
    return None


def _contract(text: str) -> str:
    """USEBIO writes doubled as X or *: "4S*", "3NT**", "4HX", "PASS"."""
    compact = text.replace("*", "X").replace(" ", "")
    try:
        return contract_parse(compact)
    except PbnError as exc:
        raise UsebioError(str(exc)) from exc


#: A pair numbered by its team ("1-1-2": team 1, then the pair and more), as
#: TeamsScorer and EBUScore Teams write them.
_TEAM_PAIR = re.compile(r"([0-9]+)(?:-[0-9]+)+")


def _pair_number(line: ET.Element, side: str) -> tuple[int | None, bool]:
    """A side's pair (or team) number, and whether it was written team-pair-…, when
    the number is the team's."""
    text = child_text(line, f"{side}_PAIR_NUMBER")
    match = _TEAM_PAIR.fullmatch(text or "")
    if match:
        return int(match.group(1)), True
    return child_int(line, f"{side}_PAIR_NUMBER") or child_int(line, f"{side}_TEAM_NUMBER"), False


def line_head_read(line: ET.Element, context: Mapping[str, object]) -> dict:
    """What every line says besides its result: pairs, round, table, section, points."""
    ns_pair, ns_team = _pair_number(line, "NS")
    ew_pair, ew_team = _pair_number(line, "EW")
    return {
        "ns_pair": ns_pair, "ew_pair": ew_pair, "team_pair": ns_team or ew_team,
        "contract": "", "declarer": "", "tricks": None, "lead": "", "ns_score": None,
        "ns_points": _points(line, "NS", "imps"), "ew_points": _points(line, "EW", "imps"),
        "ns_adjustment": "", "ew_adjustment": "",
        "ns_mp": _points(line, "NS", "mp"), "ew_mp": _points(line, "EW", "mp"),
        "ns_percentage": _points(line, "NS", "percentage"),
        "ew_percentage": _points(line, "EW", "percentage"),
        "table": child_int(line, "TABLE_NUMBER"), "round": child_int(line, "ROUND_NUMBER"),
        "section": str(context.get("section") or ""),
        "room": (child_text(line, "ROOM") or "").lower(),
        "match": context.get("match"), "ns_names": [], "ew_names": [], "not_played": False,
    }  # fmt: skip


def traveller_line_read(line: ET.Element, context: Mapping[str, object]) -> dict:
    """A TRAVELLER_LINE as a line dict: its head, contract, declarer, tricks, lead and
    score, or its adjustments (``UsebioError``: a line that cannot be read)."""
    result = line_head_read(line, context)
    score = child_text(line, "SCORE") or child_text(line, "NS_SCORE") or ""
    contract_text = (child_text(line, "CONTRACT") or "").strip()
    if not_played(score, contract_text):  # a board cut at this table
        return {**result, "not_played": True, "ns_points": None, "ew_points": None}
    adjusted = adjustment_parse(score) or adjustment_parse(contract_text)
    if adjusted is not None:
        result["ns_adjustment"], result["ew_adjustment"] = adjusted[0], adjusted[1]
        if result["ns_percentage"] is None and adjusted[2] is not None:
            result["ns_percentage"], result["ew_percentage"] = adjusted[2], adjusted[3]
        return result
    result["contract"] = _contract(contract_text)
    result["ns_score"] = (
        child_int(line, "SCORE") if child_text(line, "SCORE") else child_int(line, "NS_SCORE")
    )
    if result["ns_score"] is None and child_text(line, "EW_SCORE"):
        result["ns_score"] = -(child_int(line, "EW_SCORE") or 0)
    if result["contract"] == "PASS":
        result["ns_score"] = result["ns_score"] or 0
        return result
    seat = (child_text(line, "PLAYED_BY") or "").upper()[:1]
    if seat not in SEATS:
        raise UsebioError(f"<PLAYED_BY> {child_text(line, 'PLAYED_BY')!r} is not N, E, S or W.")
    result["declarer"] = seat
    result["tricks"] = child_int(line, "TRICKS")
    if result["tricks"] is None or not 0 <= result["tricks"] <= 13:
        raise UsebioError(f"<TRICKS> {child_text(line, 'TRICKS')!r} is not a number of tricks.")
    lead = (child_text(line, "LEAD") or "").upper().replace("10", "T")
    result["lead"] = lead if len(lead) == 2 and lead[0] in "SHDC" else ""
    return result  # without its <SCORE>: scored from the contract (``scores_fill``)


def _lenient_int(line: ET.Element, name: str) -> int | None:
    try:
        return child_int(line, name)
    except UsebioError:
        return None


def left_out(number: int, line: ET.Element, context: Mapping[str, object], reason: str) -> dict:
    """A line the reader cannot read, as the import reports it: its board, section,
    round and table, its pairs as the file writes them, and why."""
    return {
        "board": number,
        "section": str(context.get("section") or ""),
        "round": _lenient_int(line, "ROUND_NUMBER"),
        "table": _lenient_int(line, "TABLE_NUMBER"),
        "ns": child_text(line, "NS_PAIR_NUMBER") or child_text(line, "NS_TEAM_NUMBER") or "",
        "ew": child_text(line, "EW_PAIR_NUMBER") or child_text(line, "EW_TEAM_NUMBER") or "",
        "reason": reason,
    }


#: A void as some scorers write it in a HANDSET suit (PairsScorer: "-").
_VOIDS = ("-", "–", "—")


def _deal_parse(board: ET.Element) -> str:
    hands = {}
    names = {v.upper(): k for k, v in DIRECTIONS.items()}
    for hand in board.findall("HAND"):
        direction = (child_text(hand, "DIRECTION") or "").upper()
        seat = names.get(direction) or (
            direction[:1] if not direction or direction[:1] in SEATS else None
        )
        if seat is None:
            raise UsebioError(f"unknown HAND direction {direction!r}.")
        suits = [child_text(hand, name) or "" for _, name in SUIT_ELEMENTS]
        hands[seat] = ".".join("" if suit in _VOIDS else suit for suit in suits)
    if set(hands) != set(SEATS):
        raise UsebioError("a HANDSET board needs four hands.")
    return "N:" + " ".join(hands[seat] for seat in SEATS)


def _player_names(element: ET.Element) -> list[str]:
    names = []
    # a team's players may be listed under its pairs (TEAM/PAIR/PLAYER)
    for player in [*element.findall("PLAYER"), *element.findall("PAIR/PLAYER")]:
        name = child_text(player, "PLAYER_NAME")
        if not name:
            parts = [child_text(player, n) for n in ("FIRST_NAME", "SURNAME", "LAST_NAME")]
            name = " ".join(p for p in parts if p)
        names.append(name or "")
    return names


def _participant(element: ET.Element, number_tag: str, section: str) -> dict:
    mp = element.find("MASTER_POINTS")
    return {
        "number": child_int(element, number_tag),
        "name": child_text(element, "TEAM_NAME") or "",
        "section": section,
        "direction": (child_text(element, "DIRECTION") or "").upper(),
        "players": _player_names(element),
        "rank": child_int(element, "PLACE"),
        "total": child_float(element, "TOTAL_SCORE"),
        "percentage": child_float(element, "PERCENTAGE"),
        "boards_played": child_int(element, "BOARDS_PLAYED"),
        "master_points": (child_int(mp, "MASTER_POINTS_AWARDED") or 0) if mp is not None else 0,
    }


def _match_parse(element: ET.Element, number: int | None) -> dict:
    """A team match: its teams with their IMPs and VPs (HOME_TEAM/AWAY_TEAM or TEAM)."""
    teams = []
    for team in [*element.findall("HOME_TEAM"), *element.findall("AWAY_TEAM"),
                 *element.findall("TEAM")]:  # fmt: skip
        teams.append(
            {
                "number": child_int(team, "TEAM_NUMBER"),
                "imps": child_float(team, "IMPS"),
                "vps": child_float(team, "VICTORY_POINTS") or child_float(team, "VPS"),
            }
        )
    return {"number": number, "round": child_int(element, "ROUND_NUMBER"), "teams": teams}


def handset_read(root: ET.Element, boards: dict[int, dict], problems: list) -> None:
    """The deals of every HANDSET, wherever the file puts it (after EVENT, inside it, or
    in a SESSION or SECTION, as EBUScore writes a file with sections), into ``boards``
    (number → board dict); a deal that is not one, or a second deal that differs under
    the same number, is a problem of its board."""
    for handset in root.iter("HANDSET"):
        for board in handset.findall("BOARD"):
            number = child_int(board, "BOARD_NUMBER")
            if number is None:
                raise UsebioError("a HANDSET <BOARD> without <BOARD_NUMBER>.")
            entry = boards.setdefault(number, {"number": number, "deal": None, "results": []})
            try:
                deal = _deal_parse(board)
            except UsebioError as exc:
                problems.append((number, str(exc)))
                continue
            if entry["deal"] and entry["deal"] != deal:
                problems.append((number, "two different deals have this number."))
            entry["deal"] = entry["deal"] or deal


def _teams_fill(kind: str, event: dict, teams: list, pairs: list, matches: list, boards: dict):
    """A file of teams is a team event whatever its EVENT_TYPE says (its participants are
    teams only, or its lines number pairs team-pair-…); a line outside a MATCH is the
    match of its two teams (in its round, when it gives one), and a line without a ROOM
    is in the open room when the match's home team sits NS, else the closed one
    (``docs/rules.md`` § Files). Returns the kind."""
    lines = [line for b in boards.values() for line in b["results"]]
    if kind == "pairs" and (any(line.get("team_pair") for line in lines) or (teams and not pairs)):
        kind, event["kind"] = "teams", "teams"
        event["method"] = event["method"] or "imp"
    if kind != "teams":
        return kind
    for line in lines:
        sides = {line["ns_pair"], line["ew_pair"]}
        if line["match"] is None:
            found = [
                m for m in matches
                if {t["number"] for t in m["teams"]} == sides
                and (line["round"] is None or m["round"] in (None, line["round"]))
            ]  # fmt: skip
            if len(found) == 1:
                line["match"] = found[0]["id"]
        match = next((m for m in matches if m["id"] == line["match"]), None)
        if not line["room"] and match is not None and match["teams"]:
            home = match["teams"][0]["number"]
            line["room"] = "open" if line["ns_pair"] == home else "closed"
    return kind


def usebio_parse(xml: str | bytes) -> dict:
    """A USEBIO 1.2 document, ours or another scorer's, into plain dicts::

    {"event": {"id", "name", "date", "method", "type", "kind" (pairs/teams/individual),
               "winners" (WINNER_TYPE), "movement" ("mitchell", "howell" or ""),
               "mp_factoring" ("neuberg", "played" or ""), "boards_per_round"},
     "pairs": [{"number", "section", "direction", "players", "rank", "total",
                "percentage", "boards_played", "master_points"}],
     "teams": [the same, with "name"],
     "matches": [{"id", "number", "round", "teams": [{"number", "imps", "vps"}]}],
     "boards": {number: {"number", "deal" (or None), "results": [line dict]}}}

    BOARD elements are read wherever they are: under EVENT, under SESSION/SECTION (a
    line keeps its section: the same board number scored across several sections is
    one board) or under MATCH (a line keeps its match's ``id``, its place in the
    file); a file of teams is a team event whatever its EVENT_TYPE (``_teams_fill``).
    A line dict has the keys of ``ResultLine`` plus ``ns_mp``/``ew_mp`` (raw
    matchpoints), ``ns_percentage``, ``table``, ``round``, ``section``, ``room`` and
    ``match``; ``ns_points`` is the line's IMPs, else its percentage (the file's, or
    its matchpoints over the top). An individual event's lines are read by
    ``usebio_individual_parse`` (its boards here have their deals only).
    A line without its SCORE is scored from its contract, declarer and tricks
    (``scores_fill``). A line that cannot be read (its contract, declarer, tricks, score
    or numbers) is left out and listed in ``"left_out"`` (``left_out``'s dicts); every
    other problem is collected and raised as one ``UsebioError``, grouped by board.
    """
    root = usebio_root(xml)
    if root.tag != "USEBIO":
        raise UsebioError(f"the root element is <{root.tag}>, not <USEBIO>.")
    ev = root.find("EVENT")
    if ev is None:
        raise UsebioError("no <EVENT>.")
    reading = _Reading(event=_event_read(ev))
    try:
        _walk(reading, ev, {"section": "", "match": None})
        handset_read(root, reading.boards, reading.problems)
    except UsebioError as exc:
        reading.problems.append((None, str(exc)))
    if reading.problems:
        raise UsebioError(problems_summary(reading.problems), problems=reading.problems)
    event, boards = reading.event, reading.boards
    scores_fill(boards.values())  # a line without its <SCORE>
    for board in boards.values():
        percentages_fill(board["results"])
    kind = _teams_fill(event["kind"], event, reading.teams, reading.pairs, reading.matches, boards)
    if event["method"] is None and kind == "pairs":
        event["method"] = "mp" if any(
            line["ns_percentage"] is not None for b in boards.values() for line in b["results"]
        ) else "ximp"  # fmt: skip
    return {
        "event": event, "pairs": reading.pairs, "teams": reading.teams,
        "matches": reading.matches, "boards": boards, "left_out": reading.skipped,
    }  # fmt: skip


def _event_date(ev: ET.Element):
    """The event's <DATE> (dd/mm/yyyy, yyyy-mm-dd or dd.mm.yyyy), None when it has none."""
    date_text = child_text(ev, "DATE") or ""
    for pattern in ("%d/%m/%Y", "%Y-%m-%d", "%d.%m.%Y"):
        try:
            return datetime.strptime(date_text, pattern).date()
        except ValueError:
            continue
    if date_text:
        raise UsebioError(f"<DATE> is not dd/mm/yyyy: {date_text!r}.")
    return None


def _event_read(ev: ET.Element) -> dict:
    """The <EVENT>'s own elements: name, date, method, type and kind, and ours."""
    event_date = _event_date(ev)
    event_type = ev.get("EVENT_TYPE", "") or child_text(ev, "EVENT_TYPE") or ""
    kind, type_method = EVENT_TYPES.get(event_type.upper(), ("pairs", None))
    method_text = (child_text(ev, "BOARD_SCORING_METHOD") or "").upper()
    return {
        "id": child_int(ev, "EVENT_IDENTIFIER"),
        "name": child_text(ev, "EVENT_DESCRIPTION") or child_text(ev, "EVENT_NAME") or "",
        "date": event_date,
        "method": READ_METHODS.get(method_text) or type_method,
        "type": event_type,
        "kind": kind,
        "winners": child_int(ev, "WINNER_TYPE"),
        "movement": (child_text(ev, "MOVEMENT_TYPE") or "").lower(),
        "mp_factoring": (child_text(ev, "MP_FACTORING") or "").lower(),
        "boards_per_round": child_int(ev, "BOARDS_PER_ROUND"),
    }


@dataclass
class _Reading:
    """What ``usebio_parse`` has read so far (``event``: the <EVENT>'s own elements)."""

    event: dict
    pairs: list[dict] = field(default_factory=list)
    teams: list[dict] = field(default_factory=list)
    matches: list[dict] = field(default_factory=list)
    boards: dict[int, dict] = field(default_factory=dict)
    problems: list[tuple[int | None, str]] = field(default_factory=list)
    skipped: list[dict] = field(default_factory=list)


def _walk(reading: _Reading, element: ET.Element, context: dict) -> None:
    """Read ``element``'s children, going into SESSION, SECTION and MATCH (``context``:
    the section and match the lines below are in)."""
    for child in element:
        tag = child.tag
        if tag in ("SESSION", "SECTION"):
            inner = dict(context)
            if tag == "SECTION":
                inner["section"] = scope_name(child)
            _walk(reading, child, inner)
        elif tag == "MATCH":
            matches = reading.matches
            match = _match_parse(child, child_int(child, "MATCH_NUMBER") or len(matches) + 1)
            match["id"] = len(matches) + 1  # numbers start again each round
            matches.append(match)
            _walk(reading, child, {**context, "match": match["id"]})
        elif tag == "PARTICIPANTS":
            _participants_read(reading, child, str(context.get("section") or ""))
        elif tag == "BOARD":
            _board_read(reading, child, context)


def _participants_read(reading: _Reading, element: ET.Element, section: str) -> None:
    """The pairs and teams of a <PARTICIPANTS> (a team's own pairs are the team's)."""
    in_teams = {id(p) for t in element.iter("TEAM") for p in t.iter("PAIR")}
    reading.pairs.extend(
        _participant(p, "PAIR_NUMBER", section)
        for p in element.iter("PAIR")
        if id(p) not in in_teams  # a team's pair is the team's
    )
    reading.teams.extend(_participant(t, "TEAM_NUMBER", section) for t in element.iter("TEAM"))


def _board_read(reading: _Reading, element: ET.Element, context: dict) -> None:
    """A <BOARD> and its traveller lines (a line that cannot be read is left out)."""
    number = child_int(element, "BOARD_NUMBER")
    if number is None:
        reading.problems.append((None, "a <BOARD> without <BOARD_NUMBER>."))
        return
    board = reading.boards.setdefault(number, {"number": number, "deal": None, "results": []})
    if reading.event["kind"] == "individual":  # four players a line: usebio_individual.py
        return
    for line in element.iter("TRAVELLER_LINE"):
        try:
            board["results"].append(traveller_line_read(line, context))
        except UsebioError as exc:  # left out, the rest is read
            reading.skipped.append(left_out(number, line, context, str(exc)))
