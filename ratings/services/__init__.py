"""Writes to the master-point ledger."""

from __future__ import annotations

from collections import defaultdict

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from accounts.models import User
from tournaments.bulk import bulk_set
from tournaments.errors import BridgeError
from tournaments.models import Entry, EntryMember, Event

from ..awards import master_points_for_place
from ..models import MasterPointEntry
from ..permissions import master_points_deduct_required
from ..selectors import master_points_total
from .rate import player_rates_ensure
from .standing import standing_recount

__all__ = [
    "master_points_award_event",
    "master_points_for_ranking",
    "master_points_deduct",
    "master_points_total",  # a read: lives in selectors
    "player_rates_ensure",
    "standing_recount",
]


def master_points_for_ranking(*, entries: list[Entry], fields: list[list[Entry]]) -> None:
    """Set each entry's award (in memory) from its place in its field: the schedule of
    ``awards.master_points_for_place``; an unranked entry gets nothing."""
    for e in entries:
        e.master_points = 0
    for field in fields:
        for place, e in enumerate(field, 1):
            e.master_points = master_points_for_place(place, len(field))


def master_points_award_event(
    *,
    event: Event,
    entries: list[Entry] | None = None,
    fields: list[list[Entry]] | None = None,
) -> int:
    """Award the master points of a (re-)ranked event and write them to the ledger.

    Each entry's award follows its place in its field (``master_points_for_ranking``)
    and is shown on the entry; each player's ledger for ``event`` then adds up to it.
    The first time, one ``award`` row per player (unique: awarding twice is impossible).
    If a later correction changes an award, a ``correction`` row adds the difference.
    Runs inside the transaction that finished (or re-ranked) the event, so the ledger
    commits or rolls back with the results. Returns ledger rows written.
    """
    if entries is None or fields is None:  # again from the stored ranking
        entries = list(Entry.objects.filter(event=event))
        # one field, or the two of a two-winner movement (each entry knows its own)
        names = sorted({e.field for e in entries if e.rank is not None})
        fields = [
            sorted(
                (e for e in entries if e.rank is not None and e.field == n), key=lambda e: e.rank
            )
            for n in names
        ]
    master_points_for_ranking(entries=entries, fields=fields)
    bulk_set(Entry, entries, ["master_points"])
    due = {e.pk: e.master_points for e in entries}
    members = EntryMember.objects.filter(entry_id__in=due).values_list("entry_id", "player_id")
    have: dict[int, int] = defaultdict(int)
    awarded: set[int] = set()
    for row in MasterPointEntry.objects.filter(event=event).values("player_id", "kind", "amount"):
        if row["kind"] in (MasterPointEntry.Kind.AWARD, MasterPointEntry.Kind.CORRECTION):
            have[row["player_id"]] += row["amount"]
        if row["kind"] == MasterPointEntry.Kind.AWARD:
            awarded.add(row["player_id"])
    rows = []
    for entry_id, player_id in members:
        delta = due[entry_id] - have[player_id]
        if player_id not in awarded and due[entry_id] > 0:
            rows.append(
                MasterPointEntry(
                    player_id=player_id, event=event, kind="award", amount=due[entry_id]
                )
            )
        elif player_id in awarded and delta:
            rows.append(
                MasterPointEntry(
                    player_id=player_id,
                    event=event,
                    kind="correction",
                    amount=delta,
                    reason=_("Result correction after the event"),
                )
            )
    MasterPointEntry.objects.bulk_create(rows)
    standing_recount(player_ids={r.player_id for r in rows})
    return len(rows)


@transaction.atomic(durable=True)
def master_points_deduct(
    *, player: User, amount: int, reason: str, director: User
) -> MasterPointEntry:
    """A director's penalty: a negative ledger row (the player may drop a tier)."""
    master_points_deduct_required(user=director)
    if amount <= 0:
        raise BridgeError(_("Deduct a positive number of master points."), code="amount")
    if not reason.strip():
        raise BridgeError(_("A deduction needs a reason."), code="reason")
    try:
        row = MasterPointEntry.objects.create(
            player=player, kind="deduction", amount=-amount, reason=reason, created_by=director
        )
    except IntegrityError as exc:  # pragma: no cover - guarded by the checks above
        raise BridgeError(str(exc)) from exc
    standing_recount(player_ids=[player.pk])
    return row
