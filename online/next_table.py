"""Where each seat of a table goes once its round's boards are over (``docs/rules.md``
§ Online play, the table page; the shape is docs/online-play.md's ``next``).

Read for many tables of one round at once, in a bounded number of queries (the round
close cuts every table's board in play, and a snapshot is shared by the four seats):
each seat's player is followed to the next round, by their own line-up seat there, else
by their pair (the seat's entry) and its table.
"""

from __future__ import annotations

from collections import defaultdict

from django.db.models import Q
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from tournaments.formats import format_for
from tournaments.models import Event, Round, Table, TableSeat
from tournaments.timezones import zone, zone_label

SEATS = ("N", "E", "S", "W")


def _side(seat: str) -> str:
    return "NS" if seat in "NS" else "EW"


def _same_for_all(tables: list[Table], go: dict) -> dict[int, dict[str, dict]]:
    return {t.pk: dict.fromkeys(SEATS, go) for t in tables}


def _time_text(event: Event, when) -> str:
    """``14:30 Shanghai (UTC+8)``: a time of day in the event's zone, the zone named."""
    local = timezone.localtime(when, zone(event.time_zone))
    return f"{local:%H:%M} {zone_label(event.time_zone, when)}"


def next_places(
    *, event: Event, rnd: Round, tables: list[Table], players: dict[int, dict[str, User]]
) -> dict[int, dict[str, dict]]:
    """Table id -> seat -> where that seat's player goes after round ``rnd`` (``tables``
    are of that round; ``players``: who holds each seat, ``seats.seat_players``). Each
    place is a dict with ``status``: ``table`` (the next round is open: its ``round``,
    ``table``, ``table_number``, ``direction`` and the table's play page ``url``),
    ``bye`` (the pair sits that round out), ``my_table`` (no one table to name: their
    my-table page), ``wait`` (the next round is not open yet: its ``round``,
    ``starts_at`` and ``starts_at_text`` in the event's zone), ``over`` (the event's
    last round: the standings' ``url``) or ``lobby`` (the scoring pool: its lobby);
    and ``text``, the same in words. At most three queries."""
    fmt = format_for(event)
    if fmt.own_clock:  # the scoring pool: back to its lobby to play again
        url = reverse(fmt.event_url or fmt.my_table_url, args=[event.pk])
        return _same_for_all(
            tables, {"status": "lobby", "url": url, "text": _("The table is over.")}
        )
    if event.status == Event.Status.FINISHED or rnd.number >= event.num_rounds:
        url = reverse("tournaments:event_detail", args=[event.pk]) + "#standings"
        return _same_for_all(
            tables,
            {"status": "over", "url": url, "text": _("The event is over: see the standings.")},
        )
    number = rnd.number + 1
    following = Round.objects.filter(event=event, number=number, status=Round.Status.OPEN).first()
    if following is None:
        starts = event.round_start(number)
        at = _time_text(event, starts)
        go = {
            "status": "wait", "round": number, "starts_at": starts.isoformat(),
            "starts_at_text": at,
            "text": _("Round %(round)s starts at %(time)s.") % {"round": number, "time": at},
        }  # fmt: skip
        return _same_for_all(tables, go)
    return _next_tables(event, following, tables, players)


def _next_tables(
    event: Event, following: Round, tables: list[Table], players: dict[int, dict[str, User]]
) -> dict[int, dict[str, dict]]:
    """Each seat's table in the open round ``following`` (two queries)."""
    users = {u.pk for seats in players.values() for u in seats.values()}
    lineup = {
        row.player_id: row
        for row in TableSeat.objects.filter(table__round=following, player_id__in=users)
        .select_related("table")
    }  # fmt: skip
    entries = {e for t in tables for e in (t.ns_id, t.ew_id) if e}
    by_entry: dict[int, list[Table]] = defaultdict(list)
    for t in Table.objects.filter(round=following).filter(
        Q(ns_id__in=entries) | Q(ew_id__in=entries)
    ):
        for entry_id in (t.ns_id, t.ew_id):
            if entry_id in entries:
                by_entry[entry_id].append(t)
    out: dict[int, dict[str, dict]] = {}
    for t in tables:
        out[t.pk] = {}
        for seat in SEATS:
            user = players.get(t.pk, {}).get(seat)
            row = lineup.get(user.pk) if user is not None else None
            if row is not None:
                place, direction = row.table, _side(row.seat)
            else:
                entry_id = t.ns_id if seat in "NS" else t.ew_id
                found = by_entry.get(entry_id, [])
                place = found[0] if len(found) == 1 else None
                direction = place.side_of(entry_id) if place is not None else None
            out[t.pk][seat] = _place(event, following.number, place, direction)
    return out


def _place(event: Event, number: int, table: Table | None, direction: str | None) -> dict:
    if table is None:
        url = reverse(format_for(event).my_table_url, args=[event.pk])
        text = _("Round %(round)s: see my table.") % {"round": number}
        return {"status": "my_table", "round": number, "url": url, "text": text}
    if table.is_bye:
        text = _("Round %(round)s: your pair sits out (a bye).") % {"round": number}
        return {"status": "bye", "round": number, "text": text}
    words = {"round": number, "table": table.number, "direction": direction}
    return {
        "status": "table", "round": number, "table": table.pk, "table_number": table.number,
        "direction": direction, "url": reverse("online:table", args=[event.pk, table.pk]),
        "text": _("Round %(round)s: table %(table)s, %(direction)s.") % words,
    }  # fmt: skip
