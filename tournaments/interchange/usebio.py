"""USEBIO 1.2 XML results, the format federations exchange (written and read, no Django).

The published 1.2 specification (usebio.org) was not at hand; the element names below
follow the files and readers of scoring programs that exchange USEBIO 1.2 (element
names as in the DTD: CLUB, EVENT, PARTICIPANTS/PAIR/PLAYER, BOARD/TRAVELLER_LINE,
HANDSET/BOARD/HAND). What this module writes::

    <USEBIO Version="1.2">
      <CLUB><CLUB_NAME>Bridgehall</CLUB_NAME></CLUB>
      <EVENT EVENT_TYPE="SWISS_PAIRS">
        <PROGRAM_NAME/> <PROGRAM_VERSION/> <EVENT_IDENTIFIER/> <EVENT_DESCRIPTION/>
        <DATE>dd/mm/yyyy</DATE>
        <BOARD_SCORING_METHOD>CROSS_IMPS | IMPS | MATCH_POINTS</BOARD_SCORING_METHOD>
        <WINNER_TYPE>1</WINNER_TYPE> <BOARDS_PLAYED/> <BOARDS_PER_ROUND/>
        <PARTICIPANTS>
          <PAIR>
            <PAIR_NUMBER>registration order</PAIR_NUMBER>
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
            <NS_PAIR_NUMBER/> <EW_PAIR_NUMBER/> (absent for a bye)
            <CONTRACT>4SX | PASS</CONTRACT> <PLAYED_BY>N</PLAYED_BY> <LEAD>SA</LEAD>
            <TRICKS>tricks taken by declarer</TRICKS> <SCORE>NS score</SCORE>
            <NS_CROSS_IMPS/><EW_CROSS_IMPS/>     (cross-IMP events)
            <NS_IMPS/><EW_IMPS/>                 (total IMPs against the datum)
            <NS_MATCH_POINTS/><EW_MATCH_POINTS/> (MP: the board percentage 0-100, so
                                                  NS / (NS + EW) is the NS share)
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
Master points are the site's whole points (the seeds' scale), not hundredths.
Only boards everyone may see are written (the caller passes them).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterable, Mapping
from datetime import datetime

from scoring import SEATS

from ..numbers import ascii_float, ascii_int
from .records import BoardRecord, EventRecord, PairRecord, ResultLine

__all__ = ["UsebioError", "usebio_parse", "usebio_write"]

PROGRAM_NAME = "Bridgehall"
PROGRAM_VERSION = "1.0"
SCORING_METHODS = {"ximp": "CROSS_IMPS", "imp": "IMPS", "mp": "MATCH_POINTS"}
POINTS_ELEMENTS = {"ximp": "CROSS_IMPS", "imp": "IMPS", "mp": "MATCH_POINTS"}
DIRECTIONS = {"N": "North", "E": "East", "S": "South", "W": "West"}
SUIT_ELEMENTS = (("S", "SPADES"), ("H", "HEARTS"), ("D", "DIAMONDS"), ("C", "CLUBS"))


class UsebioError(ValueError):
    """Not a USEBIO document this module can read."""


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


def _traveller_line(parent: ET.Element, line: ResultLine, method: str) -> None:
    element = _sub(parent, "TRAVELLER_LINE")
    if line.ns_pair is not None:
        _sub(element, "NS_PAIR_NUMBER", line.ns_pair)
    if line.ew_pair is not None:
        _sub(element, "EW_PAIR_NUMBER", line.ew_pair)
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
    if line.ns_points is not None:
        _sub(element, f"NS_{suffix}", _number(line.ns_points))
    if line.ew_points is not None:
        _sub(element, f"EW_{suffix}", _number(line.ew_points))


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


def usebio_write(
    *,
    event: EventRecord,
    pairs: Iterable[PairRecord],
    boards: Iterable[BoardRecord],
    results: Mapping[int, list[ResultLine]],
) -> str:
    """The event as a USEBIO 1.2 document (UTF-8 text with its XML declaration)."""
    boards = sorted(boards, key=lambda b: b.number)
    root = ET.Element("USEBIO", {"Version": "1.2"})
    club = _sub(root, "CLUB")
    _sub(club, "CLUB_NAME", event.site or PROGRAM_NAME)
    ev = _sub(root, "EVENT", None)
    ev.set("EVENT_TYPE", "SWISS_PAIRS")
    _sub(ev, "PROGRAM_NAME", PROGRAM_NAME)
    _sub(ev, "PROGRAM_VERSION", PROGRAM_VERSION)
    _sub(ev, "EVENT_IDENTIFIER", event.id)
    _sub(ev, "EVENT_DESCRIPTION", event.name)
    _sub(ev, "DATE", event.date.strftime("%d/%m/%Y"))
    _sub(ev, "BOARD_SCORING_METHOD", SCORING_METHODS[event.method])
    _sub(ev, "WINNER_TYPE", 1)
    _sub(ev, "BOARDS_PLAYED", event.boards_total)
    _sub(ev, "BOARDS_PER_ROUND", event.boards_per_round)
    participants = _sub(ev, "PARTICIPANTS")
    for pair in pairs:
        _pair(participants, pair, event.method)
    for board in boards:
        element = _sub(ev, "BOARD")
        _sub(element, "BOARD_NUMBER", board.number)
        for line in results.get(board.number, []):
            _traveller_line(element, line, event.method)
    if boards:
        handset = _sub(root, "HANDSET")
        for board in boards:
            _hands(handset, board)
    ET.indent(root, space="  ")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


# --- reading ---------------------------------------------------------------------------


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
        raise UsebioError(f"<{name}> is not a number (digits 0-9): {text!r}")
    return number


def _float(element: ET.Element, name: str) -> float | None:
    text = _text(element, name)
    if text in (None, ""):
        return None
    number = ascii_float(text)
    if number is None:
        raise UsebioError(f"<{name}> is not a number (digits 0-9): {text!r}")
    return number


def _points(line: ET.Element, side: str) -> float | None:
    for suffix in ("CROSS_IMPS", "IMPS", "MATCH_POINTS"):
        value = _float(line, f"{side}_{suffix}")
        if value is not None:
            return value
    return None


def _line_parse(line: ET.Element) -> dict:
    score = _text(line, "SCORE") or ""
    result = {
        "ns_pair": _int(line, "NS_PAIR_NUMBER"),
        "ew_pair": _int(line, "EW_PAIR_NUMBER"),
        "contract": "",
        "declarer": "",
        "tricks": None,
        "lead": "",
        "ns_score": None,
        "ns_points": _points(line, "NS"),
        "ew_points": _points(line, "EW"),
        "ns_adjustment": "",
        "ew_adjustment": "",
    }
    if score.upper().startswith("A"):
        ns_adj, _, ew_adj = score.partition("/")
        result["ns_adjustment"] = "" if ns_adj == "-" else ns_adj
        result["ew_adjustment"] = "" if ew_adj in ("-", "") else ew_adj
        return result
    contract = (_text(line, "CONTRACT") or "").upper()
    result["contract"] = "PASS" if contract in ("PASS", "P", "PASSED", "AP") else contract
    result["ns_score"] = _int(line, "SCORE")
    if result["contract"] != "PASS":
        result["declarer"] = (_text(line, "PLAYED_BY") or "").upper()[:1]
        result["tricks"] = _int(line, "TRICKS")
        result["lead"] = (_text(line, "LEAD") or "").upper()
    return result


def _deal_parse(board: ET.Element) -> str:
    hands = {}
    names = {v.upper(): k for k, v in DIRECTIONS.items()}
    for hand in board.findall("HAND"):
        direction = (_text(hand, "DIRECTION") or "").upper()
        seat = names.get(direction) or (
            direction[:1] if not direction or direction[:1] in SEATS else None
        )
        if seat is None:
            raise UsebioError(f"unknown HAND direction {direction!r}")
        hands[seat] = ".".join((_text(hand, name) or "") for _, name in SUIT_ELEMENTS)
    if set(hands) != set(SEATS):
        raise UsebioError("a HANDSET board needs four hands")
    return "N:" + " ".join(hands[seat] for seat in SEATS)


def usebio_parse(xml: str | bytes) -> dict:
    """A USEBIO document (as ``usebio_write`` writes it) back into plain dicts::

    {"event": {"id", "name", "date", "method", "type"},
     "pairs": [{"number", "players", "rank", "total", "boards_played", "master_points"}],
     "boards": {number: {"number", "deal" (or None), "results": [ResultLine dict]}}}
    """
    try:
        root = ET.fromstring(xml)
    except ET.ParseError as exc:
        raise UsebioError(f"not XML: {exc}") from exc
    if root.tag != "USEBIO":
        raise UsebioError(f"the root element is <{root.tag}>, not <USEBIO>")
    ev = root.find("EVENT")
    if ev is None:
        raise UsebioError("no <EVENT>")
    methods = {v: k for k, v in SCORING_METHODS.items()}
    date_text = _text(ev, "DATE") or ""
    try:
        event_date = datetime.strptime(date_text, "%d/%m/%Y").date() if date_text else None
    except ValueError as exc:
        raise UsebioError(f"<DATE> is not dd/mm/yyyy: {date_text!r}") from exc
    event = {
        "id": _int(ev, "EVENT_IDENTIFIER"),
        "name": _text(ev, "EVENT_DESCRIPTION") or "",
        "date": event_date,
        "method": methods.get(_text(ev, "BOARD_SCORING_METHOD") or ""),
        "type": ev.get("EVENT_TYPE", ""),
    }
    pairs = []
    for pair in ev.iterfind("PARTICIPANTS/PAIR"):
        mp = pair.find("MASTER_POINTS")
        pairs.append(
            {
                "number": _int(pair, "PAIR_NUMBER"),
                "players": [_text(p, "PLAYER_NAME") or "" for p in pair.findall("PLAYER")],
                "rank": _int(pair, "PLACE"),
                "total": _float(pair, "TOTAL_SCORE"),
                "boards_played": _int(pair, "BOARDS_PLAYED"),
                "master_points": (_int(mp, "MASTER_POINTS_AWARDED") or 0) if mp is not None else 0,
            }
        )
    boards: dict[int, dict] = {}
    for board in ev.findall("BOARD"):
        number = _int(board, "BOARD_NUMBER")
        if number is None:
            raise UsebioError("a <BOARD> without <BOARD_NUMBER>")
        boards[number] = {
            "number": number,
            "deal": None,
            "results": [_line_parse(line) for line in board.findall("TRAVELLER_LINE")],
        }
    for board in root.iterfind("HANDSET/BOARD"):
        number = _int(board, "BOARD_NUMBER")
        if number is None:
            raise UsebioError("a HANDSET <BOARD> without <BOARD_NUMBER>")
        entry = boards.setdefault(number, {"number": number, "deal": None, "results": []})
        entry["deal"] = _deal_parse(board)
    return {"event": event, "pairs": pairs, "boards": boards}
