"""Player profile: events played, master-point total, rank tier and the ledger.

It lives in ``ratings`` because it reads the ledger and the tiers; ``tournaments`` never
imports ``ratings`` (the dependency points the other way).
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from .calc import next_tier, rank_tier
from .selectors import (
    ledger_for,
    master_points_total,
    own_invitations,
    player_event_rows,
    player_get,
)


def player_detail(request: HttpRequest, username: str) -> HttpResponse:
    if "\x00" in username:  # no username has one, and PostgreSQL refuses it in a query
        raise Http404
    player = player_get(username=username)
    if player is None:
        raise Http404
    rows = player_event_rows(player=player)
    total = master_points_total(player=player)
    tier = rank_tier(total)
    upcoming = next_tier(total)
    progress = None
    if upcoming is not None:
        span = upcoming.threshold - tier.threshold
        progress = max(0, min(100, round(100 * (total - tier.threshold) / span)))
    ledger = ledger_for(player=player)
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
            **own_invitations(viewer=request.user, player=player),
        },
    )
