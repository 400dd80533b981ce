"""Team pages: the teams, a team (roster, events, matches, ladders), a captain's edits,
entering a team in an event, line-ups, and creating a team event."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from ...errors import BridgeError
from ...extensions import team_page_extra
from ...models import EntryMember, Event, TeamEntry
from ...permissions import is_event_director, may_manage_team
from . import selectors
from . import services as team_services
from .forms import LineupForm, TeamEnterForm, TeamForm


def team_list(request: HttpRequest) -> HttpResponse:
    page = Paginator(selectors.teams_list(), 50).get_page(request.GET.get("page"))
    return render(request, "tournaments/team_list.html", {"page": page})


def team_detail(request: HttpRequest, team_id: int) -> HttpResponse:
    team = selectors.team_get(team_id=team_id)
    if team is None:
        raise Http404
    links = selectors.team_entries_get(team=team)
    matches = list(selectors.matches_get(entry_ids=[t.entry_id for t in links]))
    return render(
        request,
        "tournaments/team_detail.html",
        {
            "team": team,
            "links": links,
            "matches": matches,
            "entry_ids": {t.entry_id for t in links},
            "sections": [mark_safe(html) for html in team_page_extra(request, team)],
            "can_edit": may_manage_team(user=request.user, team=team),
        },
    )


def _team_form_players(form: TeamForm):
    return form.cleaned_data["players"], form.cleaned_data["captain"]


@login_required
def team_create(request: HttpRequest) -> HttpResponse:
    form = TeamForm(request.POST or None, initial={"captain": request.user.username})
    if request.method == "POST" and form.is_valid():
        players, captain = _team_form_players(form)
        try:
            team = team_services.team_create(
                name=form.cleaned_data["name"], captain=captain, players=players
            )
        except BridgeError as exc:
            form.add_error(None, exc.message)
        else:
            messages.success(request, _("Team created."))
            return redirect("tournaments:team_detail", team_id=team.pk)
    return render(request, "tournaments/team_form.html", {"form": form, "team": None})


@login_required
def team_edit(request: HttpRequest, team_id: int) -> HttpResponse:
    team = selectors.team_get(team_id=team_id)
    if team is None:
        raise Http404
    if not may_manage_team(user=request.user, team=team):
        raise PermissionDenied
    initial = {
        "name": team.name,
        "captain": team.captain.username,
        "players": "\n".join(m.player.username for m in team.members.all()),
    }
    form = TeamForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        players, captain = _team_form_players(form)
        try:
            team_services.team_update(
                team=team,
                by=request.user,
                name=form.cleaned_data["name"],
                players=players,
                captain=captain,
            )
        except BridgeError as exc:
            form.add_error(None, exc.message)
        else:
            messages.success(request, _("Team saved."))
            return redirect("tournaments:team_detail", team_id=team.pk)
    return render(request, "tournaments/team_form.html", {"form": form, "team": team})


@login_required
@require_POST
def event_enter_team(request: HttpRequest, event_id: int) -> HttpResponse:
    event = get_object_or_404(Event, pk=event_id)
    form = TeamEnterForm(request.POST, teams=selectors.teams_captained_by(user=request.user))
    if not form.is_valid():
        messages.error(request, _("Choose one of the teams you captain."))
    else:
        try:
            team_services.team_enter(event=event, team=form.cleaned_data["team"], by=request.user)
        except BridgeError as exc:
            messages.error(request, exc.message)
        else:
            messages.success(request, _("Your team is entered."))
    return redirect("tournaments:event_detail", event_id=event.pk)


@login_required
def event_lineup(request: HttpRequest, event_id: int) -> HttpResponse:
    """The captain's line-up for the next round (or the round in play, before sitting)."""
    event = get_object_or_404(Event, pk=event_id)
    director = is_event_director(user=request.user, event=event)
    links = TeamEntry.objects.filter(event=event).select_related("team", "entry")
    if not director:
        links = links.filter(team__captain=request.user)
    links = list(links)
    if not links:
        raise PermissionDenied
    chosen = next((t for t in links if str(t.entry_id) == request.GET.get("entry", "")), links[0])
    members = [
        m.player for m in EntryMember.objects.filter(entry=chosen.entry).select_related("player")
    ]
    form = LineupForm(request.POST or None, members=members)
    if request.method == "POST" and form.is_valid():
        open_pair, closed_pair = form.cleaned_players()
        try:
            lineup = team_services.lineup_submit(
                event=event,
                entry=chosen.entry,
                by=request.user,
                open_pair=open_pair,
                closed_pair=closed_pair,
            )
        except BridgeError as exc:
            form.add_error(None, exc.message)
        else:
            messages.success(
                request,
                _("Line-up for round %(n)d handed in.") % {"n": lineup.round_number},
            )
            return redirect("tournaments:event_detail", event_id=event.pk)
    current = [
        lu
        for lu in selectors.lineups_get(event=event, round_number=event.current_round + 1)
        if lu.entry_id == chosen.entry_id
    ]
    return render(
        request,
        "tournaments/lineup_form.html",
        {"event": event, "form": form, "links": links, "chosen": chosen,
         "current": current[0] if current else None},
    )  # fmt: skip
