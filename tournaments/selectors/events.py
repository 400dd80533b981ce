"""Reads about events and entries: index, standings, players, the score grid."""

from __future__ import annotations

from collections import defaultdict

from django.db.models import Case, Count, DateTimeField, F, Prefetch, Q, QuerySet, Value, When

from accounts.models import User

from ..formats import format_for
from ..formats.seats import PARTNER, seated_entries
from ..models import (
    Board,
    Entry,
    EntryMember,
    Event,
    EventLog,
    Result,
    ResultCorrection,
    Table,
)
from ..permissions import is_event_director


def event_list(*, query: str = "") -> QuerySet[Event]:
    events = Event.objects.all()
    if query:
        events = events.filter(name__icontains=query)
    return events


def entries_with_players(event: Event) -> QuerySet[Entry]:
    return (
        Entry.objects.filter(event=event)
        .exclude(status=Entry.Status.DECLINED)
        .prefetch_related(
            Prefetch("members", queryset=EntryMember.objects.select_related("player"))
        )
    )


def standings_get(*, event: Event, players: bool = True) -> list[Entry]:
    """Every entry that took part (finished or not), best first.

    Finished events: ranked pairs by rank, then the unranked by total. While running:
    by current total, then boards played, then registration. ``players=False`` leaves
    out the members (a big field's page reads them with ``event_players_get``).
    """
    if players:
        entries = entries_with_players(event)
    else:
        entries = Entry.objects.filter(event=event).exclude(status=Entry.Status.DECLINED)
    entries = list(entries.filter(registration_order__isnull=False))
    if event.status == Event.Status.FINISHED:
        key = lambda e: (e.rank is None, e.rank or 0, -e.total, e.registration_order)  # noqa: E731
    else:
        key = format_for(event).standings_key
    return sorted(entries, key=key)


def event_players_get(*, event: Event) -> dict[int, list[User]]:
    """The players of every entry of an event, by entry id, in seat order: one query of
    light ``User`` rows, much cheaper than prefetching members for a thousand pairs."""
    users = (
        User.objects.filter(entry_memberships__event=event)
        .annotate(
            entry_id=F("entry_memberships__entry_id"), position=F("entry_memberships__position")
        )
        .only("username", "display_name", "first_name", "last_name")
        .order_by("entry_id", "position")
    )
    players: dict[int, list[User]] = defaultdict(list)
    for user in users:
        players[user.entry_id].append(user)
    return players


def score_grid_get(*, event: Event) -> dict[int, dict[int, tuple[float | None, int]]]:
    """``{entry id: {board number: (points for that entry, result id)}}`` in one query."""
    grid: dict[int, dict[int, tuple[float | None, int]]] = defaultdict(dict)
    rows = list(
        Result.objects.filter(board__event=event).values_list(
            "pk", "board__number", "table_id", "table__ns_id", "table__ew_id", "ns_points",
            "ew_points",
        )
    )  # fmt: skip
    if format_for(event).individual:  # each of the four players scores their side's
        seats = seated_entries(event, {row[2] for row in rows})
        for pk, number, table_id, _ns, _ew, ns_points, ew_points in rows:
            for seat, (_player, entry_id) in seats.get(table_id, {}).items():
                grid[entry_id][number] = (ns_points if seat in "NS" else ew_points, pk)
        return grid
    for pk, number, _table, ns_id, ew_id, ns_points, ew_points in rows:
        grid[ns_id][number] = (ns_points, pk)
        if ew_id:
            grid[ew_id][number] = (ew_points, pk)
    return grid


def round_opponents_get(
    *, event: Event, rounds, by_set: bool = False
) -> dict[int, dict[int, int | None]]:
    """``{entry id: {round number: the opponents' entry id (None: a bye)}}`` for the
    given rounds, in one query (the score grid's "against" columns; an individual
    event's: each player's partner, in two). ``by_set``: keyed
    by board set instead, for given sets (a movement, where a pair plays a set once)."""
    opponents: dict[int, dict[int, int | None]] = defaultdict(dict)
    if format_for(event).individual:  # an individual's column is the partner
        tables = dict(
            Table.objects.filter(round__event=event, round__number__in=list(rounds)).values_list(
                "pk", "round__number"
            )
        )
        for table_id, at in seated_entries(event, tables).items():
            for seat, (_player, entry_id) in at.items():
                opponents[entry_id][tables[table_id]] = at[PARTNER[seat]][1]
        return opponents
    key = "board_set" if by_set else "round__number"
    rows = Table.objects.filter(round__event=event, **{f"{key}__in": list(rounds)}).values_list(
        key, "ns_id", "ew_id"
    )
    for number, ns_id, ew_id in rows:
        if ns_id:
            opponents[ns_id][number] = ew_id
        if ew_id:
            opponents[ew_id][number] = ns_id
    return opponents


def event_index_get(*, query: str = "", on=None) -> QuerySet[Event]:
    """Events for the index, running first, then open for registration (both soonest
    first), then results (newest first);
    with the pair count and the winners (rank 1): two queries in all."""
    events = event_list(query=query)
    if on is not None:
        events = events.filter(start_at__date=on)
    status_order = Case(
        When(status=Event.Status.RUNNING, then=Value(0)),
        When(status=Event.Status.REGISTRATION, then=Value(1)),
        default=Value(2),
    )
    # Running and open events soonest first (the next one to play on top); results newest first.
    upcoming_first = Case(
        When(~Q(status=Event.Status.FINISHED), then=F("start_at")),
        default=None,
        output_field=DateTimeField(),
    )
    return (
        events.order_by(status_order, upcoming_first.asc(nulls_last=True), "-start_at", "-pk")
        .annotate(
            pairs=Count(
                "entries",
                filter=Q(entries__registration_order__isnull=False)
                & ~Q(entries__status=Entry.Status.DECLINED),
            )
        )
        .prefetch_related(
            Prefetch(
                "entries",
                queryset=Entry.objects.filter(rank=1).prefetch_related(
                    Prefetch("members", queryset=EntryMember.objects.select_related("player"))
                ),
                to_attr="winners",
            )
        )
    )


def event_boards_get(*, event: Event) -> list[Board]:
    """The dealt boards of an event with their round (for columns and visibility)."""
    return list(Board.objects.filter(event=event).select_related("round").order_by("number"))


def membership_get(*, event: Event, user: User) -> EntryMember | None:
    """The user's place in an event (entry and both players), or None."""
    if not user.is_authenticated:
        return None
    # The player's own entry (complete, or an invitation they sent) before any invitation
    # to them: they may hold several of those (docs/rules.md § Players and partners).
    return (
        EntryMember.objects.filter(event=event, player=user)
        .exclude(entry__status=Entry.Status.DECLINED)
        .select_related("entry")
        .prefetch_related(
            Prefetch("entry__members", queryset=EntryMember.objects.select_related("player"))
        )
        .order_by(F("confirmed_at").desc(nulls_last=True), "pk")
        .first()
    )


def invitations_get(*, user: User, event: Event | None = None) -> list[EntryMember]:
    """The invitations waiting for ``user`` (to events still open for registration, or
    to ``event``), with the inviting partner: shown to them only, never publicly."""
    if not user.is_authenticated:
        return []
    members = (
        EntryMember.objects.filter(
            player=user, confirmed_at__isnull=True, entry__status=Entry.Status.PENDING
        )
        .select_related("entry__event")
        .prefetch_related(
            Prefetch("entry__members", queryset=EntryMember.objects.select_related("player"))
        )
        .order_by("entry__event__start_at", "pk")
    )
    if event is not None:
        members = members.filter(event=event)
    else:
        members = members.filter(entry__event__status=Event.Status.REGISTRATION)
    found = list(members)
    for member in found:
        member.inviter = next(
            (m.player for m in member.entry.members.all() if m.player_id != user.pk), None
        )
    return found


def invitations_sent_get(*, user: User) -> list[EntryMember]:
    """The invitations ``user`` sent that wait for the partner (events still open)."""
    if not user.is_authenticated:
        return []
    found = list(
        EntryMember.objects.filter(
            player=user,
            confirmed_at__isnull=False,
            entry__status=Entry.Status.PENDING,
            entry__event__status=Event.Status.REGISTRATION,
        )
        .select_related("entry__event")
        .prefetch_related(
            Prefetch("entry__members", queryset=EntryMember.objects.select_related("player"))
        )
        .order_by("entry__event__start_at", "pk")
    )
    for member in found:
        member.invitee = next(
            (m.player for m in member.entry.members.all() if m.player_id != user.pk), None
        )
    return found


def player_entries_get(*, user: User) -> list[EntryMember]:
    """Every event a player entered (not declined), newest first, with partners. Pending
    invitations are not entries yet: a public page never shows them."""
    return list(
        EntryMember.objects.filter(player=user, entry__registration_order__isnull=False)
        .exclude(entry__status=Entry.Status.DECLINED)
        .select_related("entry__event")
        .prefetch_related(
            Prefetch("entry__members", queryset=EntryMember.objects.select_related("player"))
        )
        .order_by("-entry__event__start_at", "-pk")
    )


def corrections_recent_get(*, event: Event, limit: int = 20) -> list[ResultCorrection]:
    return list(
        ResultCorrection.objects.filter(result__board__event=event)
        .select_related("changed_by", "result__board", "result__table")
        .order_by("-changed_at", "-pk")[:limit]
    )


def current_event_for_get(*, user: User) -> Event | None:
    """The event a player is most likely at now: running first, then the next to start."""
    if not user.is_authenticated:
        return None
    events = Event.objects.filter(
        entries__members__player=user, entries__status=Entry.Status.CONFIRMED
    )
    return (
        events.filter(status=Event.Status.RUNNING).order_by("-start_at").first()
        or events.filter(status=Event.Status.REGISTRATION).order_by("start_at").first()
    )


def event_get(*, event_id: int) -> Event | None:
    return Event.objects.filter(pk=event_id).first()


def event_list_filtered(*, query: str = "", status: str = "") -> QuerySet[Event]:
    """``event_list`` narrowed to one status (registration, running, finished)."""
    events = event_list(query=query)
    if status:
        events = events.filter(status=status)
    return events


def entry_get(*, entry_id: int) -> Entry | None:
    return Entry.objects.select_related("event").filter(pk=entry_id).first()


def entry_with_players_get(*, event: Event, entry_id: int) -> Entry | None:
    """An entry of ``event`` with its players prefetched (declined entries excluded)."""
    entry = entries_with_players(event).filter(pk=entry_id).first()
    if entry is not None:
        entry.event = event  # its format decides how its history is read
    return entry


def entries_listed_for(*, event: Event, user: User) -> QuerySet[Entry]:
    """The entries ``user`` may list: complete pairs (confirmed or withdrawn) for everyone;
    pending invitations only for their own players and the event's directors."""
    entries = entries_with_players(event)
    if is_event_director(user=user, event=event):
        return entries
    listed = Q(registration_order__isnull=False)
    if user.is_authenticated:
        listed |= Q(pk__in=EntryMember.objects.filter(player=user).values("entry_id"))
    return entries.filter(listed)


#: The event log's action for a line of a file left out of its import.
LEFT_OUT_ACTION = "import_line_left_out"


def import_left_out_get(*, event: Event) -> list[dict]:
    """The lines of an imported event's file left out of its import (none could be read
    as a result), in file order, as its log records them: board, section, round, table,
    ns and ew (the pairs as the file writes them) and reason (``docs/rules.md`` § Files)."""
    rows = EventLog.objects.filter(event=event, action=LEFT_OUT_ACTION).order_by("pk")
    return [row.data for row in rows]
