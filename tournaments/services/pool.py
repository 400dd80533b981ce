"""The duplicate scoring pool (``docs/rules.md`` § The scoring pool).

* ``pool_create``: a pool event open for a period, with its board library.
* ``pool_join``: a player (alone, with a partner, or naming a partner and two ready
  opponents) is ready; whenever two pairs, a pair and two players or four players are
  ready, a table starts and is dealt its boards (``_table_start``).
* ``pool_result_arrived``: the format's arrival hook (``formats/pool.py``), called by the
  result entry services inside their transaction: the result gets its place in the
  arrival order, and is scored (or, at the 6th result, the board's first six are).
* ``pool_sitting_close`` / ``pool_clock_step``: a table that finished or ran out of time
  is closed, its unplayed boards give their places back; at the period's end the pool
  closes and its leaderboard is final.

Locks (``lock_objects``): starting or closing a table holds the event; an arrival holds
its sitting's round FOR SHARE and its table (as any result entry does), then the pool
board, then the pool's arrival counter.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import F, Max, Min, Q
from django.utils import timezone
from django.utils.translation import gettext as _

import scoring
from accounts.models import User

from ..deals import deal_generate
from ..dispatch import dispatch_on_commit
from ..errors import BridgeError, ConflictError, PermissionDeniedError
from ..formats.pool_sittings import sittings_in_play
from ..formats.seats import seated_entries
from ..lock_objects import (
    event_for_update,
    pool_board_for_update,
    pool_settings_for_update,
    round_for_update,
)
from ..models import (
    Board,
    Entry,
    EntryMember,
    Event,
    PoolBoard,
    PoolDeal,
    PoolReady,
    PoolResult,
    PoolScore,
    PoolSettings,
    Result,
    Round,
    Table,
    TableSeat,
)
from ..permissions import director_required
from .audit import log_action

SEATS = ("N", "S", "E", "W")


# -- the event ----------------------------------------------------------------------------


def pool_create(
    *,
    name: str,
    start_at: datetime,
    ends_at: datetime,
    director: User | None = None,
    boards: int = 0,
    boards_per_table: int = 4,
    minutes_per_board: int = 8,
    score_at: int = 6,
    retire_at: int = 40,
    lead_required: bool = True,
    online_play: bool = True,
    time_zone: str | None = None,
    rng: random.Random | None = None,
    now: datetime | None = None,
    analyse: bool = True,
) -> Event:
    """A pool event open from ``start_at`` to ``ends_at`` with ``boards`` boards dealt
    into its library now (more are dealt whenever a table finds too few)."""
    now = now or timezone.now()
    if director is not None:
        director_required(user=director)
    if not name.strip():
        raise BridgeError(_("An event needs a name."), code="name")
    if ends_at <= start_at:
        raise BridgeError(_("The pool must close after it opens."), code="ends_at")
    if ends_at <= now:
        raise BridgeError(_("The pool's closing time is in the past."), code="ends_at")
    if ends_at - start_at > timedelta(days=31):
        raise BridgeError(_("A pool is open for at most 31 days."), code="ends_at")
    if not 1 <= boards_per_table <= 8:
        raise BridgeError(_("A table plays from 1 to 8 boards."), code="boards_per_table")
    if not 1 <= minutes_per_board <= 30:
        raise BridgeError(_("A board takes from 1 to 30 minutes."), code="minutes_per_board")
    if not 2 <= score_at <= retire_at <= 200:
        raise BridgeError(
            _("Scoring needs at least 2 results, and no more than a board's last place."),
            code="score_at",
        )
    if not 0 <= boards <= 5000:
        raise BridgeError(_("A library holds up to 5000 boards to start with."), code="boards")
    with transaction.atomic(durable=True):
        event = Event.objects.create(
            name=name.strip(),
            kind=Event.Kind.POOL,
            start_at=start_at,
            director=director,
            method=Event.Method.IMP,
            lead_required=lead_required,
            online_play=online_play,
            next_transition_at=start_at,
            **({"time_zone": time_zone} if time_zone else {}),
        )
        PoolSettings.objects.create(
            event=event,
            ends_at=ends_at,
            boards_per_table=boards_per_table,
            minutes_per_board=minutes_per_board,
            score_at=score_at,
            retire_at=retire_at,
        )
        library_extend(event=event, count=boards, rng=rng, analyse=analyse)
        log_action(event=event, actor=director, action="event_create", data={"kind": "pool"})
    return Event.objects.get(pk=event.pk)


def library_extend(
    *, event: Event, count: int, rng: random.Random | None = None, analyse: bool = True
) -> list[Board]:
    """Deal ``count`` new boards into the pool's library (numbers continue); the worker
    analyses them (``analyse``: a simulation may skip it)."""
    if count <= 0:
        return []
    last = Board.objects.filter(event=event).aggregate(n=Max("number"))["n"] or 0
    boards = Board.objects.bulk_create(
        Board(
            event=event,
            number=n,
            dealer=scoring.board_dealer(n),
            vulnerability=scoring.board_vulnerability(n),
            deal=deal_generate(rng=rng),
        )
        for n in range(last + 1, last + 1 + count)
    )
    if boards and boards[0].pk is None:  # backends that do not return ids
        boards = list(Board.objects.filter(event=event, number__gt=last).order_by("number"))
    PoolBoard.objects.bulk_create(PoolBoard(board=b, event=event) for b in boards)
    if analyse:
        ids = [b.pk for b in boards]
        for i in range(0, len(ids), 50):
            dispatch_on_commit("tournaments.tasks.analyse_boards", ids[i : i + 50])
    return boards


# -- who is where -------------------------------------------------------------------------


def _open_sittings(event: Event, player_ids) -> Q:
    return Q(table__in=sittings_in_play(event), player_id__in=player_ids)


def players_at_tables(*, event: Event, player_ids) -> set[int]:
    """Of ``player_ids``, those seated at a table of ``event`` still in play."""
    return set(
        TableSeat.objects.filter(_open_sittings(event, list(player_ids))).values_list(
            "player_id", flat=True
        )
    )


def _pool_open(event: Event, now: datetime) -> None:
    if event.kind != Event.Kind.POOL:
        raise BridgeError(_("This event is not a scoring pool."), code="not_pool")
    if event.status == Event.Status.REGISTRATION or now < event.start_at:
        raise ConflictError(_("The pool has not opened yet."), code="not_open")
    if event.status != Event.Status.RUNNING or now >= event.settings.ends_at:
        raise ConflictError(_("The pool is closed."), code="closed")


def _entry_of(event: Event, player: User) -> Entry:
    """The player's own entry in the pool (made at their first table)."""
    member = EntryMember.objects.filter(event=event, player=player).select_related("entry").first()
    if member is not None:
        return member.entry
    order = (Entry.objects.filter(event=event).aggregate(n=Max("registration_order"))["n"]) or 0
    entry = Entry.objects.create(
        event=event, status=Entry.Status.CONFIRMED, registration_order=order + 1
    )
    EntryMember.objects.create(event=event, entry=entry, player=player, position=1)
    return entry


# -- joining ------------------------------------------------------------------------------


def pool_join(
    *,
    event: Event,
    player: User,
    partner: User | None = None,
    opponents: Sequence[User] = (),
    now: datetime | None = None,
    rng: random.Random | None = None,
) -> Table | None:
    """``player`` is ready to play (with ``partner``, if named). With two ``opponents``
    who are ready, the four start a table at once. Returns the table the player was
    seated at, if one started."""
    now = now or timezone.now()
    if not player.is_authenticated or not player.is_active:
        raise PermissionDeniedError(_("Log in to play in the pool."), code="login")
    people = [player] + ([partner] if partner else []) + list(opponents)
    if len({p.pk for p in people}) != len(people):
        raise BridgeError(_("Name four different players."), code="players")
    if opponents and (partner is None or len(opponents) != 2):
        raise BridgeError(
            _("A table of four names your partner and both opponents."), code="players"
        )
    if any(not p.is_active for p in people):
        raise BridgeError(_("An inactive account cannot play."), code="inactive")
    with transaction.atomic(durable=True):
        event = event_for_update(event.pk)
        _pool_open(event, now)
        _close_finished_sittings(event, [p.pk for p in people], now)
        busy = players_at_tables(event=event, player_ids=[p.pk for p in people])
        if busy:
            names = ", ".join(p.name for p in people if p.pk in busy)
            raise ConflictError(
                _("Already at a table in play: %(names)s.") % {"names": names}, code="busy"
            )
        waiting = {
            r.player_id: r
            for r in PoolReady.objects.filter(event=event, player__in=[p.pk for p in people])
        }
        if opponents:
            absent = [p for p in [partner, *opponents] if p.pk not in waiting]
            if absent:
                raise ConflictError(
                    _("Only ready players can be seated: %(names)s is not ready.")
                    % {"names": ", ".join(p.name for p in absent)},
                    code="not_ready",
                )
            PoolReady.objects.filter(event=event, player__in=[p.pk for p in people]).delete()
            seats = dict(zip(SEATS, (player, partner, opponents[0], opponents[1]), strict=True))
            return _table_start(event, seats, now, rng)
        if player.pk in waiting and waiting[player.pk].partner_id == (
            partner.pk if partner else None
        ):
            raise ConflictError(_("You are already waiting for a table."), code="waiting")
        if partner is not None:
            theirs = waiting.get(partner.pk)
            if theirs is not None and theirs.partner_id not in (None, player.pk):
                raise ConflictError(
                    _("%(name)s is waiting with another partner.") % {"name": partner.name},
                    code="partner_taken",
                )
        # Ready again: leave a previous partnership.
        PoolReady.objects.filter(event=event, partner=player).update(partner=None)
        PoolReady.objects.update_or_create(
            event=event, player=player, defaults={"partner": partner, "since": now}
        )
        if partner is not None:
            PoolReady.objects.filter(event=event, partner=partner).exclude(player=player).update(
                partner=None
            )
            PoolReady.objects.update_or_create(
                event=event,
                player=partner,
                defaults={"partner": player, "since": waiting[partner.pk].since}
                if partner.pk in waiting
                else {"partner": player, "since": now},
            )
        log_action(
            event=event, actor=player, action="pool_ready",
            data={"player": player.pk, "partner": partner.pk if partner else None},
        )  # fmt: skip
        started = _match_ready(event, now, rng)
        return next((t for t in started if player.pk in t.player_ids), None)


def pool_leave(*, event: Event, player: User) -> bool:
    """``player`` stops waiting (their partner waits on alone)."""
    with transaction.atomic(durable=True):
        event = event_for_update(event.pk)
        PoolReady.objects.filter(event=event, partner=player).update(partner=None)
        return PoolReady.objects.filter(event=event, player=player).delete()[0] > 0


def _units(ready: list[PoolReady]) -> list[tuple[int, ...]]:
    """The ready players as pairs (who named each other) and singles, oldest first."""
    by_player = {r.player_id: r for r in ready}
    seen: set[int] = set()
    units = []
    for r in ready:
        if r.player_id in seen:
            continue
        mate = by_player.get(r.partner_id) if r.partner_id else None
        if mate is not None and mate.partner_id == r.player_id:
            units.append((r.player_id, mate.player_id))
            seen.update(units[-1])
        else:
            units.append((r.player_id,))
            seen.add(r.player_id)
    return units


def table_from(units: list[tuple[int, ...]]) -> tuple[list[int], list[int]] | None:
    """The first table the ready units make, oldest first: (NS, EW) player ids. Pairs
    sit together; players alone make up the other side, or a pair of their own. The
    oldest unit always sits; the rest are taken in the order they became ready."""
    if not units:
        return None
    first, rest = units[0], units[1:]
    if len(first) == 2:
        side: list[int] = []
        for unit in rest:  # the next pair, or the next two players alone, whichever first
            if len(unit) == 2:
                return list(first), list(unit)
            if len(unit) == 1:
                side.append(unit[0])
                if len(side) == 2:
                    return list(first), side
        return table_from(rest) if len(rest) > 1 else None
    singles = [u[0] for u in rest if len(u) == 1]
    pairs = [u for u in rest if len(u) == 2]
    if singles and pairs:  # with the next player alone, against the oldest pair
        return list(pairs[0]), [first[0], singles[0]]
    if len(singles) >= 3:
        return [first[0], singles[0]], singles[1:3]
    return table_from(rest) if len(rest) > 1 else None


def _match_ready(event: Event, now: datetime, rng) -> list[Table]:
    """Start every table the ready players make (the caller holds the event's lock)."""
    started = []
    while True:
        ready = list(PoolReady.objects.filter(event=event).order_by("since", "pk"))
        found = table_from(_units(ready))
        if found is None:
            return started
        (n, s), (e, w) = found
        ids = [n, s, e, w]
        PoolReady.objects.filter(event=event, player_id__in=ids).delete()
        users = User.objects.in_bulk(ids)
        seats = {"N": users[n], "S": users[s], "E": users[e], "W": users[w]}
        started.append(_table_start(event, seats, now, rng))


# -- dealing ------------------------------------------------------------------------------


def _pick(qs, k: int, rng: random.Random, lo: int, hi: int) -> list[int]:
    """Up to ``k`` board ids of ``qs`` from a random starting point (not the oldest)."""
    if k <= 0:
        return []
    pivot = rng.randint(lo, hi) if hi >= lo else 0
    got = list(
        qs.filter(board_id__gte=pivot).order_by("board_id").values_list("board_id", flat=True)[:k]
    )
    if len(got) < k:
        got += list(
            qs.filter(board_id__lt=pivot)
            .order_by("board_id")
            .values_list("board_id", flat=True)[: k - len(got)]
        )
    return got


def boards_pick(
    *, event: Event, player_ids: Sequence[int], k: int, rng: random.Random | None = None
) -> list[int]:
    """The ids of ``k`` boards to deal to a table of ``player_ids`` (fewer if the
    library runs short): never a board one of them was dealt, never a retired one nor
    one whose places are all taken; first boards on their way to being scored (1 to 5
    results or tables), then, slot by slot at random, boards already scored and fresh
    ones. Each group is read from a random starting board, not oldest first."""
    rng = rng or random.Random()
    settings = event.settings
    seen = PoolDeal.objects.filter(event=event, player_id__in=list(player_ids)).values("board_id")
    base = PoolBoard.objects.filter(
        event=event, retired=False, taken__lt=settings.retire_at
    ).exclude(board_id__in=seen)
    span = PoolBoard.objects.filter(event=event).aggregate(lo=Min("board_id"), hi=Max("board_id"))
    lo, hi = span["lo"] or 0, span["hi"] or 0
    chosen = _pick(base.filter(taken__gte=1, taken__lt=settings.score_at), k, rng, lo, hi)
    if len(chosen) < k:
        need = k - len(chosen)
        fresh = _pick(base.filter(taken=0), need, rng, lo, hi)
        scored = _pick(base.filter(taken__gte=settings.score_at), need, rng, lo, hi)
        while len(chosen) < k and (fresh or scored):
            source = fresh if (fresh and (not scored or rng.random() < 0.5)) else scored
            chosen.append(source.pop(0))
    return chosen


def _table_start(event: Event, seats: dict[str, User], now: datetime, rng) -> Table:
    """Seat four players at a new table and deal it its boards (under the event lock)."""
    rng = rng or random.Random()
    settings = event.settings
    ids = [seats[s].pk for s in SEATS]
    chosen = boards_pick(event=event, player_ids=ids, k=settings.boards_per_table, rng=rng)
    if len(chosen) < settings.boards_per_table:
        extra = library_extend(event=event, count=settings.boards_per_table - len(chosen), rng=rng)
        chosen += [b.pk for b in extra]
    entries = {s: _entry_of(event, seats[s]) for s in SEATS}
    number = (Round.objects.filter(event=event).aggregate(n=Max("number"))["n"] or 0) + 1
    ends = now + timedelta(minutes=settings.minutes_per_board * len(chosen))
    sitting = Round.objects.create(
        event=event, number=number, status=Round.Status.OPEN, starts_at=now, ends_at=ends,
        opened_at=now,
    )  # fmt: skip
    table = Table.objects.create(
        event=event, round=sitting, number=number, ns=entries["N"], ew=entries["E"]
    )
    TableSeat.objects.bulk_create(TableSeat(table=table, seat=s, player=seats[s]) for s in SEATS)
    PoolDeal.objects.bulk_create(
        PoolDeal(event=event, table=table, board_id=b, player=seats[s], seat=s)
        for b in chosen
        for s in SEATS
    )
    # Deals hold the event's lock, so no other table takes these places meanwhile.
    PoolBoard.objects.filter(board_id__in=chosen).update(taken=F("taken") + 1)
    if event.next_transition_at is None or ends < event.next_transition_at:
        Event.objects.filter(pk=event.pk).update(next_transition_at=ends)
        event.next_transition_at = ends
    log_action(
        event=event, action="pool_table", round_number=number,
        data={"table": number, "players": ids, "boards": chosen},
    )  # fmt: skip
    table.player_ids = ids
    return table


# -- scoring at arrival -------------------------------------------------------------------


def _side_imps(result: Result, datum: int) -> tuple[int, int]:
    """(NS, EW) IMPs of a result against ``datum``; an adjusted score gets the
    adjustment's IMPs (+3 / 0 / -3) for each side."""
    if result.status == Result.Status.ADJUSTED:
        return (
            int(scoring.adjusted_points(result.ns_adjustment or "A=", Event.Method.IMP)),
            int(scoring.adjusted_points(result.ew_adjustment or "A=", Event.Method.IMP)),
        )
    ns = scoring.imps(result.ns_score - datum)
    return ns, -ns


def _score(
    event: Event, pool_results: list[PoolResult], datum: int, seq: int, known: Result | None
) -> None:
    """Give the final score of each of ``pool_results`` against ``datum`` (one batch;
    ``known``: the arriving result, already in memory)."""
    ids = [p.result_id for p in pool_results]
    if known is not None and ids == [known.pk]:
        results = {known.pk: known}
    else:
        results = {r.pk: r for r in Result.objects.filter(pk__in=ids)}
    seats = seated_entries(event, {r.table_id for r in results.values()})
    scores = []
    for pr in pool_results:
        result = results[pr.result_id]
        ns, ew = _side_imps(result, datum)
        pr.datum, pr.ns_imps, pr.scored_at_seq = datum, ns, seq
        result.ns_points, result.ew_points = float(ns), float(ew)
        for seat, (player_id, entry_id) in seats[result.table_id].items():
            scores.append(
                PoolScore(
                    event=event, result=result, entry_id=entry_id,
                    player_id=player_id, seat=seat, imps=ns if seat in "NS" else ew,
                    scored_at_seq=seq,
                )
            )  # fmt: skip
    PoolResult.objects.bulk_update(pool_results, ["datum", "ns_imps", "scored_at_seq"])
    Result.objects.bulk_update(list(results.values()), ["ns_points", "ew_points"])
    PoolScore.objects.bulk_create(scores)


def _datum(board_id: int) -> int:
    played = Result.objects.filter(
        pool__board_id=board_id, status=Result.Status.PLAYED
    ).values_list("ns_score", flat=True)
    played = list(played)
    return scoring.butler_datum(played) if played else 0


def pool_result_arrived(*, result: Result) -> PoolResult | None:
    """A played result was stored at a pool table (inside the entry's transaction):
    number it in the arrival order and score it (``docs/rules.md`` § The scoring pool)."""
    if result.status not in (Result.Status.PLAYED, Result.Status.ADJUSTED):
        return None
    pool_board = pool_board_for_update(board_id=result.board_id)
    settings = pool_settings_for_update(event_id=pool_board.event_id)
    settings.last_seq += 1
    settings.save(update_fields=["last_seq"])
    seq = settings.last_seq
    pool_board.results += 1
    if pool_board.results >= settings.retire_at:
        pool_board.retired = True
    pool_board.save(update_fields=["results", "retired"])
    arrived = PoolResult.objects.create(
        result=result, event_id=pool_board.event_id, board_id=result.board_id, seq=seq
    )
    if pool_board.results >= settings.score_at:
        batch = (
            [
                arrived if p.pk == arrived.pk else p
                for p in PoolResult.objects.filter(board_id=result.board_id).order_by("seq")
            ]
            if pool_board.results == settings.score_at
            else [arrived]
        )
        _score(settings.event, batch, _datum(result.board_id), seq, result)
    return arrived


def pool_result_corrected(*, result: Result) -> None:
    """A director corrected a pool result: once it has its final score, its players'
    scores are given again against the datum that was used (the other results' scores
    stand, ``docs/rules.md`` § The scoring pool)."""
    pr = PoolResult.objects.filter(result=result).first()
    if pr is None or pr.datum is None:
        return
    ns, ew = _side_imps(result, pr.datum)
    pr.ns_imps = ns
    pr.save(update_fields=["ns_imps"])
    Result.objects.filter(pk=result.pk).update(ns_points=float(ns), ew_points=float(ew))
    result.ns_points, result.ew_points = float(ns), float(ew)
    PoolScore.objects.filter(result=result, seat__in=["N", "S"]).update(imps=ns)
    PoolScore.objects.filter(result=result, seat__in=["E", "W"]).update(imps=ew)


# -- closing tables and the pool ----------------------------------------------------------


def _sitting_close(event: Event, sitting_id: int, now: datetime) -> bool:
    """Close one table (the caller holds the event's lock): its boards without a
    played result give their places back."""
    sitting = round_for_update(sitting_id)
    if sitting.status != Round.Status.OPEN:
        return False
    sitting.status = Round.Status.CLOSED
    sitting.closed_at = now
    sitting.save(update_fields=["status", "closed_at"])
    table = Table.objects.get(round=sitting)
    dealt = set(PoolDeal.objects.filter(table=table, seat="N").values_list("board_id", flat=True))
    played = set(
        Result.objects.filter(table=table, status=Result.Status.PLAYED).values_list(
            "board_id", flat=True
        )
    )
    back = sorted(dealt - played)
    if back:
        PoolBoard.objects.filter(board_id__in=back).update(taken=F("taken") - 1)
    log_action(
        event=event, action="pool_table_closed", round_number=sitting.number,
        data={"table": table.number, "unplayed": back},
    )  # fmt: skip
    return True


def _close_finished_sittings(event: Event, player_ids, now: datetime) -> None:
    """Close the tables of ``player_ids`` that have every board's result or ran out of
    time, so that the players are free again (the caller holds the event's lock)."""
    for sitting_id in _finished_sittings(event, now, player_ids=player_ids):
        _sitting_close(event, sitting_id, now)


def _finished_sittings(event: Event, now: datetime, player_ids=None) -> list[int]:
    sittings = Round.objects.filter(event=event, status=Round.Status.OPEN)
    if player_ids is not None:
        sittings = sittings.filter(tables__seats__player_id__in=list(player_ids))
    out = []
    for sitting in sittings.distinct().prefetch_related("tables"):
        if sitting.ends_at <= now:
            out.append(sitting.pk)
            continue
        table = sitting.tables.all()[0]
        dealt = PoolDeal.objects.filter(table=table, seat="N").count()
        if Result.objects.filter(table=table).count() >= dealt:
            out.append(sitting.pk)
    return out


def pool_sitting_close(
    *, event: Event, table: Table, actor: User, now: datetime | None = None
) -> bool:
    """A director closes a table now (its unplayed boards give their places back)."""
    now = now or timezone.now()
    with transaction.atomic():
        event = event_for_update(event.pk)
        director_required(user=actor, event=event)
        return _sitting_close(event, table.round_id, now)


def _next_due(event: Event) -> datetime | None:
    if event.status == Event.Status.FINISHED:
        return None
    ends = Round.objects.filter(event=event, status=Round.Status.OPEN).aggregate(n=Min("ends_at"))[
        "n"
    ]
    close = event.settings.ends_at
    if event.status == Event.Status.REGISTRATION:
        return event.start_at
    return min(ends, close) if ends else close


def pool_clock_step(*, event: Event, now: datetime) -> str | None:
    """The clock's step for a pool (``services/schedule.py``): open it at its start,
    close tables whose time is up, and close the pool at its end."""
    with transaction.atomic():
        event = event_for_update(event.pk)
        step = None
        if event.status == Event.Status.REGISTRATION:
            if now < event.start_at:
                return None
            event.status = Event.Status.RUNNING
            event.save(update_fields=["status"])
            log_action(event=event, action="pool_open", transition="open")
            step = "open"
        elif event.status == Event.Status.RUNNING:
            due = list(
                Round.objects.filter(event=event, status=Round.Status.OPEN, ends_at__lte=now)
                .order_by("ends_at", "pk")
                .values_list("pk", "ends_at")
            )
            for sitting_id, ends_at in due:
                _sitting_close(event, sitting_id, min(now, ends_at))
            if due:
                step = f"close {len(due)} tables"
            if now >= event.settings.ends_at:
                _pool_finish(event, now)
                step = "finish"
        else:
            return None
        Event.objects.filter(pk=event.pk).update(next_transition_at=_next_due(event))
        return step


def _pool_finish(event: Event, now: datetime) -> None:
    """The period is over: every table closes, the leaderboard is final (entries'
    totals and ranks), and nothing more can be entered."""
    for sitting_id in Round.objects.filter(event=event, status=Round.Status.OPEN).values_list(
        "pk", flat=True
    ):
        _sitting_close(event, sitting_id, now)
    PoolReady.objects.filter(event=event).delete()
    from ..selectors.pool import leaderboard_get

    entries = {e.pk: e for e in Entry.objects.filter(event=event)}
    for row in leaderboard_get(event=event):
        entry = entries[row.entry_id]
        entry.total, entry.boards_played = row.imps, row.boards
        entry.rank, entry.finished = row.place, True
    Entry.objects.bulk_update(
        list(entries.values()), ["total", "boards_played", "rank", "finished"]
    )
    event.status = Event.Status.FINISHED
    event.finished_at = now
    event.save(update_fields=["status", "finished_at"])
    log_action(event=event, action="event_finish", transition="finish")
