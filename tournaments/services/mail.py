"""The emails: an invitation to the invited partner, and after an event every player's
scorecard (``docs/rules.md`` § Emails). Django's email framework sends them: the console
backend in the demo, SMTP when ``EMAIL_HOST`` is set (``config/settings``)."""

from __future__ import annotations

import logging

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.db import IntegrityError, transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _

from ..formatting import points_text
from ..models import Entry, Event, ScorecardEmail
from ..selectors.scorecards import scorecard_entries_get, scorecards_get

logger = logging.getLogger(__name__)


def site_url(path: str) -> str:
    """An absolute link for an email (``SITE_URL`` + path)."""
    return settings.SITE_URL.rstrip("/") + path


def _message(*, subject: str, template: str, context: dict, to: str) -> EmailMultiAlternatives:
    text = render_to_string(f"email/{template}.txt", context)
    html = render_to_string(f"email/{template}.html", context)
    message = EmailMultiAlternatives(subject, text, settings.DEFAULT_FROM_EMAIL, [to])
    message.attach_alternative(html, "text/html")
    return message


def invitation_email_send(*, entry_id: int) -> bool:
    """Tell the invited partner of a pending registration (nothing for a registration no
    longer pending, or a partner without an email address). True when sent."""
    entry = Entry.objects.filter(pk=entry_id, status=Entry.Status.PENDING).first()
    if entry is None:
        return False
    members = list(entry.members.select_related("player").order_by("position"))
    inviter = next((m.player for m in members if m.confirmed_at is not None), None)
    invitee = next((m.player for m in members if m.confirmed_at is None), None)
    if inviter is None or invitee is None or not invitee.email:
        return False
    event = Event.objects.get(pk=entry.event_id)
    with translation.override(invitee.email_language):
        context = {
            "event": event,
            "inviter": inviter,
            "invitee": invitee,
            "url": site_url(reverse("tournaments:event_detail", args=[event.pk])),
        }
        subject = _("%(name)s invites you to play in %(event)s") % {
            "name": inviter.name,
            "event": event.name,
        }
        _message(subject=subject, template="invitation", context=context, to=invitee.email).send()
    return True


def scorecards_send(*, event_id: int) -> int:
    """Email every player of a finished event their pair's scorecard: the boards, the
    scores from their own side, the points, links to the board pages. Each player once
    per event (a unique row written in the sending transaction: a retry or a second run
    skips who already has it; a failed send leaves no row, so a retry sends it). Each
    player's row and send is a durable transaction of its own. Returns how many were sent."""
    event = Event.objects.filter(pk=event_id, status=Event.Status.FINISHED).first()
    if event is None:
        return 0
    done = set(ScorecardEmail.objects.filter(event=event).values_list("player_id", flat=True))
    entries = scorecard_entries_get(event=event)
    cards = scorecards_get(event=event)
    board_url = reverse("tournaments:board_detail", args=[event.pk, 0])[: -len("0/")]
    sent = 0
    for entry in entries:
        players = [m.player for m in entry.members.all()]
        lines = [
            {
                "line": line,
                "points": points_text(line.points, event.method),
                "score": "" if line.score is None else f"{line.score:+d}" if line.score else "0",
                "url": site_url(f"{board_url}{line.board_number}/"),
            }
            for line in cards.get(entry.pk, [])
        ]
        for player in players:
            if player.pk in done or not player.email:
                continue
            partner = next((p for p in players if p.pk != player.pk), None)
            with translation.override(player.email_language):  # the player's language
                message = _scorecard(event, entry, player, partner, lines)
            try:
                _scorecard_record_send(event, player, message)
            except IntegrityError:  # another run sent it meanwhile
                continue
            except _NotSent:  # mail server down: no row, a retry sends it
                logger.exception("Scorecard email to player %s failed", player.pk)
                continue
            sent += 1
    return sent


class _NotSent(Exception):
    """The mail server refused or failed a scorecard (its row is rolled back)."""


def _scorecard_record_send(event: Event, player, message: EmailMultiAlternatives) -> None:
    """Write the player's unique row and send, in one durable transaction of its own
    (``docs/rules.md`` § Emails): a failed send rolls the row back."""
    with transaction.atomic(durable=True):
        ScorecardEmail.objects.create(event=event, player=player)
        try:
            message.send()
        except Exception as exc:  # noqa: BLE001 - whatever the mail backend raises
            raise _NotSent from exc


def _scorecard(event: Event, entry: Entry, player, partner, lines: list) -> EmailMultiAlternatives:
    """One player's scorecard email, in the active language."""
    context = {
        "event": event,
        "player": player,
        "partner": partner,
        "entry": entry,
        "total": points_text(entry.total, event.method, total=True),
        "lines": lines,
        "event_url": site_url(reverse("tournaments:event_detail", args=[event.pk])),
        "pair_url": site_url(reverse("tournaments:pair_detail", args=[event.pk, entry.pk])),
    }
    subject = _("Your scorecard: %(event)s") % {"event": event.name}
    return _message(subject=subject, template="scorecard", context=context, to=player.email)
