"""Team events (``docs/rules.md`` § Teams): Swiss teams and round-robin teams.

A round is one match per pair of teams, played at two tables: the open room (home NS,
away EW) and the closed room (away NS, home EW). Every table of the round plays the
round's boards, as in Swiss pairs. Seating: a round robin follows the circle-method
schedule of ``pairing/roundrobin.py`` over the teams of round 1 (in registration order);
Swiss teams are seated by ``pairing.swiss_pair`` over the VP totals (round 1 by
registration order). With an odd number of teams one team has a bye.

Scoring when the round closes, for each match:

* a board played in both rooms: home IMPs = IMP(open NS score − closed NS score);
* a board not played in both rooms is cut in both: no IMPs, and it does not count;
* a board the director adjusted in a room (the open room's codes first): the side given
  the better adjustment wins the board by the difference of the two sides' adjusted
  IMPs (+3 / 0 / −3 by default), capped at the largest of them (A+ v A− is 3 IMPs);
* the match's IMP margin becomes VPs on the event's scale for the number of boards
  scored (played in both rooms, or adjusted); no board scored is 10–10;
* a bye scores the event's bye VPs (default 12), the same for every bye.

An entry's total is its VP sum. Ranking (every team that did not withdraw): VPs, then
the IMP quotient (IMPs won / IMPs lost over all matches; nothing lost counts as
infinitely good, 0/0 as 1), then head-to-head (the VPs the tied teams scored in their
matches against each other), then registration order. Master points follow
``docs/rules.md`` § Master points over that one field, to every member of a team's roster.
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Sequence
from datetime import datetime

from django.db.models import Exists, OuterRef, Q
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, npgettext

from ...bulk import bulk_set
from ...errors import PermissionDeniedError
from ...lock_objects import entry_for_update
from ...models import (
    Board,
    Entry,
    Event,
    Lineup,
    Match,
    Result,
    Round,
    Standing,
    Table,
    TableSeat,
    TeamsSettings,
)
from ...pairing import PairState, swiss_pair
from ...pairing.roundrobin import round_robin, round_robin_rounds
from ..base import Format, Seating, round_boards_deal
from .lineups import SIDE_SEATS, lineup_seats
from .scores import board_outcome, match_score, rank_teams
from .services import teams_creation_check


class TeamsFormat(Format):
    """What both team formats share; a subclass decides the round's matches."""

    settings_model = TeamsSettings
    templates = {
        "event": "tournaments/teams_event_detail.html",
        "standings": "tournaments/_teams_standings.html",
    }
    owns_totals = True
    seats_players = True
    live_view = True
    results_file = "teams"
    entry_noun = "teams"
    creation = "teams"

    # -- creation ---------------------------------------------------------------------
    def creation_form(self) -> type:
        from ...forms import TeamsEventForm

        return TeamsEventForm

    def creation_serializer(self) -> type:
        from .api import TeamsEventCreateInput

        return TeamsEventCreateInput

    creation_check = teams_creation_check  # (self: the format)

    # -- how the pages name it ----------------------------------------------------------
    def entries_label(self, count: int) -> str:
        return npgettext("entries", "Team", "Teams", count)

    def entries_count(self, count: int) -> str:
        return ngettext("%(n)d team", "%(n)d teams", count) % {"n": count}

    def scoring_label(self, *, event: Event) -> str:
        """A match's IMPs become VPs (``docs/rules.md`` § Teams); the event's method
        (a pairs event's setting) plays no part."""
        return _("IMPs → VPs")

    # -- who sits where: the line-up, or the first table a player acts at ---------------
    def table_side(self, *, table: Table, user, claim: bool = False) -> str | None:
        """A player seated in this round plays at their table only (never in both
        rooms). A team member not seated yet may play at either of the team's tables;
        ``claim`` seats them there, at a free seat of their side (``docs/rules.md``
        § Teams)."""
        side = super().table_side(table=table, user=user)
        if side is None or table.round_id is None:
            return None
        if claim:  # one claim at a time per team (lock order: table, then entry)
            entry_for_update(table.ns_id if side == "NS" else table.ew_id)
        seats = dict(
            TableSeat.objects.filter(table__round_id=table.round_id, player=user).values_list(
                "table_id", "seat"
            )
        )
        if seats:
            return side if table.pk in seats else None
        if claim:
            taken = set(TableSeat.objects.filter(table=table).values_list("seat", flat=True))
            free = [s for s in SIDE_SEATS[side] if s not in taken]
            if not free:
                raise PermissionDeniedError(
                    _("Both seats of your side at this table are taken: play in the other room."),
                    code="seats_taken",
                )
            TableSeat.objects.create(table=table, seat=free[0], player=user)
        return side

    def tables_of(self, *, rnd: Round, entry: Entry, user, room: str | None = None):
        """The table the player sits at; not seated yet: the team's table in ``room``."""
        mine = Exists(TableSeat.objects.filter(table=OuterRef("pk"), player=user))
        asked = Q(room=room) & (Q(ns=entry) | Q(ew=entry)) if room else Q(pk__in=[])
        return (
            Table.objects.filter(round=rnd)
            .alias(mine=mine)
            .filter(Q(mine=True) | asked)
            .order_by("-mine", "number")
        )

    def broadcast(self, *, event: Event) -> bool:
        return event.settings.broadcast

    # -- seating ----------------------------------------------------------------------
    def matches_for(
        self, *, event: Event, rnd: Round, entries: Sequence[Entry]
    ) -> list[tuple[int, int | None]]:
        """``(home, away)`` entry ids of round ``rnd``'s matches; away None: a bye."""
        raise NotImplementedError

    def round_seat(
        self,
        *,
        event: Event,
        rnd: Round,
        entries: Sequence[Entry],
        now: datetime,
        rng: random.Random | None = None,
    ) -> Seating:
        settings = event.settings
        pairs = self.matches_for(event=event, rnd=rnd, entries=entries)
        round_boards_deal(event=event, rnd=rnd, rng=rng)
        tables: list[Table] = []
        for i, (home, away) in enumerate(pairs, 1):
            if away is not None:
                at = {"event": event, "round": rnd}
                tables += [
                    Table(**at, number=2 * i - 1, room="open", ns_id=home, ew_id=away),
                    Table(**at, number=2 * i, room="closed", ns_id=away, ew_id=home),
                ]
        tables = Table.objects.bulk_create(tables)
        by_home = {t.ns_id: t for t in tables if t.room == Table.Room.OPEN}
        by_away = {t.ns_id: t for t in tables if t.room == Table.Room.CLOSED}
        bye_vp = float(settings.bye_vp)
        Match.objects.bulk_create(
            Match(
                event=event,
                round=rnd,
                number=i,
                home_id=home,
                away_id=away,
                open_table=by_home.get(home) if away is not None else None,
                closed_table=by_away.get(away) if away is not None else None,
                # A bye is scored at once (it shows while the round is in play).
                **(
                    {"home_imps": 0, "away_imps": 0, "boards_scored": 0, "home_vp": bye_vp}
                    if away is None
                    else {}
                ),
            )
            for i, (home, away) in enumerate(pairs, 1)
        )
        self._seat_lineups(event, rnd)
        byes = [home for home, away in pairs if away is None]
        return Seating(
            tables=tables,
            log={"matches": len(pairs), "tables": len(tables), "bye": byes[0] if byes else None},
        )

    def _seat_lineups(self, event: Event, rnd: Round) -> None:
        """The line-ups handed in for this round become the tables' seats."""
        lineups = {
            lu.entry_id: lu for lu in Lineup.objects.filter(event=event, round_number=rnd.number)
        }
        seats = []
        for m in Match.objects.filter(round=rnd, away__isnull=False):
            for entry_id in (m.home_id, m.away_id):
                if entry_id in lineups:
                    seats += lineup_seats(m, lineups[entry_id])
        TableSeat.objects.bulk_create(seats)

    # -- which boards a table plays: the round's, at every table ------------------------
    def round_boards(self, *, rnd: Round, tables: Sequence[Table]) -> dict[int, list[Board]]:
        boards = list(Board.objects.filter(round=rnd))
        return {t.pk: boards for t in tables}

    def table_plays(self, *, table: Table, board: Board) -> bool:
        return board.round_id is not None and board.round_id == table.round_id

    # -- scoring ------------------------------------------------------------------------
    def boards_score(self, *, event: Event, results: Sequence[Result]) -> None:
        """Each result gets its sides' net IMPs on the board (the match's comparison of
        the two rooms); a board not scored in the match gets None in both rooms."""
        table_ids = {r.table_id for r in results}
        matches = Match.objects.filter(
            Q(open_table_id__in=table_ids) | Q(closed_table_id__in=table_ids)
        )
        room_of = {}
        for m in matches:
            room_of[m.open_table_id] = (m.pk, "open")
            room_of[m.closed_table_id] = (m.pk, "closed")
        rooms: dict[tuple[int, int], dict[str, Result]] = defaultdict(dict)
        for r in results:
            match_id, room = room_of[r.table_id]
            rooms[(match_id, r.board_id)][room] = r
        adjusted = event.settings.adjusted_imps
        for pair in rooms.values():
            outcome = board_outcome(pair.get("open"), pair.get("closed"), adjusted)
            net = outcome.home_net
            if r := pair.get("open"):
                r.ns_points, r.ew_points = (None, None) if net is None else (net, -net)
            if r := pair.get("closed"):
                r.ns_points, r.ew_points = (None, None) if net is None else (-net, net)

    def _score_matches(self, event: Event, matches: Sequence[Match], results) -> None:
        """Write each match's IMPs and VPs (in memory) from its rooms' results."""
        by_table: dict[int, dict[int, Result]] = defaultdict(dict)
        for r in results:
            by_table[r.table_id][r.board_id] = r
        settings = event.settings
        bye_vp = float(settings.bye_vp)
        for m in matches:
            if m.away_id is None:
                m.home_imps, m.away_imps, m.boards_scored = 0, 0, 0
                m.home_vp, m.away_vp = bye_vp, None
                continue
            open_rs, closed_rs = by_table[m.open_table_id], by_table[m.closed_table_id]
            outcomes = [
                board_outcome(open_rs.get(b), closed_rs.get(b), settings.adjusted_imps)
                for b in sorted(set(open_rs) | set(closed_rs))
            ]
            score = match_score(outcomes, settings)
            m.home_imps, m.away_imps = score.home_imps, score.away_imps
            m.boards_scored = score.boards_scored
            m.home_vp, m.away_vp = score.home_vp, score.away_vp

    def _entries(self, event: Event) -> list[Entry]:
        return list(
            Entry.objects.filter(event=event, registration_order__isnull=False).order_by(
                "registration_order"
            )
        )

    def _apply_totals(self, entries: Sequence[Entry], matches: Sequence[Match]) -> dict:
        """Set each entry's VP total and boards scored (in memory); the VPs per round."""
        per_round: dict[tuple[int, int], float] = defaultdict(float)
        for e in entries:
            e.total, e.boards_played = 0.0, 0
        by_pk = {e.pk: e for e in entries}
        for m in matches:
            number = m.round.number
            for side, vp in ((m.home_id, m.home_vp), (m.away_id, m.away_vp)):
                if side is None or vp is None or side not in by_pk:
                    continue
                by_pk[side].total += vp
                by_pk[side].boards_played += m.boards_scored or 0
                per_round[(side, number)] += vp
        for e in entries:
            e.total = round(e.total, 2)
        return per_round

    def _write_standing(self, event, entries, matches, number, per_round) -> None:
        seated = {s for m in matches for s in (m.home_id, m.away_id) if s is not None}
        ranked, _ = rank_teams([e for e in entries if e.pk in seated], matches)
        Standing.objects.filter(entry__event=event, round_number=number).delete()
        Standing.objects.bulk_create(
            Standing(
                entry=e,
                round_number=number,
                points=round(per_round.get((e.pk, number), 0.0), 2),
                total=e.total,
                boards_played=e.boards_played,
                place=place,
            )
            for place, e in enumerate(ranked, 1)
        )

    def totals_recompute(
        self, *, event: Event, round_number: int, round_results: list[Result], tables: list[Table]
    ) -> list[Entry]:
        """At a round close: score the round's matches, every entry's VP total and the
        standing after the round."""
        rnd_matches = list(Match.objects.filter(event=event, round__number=round_number))
        self._score_matches(event, rnd_matches, round_results)
        bulk_set(
            Match, rnd_matches, ["home_imps", "away_imps", "boards_scored", "home_vp", "away_vp"]
        )
        matches = list(
            Match.objects.filter(event=event, round__status=Round.Status.CLOSED).select_related(
                "round"
            )
        )
        entries = self._entries(event)
        per_round = self._apply_totals(entries, matches)
        bulk_set(Entry, entries, ["total", "boards_played"])
        self._write_standing(event, entries, matches, round_number, per_round)
        return entries

    def standings_rebuild(self, *, event: Event) -> list[Entry]:
        """After a correction: rescore every closed round's matches from the stored
        results, then the totals and the standing after each closed round."""
        matches = list(
            Match.objects.filter(event=event, round__status=Round.Status.CLOSED).select_related(
                "round"
            )
        )
        results = Result.objects.filter(table__event=event, table__round__status="closed")
        self._score_matches(event, matches, list(results))
        bulk_set(Match, matches, ["home_imps", "away_imps", "boards_scored", "home_vp", "away_vp"])
        entries = self._entries(event)
        numbers = sorted({m.round.number for m in matches})
        for number in numbers:
            upto = [m for m in matches if m.round.number <= number]
            per_round = self._apply_totals(entries, upto)
            self._write_standing(event, entries, upto, number, per_round)
        self._apply_totals(entries, matches)
        bulk_set(Entry, entries, ["total", "boards_played"])
        return entries

    # -- ranking ------------------------------------------------------------------------
    def standings_key(self, entry: Entry):
        return (-round(entry.total, 6), entry.registration_order or 0)

    def rank(self, *, event: Event, entries: Sequence[Entry]) -> list[list[Entry]]:
        """Every team that did not withdraw has finished and is ranked (one field)."""
        matches = list(Match.objects.filter(event=event, home_vp__isnull=False))
        playing = [e for e in entries if e.status != Entry.Status.WITHDRAWN]
        ranked, _ = rank_teams(playing, matches)
        for e in entries:
            e.finished, e.rank = False, None
        for place, e in enumerate(ranked, 1):
            e.finished, e.rank = True, place
        return [ranked]


class TeamsSwiss(TeamsFormat):
    kind = Event.Kind.TEAMS_SWISS

    def matches_for(self, *, event, rnd, entries):
        met: dict[int, set[int]] = defaultdict(set)
        byes: set[int] = set()
        for home, away in Match.objects.filter(event=event).values_list("home_id", "away_id"):
            if away is None:
                byes.add(home)
            else:
                met[home].add(away)
                met[away].add(home)
        place = {e.pk: i for i, e in enumerate(sorted(entries, key=self.standings_key))}
        states = [
            PairState(
                id=e.pk,
                score=round(e.total, 6),
                order=e.registration_order if rnd.number == 1 else place[e.pk],
                opponents=frozenset(met[e.pk]),
                had_bye=e.pk in byes,
            )
            for e in entries
        ]
        pairing = swiss_pair(
            states, round_number=rnd.number, seed=event.settings.seed * 1000 + rnd.number
        )
        pairs: list[tuple[int, int | None]] = list(pairing.tables)
        if pairing.bye is not None:
            pairs.append((pairing.bye, None))
        return pairs


class TeamsRoundRobin(TeamsFormat):
    kind = Event.Kind.TEAMS_RR
    file_event_type = "ROUND_ROBIN"

    def matches_for(self, *, event, rnd, entries):
        """Round ``rnd`` of the schedule of the teams seated in round 1. A team that
        has withdrawn (or sits out) leaves its scheduled opponent a bye."""
        if rnd.number == 1:
            field = [e.pk for e in sorted(entries, key=lambda e: e.registration_order or 0)]
            settings = event.settings
            rounds = round_robin_rounds(len(field))
            if settings.num_rounds != rounds:  # the schedule decides how many rounds
                settings.num_rounds = rounds
                settings.save(update_fields=["num_rounds"])
        else:
            first = Match.objects.filter(event=event, round__number=1)
            seated = {s for m in first for s in (m.home_id, m.away_id) if s is not None}
            field = list(
                Entry.objects.filter(pk__in=seated)
                .order_by("registration_order")
                .values_list("pk", flat=True)
            )
        here = {e.pk for e in entries}
        pairs: list[tuple[int, int | None]] = []
        byes: list[tuple[int, None]] = []
        for home, away in round_robin(field)[rnd.number - 1]:
            playing = [t for t in (home, away) if t is not None and t in here]
            if len(playing) == 2:
                pairs.append((home, away))
            elif playing:
                byes.append((playing[0], None))
        return pairs + byes
