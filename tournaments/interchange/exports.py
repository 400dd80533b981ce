"""Exports: hand records as PBN, results as PBN and USEBIO XML (``docs/rules.md`` § Files).

Exports show only what everyone may see: the boards of closed rounds (every board once
the event has finished). A board of the round in play is left out with its deal and
its results, whoever asks, so a file can be published as it is. The formats are
written by the pure codecs (``pbn``, ``usebio``, ``usebio_individual``); this module
loads the rows (a fixed number of queries). Which results file an event gets is the
format's to say (``Format.results_file``): the writers below are chosen by it, never by
the event's kind.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import replace

from django.utils import timezone
from django.utils.translation import gettext_lazy

from .. import selectors
from ..errors import BridgeError
from ..formats import format_for
from ..formats.movements.format import movement_of
from ..models import Board, Entry, Event, Match, Result, TeamEntry
from .exports_individual import individual_export_records, pool_export_records
from .pbn import hands_pbn_write, results_pbn_write
from .records import BoardRecord, EventRecord, MatchRecord, PairRecord, ResultLine
from .rows import result_line
from .usebio import usebio_teams_write, usebio_write
from .usebio_individual import usebio_individual_write

#: The results files whose score tables are not of pairs: no PBN results for them
#: (their file is USEBIO's), and why, by ``Format.results_file``.
PBN_REFUSED = {
    "pool": gettext_lazy("A pool's results are exported as USEBIO (an individual event), not PBN."),
    "individual": gettext_lazy("An individual event's results are exported as USEBIO, not PBN."),
}


def event_record(event: Event) -> EventRecord:
    """The event as the codecs write it (plain values, no Django object): whether it
    is a movement, and has two winners, is its format's to say."""
    fmt = format_for(event)
    return EventRecord(
        id=event.pk,
        name=event.name,
        date=timezone.localtime(event.start_at).date(),
        method=event.method,
        boards_total=event.boards_total,
        boards_per_round=event.boards_per_round,
        kind=event.kind,
        movement=event.kind if fmt.movement else "",
        two_winners=fmt.two_winners(event=event),
        mp_factoring=getattr(event.settings, "mp_factoring", ""),
    )


def boards_public_get(*, event: Event) -> list[Board]:
    """The event's boards that everyone may see (closed rounds; all once finished)."""
    hidden = selectors.boards_hidden(user=selectors.ANYONE, event=event)
    return [b for b in selectors.event_boards_get(event=event) if b.pk not in hidden]


def board_record(board: Board) -> BoardRecord:
    """A board as the codecs write it: its deal, conditions and analysis."""
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
    if not format_for(event).raw_matchpoints or event.method != "mp":
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
    return hands_pbn_write(event=event_record(event), boards=map(board_record, boards))


def event_results_pbn_export(*, event: Event) -> str:
    """Hand records, score tables and totals as PBN 2.1 (boards everyone may see). A
    format whose results are not of pairs is refused (``PBN_REFUSED``): a scoring pool,
    an individual event (their file is USEBIO's)."""
    refused = PBN_REFUSED.get(format_for(event).results_file)
    if refused is not None:
        raise BridgeError(str(refused), code="kind")
    boards, pairs, results = _results_data(event)
    return results_pbn_write(
        event=event_record(event),
        boards=map(board_record, boards),
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


def _pairs_usebio(event: Event) -> str:
    """A pairs event's USEBIO: its pairs and the travellers of its boards."""
    boards, pairs, results = _results_data(event)
    return usebio_write(
        event=event_record(event),
        pairs=pairs,
        boards=map(board_record, boards),
        results=results,
    )


def _teams_usebio(event: Event) -> str:
    """A team event's USEBIO: its teams and their matches, both rooms of each."""
    boards = boards_public_get(event=event)
    teams, matches = _team_data(event, boards)
    return usebio_teams_write(
        event=event_record(event), teams=teams, matches=matches,
        boards=map(board_record, boards),
    )  # fmt: skip


def _individual_usebio(records: Callable[..., dict]) -> Callable[[Event], str]:
    """A USEBIO individual event, with the players and lines that ``records`` loads
    (``exports_individual.py``: an individual event's, or a pool's with its own
    elements)."""

    def write(event: Event) -> str:
        boards = boards_public_get(event=event)
        return usebio_individual_write(
            event=event_record(event), boards=map(board_record, boards),
            **records(event=event, boards=boards),
        )  # fmt: skip

    return write


#: The USEBIO writer of each ``Format.results_file``.
USEBIO_WRITERS: dict[str, Callable[[Event], str]] = {
    "pairs": _pairs_usebio,
    "teams": _teams_usebio,
    "individual": _individual_usebio(individual_export_records),
    "pool": _individual_usebio(pool_export_records),
}


def event_usebio_export(*, event: Event) -> str:
    """Participants, travellers and hand records as USEBIO 1.2 XML, as the event's
    format writes its results (``Format.results_file``: pairs; a team event's teams and
    matches; an individual event; a scoring pool as an individual event with the pool's
    own elements, ``usebio_individual.py``)."""
    return USEBIO_WRITERS[format_for(event).results_file](event)
