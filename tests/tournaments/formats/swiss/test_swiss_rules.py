"""Product rules checked end to end through the services (SPEC 1, 4, 5)."""

import pytest

import scoring
from tests.conftest import held_lead
from tests.factories import UserFactory
from tournaments import services
from tournaments.deals import deal_generate, deal_validate
from tournaments.models import Entry, Result, Table


def member(entry, position=1):
    return entry.members.select_related("player").get(position=position).player


def play(table, board, contract="4S", declarer="N", tricks=10, lead=None):
    return services.result_submit(
        table_id=table.pk,
        board_id=board.pk,
        user=member(table.ns),
        contract=contract,
        declarer=declarer,
        tricks=tricks,
        lead=held_lead(board, declarer) if lead is None else lead,
    )


def test_a_pbn_deal_with_more_than_four_hands_is_refused():
    deal = deal_generate()
    north = deal.split(":")[1].split()[0]
    with pytest.raises(ValueError):
        deal_validate(f"{deal} {north}")  # a fifth hand (North again) replaces North


def test_boards_beyond_16_keep_the_dealer_and_vulnerability_cycle(make_event):
    event = make_event(pairs=4, start=True, num_rounds=3, boards_per_round=12)
    for number in (1, 2):
        services.round_close(event=event, number=number)
    boards = list(event.rounds.get(number=3).boards.order_by("number"))
    assert [b.number for b in boards] == list(range(25, 37))
    cycle = ["None", "NS", "EW", "All", "NS", "EW", "All", "None"]
    cycle += ["EW", "All", "None", "NS", "All", "None", "NS", "EW"]
    for b in boards:
        assert b.dealer == "NESW"[(b.number - 1) % 4]
        assert b.vulnerability == cycle[(b.number - 1) % 16]
    # Board 26 is NS vulnerable (as board 10 is All, 26 = 10 + 16): 4S= by N is +620.
    t = event.rounds.get(number=3).tables.first()
    assert play(t, boards[1]).ns_score == scoring.table_score("4S", "N", 10, 26) == 620


def test_mp_totals_average_played_adjusted_and_bye_boards(make_event, director):
    # Five pairs, MP, bye score A+. Board 1: table 1 +420 v table 2 -50. Board 2:
    # table 1 gets A+/A-, table 2 is cut. Totals average the boards with a score;
    # boards played count played boards only.
    event = make_event(
        pairs=5, start=True, num_rounds=2, boards_per_round=2, method="mp", bye_score="A+"
    )
    rnd = event.rounds.get(number=1)
    t1, t2 = rnd.tables.filter(ew__isnull=False).order_by("number")
    bye = rnd.tables.get(ew__isnull=True).ns
    b1, b2 = rnd.boards.order_by("number")
    play(t1, b1, tricks=10)
    play(t2, b1, tricks=9)
    services.result_correct(
        table_id=t1.pk, board_id=b2.pk, director=director, ns_adjustment="A+", ew_adjustment="A-"
    )
    services.round_close(event=event, number=1)
    got = {
        e.pk: (e.total, e.boards_played)
        for e in Entry.objects.filter(pk__in=[t1.ns_id, t1.ew_id, t2.ns_id, t2.ew_id, bye.pk])
    }
    assert got[t1.ns_id] == (pytest.approx(80.0), 1)  # (100 + 60) / 2
    assert got[t1.ew_id] == (pytest.approx(20.0), 1)  # (0 + 40) / 2
    assert got[t2.ns_id] == (pytest.approx(0.0), 1)  # board 2 cut: left out
    assert got[t2.ew_id] == (pytest.approx(100.0), 1)
    assert got[bye.pk] == (pytest.approx(60.0), 0)  # A+ on both boards, none played
    assert Result.objects.get(table=t2, board=b2).status == Result.Status.CUT


def test_imp_totals_sum_adjusted_and_bye_boards(make_event, director):
    event = make_event(
        pairs=5, start=True, num_rounds=2, boards_per_round=2, method="imp", bye_score="A-"
    )
    rnd = event.rounds.get(number=1)
    t1 = rnd.tables.filter(ew__isnull=False).order_by("number").first()
    bye = rnd.tables.get(ew__isnull=True).ns
    b1 = rnd.boards.order_by("number").first()
    services.result_correct(
        table_id=t1.pk, board_id=b1.pk, director=director, ns_adjustment="A+", ew_adjustment="A="
    )
    services.round_close(event=event, number=1)
    totals = dict(Entry.objects.values_list("pk", "total"))
    assert (totals[t1.ns_id], totals[t1.ew_id], totals[bye.pk]) == (3.0, 0.0, -6.0)
    bye.refresh_from_db()
    assert bye.boards_played == 0


def test_a_late_entry_starts_on_zero_and_is_seated_by_its_score(make_event, director):
    event = make_event(pairs=4, start=True, num_rounds=3, boards_per_round=1)
    rnd = event.rounds.get(number=1)
    board = rnd.boards.get()
    t1, t2 = rnd.tables.order_by("number")
    play(t1, board, tricks=10)  # +420
    play(t2, board, tricks=9)  # -50: t1 NS and t2 EW +10, the others -10
    late = services.entry_add(event=event, players=UserFactory.create_batch(2), director=director)
    services.round_close(event=event, number=1)
    late.refresh_from_db()
    had_bye = Table.objects.filter(ns=late, ew__isnull=True).exists()
    assert (late.total, late.late, had_bye) == (0.0, True, False)
    rnd2 = event.rounds.get(number=2)
    # Ranked +10, +10, 0 (the late pair), -10, -10: the lowest-placed pair has the bye
    # and the late pair meets its neighbour below, as score-near pairs meet.
    assert rnd2.tables.get(ew__isnull=True).ns_id == t2.ns_id
    seats = {(t.ns_id, t.ew_id) for t in rnd2.tables.filter(ew__isnull=False)}
    assert seats == {(t1.ns_id, t2.ew_id), (late.pk, t1.ew_id)}
