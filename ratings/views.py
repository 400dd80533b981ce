"""Player profile: events played, master-point total, rank tier and the ledger.

It lives in ``ratings`` because it reads the ledger and the tiers; ``tournaments`` never
imports ``ratings`` (the dependency points the other way).
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from accounts.models import User
from tournaments import selectors
from tournaments.models import Event
from tournaments.views.display import points_text

from .calc import next_tier, rank_tier
from .models import MasterPointEntry
from .services import master_points_total


def player_detail(request: HttpRequest, username: str) -> HttpResponse:
    if "\x00" in username:  # no username has one, and PostgreSQL refuses it in a query
        raise Http404
    player = get_object_or_404(User, username=username)
    rows = []
    for member in selectors.player_entries_get(user=player):
        entry, event = member.entry, member.entry.event
        partner = next((m.player for m in entry.members.all() if m.player_id != player.pk), None)
        rows.append(
            {
                "event": event,
                "entry": entry,
                "partner": partner,
                "total": points_text(entry.total, event.method, total=True)
                if event.current_round
                else "",
                "finished_event": event.status == Event.Status.FINISHED,
            }
        )
    total = master_points_total(player=player)
    tier = rank_tier(total)
    upcoming = next_tier(total)
    progress = None
    if upcoming is not None:
        span = upcoming.threshold - tier.threshold
        progress = max(0, min(100, round(100 * (total - tier.threshold) / span)))
    ledger = MasterPointEntry.objects.filter(player=player).select_related("event")[:100]
    return render(
        request,
        "ratings/player_detail.html",
        {
            "player": player,
            "rows": rows,
            "mp_total": total,
            "tier": tier,
            "next_tier": upcoming,
            "progress": progress,
            "to_next": upcoming.threshold - total if upcoming else None,
            "ledger": ledger,
            "wins": sum(1 for r in rows if r["entry"].rank == 1),
            "podiums": sum(1 for r in rows if r["entry"].rank and r["entry"].rank <= 3),
        },
    )
