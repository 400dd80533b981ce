"""Analyse a board's play once it has ended and store it (``docs/rules.md`` § The
analysis of the play): a table's result (online, the pool, a file with the play, a typed
result with its play) or a practice board. Safe to run twice: the analysis of a board is
written over (``update_or_create``), never added to."""

from __future__ import annotations

import logging

from django.db import transaction
from django.utils import timezone

from online.models import BoardPlay, PlayAction
from practice.models import PracticeBoard
from scoring import format_contract
from tableplay.cards import seat_next
from tableplay.records import auction_calls, play_tricks, record_split, trump_of
from tableplay.rules import auction_outcome
from tournaments.models import Board, Result
from tournaments.services.analysis import boards_analyse

from .costs import Claim, CostResult, card_costs, contract_vs_par
from .models import BoardAnalysis

__all__ = [
    "PlayRecord",
    "result_cards",
    "result_contract",
    "practice_board_analyse",
    "result_analyse",
    "result_play",
    "results_analyse",
]

logger = logging.getLogger(__name__)


class PlayRecord:
    """What the analysis reads of a board's end: the contract ("4SX", "PASS"),
    declarer, the cards in the order played, the declaring side's tricks and the claim
    that ended the play (None)."""

    def __init__(self, contract, declarer, cards, tricks, claim):
        self.contract = contract
        self.declarer = declarer
        self.cards = cards
        self.tricks = tricks
        self.claim = claim


def result_contract(result: Result) -> tuple[str, str | None] | None:
    """The contract ("4SX", "PASS") and declarer a result was played in: its own, or for
    a cut board its auction's when the auction had ended; None otherwise (an adjusted
    score, an auction that never ended)."""
    if result.status == Result.Status.ADJUSTED:
        return None
    contract, declarer = (result.contract or "").upper(), result.declarer or None
    if not contract:  # a cut board keeps its auction: its contract if the auction ended
        dealer, calls = auction_calls(result.auction)
        if not dealer:
            return None
        outcome, declarer = auction_outcome(
            dealer, [(seat_next(dealer, i), call) for i, call in enumerate(calls)]
        )
        if outcome is None:
            return None
        contract = format_contract(outcome)
    if contract == "PASS" or not declarer:
        return "PASS", None
    return contract, declarer


def result_cards(result: Result, contract: str) -> list[str]:
    """The cards of a result's stored play in the order they were played."""
    if contract == "PASS":
        return []
    tricks = play_tricks(result.play, trump_of(contract))
    return [card for trick in tricks for _, card in trick.cards]


def result_play(result: Result) -> PlayRecord | None:
    """The play of a result as stored (``Result.auction``/``Result.play``), or None when
    there is nothing to analyse: an adjusted score, or an auction that never ended."""
    played = result_contract(result)
    if played is None:
        return None
    contract, declarer = played
    if contract == "PASS":
        return PlayRecord("PASS", None, [], None, None)
    cards = result_cards(result, contract)
    first = record_split(result.play)[0]
    if cards and first != seat_next(declarer):
        logger.warning("result %s: its play does not start at declarer's left", result.pk)
        return None
    claim = None
    if result.status == Result.Status.PLAYED and result.tricks is not None and len(cards) < 52:
        claim = _claim_of(result, declarer)
    return PlayRecord(contract, declarer, cards, result.tricks, claim)


def _claim_of(result: Result, declarer: str) -> Claim | None:
    """The claim that ended a played board early: its claimer from the online record
    (declarer for a file's or a typed result's); None when the clock cut it and the
    director's setting scored it double dummy (no claim)."""
    play = BoardPlay.objects.filter(result=result).values_list("pk", flat=True).first()
    if play is None:
        return Claim(declarer, result.tricks)
    kinds = list(
        PlayAction.objects.filter(play_id=play, kind__in=("claim", "cut"))
        .order_by("seq")
        .values_list("kind", "seat")
    )
    if not kinds or kinds[-1][0] == "cut":
        return None
    return Claim(kinds[-1][1], result.tricks)


def _analysis_fields(board: Board, record: PlayRecord) -> dict | None:
    """The analysis to store; None when the record is not a play of the board's deal
    (an imported file's mistake: a card its player does not hold or may not play)."""
    costs = CostResult()
    if record.contract != "PASS":
        try:
            costs = card_costs(
                board.deal, record.contract, record.declarer, record.cards, claim=record.claim
            )
        except ValueError as error:
            logger.warning("board %s: its play is not a play of its deal (%s)", board.pk, error)
            return None
    fields = {
        "card_costs": costs.card_costs,
        "tricks_after": costs.tricks_after,
        "claim_cost": costs.claim_cost,
        "par_score": None,
        "imps_from_par": None,
        "missed_game": False,
        "missed_slam": False,
        "computed_at": timezone.now(),
    }
    finished = record.contract == "PASS" or record.tricks is not None
    if finished:  # a cut board has no score to hold against par
        if board.dd_table is None or board.par_score is None:
            boards_analyse(board_ids=[board.pk])  # once a board, stored with it
            board.refresh_from_db(fields=["dd_table", "par_score", "par_contracts"])
        par = contract_vs_par(
            board.deal, board.dealer, board.vulnerability, record.contract, record.declarer,
            record.tricks, dd_table=board.dd_table, par_score=board.par_score,
        )  # fmt: skip
        fields.update(
            par_score=par.par_score,
            imps_from_par=par.imps_from_par,
            missed_game=par.missed_game,
            missed_slam=par.missed_slam,
        )
    return fields


def result_analyse(*, result_id: int) -> BoardAnalysis | None:
    """Analyse a result's play and store it (over any analysis before); None when it
    has nothing to analyse."""
    result = Result.objects.select_related("board").filter(pk=result_id).first()
    if result is None:
        return None
    record = result_play(result)
    if record is None:
        return None
    fields = _analysis_fields(result.board, record)
    if fields is None:
        return None
    with transaction.atomic():
        analysis, _ = BoardAnalysis.objects.update_or_create(result=result, defaults=fields)
    return analysis


def practice_board_analyse(*, row_id: int) -> BoardAnalysis | None:
    """Analyse a practice board that is over and store it (over any analysis before)."""
    row = PracticeBoard.objects.select_related("board").filter(pk=row_id).first()
    if row is None or row.status != PracticeBoard.Status.OVER or not row.contract:
        return None
    from practice.play import board_table  # the practice table's one replay

    table = board_table(row)
    cards = [card.value for card in table.cards]
    claim = None
    claims = [seat for seat, kind, _value, _alert in row.actions if kind == "claim"]
    if row.contract != "PASS" and claims and len(cards) < 52 and row.tricks is not None:
        claim = Claim(claims[-1], row.tricks)
    record = PlayRecord(row.contract, row.declarer or None, cards, row.tricks, claim)
    fields = _analysis_fields(row.board, record)
    if fields is None:
        return None
    with transaction.atomic():
        analysis, _ = BoardAnalysis.objects.update_or_create(practice_board=row, defaults=fields)
    return analysis


def results_analyse(*, event_id: int | None = None, missing_only: bool = True) -> int:
    """Analyse the results with a contract (of one event, or all), those without an
    analysis yet unless ``missing_only`` is False; returns how many were analysed."""
    rows = Result.objects.exclude(status=Result.Status.ADJUSTED).exclude(auction="", play="")
    if event_id is not None:
        rows = rows.filter(board__event_id=event_id)
    if missing_only:
        rows = rows.filter(analysis__isnull=True)
    done = 0
    for pk in rows.order_by("pk").values_list("pk", flat=True).iterator():
        done += result_analyse(result_id=pk) is not None
    return done
