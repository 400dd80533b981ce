"""Import and export: hand records as PBN, results as PBN and USEBIO XML.

Exports show only what everyone may see: the boards of closed rounds (every board once
the event has finished). A board of the round in play is left out with its deal and
its results, whoever asks, so a file can be published as it is. The formats are
written and read by the pure ``tournaments.interchange`` package; this module loads
the rows (a fixed number of queries) and, for the import, validates and stores.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

import scoring
from accounts.models import User

from .. import selectors
from ..deals import DealError, deal_validate
from ..errors import BridgeError, ConflictError
from ..formats import format_for
from ..formats.movements.format import movement_of
from ..interchange import (
    BoardRecord,
    EventRecord,
    MatchRecord,
    PairRecord,
    PbnError,
    ResultLine,
    hands_pbn_write,
    pbn_parse,
    results_pbn_write,
    usebio_teams_write,
    usebio_write,
)
from ..interchange.pbn import dealer_parse, vulnerability_parse
from ..interchange.problems import problems_summary
from ..interchange.usebio_individual import usebio_individual_write
from ..lock_objects import event_for_update
from ..models import Board, Entry, Event, Match, Result, Round, TeamEntry
from ..numbers import ascii_int
from ..permissions import director_required
from .audit import log_action
from .file_lines import result_line
from .interchange_pool import individual_export_records, pool_export_records

SEAT_NAMES = {
    "N": gettext_lazy("North"),
    "E": gettext_lazy("East"),
    "S": gettext_lazy("South"),
    "W": gettext_lazy("West"),
}


# --- export ----------------------------------------------------------------------------


def _event_record(event: Event) -> EventRecord:
    return EventRecord(
        id=event.pk,
        name=event.name,
        date=timezone.localtime(event.start_at).date(),
        method=event.method,
        boards_total=event.boards_total,
        boards_per_round=event.boards_per_round,
        kind=event.kind,
        arrow_switch=getattr(event.settings, "arrow_switch", False),
        mp_factoring=getattr(event.settings, "mp_factoring", ""),
    )


def boards_public_get(*, event: Event) -> list[Board]:
    """The event's boards that everyone may see (closed rounds; all once finished)."""
    hidden = selectors.boards_hidden(user=selectors.ANYONE, event=event)
    return [b for b in selectors.event_boards_get(event=event) if b.pk not in hidden]


def _board_record(board: Board) -> BoardRecord:
    return BoardRecord(
        number=board.number,
        dealer=board.dealer,
        vulnerability=board.vulnerability,
        deal=board.deal,
        dd_table=board.dd_table,
        par_score=board.par_score,
        par_contracts=board.par_contracts,
    )


def _pairs(event: Event, entries: list[Entry]) -> list[PairRecord]:
    return [
        PairRecord(
            number=e.registration_order,
            players=[m.player.name for m in e.members.all()],
            rank=e.rank if event.status == Event.Status.FINISHED else None,
            total=e.total,
            boards_played=e.boards_played,
            master_points=e.master_points,
            field=e.field,
        )
        for e in entries
    ]


def _results(
    boards: list[Board], pair_numbers: dict[int, int], expected: dict[int, int] | None = None
) -> dict[int, list[ResultLine]]:
    """Every result of ``boards`` (a cut one as not played), by board number, in table order.
    ``expected`` (a movement's matchpoints, which are raw: ``docs/rules.md`` § Movements):
    board set → the tables that play it; each line then carries its board's top."""
    lines: dict[int, list[ResultLine]] = {b.number: [] for b in boards}
    rows = (
        Result.objects.filter(board__in=boards)
        .select_related("board", "table__round")
        .order_by("board__number", "table__round__number", "table__number")
    )
    for r in rows:
        lines[r.board.number].append(
            result_line(
                r,
                ns_pair=pair_numbers.get(r.table.ns_id),
                ew_pair=pair_numbers.get(r.table.ew_id) if r.table.ew_id else None,
                round=r.table.round.number if r.table.round_id else None,
                table=r.table.number,
                section=r.table.section,
            )
        )
    if expected is not None:
        sets = {b.number: b.board_set for b in boards}
        for number, board_lines in lines.items():
            # a section's lines are matchpointed together (docs/rules.md § Files)
            played = Counter(line.section for line in board_lines if not line.not_played)
            lines[number] = [
                replace(
                    line,
                    mp_top=2 * (max(expected.get(sets[number], 0), played[line.section]) - 1),
                )  # fmt: skip
                for line in board_lines
            ]
    return lines


def _movement_plays(event: Event) -> dict[int, int] | None:
    """A movement event under matchpoints: board set → the tables its movement plays
    it at (an imported event whose movement is not ours: none, and a board's top is
    then its results' count)."""
    if event.kind not in (Event.Kind.MITCHELL, Event.Kind.HOWELL) or event.method != "mp":
        return None
    movement = movement_of(event)
    return dict(movement.set_plays()) if movement is not None else {}


def _results_data(event: Event):
    boards = boards_public_get(event=event)
    entries = selectors.standings_get(event=event)
    numbers = {e.pk: e.registration_order for e in entries}
    return boards, _pairs(event, entries), _results(boards, numbers, _movement_plays(event))


def event_hands_pbn_export(*, event: Event) -> str:
    """The hand records of the boards everyone may see, as PBN 2.1."""
    boards = boards_public_get(event=event)
    return hands_pbn_write(event=_event_record(event), boards=map(_board_record, boards))


def event_results_pbn_export(*, event: Event) -> str:
    """Hand records, score tables and totals as PBN 2.1 (boards everyone may see). A
    scoring pool is refused: PBN score tables are of pairs (its file is USEBIO's)."""
    if event.kind == Event.Kind.POOL:
        raise BridgeError(
            _("A pool's results are exported as USEBIO (an individual event), not PBN."),
            code="kind",
        )
    if event.kind == Event.Kind.INDIVIDUAL:
        raise BridgeError(
            _("An individual event's results are exported as USEBIO, not PBN."), code="kind"
        )
    boards, pairs, results = _results_data(event)
    return results_pbn_write(
        event=_event_record(event),
        boards=map(_board_record, boards),
        results=results,
        pairs=pairs,
    )


def _team_data(event: Event, boards: list[Board]):
    """The teams (PairRecord with the team's name) and the matches of the rounds
    everyone may see, with both rooms' results by board (a fixed number of queries)."""
    entries = selectors.standings_get(event=event)
    links = dict(TeamEntry.objects.filter(event=event).values_list("entry_id", "team__name"))
    teams = [
        PairRecord(
            number=e.registration_order,
            players=[m.player.name for m in e.members.all()],
            rank=e.rank if event.status == Event.Status.FINISHED else None,
            total=e.total,
            boards_played=e.boards_played,
            master_points=e.master_points,
            name=links.get(e.pk, ""),
        )
        for e in entries
    ]
    numbers = {e.pk: e.registration_order for e in entries}
    rounds = {b.round_id for b in boards}
    matches = list(
        Match.objects.filter(event=event, round_id__in=rounds)
        .select_related("round")
        .order_by("round__number", "number")
    )
    lines = _results(boards, numbers)
    room_of = {}
    for m in matches:
        room_of[m.open_table_id] = (m.pk, "open")
        room_of[m.closed_table_id] = (m.pk, "closed")
    rows = (
        Result.objects.filter(board__in=boards)
        .values_list("table_id", "board__number")
        .order_by("board__number", "table__round__number", "table__number")  # as _results
    )
    by_match: dict[int, dict[int, list[ResultLine]]] = {m.pk: {} for m in matches}
    index: dict[int, int] = {}
    for table_id, number in rows:
        line = lines[number][index.get(number, 0)]
        index[number] = index.get(number, 0) + 1
        match_id, room = room_of[table_id]
        by_match[match_id].setdefault(number, []).append(replace(line, room=room))
    records = [
        MatchRecord(
            number=m.number,
            round=m.round.number,
            home=numbers[m.home_id],
            away=numbers.get(m.away_id),
            home_imps=m.home_imps,
            away_imps=m.away_imps,
            home_vp=m.home_vp,
            away_vp=m.away_vp,
            results=by_match[m.pk],
        )  # fmt: skip
        for m in matches
    ]
    return teams, records


def event_usebio_export(*, event: Event) -> str:
    """Participants, travellers and hand records as USEBIO 1.2 XML (a team event:
    teams and their matches; a scoring pool: an individual event with the pool's own
    elements, ``interchange/usebio_individual.py``)."""
    if event.kind == Event.Kind.INDIVIDUAL:
        boards = boards_public_get(event=event)
        return usebio_individual_write(
            event=_event_record(event), boards=map(_board_record, boards),
            **individual_export_records(event=event, boards=boards),
        )  # fmt: skip
    if event.kind == Event.Kind.POOL:
        boards = boards_public_get(event=event)
        return usebio_individual_write(
            event=_event_record(event), boards=map(_board_record, boards),
            **pool_export_records(event=event, boards=boards),
        )  # fmt: skip
    if event.is_teams:
        boards = boards_public_get(event=event)
        teams, matches = _team_data(event, boards)
        return usebio_teams_write(
            event=_event_record(event), teams=teams, matches=matches,
            boards=map(_board_record, boards),
        )  # fmt: skip
    boards, pairs, results = _results_data(event)
    return usebio_write(
        event=_event_record(event),
        pairs=pairs,
        boards=map(_board_record, boards),
        results=results,
    )


# --- import ----------------------------------------------------------------------------


def _deal_problem(error: DealError) -> str:
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
        problems.append((number, _deal_problem(error) + "."))
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


def _deals_read(text: str, boards_total: int) -> tuple[dict[int, str], dict[int, dict]]:
    """Board number → deal from PBN text, and the file's dealer and vulnerability where
    they differ from the cycle; one BridgeError listing every problem, grouped.

    A results file repeats a board's deal once per table: the same deal under a number
    is one board, a different deal is refused (docs/rules.md § Files).
    """
    try:
        games = pbn_parse(text)
    except PbnError as exc:
        raise BridgeError(_("Not a PBN file: %(error)s") % {"error": exc}, code="pbn") from exc
    deals: dict[int, str] = {}
    conditions: dict[int, dict] = {}
    problems: list[tuple[int | None, str]] = []
    codes: list[str] = []

    def problem(code: str, number: int | None, message: str) -> None:
        codes.append(code)
        problems.append((number, message))

    for game in games:
        if "Deal" not in game.tags:
            continue
        board = game.tags.get("Board", "").strip()
        number = ascii_int(board, signed=False)
        if number is None:
            message = (
                _("The deal of the game at line %(line)d has no board number.")
                if not board
                else _(
                    "The game at line %(line)d has board “%(board)s”: a board number is "
                    "written with the digits 0-9."
                )
            )
            problem("board_number", None, message % {"line": game.line, "board": board})
            continue
        if not 1 <= number <= boards_total:
            problem(
                "board_number", number,
                _("this event has boards 1 to %(total)d.") % {"total": boards_total},
            )  # fmt: skip
            continue
        try:
            deal = deal_validate(game.tags["Deal"])
        except DealError as error:
            problem("bad_deal", number, _deal_problem(error) + ".")
            deals.setdefault(number, "")  # seen: a second copy is no new board
            continue
        if number in deals:
            if deals[number] and deals[number] != deal:
                problem("duplicate_board", number, _("two different deals have this number."))
            continue
        deals[number] = deal
        found = _conditions_read(game.tags, number)
        if isinstance(found, str):
            problem("bad_conditions", number, found)
        elif found:
            conditions[number] = found
    if problems:
        raise BridgeError(problems_text(problems), code=codes[0])
    if not deals:
        raise BridgeError(_("The file has no deals."), code="no_deals")
    return deals, conditions


def _conditions_read(tags: dict[str, str], number: int) -> dict | str:
    """The game's [Dealer] and [Vulnerable] where they differ from board ``number``'s
    cycle (``{}``: as the cycle, or not given); a message when one is unreadable."""
    found = {}
    dealer_text, vul_text = tags.get("Dealer", "").strip(), tags.get("Vulnerable", "").strip()
    if dealer_text:
        dealer = dealer_parse(dealer_text)
        if dealer is None:
            return _("the dealer “%(dealer)s” is not N, E, S or W.") % {"dealer": dealer_text}
        if dealer != scoring.board_dealer(number):
            found["dealer"] = dealer
    if vul_text:
        vulnerability = vulnerability_parse(vul_text)
        if vulnerability is None:
            return _("the vulnerability “%(vul)s” is not None, NS, EW or All.") % {"vul": vul_text}
        if vulnerability != scoring.board_vulnerability(number):
            found["vulnerability"] = vulnerability
    return found


def event_deals_import(*, event: Event, text: str, actor: User | None = None) -> dict[str, str]:
    """Store the deals of a PBN file as the event's boards: ``{board number: deal}``.

    All or nothing: any bad deal, board number outside the event or two different deals
    under one number refuse the whole file (the same deal repeated, once per table of a
    results file, is one board). The file's dealer and vulnerability are kept where they
    differ from the board-number cycle. Boards missing from the file are shuffled as usual. Refused
    once round 1 has started (dealt boards never change). ``actor`` None: a command.
    """
    with transaction.atomic():
        event = event_for_update(event.pk)
        if actor is not None:
            director_required(user=actor, event=event)
        if (
            event.status != Event.Status.REGISTRATION
            or event.current_round > 0
            or Round.objects.filter(event=event).exists()
        ):
            raise ConflictError(
                _("Round 1 has started: the deals can no longer change."), code="started"
            )
        deals, conditions = _deals_read(text, format_for(event).boards_numbered(event=event))
        settings = event.settings
        settings.preset_deals = {str(n): deals[n] for n in sorted(deals)}
        settings.preset_conditions = {str(n): conditions[n] for n in sorted(conditions)}
        settings.save(update_fields=["preset_deals", "preset_conditions"])
        log_action(
            event=event, actor=actor, action="deals_import",
            data={"boards": sorted(deals), "conditions": sorted(conditions)},
        )  # fmt: skip
    return settings.preset_deals
