"""Player profile: events played, master-point total, rank tier and the ledger.

It lives in ``ratings`` because it reads the ledger and the tiers; ``tournaments`` never
imports ``ratings`` (the dependency points the other way).
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from tournaments.errors import BridgeError
from tournaments.formats.pool import selectors as pool_selectors
from tournaments.numbers import ascii_int
from tournaments.permissions import is_event_director

from .analysis import FIGURES, PERIODS, player_analysis
from .calc import TIERS, next_tier, rank_tier
from .charts import rate_chart_svg
from .permissions import may_deduct_master_points
from .selectors import (
    LeaderboardQuery,
    leaderboard_get,
    leaderboard_query_clean,
    ledger_for,
    master_points_total,
    own_invitations,
    player_event_rows,
    player_get,
    player_rate_get,
    rate_history_get,
    tier_change_latest,
)
from .services import master_points_deduct
from .services.disconnections import disconnection_record


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
    history = rate_history_get(player=player)
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
            "rate": player_rate_get(player=player),
            "history": history[::-1][:12],
            "chart": rate_chart_svg(history),
            "tier_change": tier_change_latest(player=player),
            "may_deduct": may_deduct_master_points(user=request.user),
            **own_invitations(viewer=request.user, player=player),
        },
    )


@login_required
@require_POST
def player_deduct(request: HttpRequest, username: str) -> HttpResponse:
    """A director's penalty: a ledger row with a reason (the player may drop a tier).
    Who asks is checked before anything they send is read."""
    if not may_deduct_master_points(user=request.user):
        raise PermissionDenied
    player = player_get(username=username) if "\x00" not in username else None
    if player is None:
        raise Http404
    amount = request.POST.get("amount", "").strip()
    try:
        if not (amount.isascii() and amount.isdigit() and len(amount) <= 6):
            raise BridgeError(_("Deduct a positive number of master points."), code="amount")
        master_points_deduct(
            player=player,
            amount=int(amount),
            reason=request.POST.get("reason", ""),
            director=request.user,
        )
    except BridgeError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, _("The deduction is in the ledger."))
    return redirect("ratings:player_detail", username=player.username)


LEADERBOARD_TITLES = {
    "week": gettext_lazy("This week's points"),
    "rate": gettext_lazy("Rate"),
    "mp": gettext_lazy("Master points"),
}


def leaderboard(request: HttpRequest) -> HttpResponse:
    """The leaderboards: this week's points, the Rate, master points; by tier and
    minimum boards, 50 players a page."""
    try:
        query = leaderboard_query_clean(
            board=request.GET.get("board") or "rate",
            tier=request.GET.get("tier"),
            min_boards=request.GET.get("min_boards"),
        )
    except BridgeError as exc:
        messages.error(request, exc.message)
        query = LeaderboardQuery()
    page = Paginator(leaderboard_get(query=query), 50).get_page(request.GET.get("page"))
    start = (page.number - 1) * 50
    return render(
        request,
        "ratings/leaderboard.html",
        {
            "query": query,
            "page": page,
            "rows": [(start + i + 1, row, TIERS[row.tier]) for i, row in enumerate(page)],
            "tiers": TIERS,
            "boards": [(key, str(title)) for key, title in LEADERBOARD_TITLES.items()],
        },
    )


FIGURE_TITLES = {
    "declarer": gettext_lazy("As declarer"),
    "defence": gettext_lazy("On defence"),
    "leads": gettext_lazy("Opening leads"),
    "leads_cost": gettext_lazy("Leads that cost a trick"),
    "par": gettext_lazy("Par reached"),
    "par_missed": gettext_lazy("Par missed"),
    "partscore": gettext_lazy("Partscores"),
    "game": gettext_lazy("Games"),
    "slam": gettext_lazy("Slams"),
    "sacrifice": gettext_lazy("Sacrifices"),
}
PERIOD_TITLES = {
    "month": gettext_lazy("Last month"),
    "quarter": gettext_lazy("Last three months"),
    "year": gettext_lazy("Last year"),
    "all": gettext_lazy("All time"),
}


def player_analysis_page(request: HttpRequest, username: str) -> HttpResponse:
    """The player's results of finished events against double dummy and par, with the
    boards behind each figure (``?show=``) and the Rate over time."""
    player = player_get(username=username) if "\x00" not in username else None
    if player is None:
        raise Http404
    period = request.GET.get("period") or "all"
    if period not in PERIODS:
        messages.error(request, _("Choose a period from the list."))
        period = "all"
    show = request.GET.get("show") or ""
    if show and show not in FIGURES:
        messages.error(request, _("There is no such figure."))
        show = ""
    figures = player_analysis(player=player, period=period)
    shown = [ln for ln in figures["lines"] if show in ln.figures][:500] if show else []
    return render(
        request,
        "ratings/analysis.html",
        {
            "player": player,
            "period": period,
            "periods": [(k, str(v)) for k, v in PERIOD_TITLES.items()],
            "figures": figures,
            "show": show,
            "show_title": FIGURE_TITLES.get(show, ""),
            "shown": shown,
            "categories": [dict(c, title=FIGURE_TITLES[c["name"]]) for c in figures["categories"]],
            "chart": rate_chart_svg(rate_history_get(player=player)),
        },
    )


@login_required
@require_POST
def pool_disconnection(request: HttpRequest, event_id: int) -> HttpResponse:
    """The director records that a player at a table in play lost their connection on
    one of its boards (``docs/rules.md`` § The Rate: the weekly points and board Rate it
    costs)."""
    event = pool_selectors.pool_event_get(event_id=event_id)
    if event is None:
        raise Http404
    if not is_event_director(user=request.user, event=event):
        messages.error(request, _("Only the event's director records a disconnection."))
        return redirect("tournaments:pool_lobby", event_id=event.pk)
    try:
        table, player, board = pool_selectors.table_player_board(
            event=event,
            table_number=ascii_int(request.POST.get("table", ""), signed=False),
            player_id=ascii_int(request.POST.get("player", ""), signed=False),
            board_number=ascii_int(request.POST.get("board", ""), signed=False),
        )
        disconnection_record(
            player=player, event=event, board=board, recorded_by=request.user,
            reason=request.POST.get("reason", ""),
        )  # fmt: skip
    except BridgeError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(
            request,
            _("Recorded: %(name)s disconnected on board %(n)s.")
            % {"name": player.name, "n": board.number},
        )
    return redirect("tournaments:pool_lobby", event_id=event.pk)
