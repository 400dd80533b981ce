"""My table: where the player sits now, the boards to play, result entry and confirmation."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from .. import selectors, services
from ..errors import BridgeError
from ..forms import ResultForm
from ..models import Board, Event, Result
from .display import DASH, card_html, contract_html, score_text

FIELD_OF_CODE = {"contract": "contract", "declarer": "declarer", "tricks": "tricks", "lead": "lead"}


@dataclass
class BoardSlot:
    board: Board
    result: Result | None
    form: ResultForm | None
    contract: SafeString
    lead: SafeString
    ns_score: str
    can_confirm: bool
    awaiting: bool


def _slots(seat, bound: dict[int, ResultForm]) -> list[BoardSlot]:
    playable = seat.round.is_open and not seat.table.is_bye
    slots = []
    for board in seat.boards:
        result = seat.results.get(board.pk)
        form = None
        if result is None and playable:
            form = bound.get(board.pk) or ResultForm(prefix=f"b{board.pk}")
        played = result is not None and result.status == Result.Status.PLAYED
        unconfirmed = played and result.confirmed_at is None
        slots.append(
            BoardSlot(
                board=board,
                result=result,
                form=form,
                contract=contract_html(result.contract) if played else SafeString(DASH),
                lead=card_html(result.lead) if played else SafeString(DASH),
                ns_score=score_text(result.ns_score) if played else DASH,
                can_confirm=unconfirmed and result.entered_side != seat.side,
                awaiting=unconfirmed and result.entered_side == seat.side,
            )
        )
    return slots


def _submit(request: HttpRequest, seat) -> tuple[bool, dict[int, ResultForm]]:
    """Validate and submit one board's form; return (stored, {board id: bound form})."""
    try:
        board_id = int(request.POST.get("board", ""))
    except ValueError:
        return False, {}
    if board_id not in {b.pk for b in seat.boards}:
        messages.error(request, _("That board is not played at your table."))
        return False, {}
    form = ResultForm(request.POST, prefix=f"b{board_id}")
    if form.is_valid():
        data = form.cleaned_data
        try:
            services.result_submit(
                table_id=seat.table.pk,
                board_id=board_id,
                user=request.user,
                contract=data["contract"],
                declarer=data["declarer"],
                tricks=data["tricks"],
                lead=data["lead"],
            )
        except BridgeError as exc:
            form.add_error(FIELD_OF_CODE.get(exc.code), exc.message)
        else:
            return True, {}
    return False, {board_id: form}


@login_required
def my_table(request: HttpRequest, event_id: int) -> HttpResponse:
    event = get_object_or_404(Event, pk=event_id)
    seat = selectors.my_table_get(event=event, user=request.user)
    bound: dict[int, ResultForm] = {}
    if request.method == "POST" and seat is not None:
        stored, bound = _submit(request, seat)
        if stored:
            messages.success(request, _("Result entered. Your opponents confirm it."))
            return redirect("tournaments:my_table", event_id=event.pk)
    context = {"event": event, "seat": seat}
    if seat is None:
        context["entered"] = selectors.membership_get(event=event, user=request.user) is not None
    if seat is not None:
        context.update(
            slots=_slots(seat, bound),
            finished=event.status == Event.Status.FINISHED,
            next_start=event.round_start(seat.round.number + 1)
            if not seat.round.is_open and seat.round.number < event.num_rounds
            else None,
        )
        context["my_entry"] = next(
            (e for e in (seat.table.ns, seat.table.ew) if e and e.pk == seat.entry.pk), seat.entry
        )
    return render(request, "tournaments/my_table.html", context)


@login_required
@require_POST
def result_confirm(request: HttpRequest, event_id: int, result_id: int) -> HttpResponse:
    result = get_object_or_404(Result, pk=result_id, board__event_id=event_id)
    try:
        services.result_confirm(result_id=result.pk, user=request.user)
    except BridgeError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, _("Board %(n)d confirmed.") % {"n": result.board.number})
    return redirect("tournaments:my_table", event_id=event_id)


@login_required
def my_table_current(request: HttpRequest) -> HttpResponse:
    """The header's "My table": the running (or next) event the user is entered in."""
    event = selectors.current_event_for_get(user=request.user)
    if event is not None:
        return redirect("tournaments:my_table", event_id=event.pk)
    return render(request, "tournaments/my_table.html", {"event": None, "seat": None})
