"""Every open socket of an event is asked again when what let it in changes.

A table's socket is let in by the seat rule and the spectators' rule (``online.services
.table_access_get``: ``online.seats``, ``tournaments/selectors/visibility.py``). Those
read the event's spectators setting and director, and who plays in the event or sits at
its tables. When any of that changes, however it changes (a page, the API, the admin, a
command, the robots), ``access_changed`` tells the event's group after the commit, and
each connection asks the same rules again (``TableConsumer.table_recheck``): one that
is no longer let in, or no longer in the same place, is closed before any later state
of its table reaches it (docs/rules.md § Online play, who may keep watching).
"""

from __future__ import annotations

import logging

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction
from django.db.models.signals import post_delete, post_save, pre_save
from django.dispatch import receiver

from tournaments.formats.teams.models import TeamEntry, TeamMember
from tournaments.models import EntryMember, Event, TableSeat

from .live import live_drop_event

logger = logging.getLogger(__name__)

#: The fields of an event the rules of who may watch its tables read.
WATCH_FIELDS = ("spectators", "spectator_delay", "online_play", "director_id")


def event_group_name(event_id: int) -> str:
    """The channel-layer group of every table connection of an event."""
    return f"event-{event_id}"


def _send(event_id: int) -> None:
    live_drop_event(event_id)  # this process's live tables of the event: read again
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        async_to_sync(layer.group_send)(event_group_name(event_id), {"type": "table.recheck"})
    except Exception:  # noqa: BLE001 - stored already; a socket opened later asks anyway
        logger.exception("recheck of event %s's sockets failed", event_id)


def access_changed(*, event_id: int | None) -> None:
    """What lets sockets watch the tables of ``event_id`` changed: they ask again once
    the change has committed (once per event and transaction)."""
    if event_id is None:
        return
    connection = transaction.get_connection()
    if connection.in_atomic_block and any(
        getattr(func, "recheck_event", None) == event_id
        for _sids, func, _robust in connection.run_on_commit
    ):
        return

    def send() -> None:
        _send(event_id)

    send.recheck_event = event_id
    transaction.on_commit(send)


# -- what changes it -------------------------------------------------------------------


@receiver(pre_save, sender=Event, dispatch_uid="online.access.event_before")
def _event_before(sender, instance: Event, **kwargs) -> None:
    if instance.pk is None or kwargs.get("raw"):
        return
    update_fields = kwargs.get("update_fields")
    if update_fields is not None and not {f.removesuffix("_id") for f in update_fields} & {
        f.removesuffix("_id") for f in WATCH_FIELDS
    }:
        return
    old = Event.objects.filter(pk=instance.pk).values(*WATCH_FIELDS).first()
    instance._watch_changed = old is not None and any(
        old[f] != getattr(instance, f) for f in WATCH_FIELDS
    )


@receiver(post_save, sender=Event, dispatch_uid="online.access.event")
def _event_saved(sender, instance: Event, created: bool, **kwargs) -> None:
    if getattr(instance, "_watch_changed", False):
        instance._watch_changed = False
        access_changed(event_id=instance.pk)


@receiver(post_save, sender=TableSeat, dispatch_uid="online.access.seat_saved")
@receiver(post_delete, sender=TableSeat, dispatch_uid="online.access.seat_deleted")
def _seat_changed(sender, instance: TableSeat, **kwargs) -> None:
    if not kwargs.get("raw"):
        access_changed(event_id=_table_event(instance.table_id))


@receiver(post_save, sender=EntryMember, dispatch_uid="online.access.member_saved")
@receiver(post_delete, sender=EntryMember, dispatch_uid="online.access.member_deleted")
def _member_changed(sender, instance: EntryMember, **kwargs) -> None:
    if not kwargs.get("raw"):
        access_changed(event_id=instance.event_id)


@receiver(post_save, sender=TeamEntry, dispatch_uid="online.access.team_entry_saved")
@receiver(post_delete, sender=TeamEntry, dispatch_uid="online.access.team_entry_deleted")
def _team_entry_changed(sender, instance: TeamEntry, **kwargs) -> None:
    if not kwargs.get("raw"):
        access_changed(event_id=instance.event_id)


@receiver(post_save, sender=TeamMember, dispatch_uid="online.access.team_member_saved")
@receiver(post_delete, sender=TeamMember, dispatch_uid="online.access.team_member_deleted")
def _team_member_changed(sender, instance: TeamMember, **kwargs) -> None:
    if kwargs.get("raw"):
        return
    for event_id in TeamEntry.objects.filter(team_id=instance.team_id).values_list(
        "event_id", flat=True
    ):
        access_changed(event_id=event_id)


def _table_event(table_id: int) -> int | None:
    from tournaments.models import Table

    return Table.objects.filter(pk=table_id).values_list("event_id", flat=True).first()
