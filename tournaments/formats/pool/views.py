"""The scoring pool's pages (``docs/rules.md`` § The scoring pool): the lobby (ready
players, tables in play, starting a table, the player's own results), the player's
table (entry and confirmation as at my-table), the leaderboard and the director's form."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.models import User

from ...errors import BridgeError
from ...models import Event, Result
from ...permissions import is_event_director
from ...selectors.play import SeatInfo
from ...views.tables import board_slots, play_url_of, posted_results_submit, unshown_errors_show
from .. import format_for
from . import selectors as pool_selectors
from . import services as pool_services


def _pool(event_id: int) -> Event:
    event = get_object_or_404(Event, pk=event_id)
    if event.kind != Event.Kind.POOL:
        raise Http404
    return event


def pool_lobby(request: HttpRequest, event_id: int) -> HttpResponse:
    event = _pool(event_id)
    lobby = pool_selectors.lobby_get(event=event, user=request.user)
    return render(
        request,
        "tournaments/pool_lobby.html",
        {
            "event": event,
            "settings": event.settings,
            "lobby": lobby,
            "leaders": pool_selectors.leaderboard_get(event=event, limit=10),
            "is_director": is_event_director(user=request.user, event=event),
            "others_ready": [r for r in lobby.ready if r.player_id != request.user.pk],
            "robots_allowed": event.online_play and event.settings.robot_seats > 0,
        },
    )


def _user(username: str) -> User | None:
    username = (username or "").strip()
    if not username:
        return None
    user = User.objects.filter(username__iexact=username, is_active=True).first()
    if user is None:
        raise BridgeError(_("No player “%(name)s”.") % {"name": username}, code="player")
    return user


@login_required
@require_POST
def pool_join(request: HttpRequest, event_id: int) -> HttpResponse:
    event = _pool(event_id)
    try:
        if request.POST.get("leave"):
            if pool_services.pool_leave(event=event, player=request.user):
                messages.success(request, _("You are no longer waiting for a table."))
            return redirect("tournaments:pool_lobby", event_id=event.pk)
        partner = _user(request.POST.get("partner", ""))
        if request.POST.get("robots"):  # docs/rules.md § Robots, the pool
            table = pool_services.pool_robots_join(
                event=event, player=request.user, partner=partner
            )
            messages.success(request, _("Your table has started with robots: good luck!"))
            return redirect(_table_url(event, table))
        opponents = [u for u in (_user(request.POST.get(k, "")) for k in ("east", "west")) if u]
        table = pool_services.pool_join(
            event=event, player=request.user, partner=partner, opponents=opponents
        )
    except BridgeError as exc:
        messages.error(request, exc.message)
        return redirect("tournaments:pool_lobby", event_id=event.pk)
    if table is not None:
        messages.success(request, _("Your table has started: good luck!"))
        return redirect(_table_url(event, table))
    messages.success(request, _("You are ready: your table starts when four players are."))
    return redirect("tournaments:pool_lobby", event_id=event.pk)


def _table_url(event: Event, table) -> str:
    """Where a player goes when their table starts: the online table itself in a pool
    played online (``docs/rules.md`` § Online play), else the pool's table page."""
    if event.online_play:
        return reverse("online:table", args=[event.pk, table.pk])
    return reverse("tournaments:pool_table", args=[event.pk])


def _seat(event: Event, user) -> SeatInfo | None:
    table = pool_selectors.my_pool_table(event=event, user=user)
    if table is None:
        return None
    fmt = format_for(event)
    side = fmt.table_side(table=table, user=user)
    boards = fmt.round_boards(rnd=table.round, tables=[table])[table.pk]
    entry = table.ns if side == "NS" else table.ew
    return SeatInfo(
        round=table.round,
        table=table,
        entry=entry,
        side=side,
        opponents=table.ew if side == "NS" else table.ns,
        boards=boards,
        results={r.board_id: r for r in Result.objects.filter(table=table)},
    )


@login_required
def pool_table(request: HttpRequest, event_id: int, typed: bool = False) -> HttpResponse:
    """The player's table in play: its boards, entry and confirmation (as my-table). In
    a pool played online it opens the online table itself while the table is on;
    ``typed`` (``pool/table/entry/``) is the typed entry, the director's fallback."""
    event = _pool(event_id)
    seat = _seat(event, request.user)
    here = "tournaments:pool_table_entry" if typed else "tournaments:pool_table"
    play_url = play_url_of(event, seat)
    if request.method == "GET" and play_url and not typed:
        return redirect(play_url)
    bound = {}
    if request.method == "POST":
        if seat is None:
            messages.error(request, _("You have no table in play."))
            return redirect("tournaments:pool_lobby", event_id=event.pk)
        stored, bound = posted_results_submit(request, seat)
        if stored:
            messages.success(request, _("Result entered. Your opponents confirm it."))
            return redirect(here, event_id=event.pk)
    if seat is None:
        return redirect("tournaments:pool_lobby", event_id=event.pk)
    slots = board_slots(seat, bound, request.user)
    unshown_errors_show(request, slots, bound)
    players = {s.seat: s.player for s in seat.table.seats.select_related("player")}
    context = {
        "event": event, "seat": seat, "slots": slots, "players": players,
        "signature": _signature(event, seat), "typed": typed,
    }  # fmt: skip
    context["play_url"] = play_url  # docs/rules.md § Online play
    return render(request, "tournaments/pool_table.html", context)


def _signature(event: Event, seat: SeatInfo | None) -> str:
    """Changes exactly when the table page must be redrawn (``static/js/mytable.js``):
    a result entered, confirmed or disputed, the table's end, the pool's."""
    if seat is None:
        return f"{event.status}:0:closed:"
    results = ",".join(
        f"{r.board_id}{r.status[0]}{r.confirmed_at is not None:d}{r.disputed_at is not None:d}"
        for r in sorted(seat.results.values(), key=lambda r: r.board_id)
    )
    return f"{event.status}:{seat.table.number}:{seat.round.status}:{results}"


def pool_table_state(request: HttpRequest, event_id: int) -> JsonResponse:
    """``pool/table/state.json``: polled by the table page so that the other side's
    entry shows within seconds, and the page ends with the table."""
    if not request.user.is_authenticated:
        return JsonResponse({"detail": _("Log in to see your table.")}, status=403)
    event = _pool(event_id)
    seat = _seat(event, request.user)
    response = JsonResponse(
        {
            "signature": _signature(event, seat),
            "due": seat.round.ends_at.isoformat() if seat else None,
            "now": timezone.now().isoformat(),
        }
    )
    response["Cache-Control"] = "no-store"
    return response


def pool_leaderboard(request: HttpRequest, event_id: int) -> HttpResponse:
    event = _pool(event_id)
    page = Paginator(pool_selectors.leaderboard_get(event=event), 50).get_page(
        request.GET.get("page")
    )
    return render(request, "tournaments/pool_leaderboard.html", {"event": event, "page": page})
