"""Reads of the master-point ledger and the player profile (views call these, never the
ORM). ``ratings`` reads ``tournaments``' selectors and formatting; ``tournaments`` never
imports ``ratings``."""

from __future__ import annotations

from django.db.models import QuerySet, Sum

from accounts.models import User
from tournaments import selectors as tournament_selectors
from tournaments.formatting import points_text
from tournaments.models import Event

from .models import MasterPointEntry

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
