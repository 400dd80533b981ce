"""The files a director loads: another scorer's finished event (USEBIO or PBN, in the
background, with a progress page) and the check of its scores against ours, an event's
deals (PBN) and an HCP-par expected-score table (``docs/rules.md`` § Files)."""

from __future__ import annotations

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from .. import services
from ..errors import BridgeError
from ..formats import format_for
from ..formatting import left_out_text
from ..interchange import pbn_decode
from ..interchange.compare import event_scoring_compare
from ..interchange.deals import event_deals_import
from ..interchange.importers.dispatch import MAX_IMPORT_BYTES
from ..interchange.jobs import import_job_create
from ..models import Event, ImportJob
from ..permissions import is_event_director
from ..selectors.events import import_left_out_get
from ..selectors.imports import import_job_get
from .actions import director_back, event_for_director, perform
from .eventlog import LEFT_OUT_SHOWN, left_out_more_text


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
    event = event_for_director(request, event_id)
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
@require_POST
def director_import_deals(request: HttpRequest, event_id: int) -> HttpResponse:
    """The PBN import on the director page (as the API and the command have it)."""
    event = event_for_director(request, event_id)
    upload = request.FILES.get("pbn")
    if upload is None:
        messages.error(request, _("Choose a PBN file to load."))
        return director_back(event)
    if upload.size > 2 * 1024 * 1024:
        messages.error(request, _("The file is larger than 2 MB."))
        return director_back(event)
    text = pbn_decode(upload.read())
    perform(
        request,
        lambda: event_deals_import(event=event, text=text, actor=request.user),
        _("Deals loaded: the boards will be dealt as in the file."),
    )
    return director_back(event)


@login_required
@require_POST
def director_hcp_par_table(request: HttpRequest, event_id: int) -> HttpResponse:
    """Load an HCP-par expected-score table (a JSON file, as ``build_hcp_par`` writes
    it), or go back to the shipped one (``docs/rules.md`` § HCP-par)."""
    event = event_for_director(request, event_id)
    if request.POST.get("shipped"):
        table = None
    else:
        upload = request.FILES.get("table")
        if upload is None:
            messages.error(request, _("Choose a JSON file to load."))
            return director_back(event)
        if upload.size > 2 * 1024 * 1024:
            messages.error(request, _("The file is larger than 2 MB."))
            return director_back(event)
        try:
            table = json.loads(upload.read().decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            messages.error(request, _("The file is not JSON."))
            return director_back(event)
    perform(
        request,
        lambda: services.event_hcp_par_table_set(event=event, director=request.user, table=table),
        _("The expected-score table is loaded.")
        if table is not None
        else _("The event scores with the shipped expected-score table."),
    )
    return director_back(event)
