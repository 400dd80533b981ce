"""The director's actions on the pairs of an event: add a pair, have one sit out,
withdraw or come back in, and record an HCP-par disconnection."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
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


def _entry_view(
    action: Callable[[Entry, HttpRequest], object],
    done: str | Promise = "",
    *,
    level: int = messages.SUCCESS,
):
    """The director's page action on one pair of the event: logged in, POST only, the
    event's director (before the pair or the form's data is read), then back to the
    director page."""

    @login_required
    @require_POST
    def view(request: HttpRequest, event_id: int, entry_id: int) -> HttpResponse:
        event = event_for_director(request, event_id)
        entry = get_object_or_404(Entry, pk=entry_id, event=event)
        perform(request, lambda: action(entry, request), str(done), level=level)
        return director_back(event)

    return view


director_sit_out = _entry_view(
    lambda entry, request: services.entry_set_sitting_out(
        entry=entry, sitting_out=request.POST.get("sitting_out") == "1", director=request.user
    )
)
director_withdraw = _entry_view(
    lambda entry, request: services.entry_withdraw(entry=entry, by=request.user),
    gettext_lazy("The pair has withdrawn."),
    level=messages.INFO,
)
director_reinstate = _entry_view(
    lambda entry, request: services.entry_reinstate(entry=entry, director=request.user),
    gettext_lazy("The pair is back in: it plays from the next round."),
)
