"""A director's correction racing a round close (PostgreSQL).

The close of round N writes every total; a correction of a round N-1 result rebuilds
the standings. Both hold the event's lock, so whichever comes second sees what the first
committed, and the stored totals always agree with the closed rounds' results.
"""

import random
import threading
import time
from collections import defaultdict

import pytest
from django.db import connection

import scoring
from tests.conftest import held_lead, need_postgres
from tournaments import services
from tournaments.models import Entry, Result, Round, Standing
from tournaments.services import rounds as rounds_service

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres]

CLOSE_HOLDS = 0.6  # seconds the close holds its transaction open after writing totals


def _play_round(event, number, rng):
    rnd = event.rounds.get(number=number)
    for table in rnd.tables.filter(ew__isnull=False):
        ns = table.ns.members.first().player
        for board in rnd.boards.all():
            services.result_submit(
                table_id=table.pk,
                board_id=board.pk,
                user=ns,
                contract="4S",
                declarer="N",
                tricks=rng.randint(7, 12),
                lead=held_lead(board.pk, "N"),
            )


def _independent_totals(event):
    """Totals recomputed from the results of the closed rounds with ``scoring`` alone."""
    closed = set(Round.objects.filter(event=event, status="closed").values_list("pk", flat=True))
    results = Result.objects.filter(table__round__in=closed).select_related("table")
    by_board = defaultdict(list)
    for r in results:
        by_board[r.board_id].append(r)
    total = defaultdict(float)
    played = defaultdict(int)
    for board_results in by_board.values():
        scored = [r for r in board_results if r.status == Result.Status.PLAYED]
        points = scoring.score_board([r.ns_score for r in scored], event.method)
        for r, (ns, ew) in zip(scored, points, strict=True):
            total[r.table.ns_id] += ns
            total[r.table.ew_id] += ew
            played[r.table.ns_id] += 1
            played[r.table.ew_id] += 1
        for r in board_results:
            if r.status == Result.Status.ADJUSTED:
                if r.ns_adjustment:
                    total[r.table.ns_id] += scoring.adjusted_points(r.ns_adjustment, event.method)
                if r.ew_adjustment and r.table.ew_id:
                    total[r.table.ew_id] += scoring.adjusted_points(r.ew_adjustment, event.method)
    return total, played


@pytest.mark.slow
@pytest.mark.parametrize("offset", [-0.2, 0.0, 0.05, 0.2, 0.4, 0.8])
def test_a_correction_racing_a_round_close_leaves_every_total_right(
    make_event, director, monkeypatch, offset
):
    need_postgres()
    rng = random.Random(5)
    event = make_event(pairs=12, start=True, num_rounds=3, boards_per_round=2)
    _play_round(event, 1, rng)
    services.round_close(event=event, number=1)
    _play_round(event, 2, rng)
    target = Result.objects.filter(table__round__number=1, status="played").first()

    real = rounds_service.totals_recompute

    def slow_totals(**kwargs):  # the close writes its totals, then takes a while to commit
        out = real(**kwargs)
        time.sleep(CLOSE_HOLDS)
        return out

    monkeypatch.setattr(rounds_service, "totals_recompute", slow_totals)
    errors = []

    def close():
        try:
            services.round_close(event=event, number=2)
        except Exception as exc:  # noqa: BLE001 - reported below
            errors.append(exc)
        finally:
            connection.close()

    def correct():
        try:
            services.result_correct(
                table_id=target.table_id,
                board_id=target.board_id,
                director=director,
                contract="6NT",
                declarer="N",
                tricks=13,
                lead=held_lead(target.board_id, "N"),
            )
        except Exception as exc:  # noqa: BLE001 - reported below
            errors.append(exc)
        finally:
            connection.close()

    first, second = (correct, close) if offset < 0 else (close, correct)
    threads = [threading.Thread(target=first), threading.Thread(target=second)]
    threads[0].start()
    time.sleep(abs(offset))
    threads[1].start()
    for t in threads:
        t.join(timeout=60)
    assert not errors, errors

    assert Round.objects.get(event=event, number=2).status == "closed"
    total, played = _independent_totals(event)
    for entry in Entry.objects.filter(event=event):
        assert entry.total == pytest.approx(total[entry.pk], abs=1e-6), entry
        assert entry.boards_played == played[entry.pk], entry
        after_two = Standing.objects.get(entry=entry, round_number=2)
        assert after_two.total == pytest.approx(total[entry.pk], abs=1e-6), entry
