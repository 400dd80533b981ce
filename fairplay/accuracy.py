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
robots are the seats robots held in those weeks (``fairplay.robots``).
"""

from __future__ import annotations

from collections import defaultdict

from django.db.models import Q

from ratings.weeks import week_of
from tournaments.models import EntryMember, Event, Result, TableSeat

from .robots import robots_weeks
from .rows import Row, analysed_rows, robot_ids
from .tally import Tally, leads_varied

#: The weeks the chart shows (the player's last weeks with analysed boards).
WEEKS = 26
SIDE = {"N": "NS", "S": "NS", "E": "EW", "W": "EW"}


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
    varied = leads_varied([r for r, _s in mine] + field)
    robots = robot_ids(u for r in field for u in r.holders.values())
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
    for week, tally in robots_weeks(weeks).items():
        tallies[week]["robots"] = tally
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
