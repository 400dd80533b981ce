"""Only the ASCII digits 0-9 make a number: other Unicode digits in a PBN or USEBIO file or in
a result are refused with a clear 4xx (never a 500) and change nothing."""

from __future__ import annotations

import random
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from tests.conftest import api_client, held_lead, player
from tournaments import services
from tournaments.deals import deal_generate
from tournaments.errors import BridgeError
from tournaments.interchange import PbnError, UsebioError, pbn_results_parse, usebio_parse
from tournaments.models import Result

pytestmark = pytest.mark.django_db

# Characters ``str.isdigit()`` says are digits: superscript two (``int`` refuses it),
# Arabic-Indic three and fullwidth three (``int`` reads them as 3).
NOT_ASCII_DIGITS = ["²", "٣", "３"]


client_for = api_client


def deals_pbn(boards: dict[str, str]) -> str:
    return "% PBN 2.1\n\n" + "\n".join(
        f'[Event "x"]\n[Board "{number}"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{deal}"]\n'
        for number, deal in boards.items()
    )


# --- 1. only 0-9 are digits ---------------------------------------------------------------


@pytest.mark.parametrize("board", NOT_ASCII_DIGITS)
def test_deal_import_api_refuses_a_board_number_that_is_not_ascii_digits(
    board, make_event, director
):
    event = make_event(pairs=4, num_rounds=2, boards_per_round=2)
    text = deals_pbn({board: deal_generate(rng=random.Random(1))})

    response = client_for(director).post(
        f"/api/events/{event.pk}/import/deals/", {"pbn": text}, format="json"
    )

    assert response.status_code == 400
    assert response.data["code"] == "board_number"
    assert f"“{board}”" in response.data["detail"]
    event.refresh_from_db()
    assert event.settings.preset_deals == {}


@pytest.mark.parametrize("board", NOT_ASCII_DIGITS)
def test_import_deals_command_names_the_bad_board(board, make_event, tmp_path):
    event = make_event(pairs=4, num_rounds=2, boards_per_round=2)
    path = tmp_path / "deals.pbn"
    path.write_text(deals_pbn({board: deal_generate(rng=random.Random(1))}), encoding="utf-8")

    with pytest.raises(CommandError, match=f"“{board}”"):
        call_command("import_deals", event.pk, str(path), stdout=StringIO())
    event.refresh_from_db()
    assert event.settings.preset_deals == {}


@pytest.mark.parametrize("digit", NOT_ASCII_DIGITS)
def test_results_pbn_reader_takes_only_ascii_numbers(digit):
    deal = deal_generate(rng=random.Random(1))
    with pytest.raises(PbnError):
        pbn_results_parse(deals_pbn({digit: deal}))
    score_table = (
        '[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer\\1R;Result\\2R;'
        'Lead\\3L;Score_NS\\6R;IMP_NS\\6R;IMP_EW\\6R"]\n'
    )
    row = f" 1  2 4S   N  1{digit} HA     420   1.00  -1.00\n"
    parsed = pbn_results_parse(deals_pbn({"1": deal}) + score_table + row)
    # the line is not read (it is left out, and the import says so)
    assert parsed["boards"][1]["results"] == []
    assert parsed["left_out"][0]["reason"] == f"result '1{digit}' is not a number of tricks."
    # An optimum score in other digits is not read as a number either: the board is named.
    text = deals_pbn({"1": deal}).replace("[Deal ", f'[OptimumScore "NS 42{digit}"]\n[Deal ')
    with pytest.raises(PbnError, match="Board 1: par"):
        pbn_results_parse(text)


@pytest.mark.parametrize("digit", NOT_ASCII_DIGITS)
def test_usebio_reader_takes_only_ascii_numbers(digit):
    xml = (
        '<?xml version="1.0"?><USEBIO Version="1.2"><CLUB/><EVENT EVENT_TYPE="SWISS_PAIRS">'
        f"<EVENT_IDENTIFIER>1{digit}</EVENT_IDENTIFIER></EVENT></USEBIO>"
    )
    with pytest.raises(UsebioError):
        usebio_parse(xml)


@pytest.mark.parametrize("digit", NOT_ASCII_DIGITS)
def test_result_entry_refuses_tricks_in_other_digits(digit, make_event):
    event = make_event(pairs=4, start=True)
    table = event.rounds.get(number=1).tables.get(number=1)
    board = event.boards.get(number=1)
    with pytest.raises(BridgeError) as err:
        services.result_submit(
            table_id=table.pk,
            board_id=board.pk,
            user=player(table.ns),
            contract="1S",
            declarer="N",
            tricks=f"1{digit}" if digit != "²" else digit,
            lead=held_lead(board.pk, "N"),
        )
    assert err.value.code == "tricks"
    assert not Result.objects.filter(table=table).exists()
