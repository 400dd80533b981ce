"""Pair page: round by round opponents, results, points, running total and place."""

from __future__ import annotations

from dataclasses import dataclass

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.safestring import SafeString

from .. import selectors
from ..formats import format_for
from ..models import Entry, Event, Result, Round
from .display import DASH, card_html, contract_html, points_text, score_text

CHART_W, CHART_H, PAD_L, PAD_R, PAD_T, PAD_B = 560, 180, 36, 14, 14, 28


@dataclass
class BoardLine:
    number: int
    contract: SafeString
    declarer: str
    tricks: str
    lead: SafeString
    ns_score: str
    score: str  # from the pair's own side (EW sees its own score, not NS's)
    points: str
    status: str


@dataclass
class RoundBlock:
    number: int
    table: int
    side: str
    opponents: Entry | None
    partner: object  # an individual event's (a User), else None
    opponent_players: list
    bye: bool
    hidden: bool  # some boards of this round (in play) are not shown to the user yet
    lines: list[BoardLine]
    points: str
    total: str
    place: int | None


def _board_line(result: Result, side: str, method: str) -> BoardLine:
    if result.status == Result.Status.ADJUSTED:
        adj = result.ns_adjustment if side == "NS" else result.ew_adjustment
        contract = SafeString(adj or DASH)
    elif result.status == Result.Status.CUT:
        contract = SafeString(DASH)
    else:
        contract = contract_html(result.contract)
    return BoardLine(
        number=result.board.number,
        contract=contract,
        declarer=result.declarer or DASH,
        tricks=DASH if result.tricks is None else str(result.tricks),
        lead=card_html(result.lead),
        ns_score=score_text(result.ns_score),
        score=score_text(
            None if result.ns_score is None else result.ns_score * (1 if side == "NS" else -1)
        ),
        points=points_text(result.ns_points if side == "NS" else result.ew_points, method),
        status=result.status,
    )


def place_chart(places: list[tuple[int, int]], field_size: int) -> dict | None:
    """Points of an SVG line chart of the place (1 on top) after each round."""
    if not places:
        return None
    rounds = max(r for r, _ in places)
    field_size = max(field_size, max(p for _, p in places), 2)
    inner_w, inner_h = CHART_W - PAD_L - PAD_R, CHART_H - PAD_T - PAD_B

    def x(r: int) -> float:
        return PAD_L + (inner_w * (r - 1) / (rounds - 1) if rounds > 1 else inner_w / 2)

    def y(p: int) -> float:
        return PAD_T + inner_h * (p - 1) / (field_size - 1)

    dots = [
        {"x": round(x(r), 1), "y": round(y(p), 1), "ly": round(y(p) - 9, 1), "round": r, "place": p}
        for r, p in places
    ]
    ticks = sorted({1, field_size, (field_size + 1) // 2})
    return {
        "width": CHART_W,
        "height": CHART_H,
        "points": " ".join(f"{d['x']},{d['y']}" for d in dots),
        "dots": dots,
        "y_ticks": [{"y": round(y(p), 1), "label": p} for p in ticks],
        "x_ticks": [{"x": round(x(r), 1), "label": r} for r in range(1, rounds + 1)],
        "left": PAD_L,
        "axis_x": PAD_L - 8,
        "right": CHART_W - PAD_R,
        "bottom": CHART_H - PAD_B,
        "label_y": CHART_H - 8,
    }


def pair_detail(request: HttpRequest, event_id: int, entry_id: int) -> HttpResponse:
    event = get_object_or_404(Event, pk=event_id)
    entry = selectors.entry_with_players_get(event=event, entry_id=entry_id)
    if entry is None:
        raise Http404
    # The visibility rule, as on the board page: of the round in play, the boards
    # unlocked for the user's table are shown; a player always sees their own table.
    sight = selectors.Sight(user=request.user, event=event)
    finished = event.status == Event.Status.FINISHED
    blocks = []
    for pr in selectors.pair_history_get(entry=entry):
        closed = finished or pr.table.round.status == Round.Status.CLOSED
        # Only an open round has hidden boards; whether this pair has results on them
        # is not shown either.
        shown = sight.results_at(pr.table, pr.results)
        # Whether the pair has results on hidden boards is not shown either.
        hidden = not closed and bool(sight.hidden) and not sight.at_table(pr.table)
        st = pr.standing
        blocks.append(
            RoundBlock(
                number=pr.round_number,
                table=pr.table.number,
                side=pr.side,
                opponents=pr.opponents,
                partner=pr.partner,
                opponent_players=pr.opponent_players,
                bye=pr.table.is_bye,
                hidden=hidden,
                lines=[_board_line(r, pr.side, event.method) for r in shown],
                points=points_text(st.points, event.method, total=True) if st else DASH,
                total=points_text(st.total, event.method, total=True) if st else DASH,
                place=st.place if st else None,
            )
        )
    places = [(b.number, b.place) for b in blocks if b.place]
    field_size = (
        Entry.objects.filter(event=event, registration_order__isnull=False)
        .exclude(status=Entry.Status.DECLINED)
        .count()
    )
    return render(
        request,
        "tournaments/pair_detail.html",
        {
            "event": event,
            "entry": entry,
            "blocks": blocks,
            "chart": place_chart(places, field_size),
            "total": points_text(entry.total, event.method, total=True),
            "field_size": field_size,
            "individual": format_for(event).individual,
        },
    )
