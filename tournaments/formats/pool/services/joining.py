"""Who is where, and joining: a player (alone, with a partner, or naming a partner and
two ready opponents) is ready; whenever the ready players make a table, it starts
(``docs/rules.md`` § The scoring pool)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from datetime import datetime

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.models import User
from accounts.robots import robot_user

from ....errors import BridgeError, ConflictError, PermissionDeniedError
from ....lock_objects import (
    event_for_update,
)
from ....models import (
    Event,
    PoolReady,
    Table,
    TableSeat,
)
from ....services.audit import log_action
from ..sittings import sittings_in_play
from .closing import finished_sittings_close
from .dealing import SEATS, table_start

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
    people = _people_checked(player=player, partner=partner, opponents=opponents)
    with transaction.atomic(durable=True):
        event = event_for_update(event.pk)
        _pool_open(event, now)
        finished_sittings_close(event=event, player_ids=[p.pk for p in people], now=now)
        _not_busy(event, people)
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
            return table_start(event=event, seats=seats, now=now, rng=rng)
        _ready_mark(event=event, player=player, partner=partner, waiting=waiting, now=now)
        started = _match_ready(event, now, rng)
        return next((t for t in started if player.pk in t.player_ids), None)


def pool_robots_join(
    *,
    event: Event,
    player: User,
    partner: User | None = None,
    now: datetime | None = None,
    rng: random.Random | None = None,
) -> Table:
    """``player`` (with ``partner``: named, or the partner they wait with) starts a table
    at once, robots in the empty seats: the people sit North (and South), robot accounts
    the other seats, at most the pool's ``robot_seats`` of them (``docs/rules.md``
    § Robots, the pool). A partner named must be ready (waiting) already."""
    now = now or timezone.now()
    people = _people_checked(player=player, partner=partner, opponents=())
    with transaction.atomic(durable=True):
        event = event_for_update(event.pk)
        _pool_open(event, now)
        _robots_allowed(event)
        waiting = {
            r.player_id: r
            for r in PoolReady.objects.filter(event=event, player__in=[p.pk for p in people])
        }
        mine = waiting.get(player.pk)
        if partner is None and mine is not None and mine.partner_id is not None:
            partner = User.objects.filter(pk=mine.partner_id, is_active=True).first()
            people = [player] + ([partner] if partner else [])
        _robots_partner_check(event=event, player=player, partner=partner)
        robots = 4 - len(people)
        if robots > event.settings.robot_seats:
            raise ConflictError(
                ngettext(
                    "Robots may fill at most %(n)d seat of a table in this pool: "
                    "ask for them with a partner.",
                    "Robots may fill at most %(n)d seats of a table in this pool: "
                    "ask for them with a partner.",
                    event.settings.robot_seats,
                )
                % {"n": event.settings.robot_seats},
                code="robots_max",
            )
        finished_sittings_close(event=event, player_ids=[p.pk for p in people], now=now)
        _not_busy(event, people)
        ids = [p.pk for p in people]
        PoolReady.objects.filter(event=event, partner__in=ids).update(partner=None)
        PoolReady.objects.filter(event=event, player__in=ids).delete()
        seats = {"N": player, "S": partner or robot_user("S")}
        seats.update({s: robot_user(s) for s in "EW"})
        return table_start(event=event, seats=seats, now=now, rng=rng)


def _robots_allowed(event: Event) -> None:
    if not event.online_play:
        raise ConflictError(_("Robots play only at tables played online."), code="not_online")
    if event.settings.robot_seats == 0:
        raise ConflictError(_("Robots are not allowed in this pool."), code="robots_off")


def _robots_partner_check(*, event: Event, player: User, partner: User | None) -> None:
    """The partner who sits with ``player`` and robots is ready, and not with another."""
    if partner is None:
        return
    theirs = PoolReady.objects.filter(event=event, player=partner).first()
    if theirs is None:
        raise ConflictError(
            _("Only ready players can be seated: %(names)s is not ready.")
            % {"names": partner.name},
            code="not_ready",
        )
    if theirs.partner_id not in (None, player.pk):
        raise ConflictError(
            _("%(name)s is waiting with another partner.") % {"name": partner.name},
            code="partner_taken",
        )


def _not_busy(event: Event, people: Sequence[User]) -> None:
    busy = players_at_tables(event=event, player_ids=[p.pk for p in people])
    if busy:
        names = ", ".join(p.name for p in people if p.pk in busy)
        raise ConflictError(
            _("Already at a table in play: %(names)s.") % {"names": names}, code="busy"
        )


def _people_checked(*, player: User, partner: User | None, opponents: Sequence[User]) -> list[User]:
    """The players of a join, checked: logged in, different players, all active."""
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
    if any(p.is_robot for p in people):  # docs/rules.md § Robots, the pool
        raise BridgeError(
            _("A robot is no player of the pool: ask for robots to fill the empty seats."),
            code="robot",
        )
    return people


def _ready_mark(
    *, event: Event, player: User, partner: User | None, waiting: dict, now: datetime
) -> None:
    """``player`` (with ``partner``) waits for a table (the caller holds the event's lock)."""
    if player.pk in waiting and waiting[player.pk].partner_id == (partner.pk if partner else None):
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
        started.append(table_start(event=event, seats=seats, now=now, rng=rng))
