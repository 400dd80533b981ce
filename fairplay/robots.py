"""The robots' accuracy week by week (``docs/rules.md`` § Accuracy and fair play): the
seats robots held on the boards of finished events entered that week (a robot's
account made the seat's calls and cards), and the robots' three seats of the practice
boards that ended that week. The same for every player, so kept in the cache: ten
minutes for the week in progress, a day for a week that is over."""

from __future__ import annotations

from dataclasses import asdict

from django.core.cache import cache
from django.utils import timezone

from analysis.models import BoardAnalysis
from analysis.stats import card_seats
from online.models import BoardPlay
from practice.models import PracticeBoard
from ratings.weeks import week_bounds, week_of
from tournaments.models import Event, Result

from .cards import seats_play
from .rows import Row, analysed_rows, robot_ids
from .tally import Tally, leads_varied

CURRENT_SECONDS, PAST_SECONDS = 600, 86400


def robots_weeks(weeks: list[str]) -> dict[str, Tally]:
    """{week: the robots' tally} of ``weeks``."""
    this_week = week_of(timezone.now())
    out = {}
    for week in weeks:
        key = f"fairplay:robots:{week}"
        figures = cache.get(key)
        if figures is None:
            figures = asdict(robots_week(week))
            cache.set(key, figures, CURRENT_SECONDS if week >= this_week else PAST_SECONDS)
        out[week] = Tally(**figures)
    return out


def robots_week(week: str) -> Tally:
    start, end = week_bounds(week)
    played = BoardPlay.objects.filter(
        result__isnull=False, actions__user__is_robot=True,
        result__entered_at__gte=start, result__entered_at__lt=end,
    ).values("result_id")  # fmt: skip
    rows = analysed_rows(
        Result.objects.filter(pk__in=played, board__event__status=Event.Status.FINISHED)
    )
    robots = robot_ids(u for r in rows for u in r.holders.values())
    practice = _practice_rows(start, end)
    varied = leads_varied(rows + [r for r, _human in practice])
    tally = Tally()
    for row in rows:
        seats = {s for s, holder in row.holders.items() if holder in robots}
        _add(tally, row, seats, varied)
    for row, human in practice:
        _add(tally, row, set("NESW") - {human}, varied)
    return tally


def _add(tally: Tally, row: Row, seats: set[str], varied: dict) -> None:
    if row.play is None:
        return
    for seat in seats:
        tally.seat(row, seat, varied)
    for side in ("NS", "EW"):
        if set(side) <= seats:
            tally.par(row, side)


def _practice_rows(start, end) -> list[tuple[Row, str]]:
    """The practice boards that ended in [start, end) with their analysis, each with
    the seat of its player (the robots held the other three)."""
    from practice.play import board_table  # the practice table's one replay

    out = []
    boards = (
        PracticeBoard.objects.filter(
            status=PracticeBoard.Status.OVER,
            ended_at__gte=start,
            ended_at__lt=end,
            analysis__isnull=False,
        )  # fmt: skip
        .exclude(contract__in=("", "PASS"))
        .select_related("board", "session")
    )
    costs = dict(
        BoardAnalysis.objects.filter(practice_board__in=boards).values_list(
            "practice_board_id", "card_costs"
        )
    )
    for row in boards:
        if any(kind == "undo" for _seat, kind, _value, _alert in row.actions):
            cards = [card.value for card in board_table(row).cards]
        else:
            cards = [value for _seat, kind, value, _alert in row.actions if kind == "card"]
        play = seats_play(
            declarer=row.declarer, seats=card_seats(row.contract, row.declarer, cards),
            card_costs=costs.get(row.pk) or [],
        )  # fmt: skip
        out.append(
            (
                Row(
                    result_id=0,
                    board_id=row.board_id,
                    table_id=0,
                    event_id=row.board.event_id,
                    entered_at=row.ended_at,
                    contract=row.contract,
                    declarer=row.declarer,
                    ns_score=row.ns_score,
                    par=row.board.par_score,
                    play=play,
                    holders={},
                ),  # fmt: skip
                row.session.seat,
            )
        )
    return out
