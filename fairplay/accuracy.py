"""A player's accuracy against double dummy (``docs/rules.md`` § Accuracy and fair
play): over the boards of finished events that have their analysis, week by week,
beside the field's figures on the same boards and the robots' figures of those weeks.

* **DDOLAR**: the share of the player's opening leads that cost nothing double dummy;
  **ADDOLAR** the same, leaving out the boards where every lead gives the same result
  (the leads solved by ``ratings.LeadAnalysis``; a lead not solved yet is left out);
* **declarer's error rate**: the cards that cost a trick over the cards played as
  declarer (dummy's included); **defender's**: over the cards played in defence, the
  opening lead left out;
* **IMPs from par**: the mean of the player's side's score against par.

The field is every other table on the player's boards, its seats held by people; the
robots are the seats a robot held on any board of finished events in those weeks.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, fields

from django.db.models import Q

from online.models import BoardPlay
from ratings.models import LeadAnalysis
from ratings.weeks import week_bounds, week_of
from tournaments.models import EntryMember, Event, Result, TableSeat

from .rows import Row, analysed_rows, robot_ids

#: The weeks the chart shows (the player's last weeks with analysed boards).
WEEKS = 26
SIDE = {"N": "NS", "S": "NS", "E": "EW", "W": "EW"}


def _share(part: int, whole: int, digits: int = 1) -> float | None:
    return round(100 * part / whole, digits) if whole else None


@dataclass
class Tally:
    leads: int = 0
    leads_ok: int = 0
    adjusted_leads: int = 0
    adjusted_ok: int = 0
    declarer_cards: int = 0
    declarer_errors: int = 0
    defender_cards: int = 0
    defender_errors: int = 0
    par_boards: int = 0
    par_imps: int = 0

    def seat(self, row: Row, seat: str, varied: dict) -> None:
        """Add what ``seat`` did on ``row``'s board."""
        one = row.play.seats[seat]
        if one.lead is not None:
            self.leads += 1
            self.leads_ok += one.lead
            if varied.get(row.lead_key):
                self.adjusted_leads += 1
                self.adjusted_ok += one.lead
        self.declarer_cards += one.declarer_cards
        self.declarer_errors += one.declarer_errors
        self.defender_cards += one.defender_cards
        self.defender_errors += one.defender_errors

    def par(self, row: Row, side: str) -> None:
        imps = row.par_imps(side)
        if imps is not None:
            self.par_boards += 1
            self.par_imps += imps

    def add(self, other: Tally) -> None:
        for f in fields(self):
            setattr(self, f.name, getattr(self, f.name) + getattr(other, f.name))

    def figures(self) -> dict:
        return {
            "leads": self.leads,
            "ddolar": _share(self.leads_ok, self.leads),
            "adjusted_leads": self.adjusted_leads,
            "addolar": _share(self.adjusted_ok, self.adjusted_leads),
            "declarer_cards": self.declarer_cards,
            "declarer_errors": self.declarer_errors,
            "declarer_rate": _share(self.declarer_errors, self.declarer_cards, 2),
            "defender_cards": self.defender_cards,
            "defender_errors": self.defender_errors,
            "defender_rate": _share(self.defender_errors, self.defender_cards, 2),
            "par_boards": self.par_boards,
            "par_mean": round(self.par_imps / self.par_boards, 2) if self.par_boards else None,
        }


def leads_varied(rows: list[Row]) -> dict[tuple, bool]:
    """{(board, strain, leader): whether the leads there give different results}."""
    keys = {r.lead_key for r in rows if r.lead_key}
    out = {}
    for board_id, strain, leader, tricks in LeadAnalysis.objects.filter(
        board_id__in={k[0] for k in keys}
    ).values_list("board_id", "strain", "leader", "tricks"):
        if (board_id, strain, leader) in keys:
            out[(board_id, strain, leader)] = len(set(tricks.values())) > 1
    return out


def _finished(results):
    return results.filter(board__event__status=Event.Status.FINISHED)


def _mine(player) -> list[tuple[Row, str]]:
    tables = TableSeat.objects.filter(player=player).values("table_id")
    entries = EntryMember.objects.filter(player=player).values("entry_id")
    results = _finished(
        Result.objects.filter(
            Q(table__in=tables) | Q(table__ns__in=entries) | Q(table__ew__in=entries)
        )
    )
    out = []
    for row in analysed_rows(results):
        seat = row.seat_of(player.pk)
        if seat is not None and row.play is not None:
            out.append((row, seat))
    return out


def player_accuracy(*, player) -> dict:
    """The player's figures in all, and week by week beside the field and the robots."""
    mine = _mine(player)
    weeks = sorted({week_of(r.entered_at) for r, _s in mine})[-WEEKS:]
    mine = [(r, s) for r, s in mine if week_of(r.entered_at) in weeks]
    week_of_board = {r.board_id: week_of(r.entered_at) for r, _s in mine}
    direction = {r.board_id: SIDE[s] for r, s in mine}
    field = analysed_rows(
        _finished(Result.objects.filter(board_id__in=week_of_board)).exclude(
            pk__in=[r.result_id for r, _s in mine]
        )
    )
    robots_rows = _robot_rows(weeks)
    everyone = [r for r, _s in mine] + field + robots_rows
    varied = leads_varied(everyone)
    robots = robot_ids(u for r in everyone for u in r.holders.values())
    tallies: dict[str, dict[str, Tally]] = defaultdict(lambda: defaultdict(Tally))
    for row, seat in mine:
        week = week_of(row.entered_at)
        tallies[week]["player"].seat(row, seat, varied)
        tallies[week]["player"].par(row, SIDE[seat])
    for row in field:
        if row.play is None:
            continue
        week, side = week_of_board[row.board_id], direction[row.board_id]
        for seat, holder in row.holders.items():
            if holder not in robots:
                tallies[week]["field"].seat(row, seat, varied)
        if all(row.holders.get(s) not in robots for s in side):
            tallies[week]["field"].par(row, side)
    for row in robots_rows:
        _robot_tally(tallies[week_of(row.entered_at)]["robots"], row, robots, varied)
    total = defaultdict(Tally)
    series = []
    for week in weeks:
        for who in ("player", "field", "robots"):
            total[who].add(tallies[week][who])
        series.append(
            {"week": week, **{w: tallies[week][w].figures() for w in ("player", "field", "robots")}}
        )
    return {
        "boards": len(mine),
        "total": {w: total[w].figures() for w in ("player", "field", "robots")},
        "weeks": series,
    }


def _robot_rows(weeks: list[str]) -> list[Row]:
    if not weeks:
        return []
    start, end = week_bounds(weeks[0])[0], week_bounds(weeks[-1])[1]
    played = BoardPlay.objects.filter(
        result__isnull=False, actions__user__is_robot=True,
        result__entered_at__gte=start, result__entered_at__lt=end,
    ).values("result_id")  # fmt: skip
    return analysed_rows(_finished(Result.objects.filter(pk__in=played)))


def _robot_tally(tally: Tally, row: Row, robots: set[int], varied: dict) -> None:
    if row.play is None:
        return
    for seat, holder in row.holders.items():
        if holder in robots:
            tally.seat(row, seat, varied)
    for side in ("NS", "EW"):
        if all(row.holders.get(s) in robots for s in side):
            tally.par(row, side)
