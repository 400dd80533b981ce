import pytest

from ratings.awards import master_points_for_place
from ratings.calc import TIERS, next_tier, rank_tier
from ratings.models import MasterPointEntry
from ratings.services import master_points_award_event, master_points_deduct, master_points_total
from tests.conftest import held_lead
from tests.factories import UserFactory
from tournaments.errors import BridgeError
from tournaments.models import Entry


@pytest.mark.parametrize(
    ("finished", "expected"),
    [
        (1, [3]),
        (2, [3, 0]),
        (5, [3, 2, 0, 0, 0]),
        (8, [3, 2, 2, 2, 0, 0, 0, 0]),
        (12, [3, 2, 2, 2, 1, 1, 0, 0, 0, 0, 0, 0]),
        (19, [3, 2, 2, 2, 1, 1, 1, 1, 1] + [0] * 10),
        (20, [3, 2, 2, 2, 1, 1, 1, 1, 1, 1] + [0] * 10),
        (40, [3, 2, 2, 2, 1, 1, 1, 1, 1, 1] + [0] * 30),
    ],
)
def test_master_points_by_place(finished, expected):
    assert [master_points_for_place(p, finished) for p in range(1, finished + 1)] == expected


@pytest.mark.parametrize(
    ("points", "level"),
    [
        (-3, 0),
        (0, 0),
        (1, 1),
        (4, 1),
        (5, 2),
        (14, 2),
        (15, 3),
        (30, 4),
        (50, 5),
        (99, 5),
        (100, 6),
        (200, 7),
        (350, 8),
        (500, 9),
        (799, 9),
        (800, 10),
        (1200, 11),
        (99999, 11),
    ],
)
def test_rank_tiers(points, level):
    assert rank_tier(points).level == level


def test_twelve_tiers_with_rising_thresholds():
    assert len(TIERS) == 12
    assert [t.threshold for t in TIERS] == sorted({t.threshold for t in TIERS})
    assert next_tier(1200) is None and next_tier(0).level == 1


def play_all(event, number=1):
    from tournaments import services

    rnd = event.rounds.get(number=number)
    board = rnd.boards.get()
    for i, t in enumerate(rnd.tables.order_by("number")):
        services.result_submit(
            table_id=t.pk,
            board_id=board.pk,
            user=t.ns.members.first().player,
            contract="4S",
            declarer="N",
            tricks=10 - i,
            lead=held_lead(board.pk, "N"),
        )
    services.round_close(event=event, number=number)


def test_finished_event_awards_both_players_once(make_event):
    event = make_event(pairs=4, start=True, num_rounds=1, boards_per_round=1)
    play_all(event)
    winner = Entry.objects.get(event=event, rank=1)
    players = [m.player for m in winner.members.all()]
    assert [master_points_total(player=p) for p in players] == [3, 3]
    # Awarding again (a re-sent signal, a retried task) writes nothing.
    assert master_points_award_event(event=event) == 0
    assert MasterPointEntry.objects.filter(event=event).count() == 4  # 2 pairs awarded x 2


def test_the_database_refuses_a_second_award(make_event):
    from django.db import IntegrityError

    event = make_event(pairs=2, start=True, num_rounds=1, boards_per_round=1)
    play_all(event)
    row = MasterPointEntry.objects.filter(event=event).first()
    with pytest.raises(IntegrityError):
        MasterPointEntry.objects.create(player=row.player, event=event, kind="award", amount=3)


def test_director_deduction_can_drop_a_tier(db, director):
    player = UserFactory()
    MasterPointEntry.objects.create(player=player, amount=6)
    assert rank_tier(master_points_total(player=player)).level == 2
    master_points_deduct(player=player, amount=2, reason="Slow play", director=director)
    assert master_points_total(player=player) == 4
    assert rank_tier(4).level == 1
    with pytest.raises(BridgeError):
        master_points_deduct(player=player, amount=2, reason="x", director=player)
    with pytest.raises(BridgeError):
        master_points_deduct(player=player, amount=0, reason="x", director=director)


def _spec_award(place: int, finished: int) -> int:
    """SPEC 5 written out independently."""
    if place == 1:
        return 3
    if finished >= 20:
        return 2 if place <= 4 else 1 if place <= 10 else 0
    if place > max(1, finished // 2):
        return 0
    return 2 if place <= 4 else 1


@pytest.mark.parametrize("finished", range(1, 46))
def test_master_points_for_every_field_size(finished):
    got = [master_points_for_place(p, finished) for p in range(1, finished + 1)]
    assert got == [_spec_award(p, finished) for p in range(1, finished + 1)]
    assert master_points_for_place(finished + 1, finished) == 0


def test_a_pair_that_withdrew_but_finished_is_ranked_and_awarded(make_event, director):
    from tournaments import services

    # Three rounds of one board, threshold 60%: two boards of three are enough.
    event = make_event(pairs=4, start=True, num_rounds=3, boards_per_round=1, finish_threshold=0.6)
    play_all(event, 1)
    play_all(event, 2)
    leaver = event.rounds.get(number=3).tables.get(number=1).ns
    services.entry_withdraw(entry=leaver, by=director)  # during round 3: its table is cut
    rnd3 = event.rounds.get(number=3)
    other = rnd3.tables.get(number=2)
    services.result_submit(
        table_id=other.pk,
        board_id=rnd3.boards.get().pk,
        user=other.ns.members.first().player,
        contract="3NT",
        declarer="N",
        tricks=9,
        lead=held_lead(rnd3.boards.get().pk, "N"),
    )
    services.round_close(event=event, number=3)
    leaver.refresh_from_db()
    assert leaver.status == Entry.Status.WITHDRAWN and leaver.boards_played == 2
    assert leaver.finished and leaver.rank is not None
    # It led after round 2 (table 1 NS of round 3), and round 3 (one result) scores 0.
    assert (leaver.rank, leaver.master_points) == (1, 3)
    assert [master_points_total(player=m.player) for m in leaver.members.all()] == [3, 3]
