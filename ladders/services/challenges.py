"""Challenges: issue, answer, forfeit, cancel, the match's result (``docs/rules.md``
§ Ladder). Every function takes the ladder's lock first, then the challenge's, and is
one transaction; ``now`` is passed in (the simulation runs on its own clock)."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.models import User
from tournaments.errors import BridgeError, ConflictError, PermissionDeniedError
from tournaments.formats.teams.services import team_enter, teams_event_create
from tournaments.lock_objects import event_for_update
from tournaments.lock_order import lock_order_exempt
from tournaments.models import Event, Match, Team, TeamEntry

from ..lock_objects import challenge_for_update, ladder_for_update
from ..models import OPEN_STATUSES, Challenge, Ladder, PositionChange, Rung
from ..permissions import (
    challenge_answer_required,
    is_ladder_director,
    ladder_director_required,
)
from . import notify
from .audit import ladder_log
from .positions import rung_move

MINUTES_A_BOARD = 7.5


def _rung(ladder: Ladder, team: Team | int) -> Rung | None:
    team_id = team if isinstance(team, int) else team.pk
    return Rung.objects.filter(ladder=ladder, team_id=team_id).first()


def challenge_issue(
    *,
    ladder: Ladder,
    challenger: Team,
    defender: Team,
    by: User,
    now: datetime | None = None,
) -> Challenge:
    """The challenger's captain challenges a team at most K places above it."""
    now = now or timezone.now()
    with transaction.atomic(durable=True):
        ladder = ladder_for_update(ladder.pk)
        if by.pk != challenger.captain_id and not is_ladder_director(user=by, ladder=ladder):
            raise PermissionDeniedError(
                _("Only the challenging team's captain may challenge."), code="captain"
            )
        if challenger.pk == defender.pk:
            raise BridgeError(_("A team cannot challenge itself."), code="self")
        rungs = {
            r.team_id: r
            for r in Rung.objects.filter(ladder=ladder, team_id__in=[challenger.pk, defender.pk])
        }
        if challenger.pk not in rungs or defender.pk not in rungs:
            raise BridgeError(_("Both teams must be on this ladder."), code="not_on_ladder")
        distance = rungs[challenger.pk].position - rungs[defender.pk].position
        if not 1 <= distance <= ladder.k:
            raise BridgeError(
                ngettext(
                    "A team may challenge only a team at most %(k)d place above it.",
                    "A team may challenge only a team at most %(k)d places above it.",
                    ladder.k,
                )
                % {"k": ladder.k},
                code="range",
            )
        busy = Challenge.objects.filter(ladder=ladder, status__in=OPEN_STATUSES)
        if busy.filter(challenger=challenger).exists():
            raise ConflictError(
                _("%(team)s already has an open challenge as challenger.")
                % {"team": challenger.name},
                code="challenger_busy",
            )
        if busy.filter(defender=defender).exists():
            raise ConflictError(
                _("%(team)s already has an open challenge as defender.") % {"team": defender.name},
                code="defender_busy",
            )
        if ladder.cooldown_days:
            last = (
                Challenge.objects.filter(ladder=ladder, challenger=challenger, defender=defender)
                .exclude(status=Challenge.Status.CANCELLED)
                .aggregate(at=Max("resolved_at"))["at"]
            )
            again = last + timedelta(days=ladder.cooldown_days) if last is not None else None
            if again is not None and now < again:
                raise ConflictError(
                    _("%(team)s may challenge %(defender)s again from %(when)s.")
                    % {
                        "team": challenger.name,
                        "defender": defender.name,
                        "when": notify.ladder_time(ladder, again),
                    },
                    code="cooldown",
                )
        try:
            with transaction.atomic():
                challenge = Challenge.objects.create(
                    ladder=ladder,
                    challenger=challenger,
                    defender=defender,
                    issued_at=now,
                    issued_by=by,
                    accept_by=now + timedelta(days=ladder.accept_days),
                )
        except IntegrityError as exc:  # the partial unique constraints: a backstop
            raise ConflictError(
                _("One of the teams already has an open challenge."), code="busy"
            ) from exc
        notify.challenged(challenge)
    return challenge


def _locked(challenge: Challenge) -> tuple[Ladder, Challenge]:
    ladder = ladder_for_update(challenge.ladder_id)
    return ladder, challenge_for_update(challenge.pk)


def _defender_captain_required(challenge: Challenge, by: User, ladder: Ladder) -> None:
    challenge.ladder = ladder
    challenge_answer_required(user=by, challenge=challenge)


def _unanswered(challenge: Challenge, now: datetime) -> None:
    if challenge.status != Challenge.Status.OPEN:
        raise ConflictError(_("The challenge has already been answered."), code="answered")
    if now > challenge.accept_by:
        raise ConflictError(_("The deadline to answer has passed."), code="deadline")


START_AFTER = timedelta(hours=1)
START_STEP_MINUTES = 15


def challenge_start_default(*, now: datetime) -> datetime:
    """When an accepted match starts unless the captain says otherwise
    (``docs/rules.md`` § Ladder): an hour after ``now``, at the next quarter hour. The
    accept forms show it, pre-filled, before the captain accepts."""
    start = (now + START_AFTER).replace(second=0, microsecond=0)
    late = start.minute % START_STEP_MINUTES
    if late or (now + START_AFTER) > start:
        start += timedelta(minutes=START_STEP_MINUTES - late)
    return start


def challenge_accept(
    *,
    challenge: Challenge,
    by: User,
    now: datetime | None = None,
    start_at: datetime | None = None,
) -> Challenge:
    """The defender's captain accepts: the match becomes a two-team event (one match of
    the ladder's boards, in the ladder's time zone) that starts at ``start_at`` (default:
    :func:`challenge_start_default`) and must be played by the play deadline. The
    challenge stays open until the match is decided."""
    now = now or timezone.now()
    with transaction.atomic(durable=True):
        ladder, challenge = _locked(challenge)
        _defender_captain_required(challenge, by, ladder)
        _unanswered(challenge, now)
        play_by = now + timedelta(days=ladder.play_days)
        start_at = start_at or challenge_start_default(now=now)
        minutes = ladder.boards * MINUTES_A_BOARD
        if not now - timedelta(minutes=1) <= start_at <= play_by - timedelta(minutes=minutes):
            raise BridgeError(
                _("The match must start after now and end by the play deadline."),
                code="start_at",
            )
        # the match's new event: no other job knows it, so locking it after the ladder
        # cannot wait (docs/rules.md § Concurrency)
        with lock_order_exempt():
            event = teams_event_create(
                name=f"{ladder.name}: {challenge.challenger.name} v {challenge.defender.name}",
                kind=Event.Kind.TEAMS_RR,
                start_at=start_at,
                teams=2,
                boards_per_round=ladder.boards,
                round_minutes=minutes,
                director=ladder.director,
                seed=challenge.pk,
                time_zone=ladder.time_zone,
            )
            for team in (challenge.challenger, challenge.defender):
                team_enter(event=event, team=team, by=ladder.director)
        challenge.status = Challenge.Status.ACCEPTED
        challenge.answered_at = now
        challenge.play_by = play_by
        challenge.event = event
        challenge.save(update_fields=["status", "answered_at", "play_by", "event"])
        notify.accepted(challenge)
    return challenge


def challenge_decline(*, challenge: Challenge, by: User, now: datetime | None = None) -> Challenge:
    """The defender's captain declines before the deadline: nothing moves."""
    now = now or timezone.now()
    with transaction.atomic(durable=True):
        ladder, challenge = _locked(challenge)
        _defender_captain_required(challenge, by, ladder)
        _unanswered(challenge, now)
        challenge.status = Challenge.Status.DECLINED
        challenge.answered_at = now
        challenge.resolved_at = now
        challenge.save(update_fields=["status", "answered_at", "resolved_at"])
        notify.resolved(challenge)
    return challenge


def challenge_cancel(
    *, challenge: Challenge, director: User, now: datetime | None = None, reason: str = ""
) -> Challenge:
    """The director cancels an open challenge (answered or not): nothing moves."""
    now = now or timezone.now()
    with transaction.atomic(durable=True):
        ladder, challenge = _locked(challenge)
        ladder_director_required(user=director, ladder=ladder)
        if not challenge.is_open:
            raise ConflictError(_("The challenge is no longer open."), code="resolved")
        challenge.status = Challenge.Status.CANCELLED
        challenge.resolved_at = now
        challenge.save(update_fields=["status", "resolved_at"])
        ladder_log(
            ladder=ladder,
            action="challenge_cancel",
            actor=director,
            now=now,
            data={"challenge": challenge.pk, "reason": reason},
        )
        notify.resolved(challenge)
    return challenge


def _win(ladder: Ladder, challenge: Challenge, now: datetime) -> None:
    """The challenger won: it takes the defender's place, the defender and every team
    between move down one. Already above the defender (a director's correction in
    between): nothing moves."""
    rungs = {
        r.team_id: r
        for r in Rung.objects.filter(
            ladder=ladder, team_id__in=[challenge.challenger_id, challenge.defender_id]
        )
    }
    mine, theirs = rungs.get(challenge.challenger_id), rungs.get(challenge.defender_id)
    challenge.moved = False
    if mine is None or theirs is None or mine.position < theirs.position:
        return
    challenge.moved_from = mine.position
    rung_move(
        ladder=ladder,
        rung=mine,
        to=theirs.position,
        now=now,
        kind=PositionChange.Kind.WIN,
        shifted_kind=PositionChange.Kind.SHIFT,
        challenge=challenge,
    )
    challenge.moved = True


def _reverse(ladder: Ladder, challenge: Challenge, now: datetime) -> None:
    """A correction took the challenger's win away: it goes back to the place it left
    (or the bottom), the teams in between move up one."""
    mine = _rung(ladder, challenge.challenger_id)
    challenge.moved = False
    if mine is None or challenge.moved_from is None:
        return
    size = Rung.objects.filter(ladder=ladder).count()
    to = min(challenge.moved_from, size)
    if to > mine.position:
        rung_move(
            ladder=ladder,
            rung=mine,
            to=to,
            now=now,
            kind=PositionChange.Kind.REVERSAL,
            shifted_kind=PositionChange.Kind.REVERSAL,
            challenge=challenge,
        )


_RESOLVED_FIELDS = [
    "status",
    "resolved_at",
    "winner",
    "challenger_vp",
    "defender_vp",
    "moved",
    "moved_from",
    "decided_by",
]


def _forfeit(ladder: Ladder, challenge: Challenge, now: datetime) -> None:
    challenge.status = Challenge.Status.FORFEITED
    challenge.resolved_at = now
    challenge.winner_id = challenge.challenger_id
    _win(ladder, challenge, now)
    challenge.save(update_fields=_RESOLVED_FIELDS)
    notify.resolved(challenge)


def challenge_forfeit_due(*, challenge: Challenge, now: datetime) -> bool:
    """The defender did not answer by the deadline: the challenger wins. Done once:
    a second run (a second beat) finds the challenge resolved and does nothing."""
    with transaction.atomic(durable=True):
        ladder, challenge = _locked(challenge)
        if challenge.status != Challenge.Status.OPEN or challenge.accept_by > now:
            return False
        _forfeit(ladder, challenge, now)
    return True


def challenge_decide_refusal(*, challenge: Challenge, now: datetime) -> ConflictError | None:
    """Why the director may not decide ``challenge`` now, or None when they may: the one
    rule (``docs/rules.md`` § Ladder) the service applies and the director page shows.
    The director decides only an accepted match not played by its play deadline, or one
    whose event finished with every board cut; a match that finished with a result
    decides the challenge itself, and a decided challenge is never decided again."""
    if challenge.status != Challenge.Status.ACCEPTED:
        return ConflictError(
            _("The challenge has already been decided.")
            if challenge.status == Challenge.Status.PLAYED
            else _("Only an accepted, unplayed match can be decided."),
            code="state",
        )
    event = challenge.event
    if event is not None and event.status == Event.Status.FINISHED:
        if match_unplayed(challenge):
            return None
        return ConflictError(
            _("The match has been played: its result decides the challenge."), code="played"
        )
    if challenge.play_by is not None and now <= challenge.play_by:
        if event is not None and event.status == Event.Status.RUNNING:
            return ConflictError(
                _(
                    "The match is being played: its result decides the challenge. "
                    "Only a match not played by its deadline (%(deadline)s) is yours to decide."
                )
                % {"deadline": notify.ladder_time(challenge.ladder, challenge.play_by)},
                code="in_progress",
            )
        return ConflictError(
            _(
                "The match may still be played until its deadline (%(deadline)s); "
                "only then is it yours to decide."
            )
            % {"deadline": notify.ladder_time(challenge.ladder, challenge.play_by)},
            code="before_deadline",
        )
    return None


def challenge_decide(
    *,
    challenge: Challenge,
    director: User,
    winner: str,
    now: datetime | None = None,
    reason: str = "",
) -> Challenge:
    """The director decides an unplayed match: ``winner`` is ``challenger``,
    ``defender`` or ``none`` (as a tie: nothing moves). Only when
    :func:`challenge_decide_refusal` has no objection (409 with its code otherwise).

    The match's event is locked first (the one lock order, ``tournaments.lock_order``:
    the event, then the ladder, then the challenge), so a decision and the match's
    finish (which applies the result holding the event's lock) happen one after the
    other: a decision that waited for the finish sees the match played and is refused."""
    now = now or timezone.now()
    with transaction.atomic(durable=True):
        event_id = (
            Challenge.objects.filter(pk=challenge.pk).values_list("event_id", flat=True).first()
        )
        if event_id is not None:
            event_for_update(event_id)
        ladder, challenge = _locked(challenge)
        ladder_director_required(user=director, ladder=ladder)
        if winner not in ("challenger", "defender", "none"):
            raise BridgeError(_("The winner is challenger, defender or none."), code="winner")
        refusal = challenge_decide_refusal(challenge=challenge, now=now)
        if refusal is not None:
            raise refusal
        challenge.status = Challenge.Status.PLAYED
        challenge.resolved_at = now
        challenge.decided_by = director
        challenge.winner_id = {
            "challenger": challenge.challenger_id,
            "defender": challenge.defender_id,
        }.get(winner)
        if winner == "challenger":
            _win(ladder, challenge, now)
        challenge.save(update_fields=_RESOLVED_FIELDS)
        ladder_log(
            ladder=ladder,
            action="challenge_decide",
            actor=director,
            now=now,
            data={"challenge": challenge.pk, "winner": winner, "reason": reason},
        )
        notify.resolved(challenge)
    return challenge


def _match(challenge: Challenge) -> Match | None:
    """The match of the challenge's event once the round close scored it."""
    # VPs are written by the round close (None until then)
    return Match.objects.filter(
        event_id=challenge.event_id, away__isnull=False, home_vp__isnull=False
    ).first()


def match_unplayed(challenge: Challenge) -> bool:
    """No board of the match was played in both rooms (every board cut): the match did
    not take place, and the director decides it (``docs/rules.md`` § Ladder)."""
    match = _match(challenge)
    return match is None or not match.boards_scored


def _match_vps(challenge: Challenge) -> tuple[float, float] | None:
    """The challenger's and the defender's VPs of the played match, or None."""
    match = _match(challenge)
    if match is None or not match.boards_scored:
        return None
    team_of = dict(
        TeamEntry.objects.filter(event_id=challenge.event_id).values_list("entry_id", "team_id")
    )
    vps = {team_of[match.home_id]: match.home_vp, team_of[match.away_id]: match.away_vp}
    return vps[challenge.challenger_id], vps[challenge.defender_id]


def challenge_result_apply(*, challenge_id: int, now: datetime | None = None) -> str:
    """The match's event has finished (or was corrected after its finish): apply the
    outcome once. Returns what happened: ``moved``, ``stays``, ``unchanged`` (already
    applied as it is), ``corrected`` (a correction changed the winner: the move is
    reversed or made), ``unplayed`` (no board played in both rooms: it waits for the
    director) or ``ignored``. Runs inside the transaction that finishes (or corrects)
    the event, so its own is not durable."""
    now = now or timezone.now()
    with transaction.atomic():
        challenge = Challenge.objects.get(pk=challenge_id)
        ladder, challenge = _locked(challenge)
        if challenge.decided_by_id is not None or challenge.status not in (
            Challenge.Status.ACCEPTED,
            Challenge.Status.PLAYED,
        ):
            return "ignored"
        vps = _match_vps(challenge)
        if vps is None:  # not played (every board cut): the director decides
            return "unplayed" if challenge.status == Challenge.Status.ACCEPTED else "ignored"
        mine, theirs = vps
        winner_id = (
            challenge.challenger_id
            if mine > theirs
            else challenge.defender_id
            if theirs > mine
            else None
        )
        if challenge.status == Challenge.Status.PLAYED:
            if (challenge.challenger_vp, challenge.defender_vp) == (mine, theirs):
                return "unchanged"
            challenge.challenger_vp, challenge.defender_vp = mine, theirs
            before = challenge.winner_id
            challenge.winner_id = winner_id
            if (before == challenge.challenger_id) != (winner_id == challenge.challenger_id):
                if challenge.moved:
                    _reverse(ladder, challenge, now)
                elif winner_id == challenge.challenger_id:
                    _win(ladder, challenge, now)
            challenge.save(update_fields=_RESOLVED_FIELDS)
            notify.resolved(challenge, corrected=True)
            return "corrected"
        challenge.status = Challenge.Status.PLAYED
        challenge.resolved_at = now
        challenge.challenger_vp, challenge.defender_vp = mine, theirs
        challenge.winner_id = winner_id
        if winner_id == challenge.challenger_id:
            _win(ladder, challenge, now)
        challenge.save(update_fields=_RESOLVED_FIELDS)
        notify.resolved(challenge)
        return "moved" if challenge.moved else "stays"
