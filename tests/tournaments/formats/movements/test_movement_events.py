"""Mitchell and Howell events through the services (docs/rules.md § Movements), with
matchpoints and Neuberg's formula worked out by hand."""

from __future__ import annotations

import pytest

from tests.conftest import held_lead
from tests.factories import UserFactory
from tournaments import services
from tournaments.errors import BridgeError, ConflictError
from tournaments.formats.movements.format import movement_of
from tournaments.models import Board, Entry, Event, Result, Standing, Table


def member(entry):
    return entry.members.select_related("player").first().player


def play(table, board, contract="4S", declarer="N", tricks=10):
    result = services.result_submit(
        table_id=table.pk,
        board_id=board.pk,
        user=member(table.ns),
        contract=contract,
        declarer=declarer,
        tricks=tricks,
        lead=held_lead(board, declarer),
    )
    return services.result_confirm(result_id=result.pk, user=member(table.ew))


def table_of(event, number, set_number):
    return Table.objects.get(round__event=event, round__number=number, board_set=set_number)


def board(event, number):
    return Board.objects.get(event=event, number=number)


@pytest.fixture
def mitchell(make_event):
    def make(pairs=8, **kwargs):
        options = dict(kind=Event.Kind.MITCHELL, method=Event.Method.MP, num_rounds=3)
        options.update(kwargs)
        return make_event(pairs=pairs, start=True, **options)

    return make


def test_mitchell_seats_ns_still_ew_up_boards_down(mitchell):
    event = mitchell()
    entries = list(Entry.objects.filter(event=event).order_by("registration_order"))
    r1 = list(event.rounds.get(number=1).tables.order_by("number"))
    assert [(t.ns, t.ew, t.board_set) for t in r1] == [
        (entries[i], entries[4 + i], i + 1) for i in range(4)
    ]
    # all four sets of two boards are dealt in round 1 and travel
    assert list(Board.objects.filter(event=event).values_list("number", "board_set")) == [
        (n, (n + 1) // 2) for n in range(1, 9)
    ]
    assert {e.field for e in entries} == {"NS", "EW"}
    assert [e.field for e in entries[:4]] == ["NS"] * 4
    services.round_close(event=event, number=1)
    r2 = {t.number: t for t in event.rounds.get(number=2).tables.all()}
    assert r2[2].ew == entries[4]  # EW pair of table 1 moved up to table 2
    assert r2[1].board_set == 2  # set 2 moved down from table 2 to table 1
    assert r2[1].ns == entries[0]


def test_a_table_enters_only_its_own_set(mitchell):
    event = mitchell()
    t1 = table_of(event, 1, 1)
    with pytest.raises(BridgeError) as err:
        play(t1, board(event, 3))  # set 2 is at table 2
    assert err.value.code == "wrong_board"
    assert not Result.objects.exists()


def test_neuberg_matchpoints_worked_by_hand(mitchell):
    """Set 1 (boards 1, 2) goes to tables 1, 4 and 3 in rounds 1 to 3: E = 3 results
    expected, top 2·(3 − 1) = 4.

    Board 1: round 1 +420, round 2 +450, round 3 not played (cut). Two results of
    three: raw MP 0 and 2, Neuberg (MP + 1)·3/2 − 1: 0.5 and 3.5 (EW 3.5 and 0.5).
    After round 1 alone the +420 had (0 + 1)·3/1 − 1 = 2, half the top.
    Board 2 (NS vulnerable): 4S= 620, 4H= 620, 3NT+1 630, all three played: raw MP
    1, 1 and 4 of the top 4, nothing rescaled.
    """
    event = mitchell()
    b1, b2 = board(event, 1), board(event, 2)
    first = table_of(event, 1, 1)
    play(first, b1, "4S", "N", 10)  # +420
    play(first, b2, "4S", "N", 10)  # +620
    services.round_close(event=event, number=1)
    r = Result.objects.get(table=first, board=b1)
    assert (r.ns_points, r.ew_points) == (2.0, 2.0)
    second = table_of(event, 2, 1)
    assert second.number == 4
    play(second, b1, "4S", "N", 11)  # +450
    play(second, b2, "4H", "N", 10)  # +620
    services.round_close(event=event, number=2)
    r.refresh_from_db()
    assert r.ns_points == pytest.approx(0.5) and r.ew_points == pytest.approx(3.5)
    third = table_of(event, 3, 1)
    play(third, b2, "3NT", "N", 10)  # +630
    services.round_close(event=event, number=3)  # board 1 is cut at table 3
    got = {
        (res.table.round.number, res.board.number): (res.status, res.ns_points, res.ew_points)
        for res in Result.objects.filter(board__in=[b1, b2]).select_related("table__round")
    }
    assert got[1, 1] == ("played", pytest.approx(0.5), pytest.approx(3.5))
    assert got[2, 1] == ("played", pytest.approx(3.5), pytest.approx(0.5))
    assert got[3, 1] == ("cut", None, None)
    assert got[1, 2] == ("played", 1.0, 3.0)
    assert got[2, 2] == ("played", 1.0, 3.0)
    assert got[3, 2] == ("played", 4.0, 0.0)
    # NS pair 1 played boards 1 and 2 of set 1 in round 1 (the rest of its boards were
    # cut): 0.5 + 1 of a top of 4 + 4 → 18.75%
    ns1 = first.ns
    ns1.refresh_from_db()
    assert ns1.total == pytest.approx(100 * 1.5 / 8)
    assert ns1.boards_played == 2
    assert Standing.objects.filter(entry=ns1).count() == 3


def test_adjusted_scores_are_shares_of_the_top_and_not_compared(mitchell, director):
    """A+ is 60% of the top of 4 (2.4 MP), A- 40% (1.6); the two played results are
    compared with each other only and rescaled to three: +450 gets (2 + 1)·3/2 − 1."""
    event = mitchell()
    b1 = board(event, 1)
    play(table_of(event, 1, 1), b1, "4S", "N", 11)  # +450
    services.round_close(event=event, number=1)
    play(table_of(event, 2, 1), b1, "4S", "N", 10)  # +420
    services.round_close(event=event, number=2)
    services.result_correct(
        table_id=table_of(event, 3, 1).pk,
        board_id=b1.pk,
        director=director,
        ns_adjustment="A+",
        ew_adjustment="A-",
    )
    services.round_close(event=event, number=3)
    points = sorted((r.ns_points, r.ew_points) for r in Result.objects.filter(board=b1))
    assert points == [
        (pytest.approx(0.5), pytest.approx(3.5)),
        (pytest.approx(2.4), pytest.approx(1.6)),
        (pytest.approx(3.5), pytest.approx(0.5)),
    ]


def test_two_winner_mitchell_ranks_each_field_and_awards_each(mitchell):
    event = mitchell(pairs=8, num_rounds=3, finish_threshold=0)
    for number in (1, 2, 3):
        for t in event.rounds.get(number=number).tables.all():
            for b in Board.objects.filter(event=event, board_set=t.board_set):
                play(t, b, "4S", "N", 10 if t.number % 2 else 11)
        services.round_close(event=event, number=number)
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED
    entries = list(Entry.objects.filter(event=event))
    for field in ("NS", "EW"):
        ranks = sorted(e.rank for e in entries if e.field == field)
        assert ranks == [1, 2, 3, 4]
        winner = next(e for e in entries if e.field == field and e.rank == 1)
        assert winner.master_points == 3  # 1st of a field of four


def test_howell_with_a_sit_out_scores_nothing_for_it(make_event):
    event = make_event(
        pairs=7, start=True, kind=Event.Kind.HOWELL, method=Event.Method.MP, num_rounds=7
    )
    movement = movement_of(event)
    assert movement.kind == "howell" and movement.tables == 4 and len(movement.rounds) == 7
    r1 = event.rounds.get(number=1)
    assert r1.tables.count() == 3  # a half table: its pair sits out
    seated = {e for t in r1.tables.all() for e in (t.ns_id, t.ew_id)}
    out = Entry.objects.filter(event=event).exclude(pk__in=seated)
    assert out.count() == 1


def test_rounds_are_capped_at_what_the_movement_plays(make_event):
    event = make_event(pairs=8, start=True, kind=Event.Kind.MITCHELL, num_rounds=9)
    assert event.num_rounds == 3  # 4 tables: a skip Mitchell plays 3 rounds


def test_a_movement_the_field_cannot_play_does_not_start(make_event):
    event = make_event(pairs=4, kind=Event.Kind.HOWELL)
    with pytest.raises(ConflictError) as err:
        services.event_start(event=event)
    assert err.value.code == "movement"
    event.refresh_from_db()
    assert event.status == Event.Status.REGISTRATION and not event.rounds.exists()


def test_movement_options_are_checked(make_event):
    with pytest.raises(BridgeError):
        make_event(pairs=0, kind=Event.Kind.HOWELL, arrow_switch=True)
    with pytest.raises(BridgeError):
        make_event(pairs=0, kind=Event.Kind.MITCHELL, mp_factoring="guess")
    with pytest.raises(BridgeError):
        make_event(pairs=0, kind="pool")
    assert not Event.objects.exists()


def test_hand_records_ahead_of_a_mitchell_are_the_deals_it_plays(make_event, director):
    """Before the start, round 1's hand records of an 8-pair Mitchell are all four sets
    (every set is at a table in round 1), and the start deals exactly those cards."""
    from tournaments.services.handrecords import round_hand_records

    event = make_event(pairs=8, kind=Event.Kind.MITCHELL, num_rounds=3)
    records = round_hand_records(event=event, number=1, actor=director)
    assert [r.number for r in records] == list(range(1, 9))
    services.event_start(event=event)
    dealt = dict(Board.objects.filter(event=event).values_list("number", "deal"))
    assert dealt == {r.number: r.deal for r in records}
    assert [r.number for r in round_hand_records(event=event, number=2, actor=director)] == list(
        range(1, 9)
    )


def test_a_withdrawn_pair_leaves_its_opponents_out(mitchell, director):
    """EW pair 5 withdraws after round 1: in round 2 NS pair 2, whom it would meet at
    table 2, has no table (its set is one result short: Neuberg evens it out)."""
    event = mitchell(pairs=8, num_rounds=3)
    entries = list(Entry.objects.filter(event=event).order_by("registration_order"))
    for t in event.rounds.get(number=1).tables.all():
        for b in Board.objects.filter(event=event, board_set=t.board_set):
            play(t, b, "4S", "N", 10)
    services.round_close(event=event, number=1, open_next=False)
    services.entry_withdraw(entry=entries[4], by=director)
    services.round_open(event=event, number=2)
    r2 = event.rounds.get(number=2)
    assert r2.tables.count() == 3
    seated = {x for t in r2.tables.all() for x in (t.ns_id, t.ew_id)}
    assert entries[1].pk not in seated and entries[4].pk not in seated
    # the late pair the director would add cannot join a fixed movement
    with pytest.raises(ConflictError) as err:
        services.entry_add(event=event, players=[UserFactory(), UserFactory()], director=director)
    assert err.value.code == "late"


def test_a_pbn_file_fills_every_set_of_a_mitchell(make_event, director):
    """8 pairs, 3 rounds of 2 boards: the Mitchell plays 4 sets, boards 1 to 8 (more
    than the 6 a pair plays); a file with board 8 is taken and board 8 is its deal."""
    from tournaments.deals import deal_generate
    from tournaments.interchange.deals import event_deals_import

    event = make_event(pairs=8, kind=Event.Kind.MITCHELL, num_rounds=3)
    deal = deal_generate()
    text = f'[Board "8"]\n[Deal "{deal}"]\n'
    event_deals_import(event=event, text=text, actor=director)
    services.event_start(event=event)
    assert Board.objects.get(event=event, number=8).deal == deal
    with pytest.raises(ConflictError):  # dealt boards never change
        event_deals_import(event=event, text=text, actor=director)
