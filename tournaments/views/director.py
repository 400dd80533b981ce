"""Director pages: create an event; run it (start, close rounds, the clock, corrections,
edits). The actions on its pairs are in ``director_entries.py``, the files a director
loads in ``imports.py``."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from .. import selectors, services
from ..errors import BridgeError
from ..formats import formats
from ..formatting import more_minutes_text
from ..forms import AddPairForm, CorrectionForm, event_edit_form
from ..models import Board, Entry, Event, EventLog, Result, Round, Table
from ..numbers import ascii_int
from ..permissions import is_event_director
from ..services import schedule
from .actions import director_back, event_for_director, perform
from .display import contract_html, score_text
from .eventlog import log_sentence

EXTEND_MINUTES = 5


def _minutes(value: str | None) -> int:
    """The director's "extend by" field: whole minutes 0-9 (the service checks the range)."""
    if value in (None, ""):
        return EXTEND_MINUTES
    minutes = ascii_int(value, signed=False)
    if minutes is None:
        raise BridgeError(_("Extend by 1 to 240 minutes."), code="minutes")
    return minutes


CORRECTION_FIELD_OF_CODE = {
    "contract": "contract",
    "declarer": "declarer",
    "tricks": "tricks",
    "lead": "lead",
    "adjustment": "ns_adjustment",
}


def _describe(snapshot: dict) -> SafeString:
    """A stored result snapshot as people read it: 4♠X N 9 (−500), A+/A−, cut."""
    if not snapshot:
        return SafeString("—")
    status = snapshot.get("status")
    if status == Result.Status.ADJUSTED:
        return format_html(
            "{} {}/{}",
            _("adjusted"),
            snapshot.get("ns_adjustment") or "—",
            snapshot.get("ew_adjustment") or "—",
        )
    if status == Result.Status.CUT:
        return format_html("{}", _("not played"))
    tricks = snapshot.get("tricks")
    return format_html(
        "{} {} {} ({})",
        contract_html(snapshot.get("contract", "")),
        snapshot.get("declarer") or "",
        "" if tricks is None else tricks,
        score_text(snapshot.get("ns_score")),
    )


@login_required
def event_create(request: HttpRequest, kind: str | None = None) -> HttpResponse:
    """A director's new event of any format (``docs/rules.md`` § Formats): ``?kind=``
    (or the kind an older address presets) chooses the format, whose creation form the
    one template shows; the form's own ``kind`` field, if it has one, picks among the
    kinds sharing it. ``event_create`` makes the event."""
    kind = kind or request.GET.get("kind") or Event.Kind.SWISS_PAIRS
    fmt = formats().get(kind)
    form_class = fmt.creation_form() if fmt is not None else None
    if not is_event_director(user=request.user):  # before anything else is said
        if form_class is None or not form_class.refused:
            raise PermissionDenied
        messages.error(request, form_class.refused)
        return redirect("tournaments:event_list")
    if form_class is None:
        raise Http404
    form = form_class(request.POST or None, initial={"kind": kind})
    if request.method == "POST" and form.is_valid():
        try:
            event = services.event_create(user=request.user, **{"kind": kind, **form.settings()})
        except BridgeError as exc:
            form.add_error(None, exc.message)
        else:
            messages.success(request, form.created)
            return redirect(form.created_url, event_id=event.pk)
    kinds = [k for k, f in formats().items() if f.creation_form() is not None]
    return render(
        request,
        "tournaments/event_form.html",
        {"form": form, "kind": kind, "kinds": [(k, Event.Kind(k).label) for k in kinds]},
    )


def _stored_for_correction(event: Event, form: CorrectionForm) -> dict | None:
    """What the correction form is about (a console cell's link, or the form sent
    back): the table, the board and the result stored there, if any, so the director
    sees the disputed result (who entered it, who disputed it and why) beside the form."""
    if form.is_bound:
        wanted = {k: ascii_int(form.data.get(k) or "", signed=False) for k in ("table", "board")}
    else:
        wanted = {k: form.initial.get(k) for k in ("table", "board")}
    if not all(0 < (wanted[k] or 0) <= 32767 for k in wanted):  # numbers of small columns
        return None
    result = selectors.result_at_get(
        event=event, table_number=wanted["table"], board_number=wanted["board"]
    )
    return {**wanted, "result": result}


def director_page(
    request: HttpRequest,
    event: Event,
    *,
    add_form: AddPairForm | None = None,
    correction_form: CorrectionForm | None = None,
) -> HttpResponse:
    entries = list(selectors.entries_with_players(event).order_by("registration_order", "pk"))
    rounds = list(Round.objects.filter(event=event).order_by("number"))
    open_round = next((r for r in rounds if r.is_open), None)
    log = EventLog.objects.filter(event=event).select_related("actor")[:15]
    if correction_form is None:  # a console cell links here with its table and board
        wanted = {k: ascii_int(request.GET.get(k, ""), signed=False) for k in ("table", "board")}
        correction_form = CorrectionForm(initial={k: v for k, v in wanted.items() if v})
    stored = _stored_for_correction(event, correction_form)
    console = selectors.console_get(event=event)
    tables = console.tables_of()
    for e in entries:  # where each pair sits in the round in play (the console's tables)
        e.tables_now = tables.get(e.pk, [])
    hand_rounds = [
        n
        for n in (event.current_round, event.current_round + 1)
        if 1 <= n <= event.num_rounds
        and event.status not in (Event.Status.FINISHED, Event.Status.CANCELLED)
    ]
    return render(
        request,
        "tournaments/event_director.html",
        {
            "event": event,
            "entries": entries,
            "confirmed": sum(1 for e in entries if e.status == Entry.Status.CONFIRMED),
            "rounds": rounds,
            "open_round": open_round,
            "can_start": event.status == Event.Status.REGISTRATION,
            "add_form": add_form or AddPairForm(),
            "correction_form": correction_form or CorrectionForm(),
            "stored": stored,
            "corrections": [
                (c, _describe(c.old_value), _describe(c.new_value))
                for c in selectors.corrections_recent_get(event=event)
            ],
            "log": [(row, log_sentence(row)) for row in log],
            "extend_minutes": EXTEND_MINUTES,
            "console": console,
            "hand_rounds": hand_rounds,
            "can_import": event.status == Event.Status.REGISTRATION and not rounds,
            "hcp_par_upload": event.method == Event.Method.HCP_PAR
            and event.status == Event.Status.REGISTRATION,
        },
    )


@login_required
def event_director(request: HttpRequest, event_id: int) -> HttpResponse:
    return director_page(request, event_for_director(request, event_id))


@login_required
@require_POST
def director_start(request: HttpRequest, event_id: int) -> HttpResponse:
    event = event_for_director(request, event_id)
    perform(
        request,
        lambda: services.event_start(event=event, actor=request.user),
        _("Round 1 is seated and open."),
    )
    return director_back(event)


@login_required
@require_POST
def director_close_round(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    event = event_for_director(request, event_id)
    if not Round.objects.filter(event=event, number=number).exists():
        messages.error(request, _("There is no round %(n)d.") % {"n": number})
        return director_back(event)
    perform(
        request,
        lambda: services.round_close(event=event, number=number, actor=request.user),
        _("Round %(n)d closed.") % {"n": number},
    )
    return director_back(event)


@login_required
@require_POST
def director_clock(request: HttpRequest, event_id: int) -> HttpResponse:
    """Pause or resume the event's clock, or give the round in play more minutes."""
    event = event_for_director(request, event_id)
    action = request.POST.get("action")
    try:
        if action == "pause":
            schedule.event_pause(event=event, director=request.user)
            messages.info(request, _("The clock is paused."))
        elif action == "resume":
            schedule.event_resume(event=event, director=request.user)
            messages.info(request, _("The clock runs again."))
        elif action == "extend":
            minutes = _minutes(request.POST.get("minutes"))
            schedule.round_extend(event=event, director=request.user, minutes=minutes)
            messages.info(request, more_minutes_text(minutes))
        else:
            messages.error(request, _("Choose pause, resume or extend."))
    except BridgeError as exc:
        messages.error(request, exc.message)
    return director_back(event)


@login_required
@require_POST
def director_correct(request: HttpRequest, event_id: int) -> HttpResponse:
    event = event_for_director(request, event_id)
    form = CorrectionForm(request.POST)
    if form.is_valid():
        data = form.cleaned_data
        board = (
            Board.objects.select_related("round").filter(event=event, number=data["board"]).first()
        )
        table = (
            Table.objects.filter(round_id=board.round_id, number=data["table"]).first()
            if board
            else None
        )
        if board is None:
            form.add_error("board", _("This event has no board %(n)d.") % {"n": data["board"]})
        elif table is None:
            form.add_error(
                "table",
                _("Round %(r)d has no table %(t)d.")
                % {"r": board.round.number, "t": data["table"]},
            )
        else:
            try:
                services.result_correct(
                    table_id=table.pk,
                    board_id=board.pk,
                    director=request.user,
                    contract=data["contract"],
                    declarer=data["declarer"],
                    tricks=data["tricks"],
                    lead=data["lead"],
                    ns_adjustment=data["ns_adjustment"],
                    ew_adjustment=data["ew_adjustment"],
                    reason=data["reason"],
                )
            except BridgeError as exc:
                form.add_error(CORRECTION_FIELD_OF_CODE.get(exc.code), exc.message)
            else:
                messages.success(
                    request,
                    _("Board %(b)d at table %(t)d corrected.")
                    % {"b": board.number, "t": table.number},
                )
                return director_back(event)
    return director_page(request, event, correction_form=form)


@login_required
def director_console(request: HttpRequest, event_id: int) -> HttpResponse:
    """The console fragment (polled by static/js/live.js every 10 s)."""
    event = event_for_director(request, event_id)
    response = render(
        request,
        "tournaments/_console.html",
        {"event": event, "console": selectors.console_get(event=event)},
    )
    response["Cache-Control"] = "no-store"
    return response


@login_required
def event_edit(request: HttpRequest, event_id: int) -> HttpResponse:
    """Edit (or reschedule) an event; while registration is open it can be cancelled."""
    event = event_for_director(request, event_id)
    form = event_edit_form(event, request.POST or None)
    if request.method == "POST" and request.POST.get("cancel_event"):
        if perform(
            request,
            lambda: services.event_cancel(event=event, director=request.user),
            _("The event is cancelled."),
        ):
            return redirect("tournaments:event_detail", event_id=event.pk)
    elif request.method == "POST" and form.is_valid():
        changes = {k: v for k, v in form.cleaned_data.items() if k in form.changed_data}
        if perform(
            request,
            lambda: services.event_update(event=event, director=request.user, **changes),
            _("Event saved."),
        ):
            return director_back(event)
    return render(
        request,
        "tournaments/event_edit.html",
        {"event": event, "form": form, "can_cancel": event.status == Event.Status.REGISTRATION},
    )
