"""The one visibility rule (``docs/rules.md`` § Visibility). Pages, the API, exports,
fragments and commands all ask here.

While a board is in play (its round is open; the format decides what "in play" means),
its deal, double-dummy analysis and the other tables' results are hidden from a player
until the board is *unlocked* for their table: the table's result on it has been
confirmed, by the other side or by the director. A side's own entry alone unlocks
nothing (otherwise entering "pass" would be a way to peek). Directors see everything;
everyone sees everything once the board is no longer in play or the event has finished.
A player always sees their own table's result.

Rooms: where an entry plays at several tables of a round (a team's open and closed room),
a player's table is the one they sit at (``TableSeat``), so a board unlocks for a player
only when *their own room* has finished it; a team member not seated yet has no table and
waits for the board to leave play. Broadcast: in a format that broadcasts (team events,
a director setting), spectators see boards in play live. A spectator is a signed-in user
who is no player of the event (not entered, nor on the roster or the captain of a team
entered); an anonymous request may be a player who sent no token, so it sees what the
public sees (``ANYONE``): boards of closed rounds. Hidden travellers (a director
setting): no board unlocks while it is in play; a player sees only their own table's
results until the board leaves play.
"""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser
from django.db.models import Q
from django.utils.functional import cached_property

from accounts.models import User

from ..formats import format_for
from ..models import Board, EntryMember, Event, Result, TableSeat, TeamEntry
from ..permissions import is_event_director

#: The public: what an anonymous request, the standings grid and the exports see. Never
#: a broadcast spectator (``docs/rules.md`` § Visibility, broadcast).
ANYONE = AnonymousUser()


def _sees_everything(event: Event, user: User) -> bool:
    return event.status == Event.Status.FINISHED or is_event_director(user=user, event=event)


def entry_ids_of(*, user: User, event: Event) -> set[int]:
    """The entries ``user`` plays for in ``event`` (one query; none for anonymous)."""
    if not user.is_authenticated:
        return set()
    return set(
        EntryMember.objects.filter(event=event, player=user).values_list("entry_id", flat=True)
    )


def boards_unlocked_for(
    *, board_ids, user: User | None = None, entry_ids=None, seated: bool = False
) -> set[int]:
    """Of ``board_ids``, the boards whose result at the table of ``user`` (or of one of
    ``entry_ids``, when known) is confirmed. ``seated``: the user's table is the one they
    sit at (a format that seats players). One query; none for nobody."""
    if seated:
        if user is None or not user.is_authenticated:
            return set()
        at_table = Q(table__seats__player=user)
    elif entry_ids is not None:
        at_table = Q(table__ns_id__in=entry_ids) | Q(table__ew_id__in=entry_ids)
    elif user is not None and user.is_authenticated:
        at_table = Q(table__ns__members__player=user) | Q(table__ew__members__player=user)
    else:
        return set()
    if not seated and entry_ids is not None and not entry_ids:
        return set()
    return set(
        Result.objects.filter(
            board_id__in=board_ids, status=Result.Status.PLAYED, confirmed_at__isnull=False
        )
        .filter(at_table)
        .values_list("board_id", flat=True)
    )


def board_is_public(*, board: Board, event: Event) -> bool:
    """Whether everyone may see ``board`` (in memory: ``board.round`` is loaded)."""
    return event.status == Event.Status.FINISHED or not format_for(event).board_in_play(board=board)


def boards_public(*, boards, event: Event) -> list[Board]:
    """Of ``boards``, those everyone may see (``board_is_public`` for many boards: one
    query, whatever the format)."""
    if event.status == Event.Status.FINISHED:
        return list(boards)
    in_play = set(format_for(event).boards_in_play(event=event).values_list("pk", flat=True))
    return [b for b in boards if b.pk not in in_play]


def _outsider(event: Event, user: User, own: set[int] | None) -> bool:
    """A signed-in user who is no player of the event: not entered, neither on the
    roster nor the captain of a team entered, nor seated at one of its tables (a
    substitute the director moved in, ``docs/rules.md`` § Online play) (at most three
    queries). An anonymous request may be a player who sent no token: never an
    outsider."""
    if not user.is_authenticated:
        return False
    if own if own is not None else entry_ids_of(user=user, event=event):
        return False
    team = Q(team__captain=user) | Q(team__members__player=user)
    if TeamEntry.objects.filter(event=event).filter(team).exists():
        return False
    return not TableSeat.objects.filter(table__event=event, player=user).exists()


def _spectator_sees(event: Event, user: User, own: set[int] | None) -> bool:
    """A broadcast event, or one whose tables spectators watch live, shows boards in
    play to a spectator: a signed-in user who is no player of the event. An anonymous
    request is the public, never a spectator (``docs/rules.md`` § Visibility, broadcast;
    § Online play, spectators). Delayed spectators see a board in play only through the
    table they watch, as it stood the delay ago (``spectator_delay_of``)."""
    if not user.is_authenticated:
        return False
    live = event.online_play and event.spectators == Event.Spectators.LIVE
    if not live and not format_for(event).broadcast(event=event):
        return False
    return _outsider(event, user, own)


def spectator_delay_of(*, user: User, event: Event) -> int | None:
    """How far behind the tables ``user`` may watch them as a spectator, in seconds (0:
    live); None when they may not (``docs/rules.md`` § Online play, spectators): the
    event's setting lets people outside it watch, and the user is signed in and no
    player of the event. A player never watches another table: a board they have not
    played yet would show."""
    if not event.online_play or event.spectators == Event.Spectators.OFF:
        return None
    if not _outsider(event, user, None):
        return None
    return 0 if event.spectators == Event.Spectators.LIVE else event.spectator_delay


def spectator_refusal_of(*, user: User, event: Event) -> str | None:
    """Why ``user`` may not watch the event's tables as a spectator, in the words a
    refused person is told (``docs/rules.md`` § Online play, spectators): ``"anonymous"``
    (not signed in), ``"player"`` (a player of the event never watches another table),
    ``"off"`` (the event's setting lets nobody outside it watch, or it is not played
    online); None when ``spectator_delay_of`` lets them watch. The same rule: this only
    names the reason."""
    if spectator_delay_of(user=user, event=event) is not None:
        return None
    if not user.is_authenticated:
        return "anonymous"
    if not _outsider(event, user, None):
        return "player"
    return "off"


def board_visible(*, user: User, board: Board, event: Event | None = None) -> bool:
    """May ``user`` see this board's deal, analysis and every table's result now?"""
    event = event or board.event
    if _sees_everything(event, user) or board_is_public(board=board, event=event):
        return True
    if _spectator_sees(event, user, None):
        return True
    if event.traveller_hidden:
        return False
    seated = format_for(event).seats_players
    return board.pk in boards_unlocked_for(user=user, board_ids=[board.pk], seated=seated)


def boards_hidden(*, user: User, event: Event, own: set[int] | None = None) -> set[int]:
    """The boards of ``event`` that ``user`` may not see yet (at most two queries;
    ``own``: the user's entries, when already known).

    ``user=ANYONE``: what is hidden from the public (standings grid, exports)."""
    if _sees_everything(event, user) or _spectator_sees(event, user, own):
        return set()
    fmt = format_for(event)
    hidden = set(fmt.boards_in_play(event=event).values_list("pk", flat=True))
    if hidden and not event.traveller_hidden:
        hidden -= boards_unlocked_for(
            board_ids=hidden, user=user, entry_ids=own, seated=fmt.seats_players
        )
    return hidden


class Sight:
    """What one user may see of one event, computed once (for a page or an API answer
    that checks many results): ``hidden`` boards and the user's own entries."""

    def __init__(self, *, user: User, event: Event, own: set[int] | None = None):
        """``own``: the user's entries in the event, when the caller knows them."""
        self.user, self.event = user, event
        if own is not None:
            self.own_entries = own

    @cached_property
    def own_entries(self) -> set[int]:
        return entry_ids_of(user=self.user, event=self.event)

    @cached_property
    def hidden(self) -> set[int]:
        if _sees_everything(self.event, self.user):
            return set()
        return boards_hidden(user=self.user, event=self.event, own=self.own_entries)

    @cached_property
    def seated_at(self) -> set[int]:
        """The tables the user sits at (a format that seats players; one query)."""
        if not self.user.is_authenticated or not self.own_entries:
            return set()
        return set(
            TableSeat.objects.filter(table__event=self.event, player=self.user).values_list(
                "table_id", flat=True
            )
        )

    def at_table(self, table) -> bool:
        if format_for(self.event).seats_players:
            return table.pk in self.seated_at
        return table.ns_id in self.own_entries or table.ew_id in self.own_entries

    def results_at(self, table, results) -> list[Result]:
        """Of ``results`` of one ``table``, the ones the user may see: all of them at
        their own table, else those on boards they may see."""
        if self.at_table(table):
            return list(results)
        return [r for r in results if r.board_id not in self.hidden]
