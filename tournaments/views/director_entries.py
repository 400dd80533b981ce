"""The director's actions on the pairs of an event: add a pair, have one sit out,
withdraw or come back in, and record an HCP-par disconnection."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from .. import services
from ..errors import BridgeError
from ..forms import AddPairForm
from ..models import Entry
from .actions import director_back, event_for_director, perform
from .director import director_page
from .display import pair_names


@login_required
@require_POST
def director_add_pair(request: HttpRequest, event_id: int) -> HttpResponse:
    event = event_for_director(request, event_id)
    form = AddPairForm(request.POST)
    if form.is_valid():
        players = [form.cleaned_data["player1"], form.cleaned_data["player2"]]
        try:
            entry = services.entry_add(event=event, players=players, director=request.user)
        except BridgeError as exc:
            form.add_error(None, exc.message)
        else:
            messages.success(request, _("Pair %(names)s added.") % {"names": pair_names(entry)})
            return director_back(event)
    return director_page(request, event, add_form=form)


@login_required
@require_POST
def director_disconnection(request: HttpRequest, event_id: int, entry_id: int) -> HttpResponse:
    """HCP-par: record a pair's disconnection (20 IMPs off), or take one back."""
    event = event_for_director(request, event_id)
    entry = get_object_or_404(Entry, pk=entry_id, event=event)
    undo = request.POST.get("undo") == "1"
    perform(
        request,
        lambda: services.entry_disconnection_record(entry=entry, director=request.user, undo=undo),
        _("Disconnection taken back.") if undo else _("Disconnection recorded: 20 IMPs off."),
    )
    return director_back(event)


@login_required
@require_POST
def director_sit_out(request: HttpRequest, event_id: int, entry_id: int) -> HttpResponse:
    event = event_for_director(request, event_id)
    entry = get_object_or_404(Entry, pk=entry_id, event=event)
    sitting_out = request.POST.get("sitting_out") == "1"
    perform(
        request,
        lambda: services.entry_set_sitting_out(
            entry=entry, sitting_out=sitting_out, director=request.user
        ),
    )
    return director_back(event)


@login_required
@require_POST
def director_withdraw(request: HttpRequest, event_id: int, entry_id: int) -> HttpResponse:
    event = event_for_director(request, event_id)
    entry = get_object_or_404(Entry, pk=entry_id, event=event)
    perform(
        request,
        lambda: services.entry_withdraw(entry=entry, by=request.user),
        _("The pair has withdrawn."),
        level=messages.INFO,
    )
    return director_back(event)


@login_required
@require_POST
def director_reinstate(request: HttpRequest, event_id: int, entry_id: int) -> HttpResponse:
    event = event_for_director(request, event_id)
    entry = get_object_or_404(Entry, pk=entry_id, event=event)
    perform(
        request,
        lambda: services.entry_reinstate(entry=entry, director=request.user),
        _("The pair is back in: it plays from the next round."),
    )
    return director_back(event)
