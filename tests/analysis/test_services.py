"""The analysis of a board's play is queued at its end and stored once (docs/rules.md §
The analysis of the play): online, with a claim, a cut board, a practice board, a
file's result, and the backfill command."""

from __future__ import annotations

import io
import random

import pytest
from django.core.management import call_command

from analysis.costs import Claim, card_costs
from analysis.models import BoardAnalysis
from analysis.services import result_analyse
from practice import services as practice_services
from practice.models import PracticeBoard
from scoring import format_contract
from tableplay.cards import seat_next
from tableplay.records import auction_record, play_record, trump_of
from tests.factories.accounts import UserFactory
from tests.online.conftest import play_out, seated_table
from tests.practice.conftest import mp_event, play_grand_slam  # noqa: F401 (a fixture)
from tests.tableplay.helpers import legal_cards, play_random_board
from tests.tournaments.interchange.test_results_import import exported
from tournaments.interchange.importers.dispatch import event_results_import
from tournaments.models import Board, Result
from tournaments.simulation import SimulationConfig, simulate_swiss_event


@pytest.fixture
def analysing(settings):
    settings.ANALYSE_BOARDS_ON_END = True


def played_cards(result: Result) -> list[str]:
    from tableplay.records import play_tricks

    return [c for t in play_tricks(result.play, trump_of(result.contract)) for _, c in t.cards]


@pytest.mark.django_db
def test_a_board_played_online_is_analysed_at_its_end(
    make_event, analysing, django_capture_on_commit_callbacks
):
    online = seated_table(make_event(pairs=4, start=True, online_play=True))
    with django_capture_on_commit_callbacks(execute=True):
        play_out(online, random.Random(5))
    result = Result.objects.get(table=online.table, board__number=1)
    analysis = BoardAnalysis.objects.get(result=result)
    if result.contract == "PASS":
        assert analysis.card_costs == [] and analysis.missed_game in (True, False)
        return
    cards = played_cards(result)
    assert len(cards) == 52
    want = card_costs(result.board.deal, result.contract, result.declarer, cards)
    assert analysis.card_costs == want.card_costs
    assert analysis.tricks_after == want.tricks_after
    assert analysis.claim_cost is None
    board = result.board
    board.refresh_from_db()
    assert analysis.par_score == board.par_score is not None
    # run again: written over, not added to
    again = result_analyse(result_id=result.pk)
    assert again.pk == analysis.pk and BoardAnalysis.objects.count() == 1


@pytest.mark.django_db
def test_a_claim_is_costed_apart_and_the_cards_before_it_are_costed(
    make_event, analysing, django_capture_on_commit_callbacks
):
    online = seated_table(make_event(pairs=4, start=True, online_play=True))
    rng = random.Random(9)
    with django_capture_on_commit_callbacks(execute=True):
        engine = online.engine()
        online.act(engine.to_play, "call", "1NT")
        for _ in range(3):
            engine = online.engine()
            online.act(engine.to_play, "call", "P")
        for _ in range(8):
            engine = online.engine()
            online.act(engine.actor, "card", rng.choice(legal_cards(engine)))
        engine = online.engine()
        declarer = engine.declarer
        online.act(declarer, "claim", 0)  # concedes every trick left
        online.act(seat_next(declarer), "accept")
        online.act(seat_next(declarer, 3), "accept")
    result = Result.objects.get(table=online.table, board__number=1)
    analysis = result.analysis
    cards = played_cards(result)
    assert len(cards) == 8 and len(analysis.card_costs) == 8
    want = card_costs(
        result.board.deal, "1NT", declarer, cards, claim=Claim(declarer, result.tricks)
    )
    assert analysis.card_costs == want.card_costs
    assert analysis.claim_cost == want.claim_cost
    # conceding the rest gives up what the declaring side could still take double dummy
    last = engine.cards[-1].seat
    could = analysis.tricks_after[-1]
    if last not in (declarer, seat_next(declarer, 2)):
        could = 13 - could
    assert analysis.claim_cost == could - result.tricks


@pytest.mark.django_db
def test_a_cut_board_is_analysed_up_to_the_cut_without_par(make_event, analysing):
    event = make_event(pairs=4, start=True)
    table = event.rounds.get(number=1).tables.order_by("number").first()
    result = Result.objects.create(
        table=table, board=event.boards.get(number=1), status=Result.Status.CUT,
        auction="N:1S Pass Pass Pass",
    )  # fmt: skip
    deal = result.board.deal
    from tableplay import Action, Table

    engine = Table(deal, "N", result.board.vulnerability)
    for i, call in enumerate(["1S", "P", "P", "P"]):
        engine.apply(Action("call", seat_next("N", i), call))
    rng = random.Random(2)
    for _ in range(6):
        engine.apply(Action("card", engine.actor, rng.choice(legal_cards(engine))))
    cards = [c.value for c in engine.cards]
    result.play = play_record("E", cards, "S")
    result.save()
    analysis = result_analyse(result_id=result.pk)
    assert analysis.card_costs == card_costs(deal, "1S", "N", cards).card_costs
    assert len(analysis.card_costs) == 6
    assert analysis.claim_cost is None and analysis.imps_from_par is None


@pytest.mark.django_db
def test_nothing_is_queued_with_the_setting_off(make_event, django_capture_on_commit_callbacks):
    online = seated_table(make_event(pairs=4, start=True, online_play=True))
    with django_capture_on_commit_callbacks(execute=True):
        play_out(online, random.Random(5))
    assert not BoardAnalysis.objects.exists()
    out = io.StringIO()
    call_command("analyse_boards", "--event", str(online.event.pk), stdout=out)
    assert out.getvalue().startswith("1 results")
    assert BoardAnalysis.objects.count() == 1
    call_command("analyse_boards", stdout=out)  # the backfill leaves an analysed board be
    assert BoardAnalysis.objects.count() == 1


@pytest.mark.django_db(transaction=True)
def test_a_practice_board_is_analysed_when_it_is_over(mp_event, analysing):  # noqa: F811
    # the fixture dealt board 1 anew: its stored double-dummy table is of the old deal
    Board.objects.filter(event=mp_event).update(dd_table=None, par_score=None)
    user = UserFactory()
    session = practice_services.practice_create(user=user, event_id=mp_event.pk)
    row = play_grand_slam(user, session)  # the robots and the analysis run on each commit
    assert row.status == PracticeBoard.Status.OVER
    analysis = BoardAnalysis.objects.get(practice_board=row)
    assert len(analysis.card_costs) == 52
    assert analysis.card_costs == [0] * 52  # thirteen trumps: nobody can lose a trick
    # par is East-West's sacrifice, 7C or 7D doubled four down (800): NS's 1510 is 710
    # points, 12 IMPs, above it
    assert (analysis.par_score, analysis.imps_from_par) == (800, 12)
    assert not analysis.missed_game and not analysis.missed_slam


@pytest.mark.django_db
def test_a_files_results_with_their_play_are_analysed_on_import(
    analysing, django_capture_on_commit_callbacks
):
    event = simulate_swiss_event(SimulationConfig(pairs=4, rounds=1, boards_per_round=1, seed=5))
    rng = random.Random(7)
    played = Result.objects.filter(board__event=event, status=Result.Status.PLAYED)
    assert played.exists()
    for result in played:
        board = play_random_board(rng, result.board.deal)
        while board.declarer is None:
            board = play_random_board(rng, result.board.deal)
        result.contract = format_contract(board.contract)
        result.declarer, result.tricks = board.declarer, board.result.tricks
        result.auction = auction_record(board.dealer, [c.value for c in board.calls])
        result.play = play_record(
            board.cards[0].seat, [c.value for c in board.cards], board.contract.strain
        )
        result.save()
    with django_capture_on_commit_callbacks(execute=True):
        imported = event_results_import(data=exported(event, "pbn"))
    rows = Result.objects.filter(board__event=imported).exclude(play="")
    assert rows.count() == played.count()
    for row in rows.select_related("board"):
        analysis = row.analysis
        want = card_costs(row.board.deal, row.contract, row.declarer, played_cards(row))
        assert analysis.card_costs == want.card_costs and len(analysis.card_costs) == 52
    # a record that is not a play of its deal is left unanalysed, not an error
    row = rows.first()
    BoardAnalysis.objects.filter(result=row).delete()
    Result.objects.filter(pk=row.pk).update(declarer=seat_next(row.declarer))
    assert result_analyse(result_id=row.pk) is None
