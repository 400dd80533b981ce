"""Event index, event page (header, registration, standings and score grid) and registration."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from .. import selectors, services
from ..errors import BridgeError
from ..formats import format_for
from ..formats.teams.forms import TeamEnterForm
from ..formats.teams.selectors import teams_captained_by
from ..forms import EventSearchForm, RegisterForm
from ..models import Entry, Event, EventLog, Round, TeamEntry
from ..permissions import is_event_director
from .actions import perform
from .display import pair_names
from .standings import page_standings_context


def event_list(request: HttpRequest) -> HttpResponse:
    form = EventSearchForm(request.GET or None)
    query, on = "", None
    if form.is_valid():
        query, on = form.cleaned_data["q"], form.cleaned_data["date"]
    events = selectors.event_index_get(query=query, on=on)
    page = Paginator(events, 20).get_page(request.GET.get("page"))
    for event in page:
        event.winner_names = [pair_names(e) for e in event.winners]
    return render(
        request,
        "tournaments/event_list.html",
        {
            "form": form,
            "page": page,
            "searching": bool(query or on),
            "can_create": is_event_director(user=request.user),
        },
    )


def event_detail(request: HttpRequest, event_id: int) -> HttpResponse:
    event = get_object_or_404(Event.objects.select_related("director"), pk=event_id)
    if format_for(event).event_url:  # a format with its own page (the scoring pool)
        return redirect(format_for(event).event_url, event_id=event.pk)
    context = page_standings_context(event, request.user)
    current = next_start = None
    if event.status == Event.Status.RUNNING and event.current_round:
        current = Round.objects.filter(event=event, number=event.current_round).first()
        if current is not None and not current.is_open:  # between two timed rounds
            next_start = event.round_start(current.number + 1)
    membership = selectors.membership_get(event=event, user=request.user)
    start_problem = None
    # The scheduler gave up starting it (its next transition is cleared): say why.
    if event.status == Event.Status.REGISTRATION and event.next_transition_at is None:
        failed = EventLog.objects.filter(event=event, action="start_failed").first()
        start_problem = (failed.data or {}).get("reason", "") if failed else ""
    # Invitations to the user do not lock them out: they may still register with
    # someone else, and accepting one cancels the others (docs/rules.md § Players and partners).
    invitations = (
        selectors.invitations_get(user=request.user, event=event)
        if event.status == Event.Status.REGISTRATION and not format_for(event).seats_players
        else []
    )
    if membership is not None and membership.confirmed_at is None:
        membership = None  # only invitations: listed on their own
    context.update(
        start_problem=start_problem,
        current_round=current,
        next_start=next_start,
        starts_at=event.round_start(1),
        paused=event.paused_at is not None,
        membership=membership,
        invitations=invitations,
        register_form=RegisterForm() if event.registration_open and not membership else None,
        director=is_event_director(user=request.user, event=event),
        live_view=format_for(event).live_view,
    )
    if format_for(event).seats_players:
        context.update(_teams_context(request, event, membership))
    elif membership is not None:
        entry = membership.entry
        context.update(
            my_entry=entry,
            partner=next((m for m in entry.members.all() if m.player_id != request.user.pk), None),
            can_withdraw=entry.status in (Entry.Status.CONFIRMED, Entry.Status.PENDING)
            and event.status == Event.Status.REGISTRATION,
        )
    return render(request, format_for(event).template_for("event"), context)


def _teams_context(request: HttpRequest, event: Event, membership) -> dict:
    """A team event's page: the user's team, the captain's entry form and line-ups."""
    captained = teams_captained_by(user=request.user)
    entered = set(TeamEntry.objects.filter(event=event).values_list("team_id", flat=True))
    can_enter = captained.exclude(pk__in=entered)
    link = getattr(membership.entry, "team_entry", None) if membership else None
    return {
        "my_entry": membership.entry if membership else None,
        "my_team": link.team if link else None,
        "enter_form": TeamEnterForm(teams=can_enter)
        if event.registration_open and can_enter.exists()
        else None,
        "lineup_teams": event.status != Event.Status.FINISHED
        and (
            captained.filter(pk__in=entered).exists()
            or is_event_director(user=request.user, event=event)
        ),
    }


def standings_fragment(request: HttpRequest, event_id: int) -> HttpResponse:
    """The standings and grid only: polled by static/js/live.js while the event runs."""
    event = get_object_or_404(Event, pk=event_id)
    response = render(
        request,
        format_for(event).template_for("standings"),
        page_standings_context(event, request.user),
    )
    response["Cache-Control"] = "no-store"
    return response


def _back(event_id: int):
    return redirect("tournaments:event_detail", event_id=event_id)


@login_required
@require_POST
def event_register(request: HttpRequest, event_id: int) -> HttpResponse:
    event = get_object_or_404(Event, pk=event_id)
    form = RegisterForm(request.POST)
    if not form.is_valid():
        for error in form.errors.get("partner", []):
            messages.error(request, error)
        return _back(event.pk)
    partner = form.cleaned_data["partner"]
    try:
        services.entry_register(event=event, player=request.user, partner=partner)
    except BridgeError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(
            request,
            _("%(name)s has been invited. The pair is entered once they confirm.")
            % {"name": partner.name},
        )
    return _back(event.pk)


def _entry_view(
    action: Callable[[Entry, HttpRequest], object],
    done: str | Promise,
    *,
    level: int = messages.SUCCESS,
):
    """A player's page action on a pair of the event: logged in, POST only; the service
    decides whether they may (``perform``), then back to the event page."""

    @login_required
    @require_POST
    def view(request: HttpRequest, event_id: int, entry_id: int) -> HttpResponse:
        entry = get_object_or_404(Entry, pk=entry_id, event_id=event_id)
        perform(request, lambda: action(entry, request), str(done), level=level)
        return _back(event_id)

    return view


# The invited partner confirms; either player cancels the invitation; a player withdraws.
entry_confirm = _entry_view(
    lambda entry, request: services.entry_confirm(entry=entry, player=request.user),
    gettext_lazy("You are entered. Good luck!"),
)
entry_decline = _entry_view(
    lambda entry, request: services.entry_decline(entry=entry, player=request.user),
    gettext_lazy("The invitation has been cancelled."),
    level=messages.INFO,
)
entry_withdraw = _entry_view(
    lambda entry, request: services.entry_withdraw(entry=entry, by=request.user),
    gettext_lazy("The pair has withdrawn."),
    level=messages.INFO,
)
