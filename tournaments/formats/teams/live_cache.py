"""The cached live state of team matches (``docs/rules.md`` § Live match view).

The live state of a match, and of an event's current round, is computed once per change
(a result entered, confirmed or corrected, a round opened or closed, the event finished),
after the change has committed, and kept in the Django cache (Redis in production, local
memory in the demo) as the JSON bytes and their ETag. A spectator's request reads the
cache and nothing else: no database query on a hit.

Keys are versioned, so a state can never be replaced by an older one. Each match (and
each event's live view) has a version counter. A change first increments the counter,
then reads the database (after its own commit), then stores the state under the new
version: whatever is stored under version *v* includes every change up to *v*. A request
reads the counter and the states of versions *v* and *v* − 1 (two cache round trips);
while the state of *v* is being computed (a short lock says so) it serves *v* − 1, so
1,000 spectators polling when a result arrives do not all recompute it. A missing state
(expired, or the cache was flushed) is computed by the first request that misses it.
Each web process also keeps the public states it read for ``LIVE_STATE_LOCAL_SECONDS``
(default 0.25 s), so most polls cost no cache round trip at all.

What the public (an anonymous request) may see is the visibility rule's
``boards_hidden(user=ANYONE, ...)``: boards of closed rounds. A signed-in viewer gets the
state without the boards their ``Sight`` hides (a player's unplayed boards; nothing for
a spectator of a broadcast event), computed for that request from the cached full state
(not cached: it is per viewer).
"""

from __future__ import annotations

import hashlib
import json
import logging
import time
from dataclasses import dataclass
from functools import partial

from django.conf import settings
from django.core.cache import cache
from django.db import transaction

from accounts.models import User

from ...models import Event, Round
from ...selectors.visibility import ANYONE, Sight, boards_hidden
from .. import format_for
from .live import (
    LiveMatch,
    LiveRound,
    live_blank,
    live_match_build,
    live_matches_build,
    live_round_blank,
    live_round_build,
    matches_of_tables,
)

logger = logging.getLogger(__name__)

#: How long a state stays cached without a change (a finished match is rebuilt on demand).
TTL = 24 * 3600
#: How long the refresher of a version may take before a request computes it itself.
LOCK_SECONDS = 5


@dataclass(frozen=True)
class Served:
    """A state ready to serve: the JSON body and its ETag (a hash of the body)."""

    etag: str
    body: bytes
    event_id: int


def served(state: dict) -> Served:
    body = json.dumps(state, separators=(",", ":"), ensure_ascii=False).encode()
    etag = '"' + hashlib.blake2b(body, digest_size=12).hexdigest() + '"'
    return Served(etag, body, state["event"])


def etag_matches(if_none_match: str, etag: str) -> bool:
    """Whether an ``If-None-Match`` header names ``etag`` (weak comparison, RFC 9110)."""
    if not if_none_match:
        return False
    if if_none_match.strip() == "*":
        return True
    return any(tag.strip().removeprefix("W/") == etag for tag in if_none_match.split(","))


# -- cache keys ---------------------------------------------------------------------------


#: Changes whenever what a cached state holds changes: states cached under an earlier
#: rule are then never served. 2: the public (an anonymous request) is no broadcast
#: spectator any more (``docs/rules.md`` § Visibility, broadcast).
PREFIX = "live2"


def _version_key(kind: str, pk: int) -> str:
    return f"{PREFIX}:{kind}:{pk}:v"


def _key(kind: str, pk: int, version: int, part: str) -> str:
    return f"{PREFIX}:{kind}:{pk}:{version}:{part}"


def _new_base() -> int:
    """A counter that starts again (evicted) starts above any earlier one: milliseconds."""
    return int(time.time() * 1000)


def _version(kind: str, pk: int) -> int:
    version = cache.get(_version_key(kind, pk))
    if version is None:
        cache.add(_version_key(kind, pk), _new_base(), timeout=None)
        version = cache.get(_version_key(kind, pk), 0)
    return version


def _bump(kind: str, pk: int) -> int:
    """The next version, taken (atomically) before the database is read."""
    try:
        version = cache.incr(_version_key(kind, pk))
    except ValueError:  # no counter yet (or evicted)
        cache.add(_version_key(kind, pk), _new_base(), timeout=None)
        version = cache.incr(_version_key(kind, pk))
    cache.add(_key(kind, pk, version, "lock"), 1, timeout=LOCK_SECONDS)
    return version


def _store(kind: str, pk: int, version: int, public: Served, full, *, fill: bool) -> None:
    """Keep a version's states; ``fill``: a request filling a miss adds, never replaces."""
    values = {_key(kind, pk, version, "pub"): public, _key(kind, pk, version, "full"): full}
    if fill:
        for key, value in values.items():
            cache.add(key, value, timeout=TTL)
    else:
        cache.set_many(values, timeout=TTL)


# A web process keeps the public states it has just read for a fraction of a second
# (settings.LIVE_STATE_LOCAL_SECONDS): a thousand polls a second of one match then cost
# a few cache round trips a second, and a new state is served that much later at most.
_local: dict[tuple[str, int], tuple[float, Served]] = {}
LOCAL_MAX = 2000


def _local_get(kind: str, pk: int) -> Served | None:
    hit = _local.get((kind, pk))
    if hit is not None and hit[0] > time.monotonic():
        return hit[1]
    return None


def _local_put(kind: str, pk: int, public: Served) -> Served:
    seconds = settings.LIVE_STATE_LOCAL_SECONDS
    if seconds > 0:
        if len(_local) >= LOCAL_MAX:
            _local.clear()
        _local[(kind, pk)] = (time.monotonic() + seconds, public)
    return public


def _public_hidden(event: Event) -> set[int]:
    return boards_hidden(user=ANYONE, event=event)


# -- refresh after a change ----------------------------------------------------------------


def live_changed(
    *, event: Event, table_ids: list[int] | None = None, round_number: int | None = None
) -> None:
    """Results at ``table_ids`` changed, or round ``round_number`` opened or closed (or,
    with neither, the event's state changed): refresh the live state once the
    transaction has committed. Nothing for formats without a live view (no query)."""
    if not format_for(event).live_view:
        return
    refresh = partial(
        live_refresh, event_id=event.pk, table_ids=table_ids, round_number=round_number
    )
    transaction.on_commit(refresh, robust=True)  # a cache outage must not fail the write


def live_refresh(
    *, event_id: int, table_ids: list[int] | None = None, round_number: int | None = None
) -> list[int]:
    """Recompute and cache the live state of the matches concerned and of the event's
    live view; returns the match ids refreshed."""
    event = Event.objects.get(pk=event_id)
    if table_ids:
        rounds: dict[int, Round] = {}
        ids_of: dict[int, list[int]] = {}
        for m in matches_of_tables(table_ids=table_ids):
            rounds[m.round_id] = m.round
            ids_of.setdefault(m.round_id, []).append(m.pk)
    else:
        number = round_number or event.current_round
        rnd = Round.objects.filter(event=event, number=number).first() if number else None
        rounds = {rnd.pk: rnd} if rnd is not None else {}
        ids_of = {rnd.pk: None} if rnd is not None else {}
    # Versions first, then the reads: a state stored under version v is at least as new
    # as every change that took a version up to v.
    event_version = _bump("event", event.pk)
    hidden = _public_hidden(event)
    done: list[int] = []
    for round_id, rnd in rounds.items():
        only = ids_of[round_id]
        if only is None:
            only = list(rnd.matches.values_list("pk", flat=True))
        versions = {pk: _bump("match", pk) for pk in only}
        for live in live_matches_build(event=event, rnd=rnd, match_ids=only):
            _store_match(live, versions[live.match_id], hidden, fill=False)
            done.append(live.match_id)
    _store_round(live_round_build(event=event), event_version, hidden, fill=False)
    return done


def _store_match(live: LiveMatch, version: int, hidden: set[int], *, fill: bool) -> Served:
    public = served(live_blank(live, hidden))
    _store("match", live.match_id, version, public, live, fill=fill)
    _local.pop(("match", live.match_id), None)
    return public


def _store_round(live: LiveRound, version: int, hidden: set[int], *, fill: bool) -> Served:
    public = served(live_round_blank(live, hidden))
    _store("event", live.event_id, version, public, live, fill=fill)
    _local.pop(("event", live.event_id), None)
    return public


# -- reads (a request) ----------------------------------------------------------------------


def _cached(kind: str, pk: int, part: str):
    """The cached ``part`` of the current version, else of the one before while the
    current one is being computed; and the current version."""
    version = _version(kind, pk)
    keys = [_key(kind, pk, version, part), _key(kind, pk, version - 1, part)]
    got = cache.get_many(keys)
    if keys[0] in got:
        return got[keys[0]], version
    if keys[1] in got and not cache.add(_key(kind, pk, version, "lock"), 1, LOCK_SECONDS):
        return got[keys[1]], version  # being computed: the previous one meanwhile
    return None, version


def live_match_public_cached(*, match_id: int) -> Served | None:
    """A spectator's state of a match if it is cached (this process, or the cache);
    None on a miss. Never reads the database (the spectators' fast path)."""
    if (local := _local_get("match", match_id)) is not None:
        return local
    found, _version = _cached("match", match_id, "pub")
    return None if found is None else _local_put("match", match_id, found)


def live_match_public(*, match_id: int) -> Served | None:
    """What a spectator sees of a match (None: no such match). From the cache; on a
    miss computed here and cached."""
    if (local := _local_get("match", match_id)) is not None:
        return local
    found, version = _cached("match", match_id, "pub")
    if found is not None:
        return _local_put("match", match_id, found)
    live = live_match_build(match_id=match_id)
    if live is None:
        return None
    event = Event.objects.get(pk=live.event_id)
    return _store_match(live, version, _public_hidden(event), fill=True)


def live_match_full(*, match_id: int) -> LiveMatch | None:
    found, version = _cached("match", match_id, "full")
    if found is not None:
        return found
    live = live_match_build(match_id=match_id)
    if live is not None:
        event = Event.objects.get(pk=live.event_id)
        _store_match(live, version, _public_hidden(event), fill=True)
    return live


def live_event_public(*, event: Event) -> Served:
    if (local := _local_get("event", event.pk)) is not None:
        return local
    found, version = _cached("event", event.pk, "pub")
    if found is not None:
        return _local_put("event", event.pk, found)
    return _store_round(live_round_build(event=event), version, _public_hidden(event), fill=True)


def live_event_full(*, event: Event) -> LiveRound:
    found, version = _cached("event", event.pk, "full")
    if found is not None:
        return found
    live = live_round_build(event=event)
    _store_round(live, version, _public_hidden(event), fill=True)
    return live


def live_match_for(*, user: User, match_id: int, event_id: int | None = None) -> Served | None:
    """The live state of a match for ``user``: the cached public state for an anonymous
    request (no query on a hit); for a signed-in user, the state without the boards the
    visibility rule hides from them (a broadcast shows a spectator everything). None: no
    such match (in ``event_id``, when given)."""
    if not user.is_authenticated:
        public = live_match_public(match_id=match_id)
        if public is None or event_id not in (None, public.event_id):
            return None
        return public
    live = live_match_full(match_id=match_id)
    if live is None or event_id not in (None, live.event_id):
        return None
    event = Event.objects.get(pk=live.event_id)
    return served(live_blank(live, Sight(user=user, event=event).hidden))


def live_event_for(*, user: User, event: Event) -> Served:
    """The live view of ``event``'s current round for ``user`` (as ``live_match_for``)."""
    if not user.is_authenticated:
        return live_event_public(event=event)
    hidden = Sight(user=user, event=event).hidden
    return served(live_round_blank(live_event_full(event=event), hidden))
