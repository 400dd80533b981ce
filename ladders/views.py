"""Ladder pages: thin views over ``ladders.selectors`` and ``ladders.services``."""

from __future__ import annotations

import zoneinfo
from datetime import datetime

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404, HttpResponseRedirect
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.errors import BridgeError
from tournaments.models import Team
from tournaments.permissions import is_event_director
from tournaments.views.actions import perform

from . import selectors, services
from .charts import position_chart
from .models import Challenge
from .permissions import (
    challenge_answer_required,
    is_ladder_director,
    ladder_director_required,
)
from .services.notify import ladder_time

PAGE = 100


def _ladder_or_404(ladder_id: int):
    ladder = selectors.ladder_get(ladder_id=ladder_id)
    if ladder is None:
        raise Http404(_("No such ladder."))
    return ladder


def _challenge_or_404(challenge_id: int) -> Challenge:
    challenge = selectors.challenge_get(challenge_id=challenge_id)
    if challenge is None:
        raise Http404(_("No such challenge."))
    return challenge


def _team_or_404(team_id) -> Team:
    try:
        team = Team.objects.filter(pk=int(team_id)).first()
    except (TypeError, ValueError):
        team = None
    if team is None:
        raise Http404(_("No such team."))
    return team


def _int(value) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def _back(request, default: str) -> HttpResponseRedirect:
    target = request.POST.get("next") or default
    if not target.startswith("/") or target.startswith("//"):
        target = default
    return HttpResponseRedirect(target)


def ladder_list(request):
    return render(
        request,
        "ladders/ladder_list.html",
        {"ladders": selectors.ladder_list(), "can_create": is_event_director(user=request.user)},
    )


@login_required
@require_POST
def ladder_create(request):
    holder = {}

    def create():
        holder["ladder"] = services.ladder_create(
            name=request.POST.get("name", ""),
            director=request.user,
            k=_int(request.POST.get("k")) or 3,
            accept_days=_int(request.POST.get("accept_days")) or 3,
            cooldown_days=_int(request.POST.get("cooldown_days"))
            if request.POST.get("cooldown_days")
            else 7,
            play_days=_int(request.POST.get("play_days")) or 7,
            boards=_int(request.POST.get("boards")) or 8,
            time_zone=request.POST.get("time_zone") or "Asia/Shanghai",
        )

    if perform(request, create, _("Ladder created.")):
        return HttpResponseRedirect(reverse("ladders:director", args=[holder["ladder"].pk]))
    return HttpResponseRedirect(reverse("ladders:list"))


def ladder_detail(request, ladder_id: int):
    ladder = _ladder_or_404(ladder_id)
    size = selectors.ladder_size(ladder=ladder)
    paginator = Paginator(range(size), PAGE)
    page = paginator.get_page(request.GET.get("page"))
    offset = (page.number - 1) * PAGE
    rows = selectors.ladder_rows(ladder=ladder, offset=offset, limit=PAGE)
    mine = selectors.captained_rungs(ladder=ladder, user=request.user)
    actions = []
    for rung in mine:
        targets = selectors.challengeable(ladder=ladder, rung=rung)
        actions.append({"rung": rung, "targets": targets})
    my_team_ids = {r.team_id for r in mine}
    return render(
        request,
        "ladders/ladder_detail.html",
        {
            "ladder": ladder,
            "rows": rows,
            "page": page,
            "size": size,
            "open": selectors.open_challenges(ladder=ladder),
            "actions": actions,
            "my_team_ids": my_team_ids,
            "is_director": is_ladder_director(user=request.user, ladder=ladder),
            "now": timezone.now(),
        },
    )


def challenge_list(request, ladder_id: int):
    ladder = _ladder_or_404(ladder_id)
    status = request.GET.get("status") or ""
    if status not in ("open", *Challenge.Status.values):
        status = ""
    page = Paginator(selectors.challenge_list(ladder=ladder, status=status or None), 50).get_page(
        request.GET.get("page")
    )
    return render(
        request,
        "ladders/challenge_list.html",
        {
            "ladder": ladder,
            "page": page,
            "status": status,
            # "open" is every unresolved challenge (waiting for an answer or accepted and
            # waiting to be played; docs/rules.md § Ladder), so the bare "open" status
            # is not a tab of its own: it would be a second "open".
            "statuses": [
                ("open", _("open")),
                *(c for c in Challenge.Status.choices if c[0] != Challenge.Status.OPEN),
            ],
        },
    )


def team_history(request, ladder_id: int, team_id: int):
    ladder = _ladder_or_404(ladder_id)
    team = _team_or_404(team_id)
    changes = list(selectors.team_history(ladder=ladder, team_id=team.pk))
    if not changes:
        raise Http404(_("The team has never been on this ladder."))
    rung = selectors.rung_of(ladder=ladder, team_id=team.pk)
    size = selectors.ladder_size(ladder=ladder)
    return render(
        request,
        "ladders/team_history.html",
        {
            "ladder": ladder,
            "team": team,
            "rung": rung,
            "changes": list(reversed(changes)),
            "chart": position_chart(changes, now=timezone.now(), size=size),
        },
    )


# -- captains' actions -----------------------------------------------------------------------


@login_required
@require_POST
def challenge_issue(request, ladder_id: int):
    ladder = _ladder_or_404(ladder_id)
    challenger = _team_or_404(request.POST.get("challenger"))
    defender_id = _int(request.POST.get("defender"))
    defender = Team.objects.filter(pk=defender_id).first() if defender_id else None

    def issue():
        if defender is None:
            raise BridgeError(_("Choose the team to challenge."), code="defender")
        services.challenge_issue(
            ladder=ladder, challenger=challenger, defender=defender, by=request.user
        )

    perform(request, issue, _("Challenge sent."))
    return _back(request, reverse("ladders:detail", args=[ladder.pk]))


def _parse_start(request, ladder) -> datetime | None:
    raw = request.POST.get("start_at") or ""
    if not raw:
        return None
    try:
        naive = datetime.fromisoformat(raw)
    except ValueError as exc:
        raise BridgeError(_("The start time is not a date and time."), code="start_at") from exc
    return naive.replace(tzinfo=zoneinfo.ZoneInfo(ladder.time_zone))


@login_required
@require_POST
def challenge_accept(request, challenge_id: int):
    challenge = _challenge_or_404(challenge_id)

    def accept():
        challenge_answer_required(user=request.user, challenge=challenge)  # before the form
        accepted = services.challenge_accept(
            challenge=challenge, by=request.user, start_at=_parse_start(request, challenge.ladder)
        )
        messages.success(
            request,
            _("Challenge accepted: the match starts at %(when)s.")
            % {"when": ladder_time(challenge.ladder, accepted.event.start_at)},
        )

    perform(request, accept)
    return _back(request, reverse("ladders:detail", args=[challenge.ladder_id]))


@login_required
@require_POST
def challenge_decline(request, challenge_id: int):
    challenge = _challenge_or_404(challenge_id)
    perform(
        request,
        lambda: services.challenge_decline(challenge=challenge, by=request.user),
        _("Challenge declined."),
    )
    return _back(request, reverse("ladders:detail", args=[challenge.ladder_id]))


# -- directors' actions ----------------------------------------------------------------------


def director(request, ladder_id: int):
    ladder = _ladder_or_404(ladder_id)
    if not is_ladder_director(user=request.user, ladder=ladder):
        messages.error(request, _("Only the ladder's director may do this."))
        return HttpResponseRedirect(reverse("ladders:detail", args=[ladder.pk]))
    now = timezone.now()
    open_challenges = selectors.open_challenges(ladder=ladder)
    for c in open_challenges:  # why the match cannot be decided yet (None: it can)
        c.ladder = ladder
        c.decide_refusal = services.challenge_decide_refusal(challenge=c, now=now)
    return render(
        request,
        "ladders/director.html",
        {
            "ladder": ladder,
            "open": open_challenges,
            "log": ladder.log.select_related("actor")[:50],
            "rows": selectors.ladder_rows(ladder=ladder, limit=500),
            "now": now,
        },
    )


def _director_action(request, ladder_id: int, action, done: str):
    """The director's action on the ladder; anyone else is refused before the form is
    read (``action`` reads it)."""
    ladder = _ladder_or_404(ladder_id)
    if not perform(request, lambda: ladder_director_required(user=request.user, ladder=ladder)):
        return HttpResponseRedirect(reverse("ladders:detail", args=[ladder.pk]))
    perform(request, lambda: action(ladder), done)
    return _back(request, reverse("ladders:director", args=[ladder.pk]))


def _settings_of(request) -> dict:
    values = {
        name: _int(request.POST.get(name))
        for name in ("k", "accept_days", "cooldown_days", "play_days", "boards")
        if request.POST.get(name, "") != ""
    }
    if any(v is None for v in values.values()):
        raise BridgeError(_("Settings must be whole numbers."), code="invalid")
    if request.POST.get("time_zone"):
        values["time_zone"] = request.POST["time_zone"]
    if request.POST.get("name"):
        values["name"] = request.POST["name"]
    return values


@login_required
@require_POST
def director_settings(request, ladder_id: int):
    return _director_action(
        request,
        ladder_id,
        lambda ladder: services.ladder_settings_set(
            ladder=ladder, director=request.user, **_settings_of(request)
        ),
        _("Settings saved."),
    )


@login_required
@require_POST
def director_team_add(request, ladder_id: int):
    return _director_action(
        request,
        ladder_id,
        lambda ladder: services.ladder_teams_add(
            ladder=ladder, teams=[_team_or_404(request.POST.get("team"))], director=request.user
        ),
        _("Team added at the bottom."),
    )


@login_required
@require_POST
def director_team_remove(request, ladder_id: int):
    return _director_action(
        request,
        ladder_id,
        lambda ladder: services.ladder_team_remove(
            ladder=ladder, team=_team_or_404(request.POST.get("team")), director=request.user
        ),
        _("Team removed."),
    )


@login_required
@require_POST
def director_position(request, ladder_id: int):
    return _director_action(
        request,
        ladder_id,
        lambda ladder: services.ladder_position_set(
            ladder=ladder,
            team=_team_or_404(request.POST.get("team")),
            position=_int(request.POST.get("position")) or 0,
            director=request.user,
        ),
        _("Position corrected."),
    )


@login_required
@require_POST
def director_cancel(request, challenge_id: int):
    challenge = _challenge_or_404(challenge_id)
    return _director_action(
        request,
        challenge.ladder_id,
        lambda ladder: services.challenge_cancel(
            challenge=challenge, director=request.user, reason=request.POST.get("reason", "")
        ),
        _("Challenge cancelled."),
    )


@login_required
@require_POST
def director_decide(request, challenge_id: int):
    challenge = _challenge_or_404(challenge_id)
    return _director_action(
        request,
        challenge.ladder_id,
        lambda ladder: services.challenge_decide(
            challenge=challenge,
            director=request.user,
            winner=request.POST.get("winner", ""),
            reason=request.POST.get("reason", ""),
        ),
        _("Match decided."),
    )


def team_ladders_section(request, team) -> str:
    """The team page's ladder box (registered in ``LaddersConfig.ready`` through
    ``tournaments.extensions``): positions, open challenges and the captain's answers."""
    positions = selectors.ladder_positions_of(team)
    if not positions:
        return ""
    return render_to_string("ladders/_team_ladders.html", {"positions": positions}, request=request)
