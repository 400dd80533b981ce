"""A bye given by the system counts towards the finishing threshold, though not as
boards played in the tie-break (``docs/rules.md`` § Swiss pairs)."""

from ratings.models import MasterPointEntry
from tests.conftest import held_lead, player
from tournaments import services
from tournaments.models import Entry, Event


def test_pairs_with_a_bye_finish_and_are_ranked_by_the_tie_break(make_event):
    # 3 pairs, 2 rounds of one board: round 1 pairs 1 v 2 (3 has the bye), round 2
    # pairs 1 v 3 (2, the lowest placed without a bye, has it). Every board is played at
    # one table, so every total is 0.00; pairs 2 and 3 played 1 board of 2 (50% < 70%)
    # but had the other as a bye, which they did not choose.
    event = make_event(pairs=3, start=True, num_rounds=2, boards_per_round=1)
    for number in (1, 2):
        rnd = event.rounds.get(number=number)
        board = rnd.boards.get()
        table = rnd.tables.get(ew__isnull=False)
        services.result_submit(
            table_id=table.pk, board_id=board.pk, user=player(table.ns),
            contract="4S", declarer="N", tricks=10, lead=held_lead(board),
        )  # fmt: skip
        services.round_close(event=event, number=number)
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED
    entries = list(Entry.objects.filter(event=event).order_by("registration_order"))
    assert [e.total for e in entries] == [0.0, 0.0, 0.0]
    assert [e.boards_played for e in entries] == [2, 1, 1]  # a bye is not a board played
    assert all(e.finished for e in entries)
    # Ties: more boards played (pair 1), then earlier registration (2 before 3).
    assert [e.rank for e in entries] == [1, 2, 3]
    # Three finished pairs: the top half is one place.
    assert [e.master_points for e in entries] == [3, 0, 0]
    awarded = MasterPointEntry.objects.filter(event=event, amount__gt=0)
    winners = {m.player_id for m in entries[0].members.all()}
    assert {(a.player_id, a.amount) for a in awarded} == {(pk, 3) for pk in winners}
