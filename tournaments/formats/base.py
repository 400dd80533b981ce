"""What every event format implements (``docs/rules.md`` § Formats).

Everything outside this package (services, selectors, views, the API, the admin,
commands, interchange and templates) asks the event's format, found with
:func:`format_for`, and never tests the event's kind itself; groups of kinds come from
the registry (``kinds_where``); ``tests/test_structure.py`` checks it. A format is one
small class or package here plus its pure algorithm (``pairing/``, ``movements/``);
adding one touches this package, its pages and the registry line in
``formats/__init__.py``.
"""

from __future__ import annotations

import random
import secrets
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime

from django.db import models
from django.db.models import Q, QuerySet
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, npgettext

import scoring

from ..deals import deal_generate
from ..errors import BridgeError
from ..models import Board, Entry, EntryMember, Event, Result, Round, Table
from .creation import Creation, event_settings_check


@dataclass
class Seating:
    """What a format decided for one round: the tables it created and what to log."""

    tables: list[Table]
    log: dict = field(default_factory=dict)


def method_for_adjusted(method: str) -> str:
    """The method whose adjusted scores an event's method uses: HCP-par scores IMPs, so
    its A+ / A= / A− are +3 / 0 / −3 IMPs (``docs/rules.md`` § HCP-par)."""
    return Event.Method.IMP if method == Event.Method.HCP_PAR else method


def total_penalty(entry: Entry, method: str) -> float:
    """What an entry's total loses: under HCP-par, 20 IMPs a disconnection the director
    recorded (``docs/rules.md`` § HCP-par); nothing otherwise."""
    if method != Event.Method.HCP_PAR:
        return 0.0
    return float(scoring.HCP_PAR_DISCONNECTION * entry.disconnections)


def hcp_par_points(results: Sequence[Result], *, table=None) -> None:
    """HCP-par (``docs/rules.md`` § HCP-par): each played result scores, for NS,
    IMP(NS score − the expected NS score for NS's HCP and the vulnerability), EW the
    opposite; ``table``: the event's expected scores (None: the shipped table). One query
    for the boards' deals."""
    played = [r for r in results if r.status == Result.Status.PLAYED]
    boards = Board.objects.filter(pk__in={r.board_id for r in played}).only(
        "pk", "deal", "vulnerability"
    )
    side: dict[int, tuple[int, str]] = {}
    for b in boards:
        points = scoring.deal_hcp(b.deal)
        side[b.pk] = (points["N"] + points["S"], b.vulnerability)
    checked = scoring.validate_hcp_par_table(table) if table else None
    for r in played:
        ns_hcp, vulnerability = side[r.board_id]
        imps = scoring.hcp_par_imps(r.ns_score, ns_hcp, vulnerability, checked)
        r.ns_points, r.ew_points = float(imps), float(-imps)


def board_points(
    results: Sequence[Result], method: str, *, hcp_table=None, factoring: str = "played"
) -> None:
    """Set ``ns_points``/``ew_points`` on results of whole boards, in memory.

    Played results of a board are compared with each other by the event's method (or,
    HCP-par, each with its expected score); adjusted results get their fixed value and
    are left out of the comparison; cut boards score nothing (None: no IMPs, and left
    out of MP averages). Under matchpoints with ``factoring`` "neuberg", a board played
    at fewer of its tables than it was dealt to (a cut or adjusted result) is rescaled to
    all of them by Neuberg's formula; "played" takes the percentage over the results
    played.
    """
    if method == Event.Method.HCP_PAR:
        hcp_par_points(results, table=hcp_table)
    by_board: dict[int, list[Result]] = defaultdict(list)
    for result in results:
        by_board[result.board_id].append(result)
    adjusted_method = method_for_adjusted(method)
    for board_results in by_board.values():
        played = [r for r in board_results if r.status == Result.Status.PLAYED]
        tables = len(board_results)  # every table of the round has a row: cut, adjusted
        if played and method == Event.Method.MP and factoring == "neuberg" and tables > 1:
            top = 2 * (tables - 1)
            raw = scoring.mp_factored([r.ns_score for r in played], tables, "neuberg")
            points = [(100 * mp / top, 100 * (top - mp) / top) for mp in raw]
            for r, (ns, ew) in zip(played, points, strict=True):
                r.ns_points, r.ew_points = ns, ew
        elif played and method != Event.Method.HCP_PAR:
            points = scoring.score_board([r.ns_score for r in played], method)
            for r, (ns, ew) in zip(played, points, strict=True):
                r.ns_points, r.ew_points = ns, ew
        for r in board_results:
            if r.status == Result.Status.CUT:
                r.ns_points = r.ew_points = None
            elif r.status == Result.Status.ADJUSTED:
                r.ns_points, r.ew_points = (
                    scoring.adjusted_points(code, adjusted_method) if code else None
                    for code in (r.ns_adjustment, r.ew_adjustment)
                )


def round_boards_deal(*, event: Event, rnd: Round, rng: random.Random | None = None) -> list[Board]:
    """Deal the boards of round ``rnd`` of a format played in timed rounds: numbers
    continue from the previous round, dealer and vulnerability follow the board cycle,
    and the director's imported deal of a number is used instead of a shuffle, with its
    file's dealer and vulnerability."""
    first = (rnd.number - 1) * event.settings.boards_per_round + 1
    numbers = range(first, first + event.settings.boards_per_round)
    return Board.objects.bulk_create(
        numbered_board(event=event, rnd=rnd, number=n, rng=rng) for n in numbers
    )


def numbered_board(
    *, event: Event, rnd: Round, number: int, rng: random.Random | None, board_set=None
) -> Board:
    """Board ``number`` of ``event``, not saved: the director's imported deal of that
    number if there is one (with its file's dealer and vulnerability, ``docs/rules.md``
    § Files), else a shuffle; dealer and vulnerability follow the board cycle."""
    settings = event.settings
    preset = settings.preset_deals.get(str(number))
    deal = preset or deal_generate(rng=rng)
    # Deals dealt ahead for the director's hand records come with their analysis.
    known = settings.preset_analysis.get(str(number)) or {}
    if known.get("deal") != deal:
        known = {}
    given = settings.preset_conditions.get(str(number), {}) if deal == preset else {}
    return Board(
        event=event,
        round=rnd,
        board_set=board_set,
        number=number,
        dealer=given.get("dealer") or scoring.board_dealer(number),
        vulnerability=given.get("vulnerability") or scoring.board_vulnerability(number),
        deal=deal,
        dd_table=known.get("dd_table"),
        par_score=known.get("par_score"),
        par_contracts=known.get("par_contracts", ""),
    )


class Format:
    """The interface. Subclasses set the class attributes and implement the methods."""

    kind: str = ""
    settings_model: type[models.Model]
    #: ``False``: a board is scored when its round closes, across the field;
    #: ``True``: a result is scored when it arrives (the scoring pool).
    scores_on_arrival: bool = False
    #: ``True``: the format writes the entries' totals and standings itself
    #: (``totals_recompute`` / ``standings_rebuild``), e.g. team matches, whose totals
    #: are the VPs of matches rather than sums of board points.
    owns_totals: bool = False
    #: ``True``: the format has a live view of its matches (``teams/live_cache.py``), which
    #: the services refresh after every change of a result or a round.
    live_view: bool = False
    #: Templates of the pages that show this format (``template_for``).
    templates: dict[str, str] = {}
    #: ``True``: an entry plays at more than one table of a round (a team's two rooms),
    #: so a player's table is the one they sit at (``TableSeat``), not their entry's.
    seats_players: bool = False
    #: ``True``: a result's matchpoints are raw, on the board's top (2 a result beaten,
    #: 1 a tie), not percentages: a movement's and an individual event's.
    raw_matchpoints: bool = False
    #: ``True``: each entry is one player, seated at a table by ``TableSeat`` (an
    #: individual event): a player scores their side's points, with a partner a round.
    individual: bool = False
    #: ``True``: the format runs its own clock (``clock_step``) instead of the round
    #: schedule of ``services/schedule.py`` (the scoring pool has no rounds).
    own_clock: bool = False
    #: ``False``: no pair joins once play has begun (a movement fixed at the start).
    late_entries: bool = True
    #: The URL name of the page where a player enters results (``event_id`` argument).
    my_table_url: str = "tournaments:my_table"
    #: The URL name of its typed entry of results, where the page above opens the online
    #: table instead (an event played online: the director's fallback, behind a link).
    my_table_entry_url: str = "tournaments:my_table_entry"
    #: The URL name of the format's own event page, when the generic one does not fit.
    event_url: str = ""
    #: How the format's results are written to a file (``interchange/exports.py``):
    #: ``"pairs"`` (PBN score tables, USEBIO pairs), ``"teams"`` (USEBIO teams and their
    #: matches), ``"individual"`` or ``"pool"`` (USEBIO individual events; no PBN results).
    results_file: str = "pairs"
    #: What the entries are, in the commands' plain English: ``"pairs"``, ``"teams"``
    #: or ``"players"`` (the pages say it with ``entries_label`` / ``entries_count``).
    entry_noun: str = "pairs"
    #: Which settings a new event of the format takes (``creation_check``, the pages'
    #: ``creation_form`` and the API's ``creation_serializer``): ``"pairs"`` (timed
    #: rounds of pairs), ``"teams"``, ``"pool"``, or ``"import"`` (only from a results
    #: file: ``event_create`` refuses it).
    creation: str = "pairs"
    #: Whether a new event plays online (each player sees their own hand) unless told.
    online_play: bool = False
    #: ``True``: a movement (Mitchell, Howell): pairs move by a fixed table of rounds and
    #: board sets, and each pair's next table is on its movement card.
    movement: bool = False
    #: A word of a results file's USEBIO EVENT_TYPE that names this format among those of
    #: its entries (``kind_for_file``): ROUND_ROBIN for round-robin teams; "": none.
    file_event_type: str = ""
    #: How a movement's pairs and boards move, as its movement cards page says it.
    movement_text: str = ""
    #: ``True``: the format may play with an arrow switch (a one-winner Mitchell).
    arrow_switch: bool = False

    # -- how the pages name it (``docs/rules.md`` § Formats) --------------------------------
    def entries_label(self, count: int) -> str:
        """What the entries are called next to their number: "Pairs" (a team format says
        "Teams", a format of single players "Players"), in the plural form of ``count``."""
        return npgettext("entries", "Pair", "Pairs", count)

    def entries_count(self, count: int) -> str:
        """``count`` entries, e.g. "12 pairs" (a team format's "teams", a format of
        single players "players")."""
        return ngettext("%(n)d pair", "%(n)d pairs", count) % {"n": count}

    def scoring_label(self, *, event: Event) -> str:
        """How the event is scored, as its pages say it: the event's scoring method."""
        return str(event.get_method_display())

    # -- who sits where -------------------------------------------------------------------
    def table_side(self, *, table: Table, user, claim: bool = False) -> str | None:
        """``"NS"``/``"EW"``: the side ``user`` plays at ``table``; None: not there.
        ``claim``: the user is about to enter or confirm a result there (a format that
        seats players may seat them now)."""
        member = EntryMember.objects.filter(
            entry_id__in=[e for e in (table.ns_id, table.ew_id) if e], player=user
        ).first()
        return table.side_of(member.entry_id) if member else None

    def tables_of(
        self, *, rnd: Round, entry: Entry, user, room: str | None = None
    ) -> QuerySet[Table]:
        """The table of round ``rnd`` where ``user`` (of ``entry``) plays, first (``room``:
        the room a player not seated yet asks for, in a format that seats players)."""
        return Table.objects.filter(round=rnd).filter(Q(ns=entry) | Q(ew=entry))

    def broadcast(self, *, event: Event) -> bool:
        """Whether spectators (not entered in the event) see the results of boards in
        play (``docs/rules.md`` § Visibility)."""
        return False

    # -- creation (``event_create``) ----------------------------------------------------
    def creation_form(self) -> type | None:
        """The pages' form of a new event of this format (one template shows any:
        ``tournaments/event_form.html``, laid out by the form's ``layout``); None: not
        created on the pages."""
        return None

    def creation_serializer(self) -> type | None:
        """The API's input of a new event of this format (``POST /api/events/``);
        None: not created through the API."""
        return None

    def creation_check(
        self,
        *,
        start_at: datetime,
        now: datetime,
        num_rounds: int,
        boards_per_round: int,
        round_minutes: float = 24,
        gap_minutes: float = 3,
        method: str = Event.Method.XIMP,
        finish_threshold: float = 0.70,
        bye_score: str = Event.Adjustment.AVERAGE,
        seed: int | None = None,
        arrow_switch: bool = False,
        mp_factoring: str | None = None,
    ) -> Creation:
        """Check a new event's format settings (its name, zone and table rules are
        ``event_create``'s): a ``BridgeError`` names the first problem.

        This one is the pairs formats' (timed rounds): the numbers are in
        ``EVENT_LIMITS`` (``event_settings_validate``); ``arrow_switch`` (Mitchell) and
        ``mp_factoring`` (*default* ``"played"`` in Swiss pairs, ``"neuberg"`` in
        movements) say how a board played fewer times is matchpointed
        (``docs/rules.md`` § Comparing results).
        """
        if mp_factoring is None:
            mp_factoring = "neuberg" if self.movement else "played"
        if mp_factoring not in ("neuberg", "played"):
            raise BridgeError(_("Unknown matchpoint factoring."), code="mp_factoring")
        if arrow_switch and not self.arrow_switch:
            raise BridgeError(_("Only a Mitchell has an arrow switch."), code="arrow_switch")
        event_settings_check(
            start_at=start_at,
            num_rounds=num_rounds,
            boards_per_round=boards_per_round,
            round_minutes=round_minutes,
            gap_minutes=gap_minutes,
            finish_threshold=finish_threshold,
            now=now,
        )
        if method not in Event.Method.values:
            raise BridgeError(_("Unknown scoring method."), code="method")
        if bye_score not in Event.Adjustment.values:
            raise BridgeError(_("Unknown bye score."), code="bye_score")
        rows = {
            "num_rounds": num_rounds,
            "boards_per_round": boards_per_round,
            "round_minutes": round_minutes,
            "gap_minutes": gap_minutes,
            "finish_threshold": round(float(finish_threshold), 2),
            "bye_score": bye_score,
            "seed": secrets.randbelow(2**31) if seed is None else seed,
            "mp_factoring": mp_factoring,
        }
        if self.movement:
            rows["arrow_switch"] = bool(arrow_switch)
        return Creation(method=method, rows=rows)

    def creation_rows(self, *, event: Event, **rows) -> None:
        """Store what a new event of the format has beside its ``Event`` row, from the
        checked ``Creation.rows``, inside ``event_create``'s transaction."""
        self.settings_create(event=event, **rows)

    def settings_create(self, *, event: Event, **options):
        """Store the format's settings for a new event (validated by the caller)."""
        return self.settings_model.objects.create(event=event, **options)

    # -- seating ----------------------------------------------------------------------
    def round_seat(
        self,
        *,
        event: Event,
        rnd: Round,
        entries: Sequence[Entry],
        now: datetime,
        rng: random.Random | None = None,
    ) -> Seating:
        """Deal round ``rnd``'s boards and seat ``entries`` at its tables (rows written)."""
        raise NotImplementedError

    # -- which boards a table plays ---------------------------------------------------
    def round_boards(self, *, rnd: Round, tables: Sequence[Table]) -> dict[int, list[Board]]:
        """The boards each table of round ``rnd`` plays (what its close cuts)."""
        raise NotImplementedError

    def table_plays(self, *, table: Table, board: Board) -> bool:
        """Whether ``board`` is played at ``table`` (checked at every result entry)."""
        raise NotImplementedError

    # -- what is in play (the visibility rule reads it) --------------------------------
    def boards_in_play(self, *, event: Event) -> QuerySet[Board]:
        """Boards whose deal and results are still secret from who has not played them."""
        return Board.objects.filter(event=event, round__status=Round.Status.OPEN)

    def board_in_play(self, *, board: Board) -> bool:
        """The same test for one board, in memory (``board.round`` loaded)."""
        return board.round is not None and board.round.status == Round.Status.OPEN

    # -- scoring ------------------------------------------------------------------------
    def boards_score(self, *, event: Event, results: Sequence[Result]) -> None:
        """Set ``ns_points``/``ew_points`` on the results of whole boards, in memory."""
        raise NotImplementedError

    def file_results_score(self, *, event: Event, results: Sequence[Result]) -> None:
        """Set our points on one section's results of an imported file, in memory, for
        the comparison with the file's (``interchange/compare.py``): by default as Swiss
        pairs score their boards, with the event's matchpoint factoring."""
        board_points(
            results, event.method, hcp_table=event.hcp_par_table,
            factoring=event.settings.mp_factoring,
        )  # fmt: skip

    def result_arrived(self, *, result: Result) -> None:
        """A result was stored; formats that score on arrival do it here."""

    def result_corrected(self, *, result: Result, created: bool) -> None:
        """A director corrected (``created``: entered) a result; a format that scores on
        arrival scores it here (the others rescore a closed round's board)."""

    def clock_step(self, *, event: Event, now: datetime) -> str | None:
        """The clock's next due step of a format with ``own_clock``; None: nothing due."""
        raise NotImplementedError

    # -- totals (only when ``owns_totals``) -----------------------------------------------
    def totals_recompute(
        self, *, event: Event, round_number: int, round_results: list[Result], tables: list[Table]
    ) -> list[Entry]:
        """At a round close: every entry's total and the standing after the round."""
        raise NotImplementedError

    def standings_rebuild(self, *, event: Event) -> list[Entry]:
        """After a correction: the totals and the standing after every closed round."""
        raise NotImplementedError

    # -- ranking ------------------------------------------------------------------------
    def rank(self, *, event: Event, entries: Sequence[Entry]) -> list[list[Entry]]:
        """The finished entries of each field, best first (one field, or two for a
        two-winner movement). Sets ``finished`` and ``rank`` on the entries in memory."""
        raise NotImplementedError

    def standings_key(self, entry: Entry):
        """Order of the standings (and of seating by score)."""
        raise NotImplementedError

    def two_winners(self, *, event: Event) -> bool:
        """Whether the event ranks NS and EW apart: a format that may play with an
        arrow switch (a Mitchell) played without it (``docs/rules.md`` § Movements)."""
        return self.arrow_switch and not event.settings.arrow_switch

    def players_at_tables(self, *, table_ids) -> dict[int, tuple[list, list]] | None:
        """(NS players, EW players) of each table, where a table's sides are not its
        entries' members (the pool's four players); None: the entries' members."""
        return None

    def boards_numbered(self, *, event: Event) -> int:
        """The highest board number the event plays (a PBN import may fill 1 to it)."""
        return event.boards_total

    def round_board_numbers(self, *, event: Event, number: int) -> list[int]:
        """The numbers of the boards round ``number`` plays (the director's hand records
        of the round): numbers continue from round to round."""
        per = event.boards_per_round
        return list(range((number - 1) * per + 1, number * per + 1))

    def boards_dealt(self, *, event: Event) -> int:
        """The highest board number dealt so far (the board pages' next/previous)."""
        return event.current_round * event.boards_per_round

    def template_for(self, page: str) -> str:
        return self.templates[page]

    def edit_form(self) -> type | None:
        """The pages' form that edits an event of this format, when the format has its
        own (``tournaments.forms.event_edit_form`` chooses otherwise)."""
        return None
