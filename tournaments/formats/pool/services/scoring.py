"""Scoring at arrival: a result's place in the arrival order and its score against
the board's datum (``docs/rules.md`` § The scoring pool)."""

from __future__ import annotations

import scoring

from ....lock_objects import (
    pool_board_for_update,
    pool_settings_for_update,
)
from ....models import (
    Event,
    PoolResult,
    PoolScore,
    Result,
)
from ...seats import seated_entries

# -- scoring at arrival -------------------------------------------------------------------


def _side_imps(result: Result, datum: int) -> tuple[int, int]:
    """(NS, EW) IMPs of a result against ``datum``; an adjusted score gets the
    adjustment's IMPs (+3 / 0 / -3) for each side."""
    if result.status == Result.Status.ADJUSTED:
        return (
            int(scoring.adjusted_points(result.ns_adjustment or "A=", Event.Method.IMP)),
            int(scoring.adjusted_points(result.ew_adjustment or "A=", Event.Method.IMP)),
        )
    ns = scoring.imps(result.ns_score - datum)
    return ns, -ns


def _score(
    event: Event, pool_results: list[PoolResult], datum: int, seq: int, known: Result | None
) -> None:
    """Give the final score of each of ``pool_results`` against ``datum`` (one batch;
    ``known``: the arriving result, already in memory)."""
    ids = [p.result_id for p in pool_results]
    if known is not None and ids == [known.pk]:
        results = {known.pk: known}
    else:
        results = {r.pk: r for r in Result.objects.filter(pk__in=ids)}
    seats = seated_entries(event, {r.table_id for r in results.values()})
    scores = []
    for pr in pool_results:
        result = results[pr.result_id]
        ns, ew = _side_imps(result, datum)
        pr.datum, pr.ns_imps, pr.scored_at_seq = datum, ns, seq
        result.ns_points, result.ew_points = float(ns), float(ew)
        for seat, (player_id, entry_id) in seats[result.table_id].items():
            if seat in pr.robot_seats:  # a robot is no player of the pool: no score
                continue
            scores.append(
                PoolScore(
                    event=event, result=result, entry_id=entry_id,
                    player_id=player_id, seat=seat, imps=ns if seat in "NS" else ew,
                    scored_at_seq=seq,
                )
            )  # fmt: skip
    PoolResult.objects.bulk_update(pool_results, ["datum", "ns_imps", "scored_at_seq"])
    Result.objects.bulk_update(list(results.values()), ["ns_points", "ew_points"])
    PoolScore.objects.bulk_create(scores)


def _datum(board_id: int) -> int:
    """The trimmed average of the board's played results at tables of four people
    (robots never set the field's datum)."""
    played = Result.objects.filter(
        pool__board_id=board_id, pool__robot_seats="", status=Result.Status.PLAYED
    ).values_list("ns_score", flat=True)
    played = list(played)
    return scoring.butler_datum(played) if played else 0


def pool_result_arrived(*, result: Result) -> PoolResult | None:
    """A played result was stored at a pool table (inside the entry's transaction):
    number it in the arrival order and score it (``docs/rules.md`` § The scoring pool).
    Only results of four people count towards the board's *score at* and enter its
    datum; a result played with robots is scored against that datum once the board has
    it, its people only (``docs/rules.md`` § Robots, the pool)."""
    if result.status not in (Result.Status.PLAYED, Result.Status.ADJUSTED):
        return None
    pool_board = pool_board_for_update(board_id=result.board_id, robots_at=result.table_id)
    settings = pool_settings_for_update(event_id=pool_board.event_id)
    settings.last_seq += 1
    settings.save(update_fields=["last_seq"])
    seq = settings.last_seq
    pool_board.results += 1
    if not pool_board.robot_seats:
        pool_board.field_results += 1
    if pool_board.results >= settings.retire_at:
        pool_board.retired = True
    pool_board.save(update_fields=["results", "field_results", "retired"])
    arrived = PoolResult.objects.create(
        result=result, event_id=pool_board.event_id, board_id=result.board_id, seq=seq,
        robot_seats=pool_board.robot_seats,
    )  # fmt: skip
    field = pool_board.field_results
    if field >= settings.score_at:
        batch = (
            [
                arrived if p.pk == arrived.pk else p
                for p in PoolResult.objects.filter(
                    board_id=result.board_id, scored_at_seq__isnull=True
                ).order_by("seq")
            ]
            if field == settings.score_at and not arrived.robot_seats
            else [arrived]
        )
        _score(settings.event, batch, _datum(result.board_id), seq, result)
    return arrived


def pool_result_corrected(*, result: Result) -> None:
    """A director corrected a pool result: once it has its final score, its players'
    scores are given again against the datum that was used (the other results' scores
    stand, ``docs/rules.md`` § The scoring pool)."""
    pr = PoolResult.objects.filter(result=result).first()
    if pr is None or pr.datum is None:
        return
    ns, ew = _side_imps(result, pr.datum)
    pr.ns_imps = ns
    pr.save(update_fields=["ns_imps"])
    Result.objects.filter(pk=result.pk).update(ns_points=float(ns), ew_points=float(ew))
    result.ns_points, result.ew_points = float(ns), float(ew)
    # (a robot has no score to give again)
    PoolScore.objects.filter(result=result, seat__in=["N", "S"]).update(imps=ns)
    PoolScore.objects.filter(result=result, seat__in=["E", "W"]).update(imps=ew)
