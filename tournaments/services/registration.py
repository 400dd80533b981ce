"""Registration: one partner invites, the other confirms; late entries; withdrawals."""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User

from ..dispatch import dispatch_on_commit
from ..errors import BridgeError, ConflictError, PermissionDeniedError
from ..formats import format_for
from ..lock_objects import entry_for_update, event_for_update, pending_entries_for_update
from ..models import Entry, EntryMember, Event
from ..permissions import director_required, is_event_director
from .audit import log_action
from .totals import event_finish_ranking, standings_rebuild


def _next_order(event: Event) -> int:
    last = event.entries.aggregate(m=Max("registration_order"))["m"]
    return (last or 0) + 1


def players_enterable_check(*, players: list[User]) -> None:
    """Refuse a deactivated account: it cannot play, so it cannot be entered in an event
    (by a partner's invitation or by the director). The one rule for pages and API."""
    if inactive := next((p for p in players if not p.is_active), None):
        raise BridgeError(
            _("%(username)s cannot be entered: the account is deactivated.")
            % {"username": inactive.username},
            code="inactive_player",
        )


def _refuse_taken(*, event: Event, players: list[User], invitation: bool) -> None:
    """Refuse players already in an entry of ``event``, saying what is really happening
    (``docs/rules.md`` § Players and partners). An invitation a player has not
    accepted yet does not count: it never locks them out of another registration."""
    taken = (
        EntryMember.objects.filter(event=event, player__in=players, confirmed_at__isnull=False)
        .exclude(entry__status=Entry.Status.DECLINED)
        .select_related("player", "entry")
        .order_by("pk")
    )
    for member in taken:
        entry = member.entry
        if entry.status != Entry.Status.PENDING or not invitation:
            if invitation and member.player == players[0]:
                raise ConflictError(
                    _("You are already entered in this event."), code="already_entered"
                )
            raise ConflictError(
                _("%(name)s is already entered in this event.") % {"name": member.player.name},
                code="already_entered",
            )
        # A pending invitation that ``member.player`` sent.
        invitee = entry.members.filter(confirmed_at__isnull=True).select_related("player").first()
        waiting = {"name": invitee.player.name if invitee else "?"}
        inviter, partner = players
        if member.player == inviter and invitee and invitee.player == partner:
            message = _("You have already invited %(name)s: waiting for them to confirm.")
        elif member.player == inviter:
            message = _(
                "You have already invited %(name)s and are waiting for them to confirm: "
                "cancel that invitation to invite someone else."
            )
        elif invitee and invitee.player == inviter:
            message = _(
                "%(partner)s has already invited you: confirm their invitation on this page."
            )
        else:
            message = _("%(partner)s has invited %(name)s and is waiting for them to confirm.")
        raise ConflictError(
            message % {**waiting, "partner": member.player.name}, code="already_invited"
        )


def _cancel_other_invitations(*, event: Event, players: list[User], keep: Entry) -> list[Entry]:
    """Accepting one registration cancels every other pending one of its players (theirs
    or to them). The caller holds the event's lock; the entries are locked in id order."""
    cancelled = pending_entries_for_update(
        event=event, player_ids=[p.pk for p in players], keep=keep.pk
    )
    for entry in cancelled:
        entry.members.all().delete()
        entry.status = Entry.Status.DECLINED
        entry.save(update_fields=["status"])
    return cancelled


def entry_create(*, event: Event, players: list[User], confirmed: bool, late: bool) -> Entry:
    """An entry of ``players`` in ``event``, complete (``confirmed``) or an invitation.
    A step of the registration services: the caller holds the event's lock and has made
    its permission and state checks."""
    if len({p.pk for p in players}) != len(players):
        raise ConflictError(_("A pair needs two different players."), code="same_player")
    players_enterable_check(players=players)
    if confirmed:
        # An entry made complete at once (the director's, a team's) supersedes its
        # players' pending invitations, as accepting one would.
        for entry in pending_entries_for_update(event=event, player_ids=[p.pk for p in players]):
            entry.members.all().delete()
            entry.status = Entry.Status.DECLINED
            entry.save(update_fields=["status"])
    _refuse_taken(event=event, players=players, invitation=not confirmed)
    now = timezone.now()
    entry = Entry.objects.create(
        event=event,
        status=Entry.Status.CONFIRMED if confirmed else Entry.Status.PENDING,
        registration_order=_next_order(event) if confirmed else None,
        late=late,
    )
    try:
        with transaction.atomic():
            EntryMember.objects.bulk_create(
                EntryMember(
                    entry=entry,
                    event=event,
                    player=player,
                    position=i,
                    confirmed_at=now if (confirmed or i == 1) else None,
                )
                for i, player in enumerate(players, start=1)
            )
    except IntegrityError as exc:  # a concurrent registration won the race
        raise ConflictError(
            _("A player of this pair is already entered in this event."), code="already_entered"
        ) from exc
    return entry


@transaction.atomic(durable=True)
def entry_register(*, event: Event, player: User, partner: User) -> Entry:
    """``player`` invites ``partner``; the entry is complete once the partner confirms.

    The partner is told by email (after the commit) and sees the invitation on their
    pages; they may hold several invitations: accepting one cancels the others."""
    event = event_for_update(event.pk)
    if not event.registration_open:
        raise ConflictError(_("Registration for this event is closed."), code="closed")
    entry = entry_create(event=event, players=[player, partner], confirmed=False, late=False)
    dispatch_on_commit("tournaments.tasks.send_invitation_email", entry.pk)
    return entry


@transaction.atomic(durable=True)
def entry_confirm(*, entry: Entry, player: User) -> Entry:
    """The invited partner confirms: the pair gets the next registration number, and
    every other pending invitation of its two players is cancelled."""
    event = event_for_update(entry.event_id)
    entry = entry_for_update(entry.pk)
    member = entry.members.filter(player=player).first()
    if member is None:
        raise PermissionDeniedError(_("You are not a member of this pair."), code="not_member")
    if entry.status != Entry.Status.PENDING or member.confirmed_at is not None:
        raise ConflictError(_("This registration is not waiting for you."), code="not_pending")
    if not event.registration_open:
        raise ConflictError(_("Registration for this event is closed."), code="closed")
    players = [m.player for m in entry.members.select_related("player")]
    _cancel_other_invitations(event=event, players=players, keep=entry)
    member.confirmed_at = timezone.now()
    member.save(update_fields=["confirmed_at"])
    if not entry.members.filter(confirmed_at__isnull=True).exists():
        entry.status = Entry.Status.CONFIRMED
        entry.registration_order = _next_order(event)
        entry.save(update_fields=["status", "registration_order"])
    return entry


@transaction.atomic(durable=True)
def entry_decline(*, entry: Entry, player: User) -> None:
    """Either player cancels a pending registration; both become free to register."""
    event_for_update(entry.event_id)
    entry = entry_for_update(entry.pk)
    if not entry.members.filter(player=player).exists():
        raise PermissionDeniedError(_("You are not a member of this pair."), code="not_member")
    if entry.status != Entry.Status.PENDING:
        raise ConflictError(_("Only a pending registration can be declined."), code="not_pending")
    entry.members.all().delete()
    entry.status = Entry.Status.DECLINED
    entry.save(update_fields=["status"])


@transaction.atomic(durable=True)
def entry_add(*, event: Event, players: list[User], director: User) -> Entry:
    """The director enters a pair directly, also after the start (a late entry)."""
    director_required(user=director, event=event)
    event = event_for_update(event.pk)
    if event.status == Event.Status.FINISHED:
        raise ConflictError(_("The event has finished."), code="finished")
    late = event.status != Event.Status.REGISTRATION
    if late and not format_for(event).late_entries:
        raise ConflictError(
            _("The movement was fixed at the start: a pair cannot join now."), code="late"
        )
    entry = entry_create(event=event, players=players, confirmed=True, late=late)
    log_action(event=event, actor=director, action="entry_add", data={"entry": entry.pk})
    return entry


@transaction.atomic(durable=True)
def entry_withdraw(*, entry: Entry, by: User) -> Entry:
    """A pair leaves: a player until the start time (the deadline), the director at any time.

    A pair withdrawn after play keeps its results and totals (it is listed, not ranked
    unless it reached the finishing threshold).
    """
    event = event_for_update(entry.event_id)
    entry = entry_for_update(entry.pk)
    is_member = entry.members.filter(player=by).exists()
    is_director = is_event_director(user=by, event=event)
    if not is_director and not (is_member and event.registration_open):
        raise PermissionDeniedError(
            _("Only the director can withdraw a pair once the event has started."),
            code="director",
        )
    if event.status == Event.Status.FINISHED:
        raise ConflictError(_("The event has finished."), code="finished")
    if entry.status == Entry.Status.WITHDRAWN:
        raise ConflictError(_("This pair has already withdrawn."), code="withdrawn")
    if event.status == Event.Status.REGISTRATION:
        # Before play a withdrawal frees both players to register again.
        entry.members.all().delete()
    entry.status = Entry.Status.WITHDRAWN
    entry.withdrawn_after_round = event.current_round
    entry.save(update_fields=["status", "withdrawn_after_round"])
    log_action(event=event, actor=by, action="entry_withdraw", data={"entry": entry.pk})
    return entry


@transaction.atomic(durable=True)
def entry_reinstate(*, entry: Entry, director: User) -> Entry:
    """The director takes back a withdrawal made once play had begun, before the next
    round is seated: the pair plays on from the next round (``docs/rules.md`` § Swiss
    pairs). A withdrawal before play freed its players and cannot be taken back."""
    event = event_for_update(entry.event_id)
    entry = entry_for_update(entry.pk)
    director_required(user=director, event=event)
    if entry.status != Entry.Status.WITHDRAWN:
        raise ConflictError(_("This pair has not withdrawn."), code="not_withdrawn")
    if event.status == Event.Status.FINISHED:
        raise ConflictError(_("The event has finished."), code="finished")
    if not entry.members.exists() or entry.registration_order is None:
        raise ConflictError(
            _("The pair withdrew before play: it registers again instead."), code="before_play"
        )
    if entry.withdrawn_after_round != event.current_round:
        raise ConflictError(
            _("A later round has been seated since the pair withdrew."), code="seated_since"
        )
    entry.status = Entry.Status.CONFIRMED
    entry.withdrawn_after_round = None
    entry.save(update_fields=["status", "withdrawn_after_round"])
    log_action(event=event, actor=director, action="entry_reinstate", data={"entry": entry.pk})
    return entry


@transaction.atomic
def entry_disconnection_record(*, entry: Entry, director: User | None, undo: bool = False) -> Entry:
    """The director records that a pair of an HCP-par event disconnected (or takes one
    back, ``undo``): each costs its total 20 IMPs (``docs/rules.md`` § HCP-par). The
    standings are rebuilt at once, and a finished event re-ranked and re-awarded.
    ``director`` None: a caller that has checked who records it (the Rate's record of a
    player's disconnection, by the director or the table service), inside the Rate's
    transaction: its own is not durable."""
    event = event_for_update(entry.event_id)
    if director is not None:
        director_required(user=director, event=event)
    entry = entry_for_update(entry.pk)
    if event.method != Event.Method.HCP_PAR:
        raise BridgeError(_("Only an HCP-par event counts disconnections."), code="not_hcp_par")
    if event.status not in (Event.Status.RUNNING, Event.Status.FINISHED):
        raise ConflictError(_("Disconnections count once play has begun."), code="not_started")
    if undo and not entry.disconnections:
        raise ConflictError(_("This pair has no disconnection to take back."), code="none")
    entry.disconnections += -1 if undo else 1
    entry.save(update_fields=["disconnections"])
    standings_rebuild(event=event)
    if event.status == Event.Status.FINISHED:
        event_finish_ranking(event=event)
    log_action(
        event=event,
        actor=director,
        action="entry_disconnection_undo" if undo else "entry_disconnection",
        data={"entry": entry.pk, "disconnections": entry.disconnections},
    )
    entry.refresh_from_db()
    return entry


@transaction.atomic(durable=True)
def entry_set_sitting_out(*, entry: Entry, sitting_out: bool, director: User) -> Entry:
    """Sit a pair out of the next rounds (or bring it back); seating takes it into account."""
    event = event_for_update(entry.event_id)
    director_required(user=director, event=event)
    Entry.objects.filter(pk=entry.pk).update(sitting_out=sitting_out)
    entry.refresh_from_db()
    log_action(
        event=event,
        actor=director,
        action="entry_sit_out" if sitting_out else "entry_sit_in",
        data={"entry": entry.pk},
    )
    return entry
