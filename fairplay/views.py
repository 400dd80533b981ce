"""A player's accuracy page (public, as the analysis page: boards of finished events)
and the directors' fair-play screen (``docs/rules.md`` § Accuracy and fair play)."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.utils.translation import gettext_lazy

from ratings.selectors import player_get
from ratings.weeks import week_of
from tournaments.errors import BridgeError, PermissionDeniedError

from .accuracy import player_accuracy
from .charts import METRICS, accuracy_chart
from .kibitz import kibitz_log
from .screen import fair_play
from .selectors import events_directed, may_screen, scope_get

METRIC_TITLES = {
    "ddolar": gettext_lazy("DDOLAR"),
    "addolar": gettext_lazy("ADDOLAR"),
    "declarer": gettext_lazy("Declarer's errors"),
    "defender": gettext_lazy("Defender's errors"),
    "par": gettext_lazy("IMPs against par"),
}


def player_accuracy_page(request: HttpRequest, username: str) -> HttpResponse:
    player = player_get(username=username) if "\x00" not in username else None
    if player is None:
        raise Http404
    metric = request.GET.get("metric") or "ddolar"
    if metric not in METRICS:
        metric = "ddolar"
    figures = player_accuracy(player=player)
    return render(
        request,
        "fairplay/accuracy.html",
        {
            "player": player,
            "figures": figures,
            "metric": metric,
            "metrics": [(k, str(v)) for k, v in METRIC_TITLES.items()],
            "metric_title": METRIC_TITLES[metric],
            "chart": accuracy_chart(figures["weeks"], metric),
            "weeks": figures["weeks"][::-1],
        },
    )


def fair_play_page(request: HttpRequest) -> HttpResponse:
    """The screen of the events (``?event=``, repeated) or the week (``?week=``) asked
    for; the choice of them when none is. Directors only: anyone else a 403."""
    if not may_screen(user=request.user):
        raise PermissionDenied
    asked = request.GET.getlist("event") or request.GET.get("week")
    screen = scope = None
    if asked:
        try:
            scope = scope_get(
                user=request.user, event_ids=request.GET.getlist("event"),
                week=request.GET.get("week", ""), threshold=request.GET.get("p", ""),
                min_boards=request.GET.get("min", ""),
            )  # fmt: skip
        except PermissionDeniedError:
            raise PermissionDenied from None
        except BridgeError as exc:
            messages.error(request, exc.message)
        else:
            screen = fair_play(
                scope.results(), threshold=scope.threshold, min_boards=scope.min_boards,
                seed=scope.seed,
            )  # fmt: skip
            screen["kibitz"] = kibitz_log(scope.events)
    return render(
        request,
        "fairplay/screen.html",
        {
            "scope": scope,
            "screen": screen,
            "events": events_directed(user=request.user),
            "chosen": set(request.GET.getlist("event")),
            "week": request.GET.get("week") or week_of(timezone.now()),
            "p": request.GET.get("p", ""),
            "min": request.GET.get("min", ""),
            "p_default": settings.FAIRPLAY_THRESHOLD,
            "min_default": settings.FAIRPLAY_MIN_BOARDS,
        },
    )
