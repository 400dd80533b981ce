import random
from datetime import timedelta

import pytest

import scoring
from tests.conftest import held_lead
from tournaments import services
from tournaments.deals import deal_validate
from tournaments.errors import ConflictError
from tournaments.models import Entry, Event, EventLog, Result, Round, Standing


def member(entry):
    return entry.members.select_related("player").first().player


def play(table, board, contract="3NT", declarer="N", tricks=9, lead=None):
    return services.result_submit(
        table_id=table.pk,
        board_id=board.pk,
        user=member(table.ns),
        contract=contract,
        declarer=declarer,
        tricks=tricks,
        lead=held_lead(board, declarer) if lead is None else lead,
    )


def test_round_one_seats_by_registration_order_with_the_same_boards(make_event):
    event = make_event(pairs=6, start=True)
    rnd = event.rounds.get(number=1)
    orders = [(t.ns.registration_order, t.ew.registration_order) for t in rnd.tables.all()]
    assert orders == [(1, 2), (3, 4), (5, 6)]
    boards = list(rnd.boards.order_by("number"))
    assert [b.number for b in boards] == [1, 2]
    for b in boards:
        assert deal_validate(b.deal) == b.deal
        assert b.dealer == scoring.board_dealer(b.number)
        assert b.vulnerability == scoring.board_vulnerability(b.number)
    assert event.status == Event.Status.RUNNING


def test_odd_field_gives_the_bye_to_the_last_registered_then_lowest_without_one(make_event):
    event = make_event(pairs=5, start=True)
    bye1 = event.rounds.get(number=1).tables.get(ew__isnull=True).ns
    assert bye1.registration_order == 5
    bye_results = Result.objects.filter(table__ew__isnull=True)
    assert {r.status for r in bye_results} == {Result.Status.ADJUSTED}
    services.round_close(event=event, number=1)
    bye2 = event.rounds.get(number=2).tables.get(ew__isnull=True).ns
    assert bye2.pk != bye1.pk


def test_close_cuts_unplayed_boards_and_scores_the_field(make_event):
    event = make_event(pairs=4, start=True, method="ximp")
    rnd = event.rounds.get(number=1)
    t1, t2 = rnd.tables.order_by("number")
    b1, b2 = rnd.boards.order_by("number")
    play(t1, b1, "4S", "N", 10)  # board 1 is not vul: +420
    play(t2, b1, "4S", "N", 9)  # -50
    play(t1, b2, "1NT", "S", 7)  # board 2, NS vul: +90
    services.round_close(event=event, number=1, open_next=False)
    cut = Result.objects.get(table=t2, board=b2)
    assert cut.status == Result.Status.CUT
    assert cut.ns_points is None and cut.ew_points is None
    r11 = Result.objects.get(table=t1, board=b1)
    assert (r11.ns_points, r11.ew_points) == (10.0, -10.0)  # 470 difference: 10 IMPs
    r12 = Result.objects.get(table=t1, board=b2)
    assert r12.ns_points == 0.0  # a single result compares with nothing
    t1.ns.refresh_from_db()
    t2.ns.refresh_from_db()
    assert t1.ns.total == 10.0 and t1.ns.boards_played == 2
    assert t2.ns.total == -10.0 and t2.ns.boards_played == 1
    # The cut board can never be entered later.
    with pytest.raises(ConflictError) as err:
        play(t2, b2)
    assert err.value.code == "cut"


@pytest.mark.parametrize(
    ("method", "expected_ns"),
    [
        # 420 v -50 +10, 420 v 140 +7: 17/2; -50: (-10 - 5)/2; 140: (-7 + 5)/2.
        ("ximp", [8.5, -7.5, -1.0]),
        ("mp", [100.0, 0.0, 50.0]),
    ],
)
def test_board_points_by_method(make_event, method, expected_ns):
    event = make_event(pairs=6, start=True, method=method)
    rnd = event.rounds.get(number=1)
    t1, t2, t3 = rnd.tables.order_by("number")
    b1 = rnd.boards.get(number=1)
    play(t1, b1, "4S", "N", 10)  # +420
    play(t2, b1, "4S", "N", 9)  # -50
    play(t3, b1, "2S", "N", 9)  # +140
    services.round_close(event=event, number=1, open_next=False)
    got = [Result.objects.get(table=t, board=b1).ns_points for t in (t1, t2, t3)]
    assert got == expected_ns


def test_total_imp_method_uses_the_butler_datum(make_event):
    event = make_event(pairs=8, start=True, method="imp")
    rnd = event.rounds.get(number=1)
    tables = list(rnd.tables.order_by("number"))
    b1 = rnd.boards.get(number=1)
    for t, (contract, tricks) in zip(
        tables, [("4S", 10), ("4S", 10), ("2S", 9), ("4S", 9)], strict=True
    ):
        play(t, b1, contract, "N", tricks)
    services.round_close(event=event, number=1, open_next=False)
    scores = [420, 420, 140, -50]
    expected = scoring.butler_imps(scores)
    got = [Result.objects.get(table=t, board=b1).ns_points for t in tables]
    assert got == expected


def test_mp_totals_average_the_boards_actually_scored(make_event):
    event = make_event(pairs=4, start=True, method="mp", num_rounds=1)
    rnd = event.rounds.get(number=1)
    t1, t2 = rnd.tables.order_by("number")
    b1, b2 = rnd.boards.order_by("number")
    play(t1, b1, "4S", "N", 10)
    play(t2, b1, "4S", "N", 9)
    play(t1, b2, "1NT", "S", 7)  # single result: 50%
    services.round_close(event=event, number=1)
    t1.ns.refresh_from_db()
    t2.ns.refresh_from_db()
    assert t1.ns.total == pytest.approx(75.0)  # (100 + 50) / 2
    assert t2.ns.total == pytest.approx(0.0)  # board 2 cut: left out of the average


def test_later_rounds_avoid_repeats_and_pair_similar_scores(make_event):
    event = make_event(pairs=8, start=True, num_rounds=5, boards_per_round=1)
    rng = random.Random(5)
    for number in range(1, 6):
        rnd = event.rounds.get(number=number)
        board = rnd.boards.get()
        for t in rnd.tables.all():
            play(t, board, "3NT", "N", rng.choice([7, 8, 9, 10]))
        services.round_close(event=event, number=number)
    met = set()
    for rnd in event.rounds.all():
        for t in rnd.tables.all():
            key = frozenset((t.ns_id, t.ew_id))
            assert key not in met, f"repeat in round {rnd.number}"
            met.add(key)


def test_closing_twice_does_nothing(make_event):
    event = make_event(pairs=4, start=True)
    services.round_close(event=event, number=1)
    services.round_close(event=event, number=1)
    assert EventLog.objects.filter(event=event, transition="close", round_number=1).count() == 1
    assert Round.objects.filter(event=event).count() == 2


def test_round_open_refuses_out_of_order(make_event):
    event = make_event(pairs=4, start=True)
    with pytest.raises(ConflictError):
        services.round_open(event=event, number=3)


def test_event_finishes_after_the_last_round_with_ranks_and_master_points(make_event):
    event = make_event(pairs=4, start=True, num_rounds=2, boards_per_round=1)
    for number in (1, 2):
        rnd = event.rounds.get(number=number)
        board = rnd.boards.get()
        for i, t in enumerate(rnd.tables.order_by("number")):
            play(t, board, "4S", "N", 10 - i)
        services.round_close(event=event, number=number)
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED
    entries = list(Entry.objects.filter(event=event).order_by("rank"))
    assert [e.rank for e in entries] == [1, 2, 3, 4]
    assert [e.master_points for e in entries] == [3, 2, 0, 0]  # 4 finished: top half = 2
    assert all(e.finished for e in entries)
    assert entries[0].total >= entries[1].total >= entries[2].total
    assert Standing.objects.filter(entry__event=event, round_number=2).count() == 4


def test_pairs_below_the_threshold_are_listed_but_not_ranked(make_event, director):
    event = make_event(pairs=4, start=True, num_rounds=2, boards_per_round=2)
    rnd = event.rounds.get(number=1)
    t1, t2 = rnd.tables.order_by("number")
    for b in rnd.boards.all():
        play(t1, b)
    services.round_close(event=event, number=1)  # table 2 played nothing
    rnd2 = event.rounds.get(number=2)
    for t in rnd2.tables.all():
        for b in rnd2.boards.all():
            play(t, b)
    services.round_close(event=event, number=2)
    idle = {t2.ns_id, t2.ew_id}
    for e in Entry.objects.filter(event=event):
        assert e.finished == (e.pk not in idle)  # 2 of 4 boards = 50% < 70%
        assert (e.rank is None) == (e.pk in idle)


def test_a_late_manual_start_runs_round_one_from_now(make_event):
    from datetime import timedelta

    from django.utils import timezone

    event = make_event(pairs=4)
    late = event.start_at + timedelta(hours=1)
    rnd = services.event_start(event=event, now=late)
    assert rnd.starts_at == late
    assert rnd.ends_at == late + timedelta(minutes=event.round_minutes)
    assert timezone.now() < rnd.ends_at


def test_closing_a_round_that_was_never_opened_is_refused(make_event):
    event = make_event(pairs=4, start=True)
    with pytest.raises(ConflictError.__mro__[1]) as err:
        services.round_close(event=event, number=3)
    assert err.value.code == "no_round"


def test_starting_early_by_hand_makes_now_the_start_time(make_event):
    from django.utils import timezone

    event = make_event(pairs=4)
    assert event.start_at > timezone.now()
    rnd = services.event_start(event=event)
    event.refresh_from_db()
    assert event.start_at == rnd.starts_at <= timezone.now()
    assert event.round_start(2) == rnd.ends_at + timedelta(minutes=event.gap_minutes)


def test_the_bye_goes_to_the_lowest_placed_pair_by_the_standings_tie_breaks(make_event):
    # Round 1: 1 v 2 play board 1 only, 3 v 4 play both boards, 5 has the bye. Every
    # result is the same, so everyone is on 0 and the standings separate the ties by
    # boards played: 3, 4 (2 boards), then 1, 2 (1 board), then 5 (0 boards).
    event = make_event(pairs=5, start=True, num_rounds=3, boards_per_round=2)
    rnd = event.rounds.get(number=1)
    t1, t2 = rnd.tables.filter(ew__isnull=False).order_by("number")
    b1, b2 = rnd.boards.order_by("number")
    play(t1, b1, "4S", "N", 10)
    play(t2, b1, "4S", "N", 10)
    play(t2, b2, "4S", "N", 10)
    services.round_close(event=event, number=1)
    places = list(
        Standing.objects.filter(entry__event=event, round_number=1)
        .order_by("place")
        .values_list("entry__registration_order", flat=True)
    )
    assert places == [3, 4, 1, 2, 5]
    bye = event.rounds.get(number=2).tables.get(ew__isnull=True).ns
    assert bye.registration_order == 2  # the lowest placed without a bye, not pair 4


def test_a_pair_that_withdrew_before_the_start_is_never_ranked(make_event, director):
    # Even with a finishing threshold of 0 (every pair that took part has finished),
    # a pair that left before round 1 took no part: no place, no master points.
    event = make_event(pairs=5, finish_threshold=0, num_rounds=1, boards_per_round=1)
    gone = Entry.objects.get(event=event, registration_order=5)
    services.entry_withdraw(entry=gone, by=director)
    services.event_start(event=event)
    services.round_close(event=event, number=1)
    gone.refresh_from_db()
    assert (gone.finished, gone.rank, gone.master_points) == (False, None, 0)
    ranks = sorted(
        Entry.objects.filter(event=event, rank__isnull=False).values_list("rank", flat=True)
    )
    assert ranks == [1, 2, 3, 4]
