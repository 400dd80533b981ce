"""USEBIO 1.2 written from the plain records of ``records``: a pairs event
(``usebio_write``) and a team event with its matches (``usebio_teams_write``); what
they hold: the package's docstring. No Django.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterable, Mapping

from scoring import SEATS

from ..pbn import board_top
from ..records import BoardRecord, EventRecord, MatchRecord, PairRecord, ResultLine
from .elements import DIRECTIONS, SUIT_ELEMENTS, element_add, number_text

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


def _pair(parent: ET.Element, pair: PairRecord, method: str) -> None:
    element = element_add(parent, "PAIR")
    element_add(element, "PAIR_NUMBER", pair.number)
    if pair.field:
        element_add(element, "DIRECTION", pair.field)
    for name in pair.players:
        element_add(element_add(element, "PLAYER"), "PLAYER_NAME", name)
    if pair.rank is not None:
        element_add(element, "PLACE", pair.rank)
    element_add(element, "TOTAL_SCORE", number_text(pair.total))
    if method == "mp":
        element_add(element, "PERCENTAGE", number_text(pair.total))
    element_add(element, "BOARDS_PLAYED", pair.boards_played)
    if pair.master_points:
        points = element_add(element, "MASTER_POINTS")
        element_add(points, "MASTER_POINTS_AWARDED", pair.master_points)


def traveller_line_add(parent: ET.Element, line: ResultLine, method: str, top: int) -> None:
    """A result as a TRAVELLER_LINE of ``parent``, its points as ``method`` writes them
    (``top``: the board's matchpoint top)."""
    element = element_add(parent, "TRAVELLER_LINE")
    if line.round is not None:
        element_add(element, "ROUND_NUMBER", line.round)
    if line.table is not None:
        element_add(element, "TABLE_NUMBER", line.table)
    if line.ns_pair is not None:
        element_add(element, "NS_PAIR_NUMBER", line.ns_pair)
    if line.ew_pair is not None:
        element_add(element, "EW_PAIR_NUMBER", line.ew_pair)
    if line.not_played:  # no contract and no points
        element_add(element, "SCORE", "NP")
        return
    if line.is_adjusted:
        element_add(element, "SCORE", f"{line.ns_adjustment or '-'}/{line.ew_adjustment or '-'}")
    else:
        element_add(element, "CONTRACT", line.contract)
        if line.contract != "PASS":
            element_add(element, "PLAYED_BY", line.declarer)
            if line.lead:
                element_add(element, "LEAD", line.lead)
            element_add(element, "TRICKS", line.tricks)
        element_add(element, "SCORE", line.ns_score or 0)
    suffix = POINTS_ELEMENTS[method]
    for side, points in (("NS", line.ns_points), ("EW", line.ew_points)):
        if points is None:
            continue
        if method == "mp":  # raw matchpoints on the board's top, then the percentage
            raw, percentage = line.mp_pair(points, top)
            element_add(element, f"{side}_MATCH_POINTS", number_text(raw))
            element_add(element, f"{side}_PERCENTAGE", number_text(percentage))
        else:
            element_add(element, f"{side}_{suffix}", number_text(points))


def hands_add(parent: ET.Element, board: BoardRecord) -> None:
    """A board's hand record as a BOARD of ``parent``: its number and four HANDs, each
    with its DIRECTION and a suit element each ("" for a void)."""
    first, _, rest = board.deal.partition(":")
    start = SEATS.index(first.strip().upper())
    element = element_add(parent, "BOARD")
    element_add(element, "BOARD_NUMBER", board.number)
    hands = {SEATS[(start + i) % 4]: hand.split(".") for i, hand in enumerate(rest.split())}
    for seat in SEATS:
        hand = element_add(element, "HAND")
        element_add(hand, "DIRECTION", DIRECTIONS[seat])
        for index, (_, name) in enumerate(SUIT_ELEMENTS):
            element_add(hand, name, hands[seat][index].replace("-", ""))


def board_elements(ev: ET.Element, boards: list[BoardRecord], results, write) -> None:
    """A BOARD element per board under EVENT, its lines written by ``write(element,
    board, lines)``; an event with sections has them under SESSION/SECTION instead
    (SECTION_ID), a BOARD per board and section: each section is matchpointed apart."""
    sections = list(
        dict.fromkeys(line.section for b in boards for line in results.get(b.number, []))
    )
    parents = {"": ev}
    if any(sections):
        session = element_add(ev, "SESSION")
        for name in (s for s in sections if s):
            parents[name] = element_add(session, "SECTION")
            element_add(parents[name], "SECTION_ID", name)
    for board in boards:
        lines = results.get(board.number, [])
        for name, parent in parents.items():
            own = [line for line in lines if line.section == name]
            if own or (name == "" and not lines):
                element = element_add(parent, "BOARD")
                element_add(element, "BOARD_NUMBER", board.number)
                write(element, board, own)


def event_element(event: EventRecord, event_type: str, method: str):
    """The document's root and its EVENT with what every kind of event has: the
    program, the event's number, name and date, and the board scoring method."""
    root = ET.Element("USEBIO", {"Version": "1.2"})
    element_add(element_add(root, "CLUB"), "CLUB_NAME", event.site or PROGRAM_NAME)
    ev = element_add(root, "EVENT")
    ev.set("EVENT_TYPE", event_type)
    element_add(ev, "PROGRAM_NAME", PROGRAM_NAME)
    element_add(ev, "PROGRAM_VERSION", PROGRAM_VERSION)
    element_add(ev, "EVENT_IDENTIFIER", event.id)
    element_add(ev, "EVENT_DESCRIPTION", event.name)
    element_add(ev, "DATE", event.date.strftime("%d/%m/%Y"))
    element_add(ev, "BOARD_SCORING_METHOD", method)
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
    movement = bool(event.movement)
    root, ev = event_element(
        event,
        MOVEMENT_EVENT_TYPES[event.method] if movement else "SWISS_PAIRS",
        SCORING_METHODS[event.method],
    )
    element_add(ev, "WINNER_TYPE", 2 if event.two_winners else 1)
    if movement:
        element_add(ev, "MOVEMENT_TYPE", event.movement.upper())
    if event.mp_factoring:
        element_add(ev, "MP_FACTORING", event.mp_factoring.upper())
    element_add(ev, "BOARDS_PLAYED", event.boards_total)
    element_add(ev, "BOARDS_PER_ROUND", event.boards_per_round)
    participants = element_add(ev, "PARTICIPANTS")
    for pair in pairs:
        _pair(participants, pair, event.method)

    neuberg = event.mp_factoring == "neuberg" and not movement

    def travellers(element: ET.Element, _board: BoardRecord, lines: list[ResultLine]) -> None:
        top = board_top(lines, neuberg=neuberg)
        for line in lines:
            traveller_line_add(element, line, event.method, top)

    board_elements(ev, boards, results, travellers)
    if any(b.deal for b in boards):
        handset = element_add(root, "HANDSET")
        for board in boards:
            if board.deal:  # an imported board may have none
                hands_add(handset, board)
    ET.indent(root, space="  ")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


TEAM_EVENT_TYPES = {"teams_swiss": "SWISS_TEAMS", "teams_rr": "ROUND_ROBIN_TEAMS"}


def _team(parent: ET.Element, team: PairRecord) -> None:
    element = element_add(parent, "TEAM")
    element_add(element, "TEAM_NUMBER", team.number)
    element_add(element, "TEAM_NAME", team.name)
    for name in team.players:
        element_add(element_add(element, "PLAYER"), "PLAYER_NAME", name)
    if team.rank is not None:
        element_add(element, "PLACE", team.rank)
    element_add(element, "TOTAL_SCORE", number_text(team.total))
    element_add(element, "BOARDS_PLAYED", team.boards_played)
    if team.master_points:
        points = element_add(element, "MASTER_POINTS")
        element_add(points, "MASTER_POINTS_AWARDED", team.master_points)


def _match_team(parent: ET.Element, tag: str, number: int, imps, vps) -> None:
    element = element_add(parent, tag)
    element_add(element, "TEAM_NUMBER", number)
    if imps is not None:
        element_add(element, "IMPS", imps)
    if vps is not None:
        element_add(element, "VICTORY_POINTS", number_text(vps))


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
    element_add(ev, "BOARDS_PLAYED", event.boards_total)
    element_add(ev, "BOARDS_PER_ROUND", event.boards_per_round)
    participants = element_add(ev, "PARTICIPANTS")
    for team in teams:
        _team(participants, team)
    for match in matches:
        element = element_add(ev, "MATCH")
        element_add(element, "MATCH_NUMBER", match.number)
        element_add(element, "ROUND_NUMBER", match.round)
        _match_team(element, "HOME_TEAM", match.home, match.home_imps, match.home_vp)
        if match.away is not None:
            _match_team(element, "AWAY_TEAM", match.away, match.away_imps, match.away_vp)
        for number in sorted(match.results):
            board = element_add(element, "BOARD")
            element_add(board, "BOARD_NUMBER", number)
            for line in match.results[number]:
                _team_line(board, line)
    if any(b.deal for b in boards):
        handset = element_add(root, "HANDSET")
        for board in boards:
            if board.deal:  # an imported board may have none
                hands_add(handset, board)
    ET.indent(root, space="  ")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def _team_line(parent: ET.Element, line: ResultLine) -> None:
    """A room's result: as a pairs line, with ROOM and the teams as NS/EW_TEAM_NUMBER."""
    traveller_line_add(parent, line, "imp", 0)
    element = parent[-1]
    for side in ("NS", "EW"):
        number = element.find(f"{side}_PAIR_NUMBER")
        if number is not None:
            number.tag = f"{side}_TEAM_NUMBER"
    room = ET.Element("ROOM")
    room.text = line.room.capitalize()
    element.insert(0, room)
