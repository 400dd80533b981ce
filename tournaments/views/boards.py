"""Board page: the deal, double-dummy table and par, and every table's result.

``docs/rules.md`` § Visibility: the deal, the analysis and the other tables' results are
shown only when ``selectors.board_visible`` allows; otherwise the page answers 200 with a
"not yet visible" note.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.html import format_html
from django.utils.safestring import SafeString

import scoring
from scoring import SEATS, deal_hcp
from scoring import STRAINS_DESCENDING as STRAIN_ORDER
from tableplay.records import play_tricks, trump_of

from .. import selectors
from ..deals import deal_hands
from ..errors import BridgeError
from ..extensions import result_analyses
from ..formats import format_for
from ..formats.pool.selectors import pool_board_facts, pool_robot_seats
from ..models import Board, Event, Result
from ..permissions import is_event_director
from ..services.handrecords import round_hand_records, round_hands_pbn
from .display import (
    DASH,
    auction_grid,
    card_html,
    contract_html,
    pair_members,
    play_grid,
    player_links,
    player_url_maker,
    points_text,
    ranks_text,
    score_text,
    suit_html,
)


@dataclass
class Hand:
    seat: str
    suits: list[tuple[SafeString, str]]
    hcp: int


@dataclass
class ResultRow:
    result: Result
    table: str
    ns: SafeString  # the pair's players, linked to their profiles
    ew: SafeString | None
    contract: SafeString
    declarer: str
    lead: SafeString
    tricks: str
    ns_score: str
    ns_points: str
    ew_points: str
    status: str
    mine: bool
    # an imported file's record of the table (PBN [Auction] and [Play])
    auction: list = field(default_factory=list)
    play_seats: list = field(default_factory=list)
    play: list = field(default_factory=list)
    # the replay of a played board's tricks (``_replay``), None without one
    replay: dict | None = None
    # the seats robots played from at a pool table ("E, S, W"; docs/rules.md § Robots)
    robots: str = ""
    # the analysis of its play and contract (``_analysis_view``), None without one
    analysis: dict | None = None


def _hands(board: Board) -> dict[str, Hand]:
    hands = deal_hands(board.deal)
    points = deal_hcp(board.deal)
    return {
        seat: Hand(
            seat=seat,
            suits=[(suit_html(s), ranks_text(hands[seat][s])) for s in "SHDC"],
            hcp=points[seat],
        )
        for seat in SEATS
    }


def _replay(result: Result, board: Board, analysis: dict | None = None) -> dict | None:
    """The data of a played board's replay on the board page (docs/rules.md § Online
    play, *The board page*): the four hands as dealt, and the tricks in the order they
    were played, each with its leader, its (seat, card) pairs and its winner, and with
    ``analysis`` each card's cost and the tricks its side could still take after it
    (``costs``, ``after``: docs/rules.md § The analysis of the play). None when
    the result has no play, the board no deal, or the play is not a play of this deal
    (a card that is not in its seat's hand, or played twice: an imported record)."""
    if result.status != Result.Status.PLAYED or not result.play or not board.deal:
        return None
    dealt = deal_hands(board.deal)
    hands = {seat: [suit + rank for suit in "SHDC" for rank in dealt[seat][suit]] for seat in SEATS}
    tricks = play_tricks(result.play, trump_of(result.contract))
    played = [(seat, card) for trick in tricks for seat, card in trick.cards]
    if not played or any(card not in hands[seat] for seat, card in played):
        return None
    if len({card for _, card in played}) != len(played):
        return None
    replay = {
        "id": result.pk,
        "contract": result.contract,
        "declarer": result.declarer,
        "hands": hands,
        "tricks": [
            {"leader": t.leader, "cards": [list(c) for c in t.cards], "winner": t.winner}
            for t in tricks
        ],
    }
    if analysis and len(analysis["card_costs"]) == len(played):
        start = 0
        for trick in replay["tricks"]:
            end = start + len(trick["cards"])
            trick["costs"] = analysis["card_costs"][start:end]
            trick["after"] = analysis["tricks_after"][start:end]
            start = end
    return replay


def _analysis_view(analysis: dict | None) -> dict | None:
    """What the board page says of a table's analysis (docs/rules.md § The analysis of
    the play): the contract against par, the cards that cost a trick, the claim's."""
    if analysis is None:
        return None
    imps = analysis["imps_from_par"]
    return {
        "imps": None if imps is None else score_text(imps).replace("-", "\u2212"),
        "imps_class": "neg" if imps is not None and imps < 0 else "",
        "par": score_text(analysis["par_score"]) if analysis["par_score"] is not None else None,
        "missed_game": analysis["missed_game"],
        "missed_slam": analysis["missed_slam"],
        "errors": sum(1 for cost in analysis["card_costs"] if cost > 0),
        "cards": len(analysis["card_costs"]),
        "claim_cost": analysis["claim_cost"],
    }


def _dd_rows(board: Board) -> list[tuple[str, list[str]]]:
    """Makeable contract level per declarer (rows) and strain (columns); dash below 7 tricks."""
    if not board.dd_table:
        return []
    rows = []
    for seat in ("N", "S", "E", "W"):
        levels = []
        for strain in STRAIN_ORDER:
            tricks = board.dd_table.get(strain, {}).get(seat)
            levels.append(str(tricks - 6) if tricks is not None and tricks >= 7 else DASH)
        rows.append((seat, levels))
    return rows


def _par_html(par_contracts: str) -> list[SafeString]:
    """ "4S N=, 4S S=" → each contract with its suit symbol and the declarer and result."""
    parts = []
    for text in filter(None, (p.strip() for p in par_contracts.split(","))):
        contract, _space, rest = text.partition(" ")
        parts.append(format_html("{} {}", contract_html(contract), rest))
    return parts


def _result_row(
    result: Result, method: str, user_id: int | None, player_url, seated=None
) -> ResultRow:
    """``seated``: (NS, EW) players of the table where they are not its entries' members."""
    if seated is not None:
        ns_players, ew_players = seated
    else:
        ns_players = pair_members(result.table.ns)
        ew_players = pair_members(result.table.ew) if result.table.ew else None
    players = {p.pk for p in [*ns_players, *(ew_players or [])]}
    play_seats, play = play_grid(result.play)
    if result.status == Result.Status.ADJUSTED:
        contract = SafeString(
            "/".join(a for a in (result.ns_adjustment, result.ew_adjustment) if a) or DASH
        )
    elif result.status == Result.Status.CUT:
        contract = SafeString(DASH)
    else:
        contract = contract_html(result.contract)
    return ResultRow(
        result=result,
        # an imported event with sections numbers its tables in each: "A 1", "B 1"
        table=f"{result.table.section} {result.table.number}".strip(),
        ns=player_links(ns_players, player_url=player_url),
        ew=player_links(ew_players, player_url=player_url) if ew_players is not None else None,
        contract=contract,
        declarer=result.declarer or DASH,
        lead=card_html(result.lead),
        tricks=DASH if result.tricks is None else str(result.tricks),
        ns_score=score_text(result.ns_score),
        ns_points=points_text(result.ns_points, method),
        ew_points=points_text(result.ew_points, method),
        status=result.status,
        auction=auction_grid(result.auction),
        play_seats=play_seats,
        play=play,
        mine=user_id in players,
    )


def board_detail(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    board = get_object_or_404(
        Board.objects.select_related("round", "event"), event_id=event_id, number=number
    )
    event = board.event
    visible = selectors.board_visible(user=request.user, board=board, event=event)
    last_dealt = format_for(event).boards_dealt(event=event)
    context = {
        "event": event,
        "board": board,
        "visible": visible,
        "is_mp": event.method == "mp",
        "raw_mp": event.method == "mp" and format_for(event).raw_matchpoints,
        "prev_number": number - 1 if number > 1 else None,
        "next_number": number + 1 if number < last_dealt else None,
        "strains": [suit_html(s) for s in STRAIN_ORDER],
    }
    if visible:
        results = selectors.board_results_get(board=board)
        user_id = request.user.pk if request.user.is_authenticated else None
        player_url = player_url_maker()  # one reverse() for every name on the page
        seated = format_for(event).players_at_tables(table_ids={r.table_id for r in results})
        rows = [
            _result_row(
                r,
                event.method,
                user_id,
                player_url,
                seated=seated.get(r.table_id) if seated is not None else None,
            )
            for r in results
        ]
        robots = (
            pool_robot_seats(result_ids=[r.pk for r in results])
            if format_for(event).scores_on_arrival
            else {}
        )
        analyses = result_analyses(results=results)  # joined: no query
        for row in rows:
            analysis = analyses.get(row.result.pk)
            row.replay = _replay(row.result, board, analysis)
            row.analysis = _analysis_view(analysis)
            row.robots = ", ".join(robots.get(row.result.pk, ""))
        context.update(
            hands=_hands(board) if board.deal else None,  # an imported file may have none
            dd_rows=_dd_rows(board),
            par_score=score_text(board.par_score) if board.par_score is not None else None,
            par_contracts=_par_html(board.par_contracts),
            results=rows,
            records=[row for row in rows if row.auction or row.play or row.analysis],
            replays=[row.replay for row in rows if row.replay is not None],
            pool=pool_board_facts(board=board) if format_for(event).scores_on_arrival else None,
            hcp_par=_hcp_par(board, event) if event.method == Event.Method.HCP_PAR else None,
        )
    return render(request, "tournaments/board_detail.html", context)


def _hcp_par(board: Board, event: Event) -> dict:
    """docs/rules.md § HCP-par: each side's HCP and the expected NS score of the board."""
    points = deal_hcp(board.deal)
    ns = points["N"] + points["S"]
    table = scoring.validate_hcp_par_table(event.hcp_par_table) if event.hcp_par_table else None
    expected = scoring.expected_score(ns, board.vulnerability, table)
    return {"ns": ns, "ew": 40 - ns, "expected": f"{expected:+.0f}"}


@dataclass
class HandRecord:
    board: object  # a BoardRecord
    hands: dict
    dd_rows: list
    par_contracts: list


def _director_round(request: HttpRequest, event_id: int, number: int):
    event = get_object_or_404(Event, pk=event_id)
    if not is_event_director(user=request.user, event=event):
        raise PermissionDenied
    return event


def hand_records(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    """The director's printable hand records of a round (four boards to an A4 page):
    hand diagrams with HCP, the double-dummy table and par."""
    event = _director_round(request, event_id, number)
    try:
        records = round_hand_records(event=event, number=number, actor=request.user)
    except BridgeError as exc:
        messages.error(request, exc.message)
        return redirect("tournaments:event_director", event_id=event.pk)
    sheets = [
        HandRecord(
            board=r,
            hands=_hands(r),
            dd_rows=_dd_rows(r),
            par_contracts=_par_html(r.par_contracts or ""),
        )
        for r in records
    ]
    pages = [sheets[i : i + 4] for i in range(0, len(sheets), 4)]
    return render(
        request,
        "tournaments/hand_records.html",
        {"event": event, "number": number, "pages": pages,
         "strains": [suit_html(s) for s in STRAIN_ORDER],
         "pending": any(not s.dd_rows for s in sheets)},
    )  # fmt: skip


def hand_records_pbn(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    event = _director_round(request, event_id, number)
    try:
        text = round_hands_pbn(event=event, number=number, actor=request.user)
    except BridgeError as exc:
        messages.error(request, exc.message)
        return redirect("tournaments:event_director", event_id=event.pk)
    response = HttpResponse(text, content_type="application/x-pbn; charset=utf-8")
    response["Content-Disposition"] = (
        f'attachment; filename="event-{event.pk}-round-{number}-hands.pbn"'
    )
    response["Cache-Control"] = "no-store"
    return response
