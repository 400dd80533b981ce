"""What every file export and import shares (docs/rules.md § Files): a stored result as
a file's line, a file's boards and deals checked, its problems in words, the players a
file names, and the end of a results import."""

from __future__ import annotations

import secrets
from collections.abc import Sequence

from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from accounts.models import User
from accounts.names import name_key

from ..deals import DealError, deal_validate
from ..dispatch import dispatch_on_commit
from ..errors import BridgeError
from ..models import Board, Entry, EntryMember, Event, Result, Round
from ..selectors.events import LEFT_OUT_ACTION
from ..services.audit import log_action
from ..signals import results_imported
from .problems import problems_summary
from .records import ResultLine


def import_finish(
    *, event: Event, actor: User | None, counts: dict, left_out: Sequence[dict] = ()
) -> Event:
    """The end of every results import, inside its transaction: the deals the file
    gives without their analysis get ours in the background (the double-dummy table
    and par are ours to compute; the scores stay the file's), and the import is logged
    with ``counts`` (source, boards, entries, results), then each line of the file left
    out (``left_out``: the readers' dicts, board, section, round, table, ns, ew and
    reason), one log row each. Returns the event as stored."""
    unanalysed = list(
        Board.objects.filter(event=event, dd_table__isnull=True)
        .exclude(deal="")
        .values_list("pk", flat=True)
    )
    if unanalysed:
        dispatch_on_commit("tournaments.tasks.analyse_boards", unanalysed)
    log_action(
        event=event, actor=actor, action="results_import",
        data={**counts, "left_out": len(left_out)} if left_out else counts,
    )  # fmt: skip
    for line in left_out:
        log_action(event=event, actor=actor, action=LEFT_OUT_ACTION, data=dict(line))
    results_imported.send(sender=Event, event=event)  # the play's analysis, on commit
    return Event.objects.get(pk=event.pk)


def file_result(start, line: dict, table, board: Board, points: tuple) -> Result:
    """One traveller line of a file (a parsed line dict), not saved: stored as the file
    scored it, with ``points`` (NS, EW) as the caller reads them, entered at ``start``;
    a line the file marks not played is a cut result (no contract, no points)."""
    if line.get("not_played"):
        return Result(
            table=table, board=board, status=Result.Status.CUT, entered_at=start,
            confirmed_at=start,
        )  # fmt: skip
    adjusted = bool(line["ns_adjustment"] or line["ew_adjustment"])
    return Result(
        table=table, board=board,
        status=Result.Status.ADJUSTED if adjusted else Result.Status.PLAYED,
        contract=line["contract"], declarer=line["declarer"], tricks=line["tricks"],
        lead=line["lead"], ns_score=line["ns_score"], ns_adjustment=line["ns_adjustment"],
        ew_adjustment=line["ew_adjustment"], ns_points=points[0], ew_points=points[1],
        auction=line.get("auction", ""), play=line.get("play", ""),
        entered_at=start, confirmed_at=start,
    )  # fmt: skip


def closed_round(event: Event, number: int, at) -> Round:
    """A round of an imported event, not saved: closed, opened and closed at ``at`` (a
    file gives no times of its rounds)."""
    return Round(
        event=event, number=number, status=Round.Status.CLOSED, starts_at=at, ends_at=at,
        opened_at=at, closed_at=at,
    )  # fmt: skip


def player_entries_create(event: Event, users: dict, standing: dict) -> dict[int, Entry]:
    """The one-player entries of an imported individual file (a pool, an individual
    event), saved with their members: player number → entry; ``standing``: number →
    (total, boards played, rank)."""
    entries = {
        n: Entry(
            event=event,
            status=Entry.Status.CONFIRMED,
            registration_order=n,
            total=standing[n][0],
            boards_played=standing[n][1],
            rank=standing[n][2],
            finished=standing[n][2] is not None,
        )  # fmt: skip
        for n in sorted(users)
    }
    Entry.objects.bulk_create(entries.values())
    now = timezone.now()
    EntryMember.objects.bulk_create(
        EntryMember(entry=entries[n], event=event, player=users[n], position=1, confirmed_at=now)
        for n in entries
    )
    return entries


def result_line(result: Result, **more) -> ResultLine:
    """A stored result as a file's line (NS view; an adjusted one has only its codes, a
    cut one is not played); ``more``: the line's pairs, round and table as the caller
    numbers them. A cut board keeps its auction and play so far."""
    more = {"auction": result.auction, "play": result.play, **more}
    if result.status == Result.Status.CUT:
        return ResultLine(
            contract="", declarer="", tricks=None, lead="", ns_score=None, ns_points=None,
            ew_points=None, not_played=True, **more,
        )  # fmt: skip
    adjusted = result.status == Result.Status.ADJUSTED
    return ResultLine(
        contract="" if adjusted else result.contract,
        declarer="" if adjusted else result.declarer,
        tricks=None if adjusted else result.tricks,
        lead="" if adjusted else result.lead,
        ns_score=None if adjusted else result.ns_score,
        ns_points=result.ns_points,
        ew_points=result.ew_points,
        ns_adjustment=result.ns_adjustment if adjusted else "",
        ew_adjustment=result.ew_adjustment if adjusted else "",
        **more,
    )


def players_match(names: list[list[str]]) -> dict[str, User]:
    """Each name → an existing player with that name (one only), else a new guest.

    A guest has no password and cannot log in; a director may merge it later.
    """
    keys = {name_key(n) for group in names for n in group}
    found: dict[str, list[User]] = {}
    for user in User.objects.filter(name_key__in=keys - {""}):
        found.setdefault(user.name_key, []).append(user)
    matched: dict[str, User] = {}
    for group in names:
        for name in group:
            users = found.get(name_key(name), [])
            if name in matched:
                continue
            matched[name] = users[0] if len(users) == 1 else guest_create(name)
    return matched


def guest_create(name: str) -> User:
    """A new player of that name who cannot log in (no password)."""
    guest = User(username=f"guest-{secrets.token_hex(6)}", display_name=name[:80])
    guest.set_unusable_password()
    guest.save()
    return guest


def players_once(names: list[str]) -> list[User]:
    """The player of each name in turn (``players_match``), each player once: a second
    holder of a name already taken (a namesake) is a new guest."""
    matched = players_match([names])
    users, used = [], set()
    for name in names:
        user = matched[name]
        if user.pk in used:
            user = guest_create(name)
        used.add(user.pk)
        users.append(user)
    return users


SEAT_NAMES = {
    "N": gettext_lazy("North"),
    "E": gettext_lazy("East"),
    "S": gettext_lazy("South"),
    "W": gettext_lazy("West"),
}


def deal_problem(error: DealError) -> str:
    """Why ``deal_validate`` refused a deal, in words a director can act on."""
    params = error.params
    if error.code == "not_pbn":
        return _("it is not a PBN deal such as “N:AKQ.JT9.876.5432 …”")
    if error.code == "hands":
        return _("it needs four hands")
    if error.code == "rank":
        return _("“%(rank)s” is not a card rank") % params
    if error.code == "count":
        return ngettext(
            "%(seat)s holds %(count)d card, not 13",
            "%(seat)s holds %(count)d cards, not 13",
            params["count"],
        ) % {
            "seat": SEAT_NAMES[params["seat"]],
            "count": params["count"],
        }
    if error.code == "repeated":
        return _("%(card)s appears %(times)d times") % params
    return _("it is not a valid deal")


def file_boards(parsed_boards: dict, problems: list, *, most: int) -> dict[int, dict]:
    """A file's boards by number, each with its checked deal (``file_deal``); a number
    outside 1 to ``most`` is a problem."""
    boards = {}
    for number, board in parsed_boards.items():
        if not 1 <= number <= most:
            problems.append((number, _("a board number is 1 to %(n)d.") % {"n": most}))
            continue
        boards[number] = {**board, "deal": file_deal(number, board.get("deal"), problems)}
    return boards


def file_deal(number: int, deal: str | None, problems: list) -> str:
    """A file's deal of board ``number`` in our form ("" for none); a deal that is not
    one adds its problem to ``problems`` (and gives "")."""
    if not deal:
        return ""
    try:
        return deal_validate(deal)
    except DealError as error:
        problems.append((number, deal_problem(error) + "."))
        return ""


def problems_text(problems: list[tuple[int | None, str]]) -> str:
    """Problems of a file in a few lines: grouped by kind, boards as ranges, capped."""
    return problems_summary(
        problems,
        board=_("Board %s"),
        boards=_("Boards %s"),
        more=lambda n: ngettext("and %d more problem", "and %d more problems", n) % n,
    )


def left_out_check(parsed: dict) -> None:
    """A file whose every line was left out (none could be read) is refused with why,
    as a file with a problem is; with a line read, the others are left out and reported
    (``docs/rules.md`` § Files)."""
    skipped = parsed.get("left_out") or []
    if skipped and not any(b["results"] for b in parsed["boards"].values()):
        problems = [(p["board"], p["reason"]) for p in skipped]
        raise BridgeError(
            _("The file cannot be read: %(error)s") % {"error": problems_text(problems)},
            code="unreadable",
        )
