"""A pair that sits out a movement's round because of the movement (the empty place of an
odd field, opponents that withdrew) did not choose to: those boards count towards the
finishing threshold, as a Swiss bye's do, though not as boards played in the tie-break
(``docs/rules.md`` § Movements)."""

from __future__ import annotations

from tests.conftest import held_lead, player
from tournaments import services
from tournaments.models import Board, Entry, Event


def play_round(event, number, *, open_next=True):
    rnd = event.rounds.get(number=number)
    for t in rnd.tables.all():
        for b in Board.objects.filter(event=event, board_set=t.board_set).order_by("number"):
            services.result_submit(
                table_id=t.pk, board_id=b.pk, user=player(t.ns),
                contract="3NT", declarer="N", tricks=9, lead=held_lead(b),
            )  # fmt: skip
    services.round_close(event=event, number=number, open_next=open_next)


def test_the_pairs_sitting_out_an_odd_mitchell_finish_and_are_ranked(make_event):
    # 5 pairs: 3 tables, NS 1-3 stay, EW 4-5 and an empty place move. In 3 rounds of 2
    # boards each NS pair sits out once: 4 boards of 6 played (67% < 70%).
    event = make_event(
        pairs=5, start=True, kind=Event.Kind.MITCHELL, method=Event.Method.MP, num_rounds=3
    )
    for number in (1, 2, 3):
        play_round(event, number)
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED
    entries = list(Entry.objects.filter(event=event).order_by("registration_order"))
    assert [(e.field, e.boards_played) for e in entries] == [
        ("NS", 4), ("NS", 4), ("NS", 4), ("EW", 6), ("EW", 6)
    ]  # fmt: skip
    assert all(e.finished for e in entries)
    # Every result is the same: each field is ranked by registration, and gets its award.
    assert [e.rank for e in entries] == [1, 2, 3, 1, 2]
    assert [e.master_points for e in entries] == [3, 0, 0, 3, 0]


def test_a_pair_sat_out_by_the_director_gets_no_credit(make_event, director):
    # 6 pairs, 3 tables, 2 rounds: pair 1 asks to sit out round 2, so its round-2
    # opponents sit out without choosing to. Threshold 70% of 4 boards: 2.8.
    event = make_event(
        pairs=6, start=True, kind=Event.Kind.MITCHELL, method=Event.Method.MP, num_rounds=2
    )
    play_round(event, 1, open_next=False)
    first = Entry.objects.get(event=event, registration_order=1)
    services.entry_set_sitting_out(entry=first, sitting_out=True, director=director)
    services.round_open(event=event, number=2)  # seated without pair 1
    play_round(event, 2)
    entries = {e.registration_order: e for e in Entry.objects.filter(event=event)}
    assert entries[1].boards_played == 2 and not entries[1].finished
    partner_of_1 = [n for n, e in entries.items() if n != 1 and e.boards_played == 2]
    assert len(partner_of_1) == 1
    assert entries[partner_of_1[0]].finished
