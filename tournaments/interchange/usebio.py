"""USEBIO 1.2 XML results, the format federations exchange (written and read, no Django).

The published 1.2 specification (usebio.org) was not at hand; the element names below
follow the files and readers of scoring programs that exchange USEBIO 1.2 (element
names as in the DTD: CLUB, EVENT, PARTICIPANTS/PAIR/PLAYER, BOARD/TRAVELLER_LINE,
HANDSET/BOARD/HAND). What this module writes::

    <USEBIO Version="1.2">
      <CLUB><CLUB_NAME>Bridgehall</CLUB_NAME></CLUB>
      <EVENT EVENT_TYPE="SWISS_PAIRS">  (a Mitchell or Howell: MP_PAIRS, CROSS_IMP_PAIRS
                                         or BUTLER_PAIRS, by its method)
        <PROGRAM_NAME/> <PROGRAM_VERSION/> <EVENT_IDENTIFIER/> <EVENT_DESCRIPTION/>
        <DATE>dd/mm/yyyy</DATE>
        <BOARD_SCORING_METHOD>CROSS_IMPS | IMPS | MATCH_POINTS | HCP_PAR_IMPS
        </BOARD_SCORING_METHOD>
        <WINNER_TYPE>1, or 2 for a two-winner Mitchell</WINNER_TYPE>
        <MOVEMENT_TYPE>MITCHELL | HOWELL</MOVEMENT_TYPE>  (ours: movement events only)
        <MP_FACTORING>NEUBERG | PLAYED</MP_FACTORING>  (ours: short boards' matchpoints)
        <BOARDS_PLAYED/> <BOARDS_PER_ROUND/>
        <PARTICIPANTS>
          <PAIR>
            <PAIR_NUMBER>registration order</PAIR_NUMBER>
            <DIRECTION>NS | EW: the field of a two-winner Mitchell</DIRECTION>
            <PLAYER><PLAYER_NAME>..</PLAYER_NAME></PLAYER>  (two)
            <PLACE>rank, absent when not ranked</PLACE>
            <TOTAL_SCORE>total (IMPs, or the MP percentage)</TOTAL_SCORE>
            <PERCENTAGE>MP events only</PERCENTAGE>
            <BOARDS_PLAYED/>
            <MASTER_POINTS><MASTER_POINTS_AWARDED>n</MASTER_POINTS_AWARDED></MASTER_POINTS>
          </PAIR>
        </PARTICIPANTS>
        <BOARD>
          <BOARD_NUMBER>1</BOARD_NUMBER>
          <TRAVELLER_LINE>
            <ROUND_NUMBER/> <TABLE_NUMBER/>
            <NS_PAIR_NUMBER/> <EW_PAIR_NUMBER/> (absent for a bye)
            <CONTRACT>4SX | PASS</CONTRACT> <PLAYED_BY>N</PLAYED_BY> <LEAD>SA</LEAD>
            <TRICKS>tricks taken by declarer</TRICKS> <SCORE>NS score</SCORE>
            <NS_CROSS_IMP_POINTS/><EW_CROSS_IMP_POINTS/> (cross-IMPs, as Pianola and
                                                          TeamsScorer write them)
            <NS_IMPS/><EW_IMPS/>                 (total IMPs against the datum)
            <NS_MATCH_POINTS/><EW_MATCH_POINTS/> (MP: raw matchpoints on the board's top,
                                                  2 per result beaten and 1 per tie, as
                                                  EBU scorers, RealBridge and BriAn do)
            <NS_PERCENTAGE/><EW_PERCENTAGE/>     (MP: the board percentage 0-100)
          </TRAVELLER_LINE>
        </BOARD>
      </EVENT>
      <HANDSET>
        <BOARD><BOARD_NUMBER/>
          <HAND><DIRECTION>North</DIRECTION><SPADES/><HEARTS/><DIAMONDS/><CLUBS/></HAND>
        </BOARD>
      </HANDSET>
    </USEBIO>

An adjusted score has no CONTRACT, PLAYED_BY, LEAD or TRICKS; its SCORE is the
"NS/EW" adjustment note ("A+/A-", or "A=/-" for a bye), as in our PBN score tables.
A board cut at a table (not played) has only its round, table and pairs and the SCORE
"NP", with no points. Master points are the site's whole points (the seeds' scale), not hundredths.
Only boards everyone may see are written (the caller passes them).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Mapping
from datetime import datetime

from defusedxml import DefusedXmlException, DTDForbidden, EntitiesForbidden
from defusedxml.ElementTree import DefusedXMLParser

from scoring import SEATS

from ..numbers import ascii_float, ascii_int
from .pbn import (
    PbnError,
    adjustment_parse,
    board_top,
    contract_parse,
    not_played,
    percentages_fill,
)
from .problems import problems_summary
from .records import (
    MOVEMENT_KINDS,
    BoardRecord,
    EventRecord,
    MatchRecord,
    PairRecord,
    ResultLine,
)

__all__ = ["UsebioError", "usebio_parse", "usebio_teams_write", "usebio_write"]

PROGRAM_NAME = "Bridgehall"
PROGRAM_VERSION = "1.0"
SCORING_METHODS = {
    "ximp": "CROSS_IMPS", "imp": "IMPS", "mp": "MATCH_POINTS", "hcp_par": "HCP_PAR_IMPS",
}  # fmt: skip
POINTS_ELEMENTS = {
    "ximp": "CROSS_IMP_POINTS", "imp": "IMPS", "mp": "MATCH_POINTS", "hcp_par": "IMPS",
}  # fmt: skip
#: EVENT_TYPE of a movement event by method (Swiss pairs: SWISS_PAIRS).
MOVEMENT_EVENT_TYPES = {
    "mp": "MP_PAIRS", "ximp": "CROSS_IMP_PAIRS", "imp": "BUTLER_PAIRS", "hcp_par": "BUTLER_PAIRS",
}  # fmt: skip
DIRECTIONS = {"N": "North", "E": "East", "S": "South", "W": "West"}
SUIT_ELEMENTS = (("S", "SPADES"), ("H", "HEARTS"), ("D", "DIAMONDS"), ("C", "CLUBS"))


class UsebioError(ValueError):
    """Not a USEBIO document this module can read; ``problems`` as ``PbnError``'s."""

    def __init__(self, message: str, *, problems: list[tuple[int | None, str]] | None = None):
        super().__init__(message)
        self.problems = problems or [(None, message)]


def _sub(parent: ET.Element, name: str, text: object = None) -> ET.Element:
    element = ET.SubElement(parent, name)
    if text is not None:
        element.text = str(text)
    return element


def _number(value: float | None) -> str:
    text = f"{value or 0:.2f}"
    return "0.00" if text == "-0.00" else text


def _pair(parent: ET.Element, pair: PairRecord, method: str) -> None:
    element = _sub(parent, "PAIR")
    _sub(element, "PAIR_NUMBER", pair.number)
    if pair.field:
        _sub(element, "DIRECTION", pair.field)
    for name in pair.players:
        _sub(_sub(element, "PLAYER"), "PLAYER_NAME", name)
    if pair.rank is not None:
        _sub(element, "PLACE", pair.rank)
    _sub(element, "TOTAL_SCORE", _number(pair.total))
    if method == "mp":
        _sub(element, "PERCENTAGE", _number(pair.total))
    _sub(element, "BOARDS_PLAYED", pair.boards_played)
    if pair.master_points:
        _sub(_sub(element, "MASTER_POINTS"), "MASTER_POINTS_AWARDED", pair.master_points)


def _traveller_line(parent: ET.Element, line: ResultLine, method: str, top: int) -> None:
    element = _sub(parent, "TRAVELLER_LINE")
    if line.round is not None:
        _sub(element, "ROUND_NUMBER", line.round)
    if line.table is not None:
        _sub(element, "TABLE_NUMBER", line.table)
    if line.ns_pair is not None:
        _sub(element, "NS_PAIR_NUMBER", line.ns_pair)
    if line.ew_pair is not None:
        _sub(element, "EW_PAIR_NUMBER", line.ew_pair)
    if line.not_played:  # no contract and no points
        _sub(element, "SCORE", "NP")
        return
    if line.is_adjusted:
        _sub(element, "SCORE", f"{line.ns_adjustment or '-'}/{line.ew_adjustment or '-'}")
    else:
        _sub(element, "CONTRACT", line.contract)
        if line.contract != "PASS":
            _sub(element, "PLAYED_BY", line.declarer)
            if line.lead:
                _sub(element, "LEAD", line.lead)
            _sub(element, "TRICKS", line.tricks)
        _sub(element, "SCORE", line.ns_score or 0)
    suffix = POINTS_ELEMENTS[method]
    for side, points in (("NS", line.ns_points), ("EW", line.ew_points)):
        if points is None:
            continue
        if method == "mp":  # raw matchpoints on the board's top, then the percentage
            raw, percentage = line.mp_pair(points, top)
            _sub(element, f"{side}_MATCH_POINTS", _number(raw))
            _sub(element, f"{side}_PERCENTAGE", _number(percentage))
        else:
            _sub(element, f"{side}_{suffix}", _number(points))


def _hands(parent: ET.Element, board: BoardRecord) -> None:
    first, _, rest = board.deal.partition(":")
    start = SEATS.index(first.strip().upper())
    element = _sub(parent, "BOARD")
    _sub(element, "BOARD_NUMBER", board.number)
    hands = {SEATS[(start + i) % 4]: hand.split(".") for i, hand in enumerate(rest.split())}
    for seat in SEATS:
        hand = _sub(element, "HAND")
        _sub(hand, "DIRECTION", DIRECTIONS[seat])
        for index, (_, name) in enumerate(SUIT_ELEMENTS):
            _sub(hand, name, hands[seat][index].replace("-", ""))


def board_elements(ev: ET.Element, boards: list[BoardRecord], results, write) -> None:
    """A BOARD element per board under EVENT, its lines written by ``write(element,
    board, lines)``; an event with sections has them under SESSION/SECTION instead
    (SECTION_ID), a BOARD per board and section: each section is matchpointed apart."""
    sections = list(
        dict.fromkeys(line.section for b in boards for line in results.get(b.number, []))
    )
    parents = {"": ev}
    if any(sections):
        session = _sub(ev, "SESSION")
        for name in (s for s in sections if s):
            parents[name] = _sub(session, "SECTION")
            _sub(parents[name], "SECTION_ID", name)
    for board in boards:
        lines = results.get(board.number, [])
        for name, parent in parents.items():
            own = [line for line in lines if line.section == name]
            if own or (name == "" and not lines):
                element = _sub(parent, "BOARD")
                _sub(element, "BOARD_NUMBER", board.number)
                write(element, board, own)


def event_element(event: EventRecord, event_type: str, method: str):
    """The document's root and its EVENT with what every kind of event has: the
    program, the event's number, name and date, and the board scoring method."""
    root = ET.Element("USEBIO", {"Version": "1.2"})
    _sub(_sub(root, "CLUB"), "CLUB_NAME", event.site or PROGRAM_NAME)
    ev = _sub(root, "EVENT")
    ev.set("EVENT_TYPE", event_type)
    _sub(ev, "PROGRAM_NAME", PROGRAM_NAME)
    _sub(ev, "PROGRAM_VERSION", PROGRAM_VERSION)
    _sub(ev, "EVENT_IDENTIFIER", event.id)
    _sub(ev, "EVENT_DESCRIPTION", event.name)
    _sub(ev, "DATE", event.date.strftime("%d/%m/%Y"))
    _sub(ev, "BOARD_SCORING_METHOD", method)
    return root, ev


def usebio_write(
    *,
    event: EventRecord,
    pairs: Iterable[PairRecord],
    boards: Iterable[BoardRecord],
    results: Mapping[int, list[ResultLine]],
) -> str:
    """The event as a USEBIO 1.2 document (UTF-8 text with its XML declaration)."""
    boards = sorted(boards, key=lambda b: b.number)
    movement = event.kind in MOVEMENT_KINDS
    root, ev = event_element(
        event,
        MOVEMENT_EVENT_TYPES[event.method] if movement else "SWISS_PAIRS",
        SCORING_METHODS[event.method],
    )
    _sub(ev, "WINNER_TYPE", 2 if event.two_winners else 1)
    if movement:
        _sub(ev, "MOVEMENT_TYPE", event.kind.upper())
    if event.mp_factoring:
        _sub(ev, "MP_FACTORING", event.mp_factoring.upper())
    _sub(ev, "BOARDS_PLAYED", event.boards_total)
    _sub(ev, "BOARDS_PER_ROUND", event.boards_per_round)
    participants = _sub(ev, "PARTICIPANTS")
    for pair in pairs:
        _pair(participants, pair, event.method)

    neuberg = event.mp_factoring == "neuberg" and not movement

    def travellers(element: ET.Element, _board: BoardRecord, lines: list[ResultLine]) -> None:
        top = board_top(lines, neuberg=neuberg)
        for line in lines:
            _traveller_line(element, line, event.method, top)

    board_elements(ev, boards, results, travellers)
    if any(b.deal for b in boards):
        handset = _sub(root, "HANDSET")
        for board in boards:
            if board.deal:  # an imported board may have none
                _hands(handset, board)
    ET.indent(root, space="  ")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


TEAM_EVENT_TYPES = {"teams_swiss": "SWISS_TEAMS", "teams_rr": "ROUND_ROBIN_TEAMS"}


def _team(parent: ET.Element, team: PairRecord) -> None:
    element = _sub(parent, "TEAM")
    _sub(element, "TEAM_NUMBER", team.number)
    _sub(element, "TEAM_NAME", team.name)
    for name in team.players:
        _sub(_sub(element, "PLAYER"), "PLAYER_NAME", name)
    if team.rank is not None:
        _sub(element, "PLACE", team.rank)
    _sub(element, "TOTAL_SCORE", _number(team.total))
    _sub(element, "BOARDS_PLAYED", team.boards_played)
    if team.master_points:
        _sub(_sub(element, "MASTER_POINTS"), "MASTER_POINTS_AWARDED", team.master_points)


def _match_team(parent: ET.Element, tag: str, number: int, imps, vps) -> None:
    element = _sub(parent, tag)
    _sub(element, "TEAM_NUMBER", number)
    if imps is not None:
        _sub(element, "IMPS", imps)
    if vps is not None:
        _sub(element, "VICTORY_POINTS", _number(vps))


def usebio_teams_write(
    *,
    event: EventRecord,
    teams: Iterable[PairRecord],
    matches: Iterable[MatchRecord],
    boards: Iterable[BoardRecord],
) -> str:
    """A team event as USEBIO 1.2: TEAM participants (name, players, place, VPs), then
    each MATCH (round, home and away team with IMPs and VPs) with its BOARD elements,
    whose traveller lines name their ROOM and the teams sitting NS and EW (the IMPs of
    the board for each side in NS_IMPS/EW_IMPS), and the hand records."""
    boards = sorted(boards, key=lambda b: b.number)
    root, ev = event_element(event, TEAM_EVENT_TYPES.get(event.kind, "SWISS_TEAMS"), "IMPS")
    _sub(ev, "BOARDS_PLAYED", event.boards_total)
    _sub(ev, "BOARDS_PER_ROUND", event.boards_per_round)
    participants = _sub(ev, "PARTICIPANTS")
    for team in teams:
        _team(participants, team)
    for match in matches:
        element = _sub(ev, "MATCH")
        _sub(element, "MATCH_NUMBER", match.number)
        _sub(element, "ROUND_NUMBER", match.round)
        _match_team(element, "HOME_TEAM", match.home, match.home_imps, match.home_vp)
        if match.away is not None:
            _match_team(element, "AWAY_TEAM", match.away, match.away_imps, match.away_vp)
        for number in sorted(match.results):
            board = _sub(element, "BOARD")
            _sub(board, "BOARD_NUMBER", number)
            for line in match.results[number]:
                _team_line(board, line)
    if any(b.deal for b in boards):
        handset = _sub(root, "HANDSET")
        for board in boards:
            if board.deal:  # an imported board may have none
                _hands(handset, board)
    ET.indent(root, space="  ")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def _team_line(parent: ET.Element, line: ResultLine) -> None:
    """A room's result: as a pairs line, with ROOM and the teams as NS/EW_TEAM_NUMBER."""
    _traveller_line(parent, line, "imp", 0)
    element = parent[-1]
    for side in ("NS", "EW"):
        number = element.find(f"{side}_PAIR_NUMBER")
        if number is not None:
            number.tag = f"{side}_TEAM_NUMBER"
    room = ET.Element("ROOM")
    room.text = line.room.capitalize()
    element.insert(0, room)


# --- reading ---------------------------------------------------------------------------

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


def _text(element: ET.Element, name: str) -> str | None:
    child = element.find(name)
    if child is None:
        return None
    return (child.text or "").strip()


def _int(element: ET.Element, name: str) -> int | None:
    text = _text(element, name)
    if text in (None, ""):
        return None
    number = ascii_int(text.rstrip("="))
    if number is None:
        raise UsebioError(f"<{name}> is not a number (digits 0-9): {text!r}.")
    return number


def _float(element: ET.Element, name: str) -> float | None:
    text = _text(element, name)
    if text in (None, "", "-"):
        return None
    number = ascii_float(text.rstrip("%"))
    if number is None:
        if adjustment_parse(text) is not None:
            return None
        raise UsebioError(f"<{name}> is not a number (digits 0-9): {text!r}.")
    return number


def _points(line: ET.Element, side: str, kind: str) -> float | None:
    for suffix in _POINT_NAMES[kind]:
        value = _float(line, f"{side}_{suffix}")
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
    text = _text(line, f"{side}_PAIR_NUMBER")
    match = _TEAM_PAIR.fullmatch(text or "")
    if match:
        return int(match.group(1)), True
    return _int(line, f"{side}_PAIR_NUMBER") or _int(line, f"{side}_TEAM_NUMBER"), False


def _line_head(line: ET.Element, context: Mapping[str, object]) -> dict:
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
        "table": _int(line, "TABLE_NUMBER"), "round": _int(line, "ROUND_NUMBER"),
        "section": str(context.get("section") or ""), "room": (_text(line, "ROOM") or "").lower(),
        "match": context.get("match"), "ns_names": [], "ew_names": [], "not_played": False,
    }  # fmt: skip


def _line_parse(line: ET.Element, context: Mapping[str, object]) -> dict:
    result = _line_head(line, context)
    score = _text(line, "SCORE") or _text(line, "NS_SCORE") or ""
    contract_text = (_text(line, "CONTRACT") or "").strip()
    if not_played(score, contract_text):  # a board cut at this table
        return {**result, "not_played": True, "ns_points": None, "ew_points": None}
    adjusted = adjustment_parse(score) or adjustment_parse(contract_text)
    if adjusted is not None:
        result["ns_adjustment"], result["ew_adjustment"] = adjusted[0], adjusted[1]
        if result["ns_percentage"] is None and adjusted[2] is not None:
            result["ns_percentage"], result["ew_percentage"] = adjusted[2], adjusted[3]
        return result
    result["contract"] = _contract(contract_text)
    result["ns_score"] = _int(line, "SCORE") if _text(line, "SCORE") else _int(line, "NS_SCORE")
    if result["ns_score"] is None and _text(line, "EW_SCORE"):
        result["ns_score"] = -(_int(line, "EW_SCORE") or 0)
    if result["contract"] == "PASS":
        result["ns_score"] = result["ns_score"] or 0
        return result
    seat = (_text(line, "PLAYED_BY") or "").upper()[:1]
    if seat not in SEATS:
        raise UsebioError(f"<PLAYED_BY> {_text(line, 'PLAYED_BY')!r} is not N, E, S or W.")
    result["declarer"] = seat
    result["tricks"] = _int(line, "TRICKS")
    if result["tricks"] is None or not 0 <= result["tricks"] <= 13:
        raise UsebioError(f"<TRICKS> {_text(line, 'TRICKS')!r} is not a number of tricks.")
    lead = (_text(line, "LEAD") or "").upper().replace("10", "T")
    result["lead"] = lead if len(lead) == 2 and lead[0] in "SHDC" else ""
    if result["ns_score"] is None:
        raise UsebioError(f"the result of {result['contract']} by {seat} has no <SCORE>.")
    return result


def _lenient_int(line: ET.Element, name: str) -> int | None:
    try:
        return _int(line, name)
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
        "ns": _text(line, "NS_PAIR_NUMBER") or _text(line, "NS_TEAM_NUMBER") or "",
        "ew": _text(line, "EW_PAIR_NUMBER") or _text(line, "EW_TEAM_NUMBER") or "",
        "reason": reason,
    }


#: A void as some scorers write it in a HANDSET suit (PairsScorer: "-").
_VOIDS = ("-", "–", "—")


def _deal_parse(board: ET.Element) -> str:
    hands = {}
    names = {v.upper(): k for k, v in DIRECTIONS.items()}
    for hand in board.findall("HAND"):
        direction = (_text(hand, "DIRECTION") or "").upper()
        seat = names.get(direction) or (
            direction[:1] if not direction or direction[:1] in SEATS else None
        )
        if seat is None:
            raise UsebioError(f"unknown HAND direction {direction!r}.")
        suits = [_text(hand, name) or "" for _, name in SUIT_ELEMENTS]
        hands[seat] = ".".join("" if suit in _VOIDS else suit for suit in suits)
    if set(hands) != set(SEATS):
        raise UsebioError("a HANDSET board needs four hands.")
    return "N:" + " ".join(hands[seat] for seat in SEATS)


def _player_names(element: ET.Element) -> list[str]:
    names = []
    # a team's players may be listed under its pairs (TEAM/PAIR/PLAYER)
    for player in [*element.findall("PLAYER"), *element.findall("PAIR/PLAYER")]:
        name = _text(player, "PLAYER_NAME")
        if not name:
            parts = [_text(player, n) for n in ("FIRST_NAME", "SURNAME", "LAST_NAME")]
            name = " ".join(p for p in parts if p)
        names.append(name or "")
    return names


def _participant(element: ET.Element, number_tag: str, section: str) -> dict:
    mp = element.find("MASTER_POINTS")
    return {
        "number": _int(element, number_tag),
        "name": _text(element, "TEAM_NAME") or "",
        "section": section,
        "direction": (_text(element, "DIRECTION") or "").upper(),
        "players": _player_names(element),
        "rank": _int(element, "PLACE"),
        "total": _float(element, "TOTAL_SCORE"),
        "percentage": _float(element, "PERCENTAGE"),
        "boards_played": _int(element, "BOARDS_PLAYED"),
        "master_points": (_int(mp, "MASTER_POINTS_AWARDED") or 0) if mp is not None else 0,
    }


def _match_parse(element: ET.Element, number: int | None) -> dict:
    """A team match: its teams with their IMPs and VPs (HOME_TEAM/AWAY_TEAM or TEAM)."""
    teams = []
    for team in [*element.findall("HOME_TEAM"), *element.findall("AWAY_TEAM"),
                 *element.findall("TEAM")]:  # fmt: skip
        teams.append(
            {
                "number": _int(team, "TEAM_NUMBER"),
                "imps": _float(team, "IMPS"),
                "vps": _float(team, "VICTORY_POINTS") or _float(team, "VPS"),
            }
        )
    return {"number": number, "round": _int(element, "ROUND_NUMBER"), "teams": teams}


def _scope_name(element: ET.Element) -> str:
    return (
        element.get("SECTION_ID") or _text(element, "SECTION_ID")
        or _text(element, "SECTION_NAME") or ""
    )  # fmt: skip


class _Parser(DefusedXMLParser):
    """defusedxml's parser (a maintained, hardened one): no entity may be declared
    anywhere and nothing outside the file is read. A DOCTYPE may name the USEBIO DTD
    (scorers write ``<!DOCTYPE USEBIO SYSTEM "usebio_v1_2.dtd">``), which is never
    read, but may declare nothing of its own."""

    def __init__(self) -> None:
        super().__init__(
            target=ET.TreeBuilder(), forbid_dtd=True, forbid_entities=True, forbid_external=True
        )
        self._subset: tuple | None = None
        self.parser.EndDoctypeDeclHandler = self._end_doctype

    def defused_start_doctype_decl(self, name, sysid, pubid, has_internal_subset):
        if has_internal_subset:  # refused at its end, unless an entity was refused first
            self._subset = (name, sysid, pubid)

    def _end_doctype(self) -> None:
        if self._subset is not None:
            raise DTDForbidden(*self._subset)


def usebio_root(xml: str | bytes) -> ET.Element:
    """The document's root element, read by the hardened parser (``_Parser``) whatever
    its size: a DTD that declares anything, or an entity, refuses the file."""
    parser = _Parser()
    try:
        parser.feed(xml)
        return parser.close()
    except EntitiesForbidden as exc:
        raise UsebioError("a USEBIO file declares no entities (<!ENTITY>).") from exc
    except DTDForbidden as exc:
        raise UsebioError("a USEBIO file declares nothing in its DOCTYPE.") from exc
    except DefusedXmlException as exc:
        raise UsebioError("a USEBIO file refers to nothing outside it.") from exc
    except ET.ParseError as exc:
        raise UsebioError(f"not XML: {exc}.") from exc


def handset_read(root: ET.Element, boards: dict[int, dict], problems: list) -> None:
    """The deals of every HANDSET, wherever the file puts it (after EVENT, inside it, or
    in a SESSION or SECTION, as EBUScore writes a file with sections), into ``boards``
    (number → board dict); a deal that is not one, or a second deal that differs under
    the same number, is a problem of its board."""
    for handset in root.iter("HANDSET"):
        for board in handset.findall("BOARD"):
            number = _int(board, "BOARD_NUMBER")
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
    A line that cannot be read (its contract, declarer, tricks, score or numbers) is
    left out and listed in ``"left_out"`` (``left_out``'s dicts); every other problem
    is collected and raised as one ``UsebioError``, grouped by board.
    """
    root = usebio_root(xml)
    if root.tag != "USEBIO":
        raise UsebioError(f"the root element is <{root.tag}>, not <USEBIO>.")
    ev = root.find("EVENT")
    if ev is None:
        raise UsebioError("no <EVENT>.")
    date_text = _text(ev, "DATE") or ""
    event_date = None
    for pattern in ("%d/%m/%Y", "%Y-%m-%d", "%d.%m.%Y"):
        try:
            event_date = datetime.strptime(date_text, pattern).date()
            break
        except ValueError:
            continue
    if date_text and event_date is None:
        raise UsebioError(f"<DATE> is not dd/mm/yyyy: {date_text!r}.")
    event_type = ev.get("EVENT_TYPE", "") or _text(ev, "EVENT_TYPE") or ""
    kind, type_method = EVENT_TYPES.get(event_type.upper(), ("pairs", None))
    method_text = (_text(ev, "BOARD_SCORING_METHOD") or "").upper()
    event = {
        "id": _int(ev, "EVENT_IDENTIFIER"),
        "name": _text(ev, "EVENT_DESCRIPTION") or _text(ev, "EVENT_NAME") or "",
        "date": event_date,
        "method": READ_METHODS.get(method_text) or type_method,
        "type": event_type,
        "kind": kind,
        "winners": _int(ev, "WINNER_TYPE"),
        "movement": (_text(ev, "MOVEMENT_TYPE") or "").lower(),
        "mp_factoring": (_text(ev, "MP_FACTORING") or "").lower(),
        "boards_per_round": _int(ev, "BOARDS_PER_ROUND"),
    }
    pairs: list[dict] = []
    teams: list[dict] = []
    matches: list[dict] = []
    boards: dict[int, dict] = {}
    problems: list[tuple[int | None, str]] = []
    skipped: list[dict] = []

    def walk(element: ET.Element, context: dict) -> None:
        for child in element:
            tag = child.tag
            if tag in ("SESSION", "SECTION"):
                inner = dict(context)
                if tag == "SECTION":
                    inner["section"] = _scope_name(child)
                walk(child, inner)
            elif tag == "MATCH":
                match = _match_parse(child, _int(child, "MATCH_NUMBER") or len(matches) + 1)
                match["id"] = len(matches) + 1  # numbers start again each round
                matches.append(match)
                walk(child, {**context, "match": match["id"]})
            elif tag == "PARTICIPANTS":
                section = str(context.get("section") or "")
                in_teams = {id(p) for t in child.iter("TEAM") for p in t.iter("PAIR")}
                pairs.extend(
                    _participant(p, "PAIR_NUMBER", section)
                    for p in child.iter("PAIR")
                    if id(p) not in in_teams  # a team's pair is the team's
                )
                teams.extend(_participant(t, "TEAM_NUMBER", section) for t in child.iter("TEAM"))
            elif tag == "BOARD":
                number = _int(child, "BOARD_NUMBER")
                if number is None:
                    problems.append((None, "a <BOARD> without <BOARD_NUMBER>."))
                    continue
                board = boards.setdefault(number, {"number": number, "deal": None, "results": []})
                if kind == "individual":  # four players a line: usebio_individual.py
                    continue
                for line in child.iter("TRAVELLER_LINE"):
                    try:
                        board["results"].append(_line_parse(line, context))
                    except UsebioError as exc:  # left out, the rest is read
                        skipped.append(left_out(number, line, context, str(exc)))

    try:
        walk(ev, {"section": "", "match": None})
        handset_read(root, boards, problems)
    except UsebioError as exc:
        problems.append((None, str(exc)))
    if problems:
        raise UsebioError(problems_summary(problems), problems=problems)
    for board in boards.values():
        percentages_fill(board["results"])
    kind = _teams_fill(kind, event, teams, pairs, matches, boards)
    if event["method"] is None and kind == "pairs":
        event["method"] = "mp" if any(
            line["ns_percentage"] is not None for b in boards.values() for line in b["results"]
        ) else "ximp"  # fmt: skip
    return {
        "event": event, "pairs": pairs, "teams": teams, "matches": matches, "boards": boards,
        "left_out": skipped,
    }  # fmt: skip
