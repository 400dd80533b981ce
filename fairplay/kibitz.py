"""The kibitzing log read for the fair-play screen (``docs/rules.md`` § Accuracy and
fair play, the kibitzing log): who watched which table of the events and when, and the
watches that saw a board before one of its players had played it elsewhere, from that
player's own account or from the network the player played from.

A watch saw a board at a table from the later of its opening and the board's start
there until the earlier of its closing and the board's end. It is flagged for a player
of another table of the events whose own play of that board had not ended when the
watch began to see it: the watcher is that player (their own account), or the watch
came from a network that player's own seat's socket came from in these events. A watch
by a director of the event is never flagged (watching is their job)."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import datetime

from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from online.models import BoardPlay
from tournaments.permissions import is_event_director

from .models import WatchLog
from .rows import seat_holders

#: The most watches the screen lists (the flagged ones first).
SHOWN = 500


@dataclass
class Watch:
    pk: int
    event_id: int
    table_id: int
    table: int
    user_id: int
    name: str
    network: str
    opened_at: datetime
    closed_at: datetime | None
    flags: list[str] = field(default_factory=list)
    time_zone: str = ""  # the event's, in which its times are shown


def kibitz_log(events) -> dict:
    """The events' watches (spectators' sockets), the flagged first."""
    watches = [
        Watch(*row[:5], row[5] or row[6], *row[7:10], time_zone=row[10])
        for row in (
            WatchLog.objects.filter(event__in=events, seat="")
            .order_by("opened_at", "pk")
            .values_list(
                "pk",
                "event_id",
                "table_id",
                "table__number",
                "user_id",
                "user__display_name",
                "user__username",
                "network",
                "opened_at",
                "closed_at",
                "event__time_zone",
            )  # fmt: skip
        )
    ]
    directing = _directors(watches, events)
    if watches:
        _flag([w for w in watches if w.pk not in directing], events)
    flagged = [w for w in watches if w.flags]
    return {
        "watches": (flagged + [w for w in watches if not w.flags])[:SHOWN],
        "count": len(watches),
        "flagged": len(flagged),
    }


def _directors(watches: list[Watch], events) -> set[int]:
    """The watches by a director of their event (watching is their job: never flagged)."""
    users = User.objects.in_bulk({w.user_id for w in watches})
    by_id = {e.pk: e for e in events}
    return {
        w.pk
        for w in watches
        if w.event_id in by_id
        and is_event_director(user=users.get(w.user_id), event=by_id[w.event_id])
    }


def _flag(watches: list[Watch], events) -> None:
    networks: dict[int, set[str]] = defaultdict(set)
    for user_id, network in (
        WatchLog.objects.filter(event__in=events).exclude(seat="").exclude(network="")
    ).values_list("user_id", "network"):
        networks[user_id].add(network)
    plays = list(
        BoardPlay.objects.filter(table__event__in=events, result__isnull=False).values_list(
            "result_id",
            "board_id",
            "table_id",
            "result__table__ns_id",
            "result__table__ew_id",
            "started_at",
            "ended_at",
            "board__number",
        )  # fmt: skip
    )
    holders = seat_holders([(p[0], p[1], p[2], p[3], p[4]) for p in plays])
    by_table = defaultdict(list)
    by_board = defaultdict(list)
    for play in plays:
        by_table[play[2]].append(play)
        by_board[play[1]].append(play)
    wanted = {u for h in holders.values() for u in h.values()}
    names = {u.pk: u.name for u in User.objects.filter(pk__in=wanted)}
    now = timezone.now()
    for watch in watches:
        until = watch.closed_at or now
        for _r, board_id, _t, _ns, _ew, started, ended, number in by_table[watch.table_id]:
            if started >= until or (ended is not None and ended <= watch.opened_at):
                continue
            seen_from = max(watch.opened_at, started)
            for result_id, _b, table_id, _n, _e, _s, other_end, _num in by_board[board_id]:
                if table_id == watch.table_id or (other_end is not None and other_end <= seen_from):
                    continue
                for player in set(holders.get(result_id, {}).values()):
                    why = _why(watch, player, networks)
                    if why:
                        watch.flags.append(
                            _("board %(n)s: %(why)s (%(name)s)")
                            % {"n": number, "why": why, "name": names.get(player) or player}
                        )


def _why(watch: Watch, player: int, networks: dict[int, set[str]]) -> str:
    if watch.user_id == player:
        return _("the player's own account")
    if watch.network and watch.network in networks.get(player, ()):
        return _("from the player's network")
    return ""
