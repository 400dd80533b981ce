"""Who sits where, for formats whose tables name their four players (``TableSeat``):
the scoring pool and individual events (``docs/rules.md`` § Formats)."""

from __future__ import annotations

from django.db.models import OuterRef, QuerySet, Subquery
from django.utils.translation import ngettext, npgettext

from ..models import Entry, EntryMember, Event, Round, Table, TableSeat

#: The seat of each seat's partner.
PARTNER = {"N": "S", "S": "N", "E": "W", "W": "E"}


def seated_entries(event: Event, table_ids) -> dict[int, dict[str, tuple[int, int]]]:
    """table id -> seat -> (player id, the player's entry id), in one query."""
    entry = EntryMember.objects.filter(event=event, player=OuterRef("player_id")).values(
        "entry_id"
    )[:1]
    rows = (
        TableSeat.objects.filter(table_id__in=list(table_ids))
        .annotate(entry_id=Subquery(entry))
        .values_list("table_id", "seat", "player_id", "entry_id")
    )
    out: dict[int, dict[str, tuple[int, int]]] = {}
    for table_id, seat, player_id, entry_id in rows:
        out.setdefault(table_id, {})[seat] = (player_id, entry_id)
    return out


def seated_players(table_ids) -> dict[int, tuple[list, list]]:
    """table id -> (NS players, EW players), in seat order (N, S; E, W), one query."""
    out: dict[int, tuple[list, list]] = {}
    seats = TableSeat.objects.filter(table_id__in=list(table_ids)).select_related("player")
    for s in sorted(seats, key=lambda s: "NSEW".index(s.seat)):
        ns, ew = out.setdefault(s.table_id, ([], []))
        (ns if s.seat in "NS" else ew).append(s.player)
    return out


def seat_side(table, user) -> str | None:
    """``"NS"``/``"EW"``: the side ``user`` sits at ``table``; None: not there."""
    seat = TableSeat.objects.filter(table=table, player=user).values_list("seat", flat=True).first()
    return None if seat is None else ("NS" if seat in "NS" else "EW")


class SeatedPlayers:
    """The part of a format whose tables name their four players: who sits where is
    ``TableSeat``, not the tables' entries (mixed into the pool and individual events)."""

    seats_players = True
    entry_noun = "players"

    def entries_label(self, count: int) -> str:
        """Each entry is one player."""
        return npgettext("entries", "Player", "Players", count)

    def entries_count(self, count: int) -> str:
        return ngettext("%(n)d player", "%(n)d players", count) % {"n": count}

    def table_side(self, *, table: Table, user, claim: bool = False) -> str | None:
        return seat_side(table, user)

    def tables_of(self, *, rnd: Round, entry: Entry, user, room=None) -> QuerySet[Table]:
        return Table.objects.filter(round=rnd, seats__player=user)

    def players_at_tables(self, *, table_ids) -> dict[int, tuple[list, list]]:
        return seated_players(table_ids)
