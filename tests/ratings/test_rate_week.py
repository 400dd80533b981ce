"""The weekly Rate: a small field (8 players, 12 boards a week) rated through the
command, and every number of its JSON derived again here from the rules' formulas
(``docs/rules.md`` § The Rate), with an IMP table of our own."""

from __future__ import annotations

import json
import math
import random
from datetime import timedelta

import pytest
from django.core.management import CommandError, call_command
from django.utils import timezone

from ratings.models import Disconnection, PlayerRate, RateHistory, RateWeek
from ratings.services.rate import rate_due_weeks, rate_week_compute, weekly_points_refresh
from ratings.weeks import week_before, week_bounds, week_of
from tests.factories import (
    BoardFactory,
    EntryFactory,
    EventFactory,
    ResultFactory,
    RoundFactory,
    TableFactory,
    TableSeatFactory,
    UserFactory,
)

# The WBF table as written in the rules: the upper bound of each IMP step.
IMP_UPPER = [10, 40, 80, 120, 160, 210, 260, 310, 360, 420, 490, 590, 740, 890, 1090,
             1290, 1490, 1740, 1990, 2240, 2490, 2990, 3490, 3990]  # fmt: skip


def imp(diff: int) -> int:
    d = abs(diff)
    value = next((i for i, top in enumerate(IMP_UPPER) if d <= top + 5), 24)
    return value if diff >= 0 else -value


SCORES = [-200, -100, -50, 50, 90, 110, 140, 170, 420, 450, 620, 650, 1430, -800]


def play_week(week: str, players, rng: random.Random, boards: int = 12):
    """Two tables of four play every board; who sits with and against whom changes
    from board to board."""
    start, _end = week_bounds(week)
    event = EventFactory(kind="pool", name=f"Pool {week}")
    for n in range(boards):
        rnd = RoundFactory(event=event)
        board = BoardFactory(event=event, round=rnd)
        shuffled = rng.sample(players, len(players))
        for t in range(len(players) // 4):
            four = shuffled[4 * t : 4 * t + 4]
            table = TableFactory(event=event, round=rnd)
            for seat, who in zip("NSEW", four, strict=True):
                TableSeatFactory(table=table, seat=seat, player=who)
            ResultFactory(
                table=table,
                board=board,
                ns_score=rng.choice(SCORES),
                entered_at=start + timedelta(hours=1 + n, minutes=t),
            )
    return event


def rederive(data: dict, history: dict[int, tuple[float, float]]) -> None:
    """Every number of a week's JSON from the rules, from the scores in the database."""
    from tournaments.models import Result, TableSeat

    assert data["p_scale"] == 6 and data["fade"] == 0.9
    start, end = week_bounds(data["week"])
    results = list(Result.objects.filter(entered_at__gte=start, entered_at__lt=end))
    seats = {(s.table_id, s.seat): s.player_id for s in TableSeat.objects.all()}
    by_board: dict[int, list] = {}
    for r in results:
        by_board.setdefault(r.board_id, []).append(r)
    disconnected = set(
        Disconnection.objects.filter(created_at__gte=start, created_at__lt=end).values_list(
            "player_id", "board_id"
        )
    )
    expected: dict[int, list[dict]] = {}
    for board_id, rows in by_board.items():
        for r in rows:
            others = [o for o in rows if o.pk != r.pk]
            ns_ximp = sum(imp(r.ns_score - o.ns_score) for o in others) / len(others)
            for me, partner, o1, o2, sign in (
                ("N", "S", "E", "W", 1), ("S", "N", "E", "W", 1),
                ("E", "W", "N", "S", -1), ("W", "E", "N", "S", -1),
            ):  # fmt: skip
                pid = seats[(r.table_id, me)]
                expected.setdefault(pid, []).append(
                    {
                        "board": board_id,
                        "partner": seats[(r.table_id, partner)],
                        "opponents": [seats[(r.table_id, o1)], seats[(r.table_id, o2)]],
                        "ximp": sign * ns_ximp,
                        "disconnected": (pid, board_id) in disconnected,
                    }
                )
    before = {p["player"]: p["rate_before"] for p in data["players"]}
    for p in data["players"]:
        pid = p["player"]
        rate0, weight0 = history.get(pid, (50.0, 0.0))
        assert p["rate_before"] == pytest.approx(rate0)
        assert p["weight_before"] == pytest.approx(weight0)
        lines = sorted(expected.get(pid, []), key=lambda x: x["board"])
        assert [(b["board"], b["partner"], b["opponents"]) for b in p["boards"]] == [
            (b["board"], b["partner"], b["opponents"]) for b in lines
        ]
        rs = []
        for got, want in zip(p["boards"], lines, strict=True):
            assert got["ximp"] == pytest.approx(want["ximp"])
            assert got["disconnected"] is want["disconnected"]
            pct = 50 + 50 * math.tanh(want["ximp"] / 6)
            q = pct - 50 + (before[want["opponents"][0]] + before[want["opponents"][1]]) / 2
            r = (
                0.0
                if want["disconnected"]
                else min(100.0, max(0.0, 2 * q - before[want["partner"]]))
            )
            assert got["r"] == pytest.approx(r)
            rs.append(r)
        n = len(rs)
        week_rate = sum(rs) / n if n else None
        assert p["week_rate"] == pytest.approx(week_rate)
        rate1 = (rate0 * weight0 + week_rate * n) / (weight0 + n) if n else rate0
        assert p["rate_after"] == pytest.approx(rate1)
        assert p["weight_after"] == pytest.approx(0.9 * (weight0 + n))


@pytest.mark.django_db
def test_two_weeks_of_a_small_field_are_rederived_from_the_rules(tmp_path):
    rng = random.Random(49)
    players = UserFactory.create_batch(8)
    last = week_before(week_of(timezone.now()))
    first = week_before(last)
    event = play_week(first, players, rng)
    play_week(last, players, rng)
    # a disconnection in the first week, on a board the player sat at
    board = event.boards.order_by("number")[2]
    table = board.results.first().table
    gone = table.seats.get(seat="E").player
    Disconnection.objects.create(
        player=gone, event=event, board=board, reason="lost the line",
        created_at=week_bounds(first)[0] + timedelta(hours=5),
    )  # fmt: skip

    path1 = tmp_path / "w1.json"
    call_command("rate_week", week=first, json_path=str(path1))
    data1 = json.loads(path1.read_text())
    assert len(data1["players"]) == 8
    assert sum(len(p["boards"]) for p in data1["players"]) == 12 * 2 * 4
    rederive(data1, {})
    line = next(b for p in data1["players"] if p["player"] == gone.pk for b in p["boards"]
                if b["board"] == board.pk)  # fmt: skip
    assert line["disconnected"] and line["r"] == 0

    history = {
        h.player_id: (h.rate_after, h.weight_after)
        for h in RateHistory.objects.filter(week__week=first)
    }
    assert {pr.player_id: pr.rate for pr in PlayerRate.objects.all()} == pytest.approx(
        {p: v[0] for p, v in history.items()}
    )
    path2 = tmp_path / "w2.json"
    call_command("rate_week", week=last, json_path=str(path2))
    data2 = json.loads(path2.read_text())
    rederive(data2, history)  # partners and opponents now at their first week's Rate
    assert len({p["rate_before"] for p in data2["players"]}) > 1

    mine = PlayerRate.objects.get(player=gone)
    assert mine.total_boards == sum(
        len(p["boards"]) for d in (data1, data2) for p in d["players"] if p["player"] == gone.pk
    )
    assert mine.last_week_average == pytest.approx(
        next(p["week_rate"] for p in data2["players"] if p["player"] == gone.pk)
    )


@pytest.mark.django_db
def test_a_week_is_rated_once_and_the_beat_catches_up_in_order():
    rng = random.Random(5)
    players = UserFactory.create_batch(8)
    last = week_before(week_of(timezone.now()))
    first = week_before(last)
    play_week(first, players, rng, boards=2)
    play_week(last, players, rng, boards=2)
    RateWeek.objects.create(week=week_before(first), computed_at=timezone.now())

    assert rate_due_weeks() == [first, last]
    assert rate_due_weeks() == []  # a second tick, a second beat: nothing
    assert rate_week_compute(week=last, by="beat") is None
    assert RateHistory.objects.filter(week__week=last).count() == 8
    rates = dict(PlayerRate.objects.values_list("player_id", "rate"))

    # a director previews the latest week: nothing changes, nothing would
    report = rate_week_compute(week=last, dry_run=True, by="director")
    assert report.rerun and report.changed == [] and not report.applied
    # and reruns it: the same Rates again (from the values before the week)
    rate_week_compute(week=last, by="director")
    assert dict(PlayerRate.objects.values_list("player_id", "rate")) == pytest.approx(rates)
    assert RateHistory.objects.filter(week__week=last).count() == 8
    # an older week is refused, as is a week not over yet
    with pytest.raises(CommandError, match="rated already"):
        call_command("rate_week", week=first)
    with pytest.raises(CommandError, match="after it ends"):
        call_command("rate_week", week=week_of(timezone.now()))
    with pytest.raises(CommandError, match="2026-W49"):
        call_command("rate_week", week="2026-49")


@pytest.mark.django_db
def test_a_dry_run_says_what_would_change_and_writes_nothing(capsys):
    players = UserFactory.create_batch(8)
    last = week_before(week_of(timezone.now()))
    play_week(last, players, random.Random(1), boards=3)
    call_command("rate_week", week=last, dry_run=True)
    out = capsys.readouterr().out
    assert "Rates would change" in out and "players" in out
    assert not RateWeek.objects.filter(week=last, computed_at__isnull=False).exists()
    assert not RateHistory.objects.exists()


@pytest.mark.django_db
def test_weekly_points_follow_the_results_as_they_arrive():
    players = UserFactory.create_batch(8)
    now = timezone.now()
    week = week_of(now)
    event = EventFactory(kind="pool")
    rnd = RoundFactory(event=event)
    board = BoardFactory(event=event, round=rnd)

    def table_with(four, score):
        table = TableFactory(event=event, round=rnd)
        for seat, who in zip("NSEW", four, strict=True):
            TableSeatFactory(table=table, seat=seat, player=who)
        return ResultFactory(table=table, board=board, ns_score=score, entered_at=now)

    table_with(players[:4], 420)
    weekly_points_refresh(now=now)
    assert PlayerRate.objects.get(player=players[0]).weekly_points == 0  # alone on the board
    table_with(players[4:], -50)
    weekly_points_refresh(now=now)
    north = PlayerRate.objects.get(player=players[0])
    assert (north.week, north.weekly_points, north.boards_this_week) == (week, 10, 1)
    assert PlayerRate.objects.get(player=players[4]).weekly_points == -10
    assert PlayerRate.objects.get(player=players[6]).weekly_points == 10  # EW of 4S-... −50
    Disconnection.objects.create(player=players[0], event=event, board=board, reason="x")
    weekly_points_refresh(now=now)
    assert PlayerRate.objects.get(player=players[0]).weekly_points == -16


@pytest.mark.django_db
def test_pairs_without_line_ups_are_their_entries_players():
    """A Swiss pairs table has no line-up: NS and EW are the two pairs' players."""
    event = EventFactory()
    rnd = RoundFactory(event=event)
    board = BoardFactory(event=event, round=rnd)
    now = timezone.now()
    tables = [
        TableFactory(
            event=event,
            round=rnd,
            ns=EntryFactory(event=event, members=2),
            ew=EntryFactory(event=event, members=2),
        )  # fmt: skip
        for _ in range(3)
    ]
    for table, score in zip(tables, (420, 450, -100), strict=True):
        ResultFactory(table=table, board=board, ns_score=score, entered_at=now)
    weekly_points_refresh(now=now)
    ns = tables[0].ns.members.order_by("position")
    points = [PlayerRate.objects.get(player=m.player).weekly_points for m in ns]
    assert points == [(imp(-30) + imp(520)) / 2] * 2


@pytest.mark.django_db
def test_simulate_rating_plays_and_rates_weeks_through_the_services(tmp_path):
    call_command(
        "simulate_rating", players=8, weeks=2, boards_per_week=8, seed=3, json_dir=str(tmp_path)
    )
    files = sorted(tmp_path.glob("*.json"))
    assert [f.stem for f in files] == list(
        RateWeek.objects.order_by("week").values_list("week", flat=True)
    )
    assert len(files) == 2
    first, second = (json.loads(f.read_text()) for f in files)
    assert set(first) == {"week", "p_scale", "fade", "players"}
    assert set(first["players"][0]) == {
        "player", "rate_before", "weight_before", "boards", "week_rate", "rate_after",
        "weight_after",
    }  # fmt: skip
    assert set(first["players"][0]["boards"][0]) == {
        "board", "partner", "opponents", "ximp", "disconnected", "r"
    }  # fmt: skip
    assert all(len(p["boards"]) == 8 for p in first["players"])
    rederive(first, {})
    rederive(second, {p["player"]: (p["rate_after"], p["weight_after"]) for p in first["players"]})


@pytest.mark.django_db
def test_beat_rates_last_week_and_refreshes_this_weeks_points(settings):
    from celery import current_app

    from ratings.tasks import rate_last_week, refresh_weekly_points

    for name, task in (("rate-last-week", rate_last_week),
                       ("refresh-weekly-points", refresh_weekly_points)):  # fmt: skip
        entry = settings.CELERY_BEAT_SCHEDULE[name]
        assert entry["task"] == task.name and entry["task"] in current_app.tasks
        assert entry["options"]["expires"]
    players = UserFactory.create_batch(8)
    last = week_before(week_of(timezone.now()))
    play_week(last, players, random.Random(8), boards=2)
    play_week(week_of(timezone.now()), players, random.Random(9), boards=1)
    assert rate_last_week.delay().get() == [last]
    assert rate_last_week.delay().get() == []
    assert refresh_weekly_points.delay().get() == 8
    assert PlayerRate.objects.filter(week=week_of(timezone.now()), boards_this_week=1).count() == 8


@pytest.mark.django_db
def test_this_weeks_points_are_recomputed_only_when_the_field_changed(
    django_assert_max_num_queries, django_capture_on_commit_callbacks
):
    players = UserFactory.create_batch(8)
    event = play_week(week_of(timezone.now()), players, random.Random(2), boards=2)
    with django_capture_on_commit_callbacks(execute=True):
        assert weekly_points_refresh() == 8
    with django_assert_max_num_queries(6):  # the lock, a savepoint, the field's stamp
        assert weekly_points_refresh() == 0
    result = event.boards.first().results.first()
    north = result.table.seats.get(seat="N").player
    before = PlayerRate.objects.get(player=north).weekly_points
    from tournaments.models import ResultCorrection

    ResultCorrection.objects.create(
        result=result, changed_by=event.director, old_value={}, new_value={}, reason="typo"
    )
    type(result).objects.filter(pk=result.pk).update(ns_score=result.ns_score + 600)
    with django_capture_on_commit_callbacks(execute=True):
        assert weekly_points_refresh() > 0
    assert PlayerRate.objects.get(player=north).weekly_points > before
