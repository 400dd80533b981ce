"""Who holds each seat of a table, by the one seat rule of online play, read for many
tables at once: the director's console, the table page's seat names and where each seat
goes next all read it here (``docs/rules.md`` § Online play, the director)."""

from __future__ import annotations

from django.db.models import OuterRef, Subquery

from accounts.models import User
from tournaments.formats import format_for
from tournaments.models import EntryMember, Event, Table, TableSeat


def seat_players(event: Event, tables: list[Table]) -> dict[int, dict[str, User]]:
    """Who holds each seat of each table, by the seat rule of online play (the line-up
    first, else the pair's order). One query: each player of the tables' line-ups or
    entries, with their line-up seat and their place in their pair."""
    out: dict[int, dict[str, User]] = {t.pk: {} for t in tables}
    if not tables:
        return out
    pairs = not format_for(event).seats_players
    entries = {e for t in tables for e in (t.ns_id, t.ew_id) if e} if pairs else set()
    lineup = TableSeat.objects.filter(table__in=tables, player=OuterRef("pk"))
    members = EntryMember.objects.filter(entry_id__in=entries, player=OuterRef("pk"))
    # the players' ids first: PostgreSQL finds them by index, where an OR of two EXISTS
    # tests scanned every user of the site
    seated = TableSeat.objects.filter(table__in=tables).order_by().values("player_id")
    members_of = EntryMember.objects.filter(entry_id__in=entries).order_by().values("player_id")
    ids = seated.union(members_of, all=True)
    users = User.objects.filter(pk__in=ids).annotate(
        lineup_table=Subquery(lineup.values("table_id")[:1]),
        lineup_seat=Subquery(lineup.values("seat")[:1]),
        member_entry=Subquery(members.values("entry_id")[:1]),
        member_position=Subquery(members.values("position")[:1]),
    )
    by_entry: dict[int, dict[int, User]] = {}
    for user in users:
        if user.lineup_table is not None:
            out[user.lineup_table][user.lineup_seat] = user
        if user.member_entry is not None:
            by_entry.setdefault(user.member_entry, {})[user.member_position] = user
    for t in tables if pairs else ():
        for entry_id, seats in ((t.ns_id, "NS"), (t.ew_id, "EW")):
            for position, seat in enumerate(seats, start=1):
                player = by_entry.get(entry_id, {}).get(position)
                if player is not None:
                    out[t.pk].setdefault(seat, player)
    return out


def seat_names(holders: dict[str, User]) -> dict[str, dict]:
    """A table's seats as its page names them: ``{"N": {"name": ..., "robot": false}}``
    (a robot's name is shown with a mark; docs/online-play.md, the table view)."""
    return {seat: {"name": user.name, "robot": user.is_robot} for seat, user in holders.items()}
