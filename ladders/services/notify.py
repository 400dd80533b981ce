"""Emails to captains (and the director), sent after the commit of the change that
causes them, so a rolled-back change sends nothing and each is sent once. Each
recipient gets the email in their own language (``User.email_language``)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from django.conf import settings
from django.core.mail import send_mail
from django.db import transaction
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from tournaments.timezones import zone, zone_label

from ..models import Challenge


def _send(compose: Callable[[], tuple[str, str]], users) -> None:
    """``compose()``: the subject and body, written in the active language; called once
    for each language among the recipients."""
    by_language: dict[str, set[str]] = {}
    for user in users:
        if user is not None and user.email:
            by_language.setdefault(user.email_language, set()).add(user.email)
    for language, recipients in sorted(by_language.items()):
        with translation.override(language):
            subject, body = compose()
        _mail_on_commit(subject, body, sorted(recipients))


def _mail_on_commit(subject: str, body: str, to: list[str]) -> None:
    transaction.on_commit(
        lambda: send_mail(
            subject, body, getattr(settings, "DEFAULT_FROM_EMAIL", None), to, fail_silently=True
        )
    )


def ladder_time(ladder, value: datetime) -> str:
    """A time in the ladder's time zone, named: "2026-12-12 18:00 Shanghai (UTC+8)"."""
    local = timezone.localtime(value, zone(ladder.time_zone))
    return f"{local:%Y-%m-%d %H:%M} {zone_label(ladder.time_zone, value)}"


def _names(challenge: Challenge) -> dict:
    return {
        "ladder": challenge.ladder.name,
        "challenger": challenge.challenger.name,
        "defender": challenge.defender.name,
    }


def challenged(challenge: Challenge) -> None:
    names = _names(challenge)
    _send(
        lambda: (
            _("%(ladder)s: %(challenger)s challenges %(defender)s") % names,
            _(
                "%(challenger)s has challenged %(defender)s on the ladder %(ladder)s. "
                "Accept or decline by %(deadline)s; without an answer the challenge "
                "is forfeited."
            )
            % {**names, "deadline": ladder_time(challenge.ladder, challenge.accept_by)},
        ),
        [challenge.defender.captain],
    )


def accept_deadline_near(challenge: Challenge) -> None:
    names = _names(challenge)
    _send(
        lambda: (
            _("%(ladder)s: answer the challenge of %(challenger)s") % names,
            _(
                "The challenge of %(challenger)s to %(defender)s must be answered by "
                "%(deadline)s, or it is forfeited."
            )
            % {**names, "deadline": ladder_time(challenge.ladder, challenge.accept_by)},
        ),
        [challenge.defender.captain],
    )


def play_deadline_near(challenge: Challenge) -> None:
    names = _names(challenge)
    _send(
        lambda: (
            _("%(ladder)s: play your match by the deadline") % names,
            _(
                "The match %(challenger)s v %(defender)s must be played by %(deadline)s; "
                "after that the director decides it."
            )
            % {**names, "deadline": ladder_time(challenge.ladder, challenge.play_by)},
        ),
        [challenge.challenger.captain, challenge.defender.captain],
    )


def accepted(challenge: Challenge) -> None:
    names = _names(challenge)
    _send(
        lambda: (
            _("%(ladder)s: %(defender)s accepts the challenge") % names,
            _(
                "The match %(challenger)s v %(defender)s starts at %(start)s and must be "
                "played by %(deadline)s."
            )
            % {
                **names,
                "start": ladder_time(challenge.ladder, challenge.event.start_at),
                "deadline": ladder_time(challenge.ladder, challenge.play_by),
            },
        ),
        [challenge.challenger.captain, challenge.defender.captain],
    )


def overdue(challenge: Challenge) -> None:
    names = _names(challenge)
    _send(
        lambda: (
            _("%(ladder)s: an unplayed match to decide") % names,
            _("The match %(challenger)s v %(defender)s was not played by its deadline.") % names,
        ),
        [challenge.ladder.director],
    )


def resolved(challenge: Challenge, *, corrected: bool = False) -> None:
    """The result landed: played, decided, forfeited, declined or cancelled."""
    names = _names(challenge)

    def compose() -> tuple[str, str]:
        winner = {
            challenge.challenger_id: challenge.challenger.name,
            challenge.defender_id: challenge.defender.name,
        }.get(challenge.winner_id, _("no one"))
        subject = (
            _("%(ladder)s: corrected result, %(challenger)s v %(defender)s")
            if corrected
            else _("%(ladder)s: result, %(challenger)s v %(defender)s")
        )
        body = _(
            "The challenge of %(challenger)s to %(defender)s is %(status)s; winner: %(winner)s."
        ) % {**names, "status": challenge.get_status_display(), "winner": winner}
        return subject % names, body

    _send(compose, [challenge.challenger.captain, challenge.defender.captain])
