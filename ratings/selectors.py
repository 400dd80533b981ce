"""Reads of the master-point ledger and the player profile (views call these, never the
ORM). ``ratings`` reads ``tournaments``' selectors and formatting; ``tournaments`` never
imports ``ratings``."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import QuerySet, Sum
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from tournaments import selectors as tournament_selectors
from tournaments.errors import BridgeError
from tournaments.formatting import points_text
from tournaments.models import Event

from .calc import TIERS
from .models import MasterPointEntry, PlayerRate, RateHistory, TierChange
from .weeks import week_of

LEDGER_ROWS = 100


def player_get(*, username: str) -> User | None:
    """The player with this username, or None."""
    return User.objects.filter(username=username).first()


def master_points_total(*, player: User) -> int:
    """The player's master points: the sum of their ledger (awards minus deductions)."""
    return MasterPointEntry.objects.filter(player=player).aggregate(s=Sum("amount"))["s"] or 0


def ledger_for(*, player: User, limit: int = LEDGER_ROWS) -> QuerySet[MasterPointEntry]:
    """The player's latest ledger rows with their event (the model's order), ``limit`` at most."""
    return MasterPointEntry.objects.filter(player=player).select_related("event")[:limit]


def player_event_rows(*, player: User) -> list[dict]:
    """One row per event the player entered: the event, the entry, the partner, the
    pair's total as text (once the event has begun) and whether the event finished."""
    rows = []
    for member in tournament_selectors.player_entries_get(user=player):
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
    return rows


def own_invitations(*, viewer: User, player: User) -> dict:
    """The invitations a player sees on their own profile (to them, and theirs waiting
    for a partner); nothing for anyone else: a pending invitation is never public."""
    if not viewer.is_authenticated or viewer.pk != player.pk:
        return {"invitations": [], "invitations_sent": []}
    return {
        "invitations": tournament_selectors.invitations_get(user=player),
        "invitations_sent": tournament_selectors.invitations_sent_get(user=player),
    }


# -- the Rate and the leaderboards (docs/rules.md § The Rate, § Master points) ------------

BOARDS = ("week", "rate", "mp")


@dataclass(frozen=True)
class LeaderboardQuery:
    board: str = "rate"  # "week": this week's points; "rate": the Rate; "mp": master points
    tier: int | None = None
    min_boards: int = 0
    week: str = ""


def leaderboard_query_clean(
    *, board: str = "rate", tier=None, min_boards=None, week: str = ""
) -> LeaderboardQuery:
    """The query from a page's or the API's parameters (a ``BridgeError`` names the bad
    one; nothing is read before every parameter holds)."""
    if board not in BOARDS:
        raise BridgeError(_("Choose the board: week, rate or mp."), code="board")
    level = None
    if tier not in (None, ""):
        level = _number(tier)
        if level is None or not 0 <= level < len(TIERS):
            raise BridgeError(_("A tier is a number from 0 to 11."), code="tier")
    least = 0
    if min_boards not in (None, ""):
        least = _number(min_boards)
        if least is None or not 0 <= least <= 1_000_000:
            raise BridgeError(_("The minimum of boards is a whole number."), code="min_boards")
    return LeaderboardQuery(board=board, tier=level, min_boards=least, week=week)


def _number(value) -> int | None:
    text = str(value)
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 7 else None


def leaderboard_get(*, query: LeaderboardQuery, now=None) -> QuerySet[PlayerRate]:
    """The players of a leaderboard, best first, with their player (one query a page).

    ``week``: this week's points (players with a board this week); ``rate``: the Rate
    of players who have played a rated board; ``mp``: master points. ``tier`` and
    ``min_boards`` (this week's boards on the week's board, all boards otherwise)
    filter each."""
    rows = PlayerRate.objects.select_related("player")
    if query.board == "week":
        week = query.week or week_of(now or timezone.now())
        rows = rows.filter(week=week, boards_this_week__gte=max(1, query.min_boards))
        rows = rows.order_by("-weekly_points", "player_id")
    elif query.board == "rate":
        rows = rows.filter(total_boards__gte=max(1, query.min_boards))
        rows = rows.order_by("-rate", "player_id")
    else:
        rows = rows.filter(master_points__gt=0)
        if query.min_boards:
            rows = rows.filter(total_boards__gte=query.min_boards)
        rows = rows.order_by("-master_points", "player_id")
    if query.tier is not None:
        rows = rows.filter(tier=query.tier)
    return rows


def player_rate_get(*, player: User) -> PlayerRate | None:
    return PlayerRate.objects.filter(player=player).first()


def rate_history_get(*, player: User, limit: int = 104) -> list[RateHistory]:
    """The player's weeks, oldest first (the last ``limit``)."""
    rows = list(
        RateHistory.objects.filter(player=player)
        .select_related("week")
        .order_by("-week__week")[:limit]
    )
    return rows[::-1]


def tier_change_latest(*, player: User) -> TierChange | None:
    return TierChange.objects.filter(player=player).first()
