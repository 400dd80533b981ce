"""My table: where the player sits now, the boards to play, result entry and confirmation."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from .. import selectors, services
from ..deals import deal_hands
from ..errors import BridgeError
from ..formats import format_for
from ..formats.movements.selectors import movement_next_get
from ..forms import ResultForm
from ..models import Board, Event, Result
from ..numbers import ascii_int
from .display import DASH, SUITS, card_html, contract_html, score_text

FIELD_OF_CODE = {"contract": "contract", "declarer": "declarer", "tricks": "tricks", "lead": "lead"}


@dataclass
class BoardSlot:
    board: Board
    result: Result | None
    form: ResultForm | None
    contract: SafeString
    lead: SafeString
    ns_score: str
    score: str  # from the user's own side
    can_confirm: bool  # accept or reject
    awaiting: bool
    disputed: bool
    hand: list[tuple[str, str, str]] | None  # online play: (suit, symbol, cards)
    withheld: bool = False  # a result the user may not see yet (not seated at this table)


def _hand(board: Board, seat_letter: str | None):
    if seat_letter is None:
        return None
    cards = deal_hands(board.deal)[seat_letter]
    return [(s, SUITS[s], cards[s] or DASH) for s in "SHDC"]


def board_slots(seat, bound: dict[int, ResultForm], user) -> list[BoardSlot]:
    event = seat.round.event
    playable = seat.round.is_open and not seat.table.is_bye
    own_seat = (  # a team member not seated at this table (yet) holds no hand here
        selectors.seat_letter_of(table=seat.table, side=seat.side, entry=seat.entry, user=user)
        if event.online_play and seat.round.is_open and not seat.table.is_bye and seat.sits_here
        else None
    )
    sign = 1 if seat.side == "NS" else -1
    slots = []
    for board in seat.boards:
        result = seat.results.get(board.pk)
        form = None
        withheld = board.pk in seat.withheld
        if result is None and playable and not withheld:
            form = bound.get(board.pk) or ResultForm(
                prefix=f"b{board.pk}", lead_required=event.lead_required
            )
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
                score=score_text(result.ns_score * sign) if played else DASH,
                can_confirm=unconfirmed and result.entered_side != seat.side,
                awaiting=unconfirmed and result.entered_side == seat.side,
                disputed=unconfirmed and result.disputed_at is not None,
                hand=_hand(board, own_seat),
                withheld=withheld,
            )
        )
    return slots


def posted_results_submit(request: HttpRequest, seat) -> tuple[bool, dict[int, ResultForm]]:
    """Validate and submit one board's form; return (stored, {board id: bound form}).

    A refusal is shown on the board's form, or, when the page shows no form for that
    board (it has a result, the round has ended), as a message (see ``unshown_errors_show``).
    """
    board_id = ascii_int(request.POST.get("board", ""), signed=False)
    if board_id not in {b.pk for b in seat.boards}:
        messages.error(request, _("That board is not played at your table."))
        return False, {}
    if request.POST.get("not_played"):  # one tap: the board was not played here
        try:
            services.result_not_played(table_id=seat.table.pk, board_id=board_id, user=request.user)
        except BridgeError as exc:
            messages.error(request, exc.message)
            return False, {}
        return True, {}
    data = request.POST.copy()
    if request.POST.get("passed_out"):  # one tap: all four passed
        data[f"b{board_id}-contract"] = "PASS"
    form = ResultForm(data, prefix=f"b{board_id}", lead_required=seat.round.event.lead_required)
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


def unshown_errors_show(request: HttpRequest, slots: list[BoardSlot], bound) -> None:
    """The errors of a submitted form the page does not show become messages."""
    shown = {slot.board.pk for slot in slots if slot.form is not None}
    for board_id, form in bound.items():
        if board_id not in shown:
            for errors in form.errors.values():
                for error in errors:
                    messages.error(request, error)


def _iso(value) -> str | None:
    return value.isoformat() if value is not None else None


def _state(event: Event, state: selectors.MyTableState) -> dict:
    """The polled state; ``signature`` changes exactly when the page must be redrawn
    (another round, the round closed, another table, the event started or finished) and
    ``due`` is when the next change is expected (round end, next start, event start)."""
    rnd = state.round
    if rnd is None:
        due = event.round_start(1) if event.status == Event.Status.REGISTRATION else None
    elif rnd.is_open:
        due = None if event.paused_at else rnd.ends_at  # a paused clock is not due
    else:
        due = state.next_starts_at
    number = rnd.number if rnd else 0
    status = rnd.status if rnd else ""
    return {
        "event": event.pk,
        "event_status": event.status,
        "paused": event.paused_at is not None,
        "round": number,
        "num_rounds": event.num_rounds,
        "status": status,
        "ends_at": _iso(rnd.ends_at) if rnd else None,
        "table": state.table_number,
        "next_round": state.next_round,
        "next_starts_at": _iso(state.next_starts_at),
        "due": _iso(due),
        # A pause or resume (or an extension) redraws the page too.
        "signature": f"{event.status}:{number}:{status}:{state.table_number or 0}"
        f":{int(event.paused_at is not None)}:{_iso(rnd.ends_at) if rnd else ''}"
        f":{state.results}",
        "results": state.results,
        "now": timezone.now().isoformat(),
    }


def play_url_of(event: Event, seat) -> str | None:
    """The online table where ``seat``'s player plays the round now (``docs/rules.md``
    § Online play: my-table leads there while an online round is open); None at a
    physical table, a bye, a closed round, or a team's room the player does not sit in.
    The online app's page is reached by its URL name only: tournaments never imports it."""
    if seat is None or not event.online_play or not seat.round.is_open or seat.table.is_bye:
        return None
    if not seat.sits_here:
        return None
    return reverse("online:table", args=[event.pk, seat.table.pk])


def typed_back(event: Event) -> str:
    """Where a typed entry, confirmation or rejection goes back to: my-table, or in an
    event played online its typed-entry page (my-table itself opens the table)."""
    fmt = format_for(event)
    return reverse(
        fmt.my_table_entry_url if event.online_play else fmt.my_table_url, args=[event.pk]
    )


@login_required
def my_table(request: HttpRequest, event_id: int, typed: bool = False) -> HttpResponse:
    """The player's table in the round. In an event played online, while the round is
    open, it opens the online table itself; ``typed`` (``my-table/entry/``) is the typed
    entry of results, the director's fallback (``docs/rules.md`` § Entry and
    confirmation), reached by a link from the table."""
    event = get_object_or_404(Event, pk=event_id)
    if format_for(event).my_table_url != "tournaments:my_table":  # the pool's own table page
        name = format_for(event).my_table_entry_url if typed else format_for(event).my_table_url
        return redirect(name, event_id=event.pk)
    here = reverse(
        "tournaments:my_table_entry" if typed else "tournaments:my_table", args=[event.pk]
    )
    # The polled state first: if a round changes in between, the next poll redraws.
    state = _state(event, selectors.my_table_state_get(event=event, user=request.user))
    room = request.GET.get("room") or None  # a team member not seated yet picks a room
    seat = selectors.my_table_get(event=event, user=request.user, room=room)
    play_url = play_url_of(event, seat)
    if request.method == "GET" and play_url and not typed:  # the table itself
        return redirect(play_url)
    bound: dict[int, ResultForm] = {}
    if request.method == "POST" and seat is None:
        messages.error(request, _("You have no table in this round."))
    elif request.method == "POST" and request.POST.get("sit"):  # sit down in this room
        try:
            services.table_sit(table_id=seat.table.pk, user=request.user)
        except BridgeError as exc:
            messages.error(request, exc.message)
        else:
            messages.success(request, _("You sit at table %(n)d.") % {"n": seat.table.number})
            return redirect(here)
    elif request.method == "POST":
        stored, bound = posted_results_submit(request, seat)
        if stored:
            messages.success(request, _("Result entered. Your opponents confirm it."))
            return redirect(here)
    context = {"event": event, "seat": seat, "state": state, "typed": typed}
    if seat is None:
        membership = selectors.membership_get(event=event, user=request.user)
        context["entered"] = membership is not None
        if membership is not None and state["status"] == "open":
            context["rooms"] = [
                seat
                for name in ("open", "closed")
                if (seat := selectors.my_table_get(event=event, user=request.user, room=name))
            ]
    if seat is not None:
        slots = board_slots(seat, bound, request.user)
        unshown_errors_show(request, slots, bound)
        context.update(
            slots=slots,
            finished=event.status == Event.Status.FINISHED,
            next_start=event.round_start(seat.round.number + 1)
            if not seat.round.is_open and seat.round.number < event.num_rounds
            else None,
        )
        context["play_url"] = play_url  # docs/rules.md § Online play: the virtual table
        context["my_entry"] = next(
            (e for e in (seat.table.ns, seat.table.ew) if e and e.pk == seat.entry.pk), seat.entry
        )
    if format_for(event).movement:  # docs/rules.md § Movements: where next
        context["next_move"] = movement_next_get(
            event=event, entry_ids=selectors.entry_ids_of(user=request.user, event=event)
        )
    # The page follows the event by itself (static/js/mytable.js) until it has finished.
    context["poll"] = event.status != Event.Status.FINISHED and (
        seat is not None or context.get("entered", False)
    )
    return render(request, "tournaments/my_table.html", context)


def my_table_state(request: HttpRequest, event_id: int) -> JsonResponse:
    """``my-table/state.json``: polled by static/js/mytable.js (every 5 s while waiting for
    the next round) so that the page moves on to the next round's seating by itself."""
    if not request.user.is_authenticated:
        return JsonResponse({"detail": _("Log in to see your table.")}, status=403)
    event = get_object_or_404(Event, pk=event_id)
    state = selectors.my_table_state_get(event=event, user=request.user)
    response = JsonResponse(_state(event, state))
    response["Cache-Control"] = "no-store"
    return response


@login_required
@require_POST
def result_reject(request: HttpRequest, event_id: int, result_id: int) -> HttpResponse:
    """The confirming side rejects the entry, with a reason: the board is disputed."""
    result = get_object_or_404(
        Result.objects.select_related("board__event"), pk=result_id, board__event_id=event_id
    )
    try:
        services.result_reject(
            result_id=result.pk, user=request.user, reason=request.POST.get("reason", "")
        )
    except BridgeError as exc:
        messages.error(request, exc.message)
    else:
        messages.warning(
            request,
            _("Board %(n)d is disputed: the director has been told.") % {"n": result.board.number},
        )
    return redirect(typed_back(result.board.event))


@login_required
@require_POST
def result_confirm(request: HttpRequest, event_id: int, result_id: int) -> HttpResponse:
    result = get_object_or_404(
        Result.objects.select_related("board__event"), pk=result_id, board__event_id=event_id
    )
    try:
        services.result_confirm(result_id=result.pk, user=request.user)
    except BridgeError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, _("Board %(n)d confirmed.") % {"n": result.board.number})
    return redirect(typed_back(result.board.event))


@login_required
def my_table_current(request: HttpRequest) -> HttpResponse:
    """The header's "My table": the running (or next) event the user is entered in."""
    event = selectors.current_event_for_get(user=request.user)
    if event is not None:
        return redirect("tournaments:my_table", event_id=event.pk)
    return render(request, "tournaments/my_table.html", {"event": None, "seat": None})
