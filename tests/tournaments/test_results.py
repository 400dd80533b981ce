from datetime import timedelta

import pytest

from tests.conftest import held_lead
from tests.factories import UserFactory
from tournaments import services
from tournaments.errors import BridgeError, ConflictError, PermissionDeniedError
from tournaments.models import Entry, Event, Result, ResultCorrection


def member(entry, position=1):
    return entry.members.select_related("player").get(position=position).player


@pytest.fixture
def seated(make_event):
    event = make_event(pairs=4, start=True, num_rounds=2)
    rnd = event.rounds.get(number=1)
    table = rnd.tables.order_by("number").first()
    board = rnd.boards.order_by("number").first()
    return event, rnd, table, board


def submit(table, board, user, **kw):
    data = dict(contract="4S", declarer="N", tricks=10)
    data.update(kw)
    data.setdefault("lead", held_lead(board, data["declarer"]))
    return services.result_submit(table_id=table.pk, board_id=board.pk, user=user, **data)


def test_a_result_is_scored_and_stored_as_the_ns_score(seated):
    _, _, table, board = seated  # board 1: nobody vulnerable
    r = submit(table, board, member(table.ew), declarer="E", contract="3NTX", tricks=7)
    assert r.ns_score == 300  # 2 down doubled, not vulnerable, for NS
    assert (r.contract, r.declarer, r.tricks, r.lead) == ("3NTX", "E", 7, held_lead(board, "E"))
    assert r.entered_side == "EW" and not r.is_confirmed


def test_passed_out_board_scores_zero(seated):
    _, _, table, board = seated
    r = submit(table, board, member(table.ns), contract="PASS", declarer="", tricks=None, lead="")
    assert r.ns_score == 0 and r.contract == "PASS"


@pytest.mark.parametrize(
    ("field", "value", "code"),
    [
        ("contract", "8S", "contract"),
        ("contract", "4Z", "contract"),
        ("contract", "", "contract"),
        ("declarer", "Q", "declarer"),
        ("declarer", "NE", "declarer"),
        ("declarer", "West-ish", "declarer"),
        ("tricks", 14, "tricks"),
        ("tricks", 9.5, "tricks"),
        ("tricks", "9.5", "tricks"),
        ("tricks", -1, "tricks"),
        ("tricks", "many", "tricks"),
        ("lead", "ZZ", "lead"),
        ("lead", "S1", "lead"),
    ],
)
def test_bad_input_gets_a_clear_error_and_changes_nothing(seated, field, value, code):
    _, _, table, board = seated
    with pytest.raises(BridgeError) as err:
        submit(table, board, member(table.ns), **{field: value})
    assert err.value.code == code and err.value.message
    assert not Result.objects.filter(table=table, board=board).exists()


def test_only_players_at_the_table_may_enter(seated):
    event, rnd, table, board = seated
    other = rnd.tables.order_by("number").last()
    with pytest.raises(PermissionDeniedError):
        submit(table, board, member(other.ns))
    with pytest.raises(PermissionDeniedError):
        submit(table, board, UserFactory())


def test_one_result_per_table_and_board(seated):
    _, _, table, board = seated
    submit(table, board, member(table.ns))
    with pytest.raises(ConflictError) as err:
        submit(table, board, member(table.ew), tricks=9)
    assert err.value.code == "duplicate"
    assert Result.objects.get(table=table, board=board).tricks == 10


def test_a_board_of_another_round_is_refused(seated):
    event, _, table, _ = seated
    services.round_close(event=event, number=1)
    rnd2 = event.rounds.get(number=2)
    board2 = rnd2.boards.first()
    with pytest.raises(BridgeError) as err:
        submit(table, board2, member(table.ns))
    assert err.value.code == "wrong_board"


def test_results_after_the_scheduled_end_are_refused(seated):
    _, rnd, table, board = seated
    with pytest.raises(ConflictError) as err:
        submit(table, board, member(table.ns), now=rnd.ends_at + timedelta(seconds=1))
    assert err.value.code == "round_closed"
    assert not Result.objects.exists()


def test_the_opponents_confirm(seated):
    _, _, table, board = seated
    r = submit(table, board, member(table.ns))
    with pytest.raises(PermissionDeniedError):
        services.result_confirm(result_id=r.pk, user=member(table.ns, 2))
    r = services.result_confirm(result_id=r.pk, user=member(table.ew, 2))
    assert r.is_confirmed
    with pytest.raises(ConflictError):
        services.result_confirm(result_id=r.pk, user=member(table.ew))


def test_director_corrections_are_audited_and_rescored(seated, director):
    event, rnd, table, board = seated
    t2 = rnd.tables.order_by("number").last()
    submit(table, board, member(table.ns))  # 420
    submit(t2, board, member(t2.ns), tricks=9)  # -50
    services.round_close(event=event, number=1)
    table.ns.refresh_from_db()
    assert table.ns.total == 10.0
    r = services.result_correct(
        table_id=t2.pk,
        board_id=board.pk,
        director=director,
        contract="4S",
        declarer="N",
        tricks=10,
        lead=held_lead(board.pk, "N"),
        reason="Wrong trick count",
    )
    assert r.ns_score == 420 and r.ns_points == 0.0
    table.ns.refresh_from_db()
    assert table.ns.total == 0.0
    log = ResultCorrection.objects.get(result=r)
    assert log.changed_by == director
    assert log.old_value["ns_score"] == -50 and log.new_value["ns_score"] == 420
    assert log.reason == "Wrong trick count"


def test_director_assigns_adjusted_scores(seated, director):
    event, _, table, board = seated
    r = services.result_correct(
        table_id=table.pk,
        board_id=board.pk,
        director=director,
        ns_adjustment="A+",
        ew_adjustment="A-",
        reason="Fouled board",
    )
    assert r.status == Result.Status.ADJUSTED
    services.round_close(event=event, number=1)
    r.refresh_from_db()
    assert (r.ns_points, r.ew_points) == (3.0, -3.0)


def test_players_cannot_correct(seated):
    _, _, table, board = seated
    with pytest.raises(PermissionDeniedError):
        services.result_correct(
            table_id=table.pk, board_id=board.pk, director=member(table.ns), contract="PASS"
        )


def test_a_correction_after_the_event_updates_ranks_and_the_ledger(make_event, director):
    from ratings.models import MasterPointEntry

    event = make_event(pairs=4, start=True, num_rounds=1, boards_per_round=1)
    rnd = event.rounds.get()
    t1, t2 = rnd.tables.order_by("number")
    board = rnd.boards.get()
    submit(t1, board, member(t1.ns))  # +420
    submit(t2, board, member(t2.ns), tricks=9)  # -50
    services.round_close(event=event, number=1)
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED
    winner = Entry.objects.get(event=event, rank=1)
    assert winner.pk == t1.ns_id
    services.result_correct(
        table_id=t1.pk,
        board_id=board.pk,
        director=director,
        contract="4S",
        declarer="N",
        tricks=8,
        lead=held_lead(board.pk, "N"),
    )
    # Now t1 NS scores -100 against -50: t1 EW and t2 NS tie on +2 IMPs and the
    # earlier registration (t1 EW, entry 2) wins the tie.
    new_winner = Entry.objects.get(event=event, rank=1)
    assert new_winner.pk == t1.ew_id
    winner.refresh_from_db()
    assert winner.rank == 3 and winner.master_points == 0

    def ledger(entry):
        rows = MasterPointEntry.objects.filter(player=member(entry))
        return sum(rows.values_list("amount", flat=True)), rows.filter(kind="award").count()

    assert ledger(new_winner) == (3, 1)
    assert ledger(winner) == (0, 1)  # the award stays; a correction row takes it back


def test_a_correction_in_an_early_round_fixes_every_later_standing(make_event, director):
    from tournaments.models import Standing

    event = make_event(pairs=4, start=True, num_rounds=3, boards_per_round=1)
    for number in (1, 2):
        rnd = event.rounds.get(number=number)
        board = rnd.boards.get()
        for i, t in enumerate(rnd.tables.order_by("number")):
            submit(t, board, member(t.ns), tricks=10 - i)  # +420 v -50: 10 IMPs
        services.round_close(event=event, number=number)
    rnd1 = event.rounds.get(number=1)
    t1 = rnd1.tables.get(number=1)
    leader = t1.ns
    before = Standing.objects.get(entry=leader, round_number=2).total
    services.result_correct(
        table_id=t1.pk,
        board_id=rnd1.boards.get().pk,
        director=director,
        contract="4S",
        declarer="N",
        tricks=9,  # now -50 against -50: no swing in round 1
        lead=held_lead(rnd1.boards.get().pk, "N"),
    )
    s1 = Standing.objects.get(entry=leader, round_number=1)
    s2 = Standing.objects.get(entry=leader, round_number=2)
    assert (s1.points, s1.total) == (0.0, 0.0)
    assert s2.total == before - 10.0
    leader.refresh_from_db()
    assert leader.total == s2.total


def test_a_correction_in_play_leaves_the_open_bye_out_of_the_totals(make_event, director):
    # MP, five pairs: the bye of the round in play is scored when that round closes,
    # not when a correction in an earlier round rebuilds the totals.
    event = make_event(pairs=5, start=True, num_rounds=3, boards_per_round=1, method="mp")
    rnd1 = event.rounds.get(number=1)
    board = rnd1.boards.get()
    for i, t in enumerate(rnd1.tables.filter(ew__isnull=False).order_by("number")):
        submit(t, board, member(t.ns), tricks=10 - i)
    services.round_close(event=event, number=1)
    bye = event.rounds.get(number=2).tables.get(ew__isnull=True).ns
    bye.refresh_from_db()
    before = (bye.total, bye.boards_played)
    t1 = rnd1.tables.get(number=1)
    services.result_correct(
        table_id=t1.pk,
        board_id=board.pk,
        director=director,
        contract="4S",
        declarer="N",
        tricks=10,
        lead=held_lead(board.pk, "N"),
        reason="Same result, re-entered",
    )
    bye.refresh_from_db()
    assert (bye.total, bye.boards_played) == before


def test_after_the_scheduled_end_a_missing_board_is_cut_for_the_director_too(seated, director):
    # The board is cut at the round's end whether or not the cut job has run yet: the
    # director may still adjust it, but no longer enter a table result for it.
    _, rnd, table, board = seated
    late = rnd.ends_at + timedelta(seconds=1)
    with pytest.raises(ConflictError) as err:
        submit(table, board, director, now=late)
    assert err.value.code == "round_closed"
    with pytest.raises(ConflictError) as err:
        services.result_correct(
            table_id=table.pk,
            board_id=board.pk,
            director=director,
            contract="4S",
            declarer="N",
            tricks=10,
            lead=held_lead(board.pk, "N"),
            now=late,
        )
    assert err.value.code == "cut"
    assert not Result.objects.filter(table=table, board=board).exists()
    adjusted = services.result_correct(
        table_id=table.pk,
        board_id=board.pk,
        director=director,
        ns_adjustment="A=",
        ew_adjustment="A=",
        now=late,
    )
    assert adjusted.status == Result.Status.ADJUSTED


def test_a_cut_board_adjusted_by_the_director_still_cannot_get_a_table_result(seated, director):
    event, rnd, table, board = seated
    services.round_close(event=event, number=1)
    assert Result.objects.get(table=table, board=board).status == Result.Status.CUT
    services.result_correct(
        table_id=table.pk,
        board_id=board.pk,
        director=director,
        ns_adjustment="A=",
        ew_adjustment="A=",
        reason="Slow play by nobody",
    )
    with pytest.raises(ConflictError) as err:
        services.result_correct(
            table_id=table.pk,
            board_id=board.pk,
            director=director,
            contract="3NT",
            declarer="N",
            tricks=9,
            lead=held_lead(board.pk, "N"),
        )
    assert err.value.code == "cut"
    assert Result.objects.get(table=table, board=board).status == Result.Status.ADJUSTED
