"""Director pages: create an event; run it (entries, start, close rounds, corrections)."""

from __future__ import annotations

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from .. import selectors, services
from ..errors import BridgeError
from ..formats import format_for, formats
from ..formatting import left_out_text, more_minutes_text
from ..forms import AddPairForm, CorrectionForm, event_edit_form
from ..interchange import pbn_decode
from ..interchange.compare import event_scoring_compare
from ..interchange.deals import event_deals_import
from ..interchange.importers.dispatch import MAX_IMPORT_BYTES
from ..interchange.jobs import import_job_create
from ..models import Board, Entry, Event, EventLog, ImportJob, Result, Round, Table
from ..numbers import ascii_int
from ..permissions import is_event_director
from ..selectors.events import import_left_out_get
from ..selectors.imports import import_job_get
from ..services import schedule
from .actions import perform
from .display import contract_html, pair_names, score_text
from .eventlog import LEFT_OUT_SHOWN, left_out_more_text, log_sentence

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


def _imported_text(event: Event) -> str:
    n, boards = event.entries.count(), event.boards.count()
    entries = format_for(event).entries_count(n)
    return _("Imported: %(entries)s and %(boards)s, as the file gives them.") % {
        "entries": entries,
        "boards": ngettext("%(n)d board", "%(n)d boards", boards) % {"n": boards},
    }


def _import_page(request: HttpRequest, *, error="", name="", existing=None) -> HttpResponse:
    return render(
        request,
        "tournaments/results_import.html",
        {"error": error, "name": name, "existing": existing},
    )


@login_required
def results_import(request: HttpRequest) -> HttpResponse:
    """A director imports a finished event from another scorer's USEBIO or PBN file: in
    the background, with a progress page (at once when no worker runs the tasks)."""
    if not is_event_director(user=request.user):
        raise PermissionDenied
    error, name = "", request.POST.get("name", "").strip()[:120]
    existing = None  # the event the same file became (docs/rules.md § Files)
    if request.method == "POST":
        upload = request.FILES.get("file")
        if upload is None:
            error = _("Choose a USEBIO or PBN results file.")
        elif upload.size > MAX_IMPORT_BYTES:
            error = _("The file is larger than 4 MB.")
        else:
            try:
                job = import_job_create(
                    data=upload.read(), actor=request.user, name=name,
                    force=bool(request.POST.get("force")),
                )  # fmt: skip
            except BridgeError as exc:
                error = exc.message
            else:
                return _import_job_answer(request, job.pk, sent=True)
    return _import_page(request, error=error, name=name, existing=existing)


def _import_job_answer(request: HttpRequest, job_id: int, *, sent: bool = False) -> HttpResponse:
    """Where a job stands: the new event, the import page with what was wrong, or the
    progress page while it is queued or importing (after the upload, a redirect to it:
    no worker runs the tasks, the job has finished in the request already)."""
    job = import_job_get(job_id=job_id, user=request.user)
    if job is None:
        raise Http404
    if sent and job.status in (ImportJob.Status.QUEUED, ImportJob.Status.RUNNING):
        return redirect("tournaments:results_import_job", job_id=job.pk)
    if job.status == ImportJob.Status.DONE and job.event is not None:
        messages.success(request, _imported_text(job.event))
        _left_out_warn(request, job.event)
        return redirect("tournaments:event_detail", event_id=job.event_id)
    if job.status == ImportJob.Status.FAILED:
        return _import_page(request, error=job.error, name=job.name, existing=job.existing)
    if job.lost:
        error = _("The import did not finish. Send the file again.")
        return _import_page(request, error=error, name=job.name)
    return render(request, "tournaments/results_import_job.html", {"job": job})


@login_required
def results_import_job(request: HttpRequest, job_id: int) -> HttpResponse:
    """The progress page of a background import (it polls the job's status)."""
    if not is_event_director(user=request.user):
        raise PermissionDenied
    return _import_job_answer(request, job_id)


def results_import_job_status(request: HttpRequest, job_id: int) -> JsonResponse:
    """``events/import/<job>/status.json``: polled by the progress page."""
    if not is_event_director(user=request.user):
        return JsonResponse({"detail": _("Only the event's director may do this.")}, status=403)
    job = import_job_get(job_id=job_id, user=request.user)
    if job is None:
        return JsonResponse({"detail": _("No such import.")}, status=404)
    response = JsonResponse(
        {
            "status": job.status,
            "label": job.get_status_display(),
            "finished": job.lost or job.status in (ImportJob.Status.DONE, ImportJob.Status.FAILED),
            "event": job.event_id,
        }
    )
    response["Cache-Control"] = "no-store"
    return response


def _left_out_warn(request: HttpRequest, event: Event) -> None:
    """Name on the page the file's lines left out of an import (``docs/rules.md`` §
    Files): the first few, then how many more."""
    left_out = import_left_out_get(event=event)
    for line in left_out[:LEFT_OUT_SHOWN]:
        messages.warning(request, left_out_text(line))
    if len(left_out) > LEFT_OUT_SHOWN:
        messages.warning(request, left_out_more_text(len(left_out) - LEFT_OUT_SHOWN))


@login_required
def scoring_check(request: HttpRequest, event_id: int) -> HttpResponse:
    """An imported event's scores beside ours: where our scoring would differ."""
    event = _event_for_director(request, event_id)
    try:
        differences = event_scoring_compare(event=event, actor=request.user)
    except BridgeError as exc:
        messages.error(request, exc.message)
        return redirect("tournaments:event_detail", event_id=event.pk)
    return render(
        request,
        "tournaments/scoring_check.html",
        {"event": event, "differences": differences},
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


def _event_for_director(request: HttpRequest, event_id: int) -> Event:
    event = get_object_or_404(Event, pk=event_id)
    if not is_event_director(user=request.user, event=event):
        raise PermissionDenied
    return event


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


def _director_page(
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
    return _director_page(request, _event_for_director(request, event_id))


def _back(event: Event) -> HttpResponse:
    return redirect("tournaments:event_director", event_id=event.pk)


@login_required
@require_POST
def director_add_pair(request: HttpRequest, event_id: int) -> HttpResponse:
    event = _event_for_director(request, event_id)
    form = AddPairForm(request.POST)
    if form.is_valid():
        players = [form.cleaned_data["player1"], form.cleaned_data["player2"]]
        try:
            entry = services.entry_add(event=event, players=players, director=request.user)
        except BridgeError as exc:
            form.add_error(None, exc.message)
        else:
            messages.success(request, _("Pair %(names)s added.") % {"names": pair_names(entry)})
            return _back(event)
    return _director_page(request, event, add_form=form)


@login_required
@require_POST
def director_disconnection(request: HttpRequest, event_id: int, entry_id: int) -> HttpResponse:
    """HCP-par: record a pair's disconnection (20 IMPs off), or take one back."""
    event = _event_for_director(request, event_id)
    entry = get_object_or_404(Entry, pk=entry_id, event=event)
    undo = request.POST.get("undo") == "1"
    perform(
        request,
        lambda: services.entry_disconnection_record(entry=entry, director=request.user, undo=undo),
        _("Disconnection taken back.") if undo else _("Disconnection recorded: 20 IMPs off."),
    )
    return _back(event)


@login_required
@require_POST
def director_sit_out(request: HttpRequest, event_id: int, entry_id: int) -> HttpResponse:
    event = _event_for_director(request, event_id)
    entry = get_object_or_404(Entry, pk=entry_id, event=event)
    sitting_out = request.POST.get("sitting_out") == "1"
    perform(
        request,
        lambda: services.entry_set_sitting_out(
            entry=entry, sitting_out=sitting_out, director=request.user
        ),
    )
    return _back(event)


@login_required
@require_POST
def director_withdraw(request: HttpRequest, event_id: int, entry_id: int) -> HttpResponse:
    event = _event_for_director(request, event_id)
    entry = get_object_or_404(Entry, pk=entry_id, event=event)
    perform(
        request,
        lambda: services.entry_withdraw(entry=entry, by=request.user),
        _("The pair has withdrawn."),
        level=messages.INFO,
    )
    return _back(event)


@login_required
@require_POST
def director_start(request: HttpRequest, event_id: int) -> HttpResponse:
    event = _event_for_director(request, event_id)
    perform(
        request,
        lambda: services.event_start(event=event, actor=request.user),
        _("Round 1 is seated and open."),
    )
    return _back(event)


@login_required
@require_POST
def director_close_round(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    event = _event_for_director(request, event_id)
    if not Round.objects.filter(event=event, number=number).exists():
        messages.error(request, _("There is no round %(n)d.") % {"n": number})
        return _back(event)
    perform(
        request,
        lambda: services.round_close(event=event, number=number, actor=request.user),
        _("Round %(n)d closed.") % {"n": number},
    )
    return _back(event)


@login_required
@require_POST
def director_clock(request: HttpRequest, event_id: int) -> HttpResponse:
    """Pause or resume the event's clock, or give the round in play more minutes."""
    event = _event_for_director(request, event_id)
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
    return _back(event)


@login_required
@require_POST
def director_correct(request: HttpRequest, event_id: int) -> HttpResponse:
    event = _event_for_director(request, event_id)
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
                return _back(event)
    return _director_page(request, event, correction_form=form)


@login_required
def director_console(request: HttpRequest, event_id: int) -> HttpResponse:
    """The console fragment (polled by static/js/live.js every 10 s)."""
    event = _event_for_director(request, event_id)
    response = render(
        request,
        "tournaments/_console.html",
        {"event": event, "console": selectors.console_get(event=event)},
    )
    response["Cache-Control"] = "no-store"
    return response


@login_required
@require_POST
def director_reinstate(request: HttpRequest, event_id: int, entry_id: int) -> HttpResponse:
    event = _event_for_director(request, event_id)
    entry = get_object_or_404(Entry, pk=entry_id, event=event)
    perform(
        request,
        lambda: services.entry_reinstate(entry=entry, director=request.user),
        _("The pair is back in: it plays from the next round."),
    )
    return _back(event)


@login_required
@require_POST
def director_import_deals(request: HttpRequest, event_id: int) -> HttpResponse:
    """The PBN import on the director page (as the API and the command have it)."""
    event = _event_for_director(request, event_id)
    upload = request.FILES.get("pbn")
    if upload is None:
        messages.error(request, _("Choose a PBN file to load."))
        return _back(event)
    if upload.size > 2 * 1024 * 1024:
        messages.error(request, _("The file is larger than 2 MB."))
        return _back(event)
    text = pbn_decode(upload.read())
    perform(
        request,
        lambda: event_deals_import(event=event, text=text, actor=request.user),
        _("Deals loaded: the boards will be dealt as in the file."),
    )
    return _back(event)


@login_required
@require_POST
def director_hcp_par_table(request: HttpRequest, event_id: int) -> HttpResponse:
    """Load an HCP-par expected-score table (a JSON file, as ``build_hcp_par`` writes
    it), or go back to the shipped one (``docs/rules.md`` § HCP-par)."""
    event = _event_for_director(request, event_id)
    if request.POST.get("shipped"):
        table = None
    else:
        upload = request.FILES.get("table")
        if upload is None:
            messages.error(request, _("Choose a JSON file to load."))
            return _back(event)
        if upload.size > 2 * 1024 * 1024:
            messages.error(request, _("The file is larger than 2 MB."))
            return _back(event)
        try:
            table = json.loads(upload.read().decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            messages.error(request, _("The file is not JSON."))
            return _back(event)
    perform(
        request,
        lambda: services.event_hcp_par_table_set(event=event, director=request.user, table=table),
        _("The expected-score table is loaded.")
        if table is not None
        else _("The event scores with the shipped expected-score table."),
    )
    return _back(event)


@login_required
def event_edit(request: HttpRequest, event_id: int) -> HttpResponse:
    """Edit (or reschedule) an event; while registration is open it can be cancelled."""
    event = _event_for_director(request, event_id)
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
            return _back(event)
    return render(
        request,
        "tournaments/event_edit.html",
        {"event": event, "form": form, "can_cancel": event.status == Event.Status.REGISTRATION},
    )
