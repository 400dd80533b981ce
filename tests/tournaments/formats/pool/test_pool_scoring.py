"""The scoring pool through its services (``docs/rules.md`` § The scoring pool): tables
of four ready players, boards dealt from the library, scoring at the 6th result and
never again, retiring at the last place."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

import scoring
from tests.conftest import need_postgres
from tests.tournaments.formats.pool.conftest import boards_of, play, seat
from tournaments.errors import BridgeError, ConflictError
from tournaments.formats.pool import services as pool_services
from tournaments.models import Event, PoolBoard, PoolDeal, PoolReady, PoolResult, PoolScore
from tournaments.services.schedule import events_advance

pytestmark = pytest.mark.django_db

# Six different results on one board (NS scores, board 1: nobody vulnerable).
CONTRACTS = [("3NT", 9), ("3NT", 10), ("3NT", 8), ("4S", 10), ("2S", 9), ("3NT", 11)]


def test_the_ready_players_make_tables_oldest_first():
    # pairs (who named each other) sit together; players alone fill the other side
    assert pool_services.table_from([(1, 2), (3, 4)]) == ([1, 2], [3, 4])
    assert pool_services.table_from([(1, 2), (5,), (3, 4), (6,)]) == ([1, 2], [3, 4])
    assert pool_services.table_from([(1, 2), (5,), (6,), (3, 4)]) == ([1, 2], [5, 6])
    assert pool_services.table_from([(1,), (2,), (3,), (4,)]) == ([1, 2], [3, 4])
    assert pool_services.table_from([(1,), (3, 4), (2,)]) == ([3, 4], [1, 2])
    assert pool_services.table_from([(1,), (2,), (3,)]) is None
    assert pool_services.table_from([(1, 2), (3,)]) is None


def test_four_players_alone_start_a_table_and_are_dealt_four_boards(make_pool, players):
    event = make_pool(boards=20)
    for p in players[:3]:
        assert pool_services.pool_join(event=event, player=p) is None
    assert PoolReady.objects.filter(event=event).count() == 3
    table = pool_services.pool_join(event=event, player=players[3])
    assert table is not None and table.round.is_open
    assert [s.player for s in table.seats.order_by("seat")] == [
        players[2], players[0], players[1], players[3]  # E, N, S, W
    ]  # fmt: skip
    boards = boards_of(table)
    assert len(boards) == 4
    assert PoolDeal.objects.filter(table=table).count() == 16
    assert not PoolReady.objects.filter(event=event).exists()
    assert set(PoolBoard.objects.filter(taken=1).values_list("board_id", flat=True)) == {
        b.pk for b in boards
    }
    # a player at a table in play cannot queue again
    with pytest.raises(ConflictError) as exc:
        pool_services.pool_join(event=event, player=players[0])
    assert exc.value.code == "busy"


def test_a_player_is_never_dealt_a_board_twice(make_pool, players):
    event = make_pool(boards=12)
    four = players[:4]
    seen = set()
    for _ in range(5):  # 5 tables of the same four players: 20 boards, 12 in the library
        table = seat(event, four)
        boards = {b.pk for b in boards_of(table)}
        assert not boards & seen
        seen |= boards
        for board in boards_of(table):
            play(table, board)
    assert len(seen) == 20  # the library grew by 8 new boards when it ran short
    assert PoolBoard.objects.filter(event=event).count() == 20


def test_boards_with_results_come_first(make_pool, players):
    event = make_pool(boards=40)
    first = seat(event, players[:4])
    warm = {b.pk for b in boards_of(first)}
    second = seat(event, players[4:8])
    assert {b.pk for b in boards_of(second)} == warm  # on their way to six results


def test_the_sixth_result_scores_all_six_at_once_and_later_ones_alone(make_pool, players):
    event = make_pool(boards=4)
    tables = [seat(event, players[4 * i : 4 * i + 4]) for i in range(7)]
    board = boards_of(tables[0])[0]
    assert all(board in boards_of(t) for t in tables)  # the library has four boards
    results = []
    for i, (contract, tricks) in enumerate(CONTRACTS[:5]):
        results.append(play(tables[i], board, contract, "N", tricks))
        assert PoolScore.objects.filter(event=event).count() == 0  # provisional: 0
        assert PoolResult.objects.get(result=results[-1]).scored_at_seq is None
    results.append(play(tables[5], board, *CONTRACTS[5][:1], "N", CONTRACTS[5][1]))
    sixth = PoolResult.objects.get(result=results[-1])
    scores = [r.ns_score for r in results]
    datum = scoring.butler_datum(scores)
    assert PoolScore.objects.filter(event=event).count() == 24
    for result in results:
        pr = PoolResult.objects.get(result=result)
        assert (pr.scored_at_seq, pr.datum) == (sixth.seq, datum)
        ns = scoring.imps(result.ns_score - datum)
        got = dict(PoolScore.objects.filter(result=result).values_list("seat", "imps"))
        assert got == {"N": ns, "S": ns, "E": -ns, "W": -ns}
    before = dict(PoolScore.objects.values_list("id", "imps"))

    # the 7th moves the average: it is scored against all seven; the six stand
    seventh = play(tables[6], board, "6NT", "N", 12)
    new_datum = scoring.butler_datum(scores + [seventh.ns_score])
    assert new_datum != datum
    pr = PoolResult.objects.get(result=seventh)
    assert (pr.datum, pr.scored_at_seq) == (new_datum, pr.seq)
    assert PoolScore.objects.filter(result=seventh).count() == 4
    assert {k: v for k, v in PoolScore.objects.values_list("id", "imps") if k in before} == before


def test_the_arrival_order_counts_every_board(make_pool, players):
    event = make_pool(boards=8)
    table = seat(event, players[:4])
    for board in boards_of(table):
        play(table, board)
    assert list(PoolResult.objects.filter(event=event).values_list("seq", flat=True)) == [
        1,
        2,
        3,
        4,
    ]


def test_a_retired_board_is_never_dealt_again(make_pool, players):
    event = make_pool(boards=1, score_at=2, retire_at=3, boards_per_table=1)
    tables = [seat(event, players[4 * i : 4 * i + 4]) for i in range(3)]
    board = boards_of(tables[0])[0]
    assert all(boards_of(t) == [board] for t in tables)
    # the 4th table is refused the board whose three places are taken, at deal time
    fourth = seat(event, players[12:16])
    assert boards_of(fourth) != [board]
    for t in tables:
        play(t, board)
    assert PoolBoard.objects.get(board=board).retired
    assert PoolBoard.objects.get(board=board).results == 3


def test_an_unfinished_table_gives_its_places_back_when_its_time_is_up(make_pool, players):
    event = make_pool(boards=4, minutes_per_board=5)
    table = seat(event, players[:4])
    board, *unplayed = boards_of(table)
    play(table, board)
    later = timezone.now() + timedelta(minutes=21)
    events_advance(now=later)
    table.round.refresh_from_db()
    assert not table.round.is_open
    assert PoolBoard.objects.get(board=board).taken == 1
    assert all(PoolBoard.objects.get(board=b).taken == 0 for b in unplayed)
    # the players are free again, and are never dealt the boards they saw
    again = seat(event, players[:4])
    assert not {b.pk for b in boards_of(again)} & {b.pk for b in boards_of(table)}


def test_a_pool_closes_at_its_end_with_the_leaderboard(make_pool, players):
    event = make_pool(boards=4, score_at=2, boards_per_table=1)
    tables = [seat(event, players[4 * i : 4 * i + 4]) for i in range(2)]
    board = boards_of(tables[0])[0]
    play(tables[0], board, "3NT", "N", 10)
    second = play(tables[1], board, "3NT", "N", 7)
    events_advance(now=event.settings.ends_at + timedelta(seconds=1))
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED
    first = tables[0].results.get().ns_score
    datum = scoring.butler_datum([first, second.ns_score])
    expected = {}
    for i, ns in enumerate((first, second.ns_score)):
        imps = scoring.imps(ns - datum)
        for j, p in enumerate(players[4 * i : 4 * i + 4]):
            expected[p.pk] = imps if j < 2 else -imps
    best = max(expected.values())
    winners = event.entries.filter(rank=1)
    assert {m.player_id for e in winners for m in e.members.all()} == {
        p for p, v in expected.items() if v == best
    }
    assert {e.total for e in winners} == {best}
    assert all(e.finished for e in event.entries.all())
    with pytest.raises(ConflictError):
        pool_services.pool_join(event=event, player=players[20])


def test_bad_requests_change_nothing(make_pool, players):
    event = make_pool()
    with pytest.raises(BridgeError):
        pool_services.pool_join(event=event, player=players[0], partner=players[0])
    with pytest.raises(ConflictError) as exc:  # opponents who are not ready
        pool_services.pool_join(
            event=event, player=players[0], partner=players[1], opponents=players[2:4]
        )
    assert exc.value.code == "not_ready"
    assert not PoolReady.objects.filter(event=event).exists()
    with pytest.raises(BridgeError):
        pool_services.pool_create(
            name="x", start_at=timezone.now(), ends_at=timezone.now() - timedelta(hours=1)
        )


@pytest.mark.postgres
def test_a_long_pool_numbers_boards_and_tables_beyond_32767(make_pool, players):
    need_postgres()
    event = make_pool(boards=1)
    # a week's library and tables outgrow a small integer: the next numbers still store
    Board = event.boards.model
    Board.objects.filter(event=event).update(number=40_000)
    event.rounds.model.objects.create(
        event=event, number=40_000, starts_at=timezone.now(), ends_at=timezone.now()
    )
    table = seat(event, players[:4])
    numbers = sorted(b.number for b in boards_of(table))
    assert numbers[0] == 40_000 and numbers[-1] == 40_003
    assert table.number == table.round.number == 40_001
