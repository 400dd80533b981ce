"""Import and export: PBN hand records and results, USEBIO XML; round trips and refusals."""

from __future__ import annotations

import random
from datetime import date
from io import StringIO

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.utils import timezone
from endplay.parsers import pbn as endplay_pbn
from rest_framework.test import APIClient

from tests.factories import UserFactory
from tournaments import services
from tournaments.deals import deal_generate
from tournaments.interchange import (
    BoardRecord,
    EventRecord,
    PairRecord,
    PbnError,
    ResultLine,
    hands_pbn_write,
    pbn_parse,
    pbn_results_parse,
    results_pbn_write,
    usebio_parse,
    usebio_write,
)
from tournaments.interchange.pbn import dd_tricks_format, dd_tricks_parse
from tournaments.models import Board, Entry, Event, Result
from tournaments.simulation import SimulationConfig, simulate_swiss_event

PBN_TYPE = "application/x-pbn; charset=utf-8"
XML_TYPE = "application/xml; charset=utf-8"


def client_for(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def export(event: Event, name: str, user=None):
    return client_for(user).get(f"/api/events/{event.pk}/export/{name}")


def import_deals(event: Event, user, text: str, *, as_file: bool = True):
    url = f"/api/events/{event.pk}/import/deals/"
    if as_file:
        upload = SimpleUploadedFile("deals.pbn", text.encode(), content_type="application/x-pbn")
        return client_for(user).post(url, {"file": upload}, format="multipart")
    return client_for(user).post(url, {"pbn": text}, format="json")


def hand_pbn(deals: dict[int, str], event_name: str = "Deals") -> str:
    """A small PBN file written by hand (another program's style: no DD tags)."""
    games = [
        f'[Event "{event_name}"]\n[Board "{n}"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
        f'[Deal "{deal}"]\n'
        for n, deal in deals.items()
    ]
    return "% PBN 2.1\n\n" + "\n".join(games)


def db_lines(event: Event) -> dict[int, list[tuple]]:
    """The database's results (cut ones too: files say "not played") as comparable
    tuples, by board number."""
    order = dict(Entry.objects.filter(event=event).values_list("pk", "registration_order"))
    lines: dict[int, list[tuple]] = {}
    rows = (
        Result.objects.filter(board__event=event)
        .select_related("board", "table")
        .order_by("board__number", "table__round__number", "table__section", "table__number")
    )
    for r in rows:
        lines.setdefault(r.board.number, []).append(
            (
                order[r.table.ns_id],
                order.get(r.table.ew_id),
                r.contract,
                r.declarer,
                r.tricks,
                r.lead,
                r.ns_score,
                r.ns_adjustment,
                r.ew_adjustment,
                None if r.ns_points is None else round(r.ns_points, 2),
                None if r.ew_points is None else round(r.ew_points, 2),
                r.status,
            )
        )
    return lines


def parsed_lines(boards: dict[int, dict]) -> dict[int, list[tuple]]:
    keys = ("ns_pair", "ew_pair", "contract", "declarer", "tricks", "lead", "ns_score")
    keys += ("ns_adjustment", "ew_adjustment", "ns_points", "ew_points")
    return {
        number: [(*(line[k] for k in keys), _status(line)) for line in board["results"]]
        for number, board in boards.items()
        if board["results"]
    }


def _status(line: dict) -> str:
    if line["not_played"]:
        return Result.Status.CUT
    adjusted = line["ns_adjustment"] or line["ew_adjustment"]
    return Result.Status.ADJUSTED if adjusted else Result.Status.PLAYED


@pytest.fixture
def finished_event(db):
    """A finished event with a bye (5 pairs), analysed boards, a passed-out board and a
    director's adjusted score."""
    event = simulate_swiss_event(
        SimulationConfig(pairs=5, rounds=2, boards_per_round=2, seed=3, name="Spring Swiss")
    )
    results = list(
        Result.objects.filter(board__event=event, table__ew__isnull=False)
        .select_related("table", "board")
        .order_by("board__number", "table__number")
    )
    director = event.director
    first, second = results[0], results[-1]
    services.result_correct(
        table_id=first.table_id, board_id=first.board_id, director=director, contract="PASS"
    )
    services.result_correct(
        table_id=second.table_id,
        board_id=second.board_id,
        director=director,
        ns_adjustment="A+",
        ew_adjustment="A-",
    )
    event.refresh_from_db()
    return event


# --- hand records ------------------------------------------------------------------------


@pytest.mark.slow
def test_hands_export_has_the_tags_and_reads_with_endplay(finished_event):
    response = export(finished_event, "hands.pbn")
    assert response.status_code == 200
    assert response["Content-Type"] == PBN_TYPE
    assert response["Content-Disposition"] == (
        f'attachment; filename="event-{finished_event.pk}-hands.pbn"'
    )
    text = response.content.decode()
    boards = {b.number: b for b in Board.objects.filter(event=finished_event)}
    games = pbn_parse(text)
    assert [int(g.tags["Board"]) for g in games] == [1, 2, 3, 4]
    for game in games:
        board = boards[int(game.tags["Board"])]
        assert game.tags["Event"] == "Spring Swiss"
        assert game.tags["Site"] == ""
        assert game.tags["Date"] == timezone.localtime(finished_event.start_at).strftime("%Y.%m.%d")
        assert game.tags["Dealer"] == board.dealer
        assert game.tags["Vulnerable"] == board.vulnerability
        assert game.tags["Deal"] == board.deal
        assert dd_tricks_parse(game.tags["DoubleDummyTricks"]) == board.dd_table
        side, score = game.tags["OptimumScore"].split()
        assert (int(score) if side == "NS" else -int(score)) == board.par_score
        assert game.tags["ParContract"] == board.par_contracts

    read = endplay_pbn.loads(text)
    assert [(b.board_num, b.deal.to_pbn()) for b in read] == [
        (n, boards[n].deal) for n in sorted(boards)
    ]


@pytest.mark.slow
def test_hands_round_trip_into_a_new_event(finished_event, make_event, director):
    text = export(finished_event, "hands.pbn").content.decode()
    event = make_event(pairs=4, num_rounds=2, boards_per_round=2)

    response = import_deals(event, director, text)

    assert response.status_code == 200, response.data
    assert response.data == {"event": event.pk, "boards": [1, 2, 3, 4]}
    services.event_start(event=event, rng=random.Random(5))
    services.round_close(event=event, number=1)
    dealt = dict(Board.objects.filter(event=event).values_list("number", "deal"))
    assert dealt == dict(Board.objects.filter(event=finished_event).values_list("number", "deal"))


def test_import_as_json_text_and_missing_boards_are_shuffled(make_event, director):
    event = make_event(pairs=4, num_rounds=2, boards_per_round=2)
    deal = deal_generate(rng=random.Random(1))
    response = import_deals(event, director, hand_pbn({3: deal}), as_file=False)
    assert response.status_code == 200, response.data
    assert response.data["boards"] == [3]
    services.event_start(event=event, rng=random.Random(2))
    services.round_close(event=event, number=1)
    assert Board.objects.get(event=event, number=3).deal == deal
    assert Board.objects.get(event=event, number=1).deal != deal


def test_import_normalises_deals_given_from_another_seat(make_event, director):
    event = make_event(pairs=4, num_rounds=1, boards_per_round=1)
    north, east, south, west = deal_generate(rng=random.Random(4))[2:].split()
    from_east = f"E:{east.lower()} {south} {west} {north}"
    assert import_deals(event, director, hand_pbn({1: from_east})).status_code == 200
    event.refresh_from_db()
    assert event.settings.preset_deals == {"1": f"N:{north} {east} {south} {west}"}


# --- refusals -----------------------------------------------------------------------------


def _card_twice(deal: str) -> str:
    """North gives up a card and takes East's first one instead: that card twice."""
    north, east, *rest = (hand.split(".") for hand in deal[2:].split())
    suit = next(i for i, ranks in enumerate(east) if ranks)
    donor = next(i for i, ranks in enumerate(north) if ranks)
    north[donor] = north[donor][1:]
    north[suit] += east[suit][0]
    return "N:" + " ".join(".".join(hand) for hand in [north, east, *rest])


def _twelve_cards(deal: str) -> str:
    """East's first card is left out."""
    hands = deal[2:].split()
    first = next(i for i, c in enumerate(hands[1]) if c != ".")
    hands[1] = hands[1][:first] + hands[1][first + 1 :]
    return "N:" + " ".join(hands)


@pytest.mark.parametrize("problem", ["card_twice", "twelve_cards"])
def test_import_refuses_a_bad_deal_naming_the_board(problem, make_event, director):
    event = make_event(pairs=4, num_rounds=2, boards_per_round=2)
    deals = {n: deal_generate(rng=random.Random(n)) for n in (1, 2, 3, 4)}
    deals[3] = _card_twice(deals[3]) if problem == "card_twice" else _twelve_cards(deals[3])

    response = import_deals(event, director, hand_pbn(deals))

    assert response.status_code == 400
    assert response.data["code"] == "bad_deal"
    assert "Board 3" in response.data["detail"]
    expected = "appears 2 times" if problem == "card_twice" else "East holds 12 cards"
    assert expected in response.data["detail"]
    event.refresh_from_db()
    assert event.settings.preset_deals == {}


def test_import_is_all_or_nothing_and_lists_every_problem(make_event, director):
    event = make_event(pairs=4, num_rounds=2, boards_per_round=2)
    good = {1: deal_generate(rng=random.Random(1))}
    assert import_deals(event, director, hand_pbn(good)).status_code == 200
    other = deal_generate(rng=random.Random(2))
    text = hand_pbn({2: good[1], 9: good[1]}) + "\n" + hand_pbn({2: other})

    response = import_deals(event, director, text)

    assert response.status_code == 400
    assert response.data["code"] == "board_number"
    assert "Board 9: this event has boards 1 to 4." in response.data["detail"]
    assert "Board 2: two different deals have this number." in response.data["detail"]
    event.refresh_from_db()
    assert event.settings.preset_deals == {"1": good[1]}  # the earlier import stands


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("not a pbn file", "pbn"),
        ('[Event "x"]\n[Site ""]\n', "no_deals"),
        ('[Event "x"]\n[Deal "N:AKQJ.T98.765.432 - - -"]\n', "board_number"),
    ],
)
def test_import_refuses_files_without_usable_deals(text, code, make_event, director):
    event = make_event(pairs=4, num_rounds=1, boards_per_round=1)
    response = import_deals(event, director, text)
    assert response.status_code == 400
    assert response.data["code"] == code


def test_import_after_the_start_is_refused(make_event, director):
    event = make_event(pairs=4, start=True)
    before = list(Board.objects.filter(event=event).values_list("number", "deal"))
    deals = {n: deal_generate(rng=random.Random(n)) for n in (1, 2)}

    response = import_deals(event, director, hand_pbn(deals))

    assert response.status_code == 409
    assert response.data["code"] == "started"
    event.refresh_from_db()
    assert event.settings.preset_deals == {}
    assert list(Board.objects.filter(event=event).values_list("number", "deal")) == before


def test_import_needs_the_director(make_event):
    event = make_event(pairs=4)
    text = hand_pbn({1: deal_generate(rng=random.Random(1))})
    player = Entry.objects.filter(event=event).first().members.first().player

    assert import_deals(event, player, text).status_code == 403
    assert import_deals(event, None, text).status_code in (401, 403)
    other_director = UserFactory()
    event.director = other_director
    event.save(update_fields=["director"])
    assert import_deals(event, other_director, text).status_code == 200
    event.refresh_from_db()
    assert list(event.settings.preset_deals) == ["1"]


# --- results -------------------------------------------------------------------------------


@pytest.mark.slow
def test_results_pbn_round_trip(finished_event):
    response = export(finished_event, "results.pbn")
    assert response.status_code == 200
    assert response["Content-Type"] == PBN_TYPE
    assert response["Content-Disposition"].endswith(f'"event-{finished_event.pk}-results.pbn"')
    text = response.content.decode()
    assert "IMP_NS\\6R" in text and "Pass" in text and "A+/A-" in text and "A=/-" in text

    data = pbn_results_parse(text)

    assert data["event"]["name"] == "Spring Swiss"
    assert parsed_lines(data["boards"]) == db_lines(finished_event)
    deals = dict(Board.objects.filter(event=finished_event).values_list("number", "deal"))
    assert {n: b["deal"] for n, b in data["boards"].items()} == deals
    entries = Entry.objects.filter(event=finished_event).order_by("registration_order")
    expected = {e.registration_order: (e.rank, round(e.total, 2), e.boards_played) for e in entries}
    assert {t["pair"]: (t["rank"], t["total"], t["boards"]) for t in data["totals"]} == expected
    names = {t["pair"]: t["names"] for t in data["totals"]}
    first = entries[0]
    assert names[1] == " - ".join(m.player.name for m in first.members.all())

    read = endplay_pbn.loads(text)  # endplay reads the deals of the results file too
    assert {b.board_num: b.deal.to_pbn() for b in read if b.board_num} == deals


@pytest.mark.slow
@pytest.mark.parametrize(
    ("method", "pbn_columns", "pbn_total", "usebio_method", "usebio_points"),
    [
        (Event.Method.MP, "MP_NS\\6R;MP_EW\\6R", "TotalPercentage", "MATCH_POINTS", "MATCH_POINTS"),
        (Event.Method.IMP, "IMP_NS\\6R;IMP_EW\\6R", "TotalScoreIMP", "IMPS", "IMPS"),
    ],
)
def test_each_method_has_its_columns_and_round_trips(
    method, pbn_columns, pbn_total, usebio_method, usebio_points, db
):
    event = simulate_swiss_event(
        SimulationConfig(pairs=4, rounds=1, boards_per_round=2, seed=5, method=method)
    )
    text = export(event, "results.pbn").content.decode()
    assert pbn_columns in text and pbn_total in text
    xml = export(event, "usebio.xml").content.decode()
    assert f"<BOARD_SCORING_METHOD>{usebio_method}</BOARD_SCORING_METHOD>" in xml
    assert f"<NS_{usebio_points}>" in xml
    assert ("<PERCENTAGE>" in xml) == (method == Event.Method.MP)

    for data in (pbn_results_parse(text), usebio_parse(xml)):
        assert parsed_lines(data["boards"]) == db_lines(event)
        if method == Event.Method.MP:
            for board in data["boards"].values():
                for line in board["results"]:
                    assert line["ns_points"] + line["ew_points"] == pytest.approx(100)


@pytest.mark.slow
def test_usebio_round_trip(finished_event):
    response = export(finished_event, "usebio.xml")
    assert response.status_code == 200
    assert response["Content-Type"] == XML_TYPE
    assert response["Content-Disposition"].endswith(f'"event-{finished_event.pk}-usebio.xml"')
    xml = response.content.decode()
    assert xml.startswith('<?xml version="1.0" encoding="UTF-8"?>\n<USEBIO Version="1.2">')
    assert '<EVENT EVENT_TYPE="SWISS_PAIRS">' in xml and "<NS_CROSS_IMP_POINTS>" in xml

    data = usebio_parse(response.content)

    assert data["event"]["name"] == "Spring Swiss"
    assert data["event"]["method"] == Event.Method.XIMP
    assert data["event"]["date"] == timezone.localtime(finished_event.start_at).date()
    assert parsed_lines(data["boards"]) == db_lines(finished_event)
    deals = dict(Board.objects.filter(event=finished_event).values_list("number", "deal"))
    assert {n: b["deal"] for n, b in data["boards"].items()} == deals
    entries = Entry.objects.filter(event=finished_event).prefetch_related("members__player")
    expected = {
        e.registration_order: (
            [m.player.name for m in e.members.all()],
            e.rank,
            round(e.total, 2),
            e.boards_played,
            e.master_points,
        )
        for e in entries
    }
    assert {
        p["number"]: (p["players"], p["rank"], p["total"], p["boards_played"], p["master_points"])
        for p in data["pairs"]
    } == expected
    assert sum(p["master_points"] for p in data["pairs"]) > 0


def test_exports_leave_out_the_round_in_play(make_event, director):
    event = make_event(pairs=4, start=True)
    for user in (None, director):  # the rule is the same for everyone, directors too
        hands = export(event, "hands.pbn", user).content.decode()
        assert "[Deal" not in hands

    services.round_close(event=event, number=1, rng=random.Random(3))
    event.refresh_from_db()
    assert event.current_round == 2
    in_play = dict(Board.objects.filter(event=event, round__number=2).values_list("number", "deal"))
    assert sorted(in_play) == [3, 4]

    for user in (None, director):
        hands = export(event, "hands.pbn", user).content.decode()
        assert [int(g.tags["Board"]) for g in pbn_parse(hands)] == [1, 2]
        results = export(event, "results.pbn", user).content.decode()
        assert sorted(pbn_results_parse(results)["boards"]) == [1, 2]
        xml = export(event, "usebio.xml", user).content.decode()
        assert sorted(usebio_parse(xml)["boards"]) == [1, 2]
        for text in (hands, results, xml):
            for deal in in_play.values():
                assert deal[2:] not in text
                assert deal.split()[1] not in text  # not even one hand of it


def test_export_of_an_unknown_event_is_a_json_404(db):
    response = client_for().get("/api/events/999/export/usebio.xml", HTTP_ACCEPT="application/xml")
    assert response.status_code == 404
    assert response.json()["code"] == "not_found"


@pytest.mark.slow
def test_exports_query_count_does_not_grow_with_the_field(
    finished_event, django_assert_max_num_queries
):
    for name in ("hands.pbn", "results.pbn", "usebio.xml"):
        with django_assert_max_num_queries(8):
            assert export(finished_event, name).status_code == 200


# --- the pure formats ---------------------------------------------------------------------


EVENT = EventRecord(
    id=7,
    name='Club "Swiss" \\ night',
    date=date(2025, 3, 9),
    method="ximp",
    boards_total=1,
    boards_per_round=1,
)


def _sample():
    deal = deal_generate(rng=random.Random(9))
    dd = {s: {seat: i + j for j, seat in enumerate("NESW")} for i, s in enumerate("CDHS")}
    dd["NT"] = {"N": 13, "E": 0, "S": 12, "W": 1}
    board = BoardRecord(
        number=1,
        dealer="N",
        vulnerability="None",
        deal=deal,
        dd_table=dd,
        par_score=-420,
        par_contracts="4S E=",
    )
    lines = [
        ResultLine(1, 2, "4SX", "E", 9, "HK", 100, 2.5, -2.5),
        ResultLine(3, 4, "PASS", "", None, "", 0, -1.25, 1.25),
        ResultLine(5, 6, "", "", None, "", None, 3.0, -3.0, "A+", "A-"),
        ResultLine(7, None, "", "", None, "", None, 0.0, None, "A=", ""),
    ]
    pairs = [
        PairRecord(1, ["Ada Li", "Ben 王"], 1, 12.5, 1, 3),
        PairRecord(7, ["Zoe Wu", 'Kai "K" Ma'], None, -0.004, 0, 0),
    ]
    return board, lines, pairs


LINE_KEYS = (
    "ns_pair", "ew_pair", "contract", "declarer", "tricks", "lead", "ns_score",
    "ns_points", "ew_points", "ns_adjustment", "ew_adjustment",
)  # fmt: skip


def _line_keys(line: dict) -> dict:
    """The ``ResultLine`` fields of a reader's line (readers give more)."""
    return {k: line[k] for k in LINE_KEYS}


def _as_dict(line: ResultLine) -> dict:
    return {
        k: getattr(line, k)
        for k in (
            "ns_pair",
            "ew_pair",
            "contract",
            "declarer",
            "tricks",
            "lead",
            "ns_score",
            "ns_points",
            "ew_points",
            "ns_adjustment",
            "ew_adjustment",
        )
    }


def test_pbn_writer_and_reader_round_trip_every_kind_of_line():
    board, lines, pairs = _sample()
    text = results_pbn_write(event=EVENT, boards=[board], results={1: lines}, pairs=pairs)

    data = pbn_results_parse(text)

    assert data["event"]["name"] == EVENT.name
    parsed = data["boards"][1]
    assert parsed["deal"] == board.deal and parsed["dd_table"] == board.dd_table
    assert parsed["par_score"] == -420 and parsed["par_contracts"] == "4S E="
    assert '[OptimumScore "EW 420"]' in text
    assert '[DoubleDummyTricks "d' in text  # N makes 13 tricks in NT: hex d
    assert [_line_keys(r) for r in parsed["results"]] == [_as_dict(line) for line in lines]
    assert data["totals"] == [
        {
            "rank": 1, "pair": 1, "names": "Ada Li - Ben 王", "total": 12.5,
            "percentage": None, "boards": 1, "direction": "",
        },
        {
            "rank": None, "pair": 7, "names": 'Zoe Wu - Kai "K" Ma', "total": 0.0,
            "percentage": None, "boards": 0, "direction": "",
        },
    ]  # fmt: skip
    assert endplay_pbn.loads(text)[0].deal.to_pbn() == board.deal


def test_usebio_writer_and_reader_round_trip_every_kind_of_line():
    board, lines, pairs = _sample()
    xml = usebio_write(event=EVENT, pairs=pairs, boards=[board], results={1: lines})

    data = usebio_parse(xml)

    assert data["event"] == {
        "id": 7,
        "name": EVENT.name,
        "date": EVENT.date,
        "method": "ximp",
        "type": "SWISS_PAIRS",
        "kind": "pairs",
        "winners": 1,
        "movement": "",
        "mp_factoring": "",
        "boards_per_round": 1,
    }
    assert data["boards"][1]["deal"] == board.deal
    assert [_line_keys(r) for r in data["boards"][1]["results"]] == [
        _as_dict(line) for line in lines
    ]
    assert data["pairs"][0] == {
        "number": 1,
        "players": ["Ada Li", "Ben 王"],
        "rank": 1,
        "total": 12.5,
        "boards_played": 1,
        "master_points": 3,
        "name": "",
        "section": "",
        "direction": "",
        "percentage": None,
    }
    assert data["pairs"][1]["rank"] is None and data["pairs"][1]["master_points"] == 0


def test_hands_writer_without_analysis_writes_no_dd_tags():
    board = BoardRecord(number=2, dealer="E", vulnerability="NS", deal=_sample()[0].deal)
    text = hands_pbn_write(event=EVENT, boards=[board])
    assert "DoubleDummyTricks" not in text and "OptimumScore" not in text
    assert '[Event "Club \\"Swiss\\" \\\\ night"]' in text
    assert pbn_parse(text)[0].tags["Event"] == EVENT.name


def test_pbn_reader_handles_comments_repeats_and_games_without_blank_lines():
    deal = deal_generate(rng=random.Random(3))
    text = (
        "\ufeff% PBN 2.1\n% EXPORT\n{ a comment\nover two lines }\n"
        f'[Event "E"] ; a comment\n[Board "1"]\n[Deal "{deal}"]\n'
        '[Event "#"]\n[Board "2"]\n[Deal "#"]\n'
    )
    games = pbn_parse(text)
    assert [(g.tags["Event"], g.tags["Board"], g.tags["Deal"]) for g in games] == [
        ("E", "1", deal),
        ("E", "2", deal),
    ]


@pytest.mark.parametrize(
    "text",
    [
        "free text before a tag",
        '[Event "unterminated]',
        "[Board 1]",
    ],
)
def test_pbn_reader_refuses_what_is_not_pbn(text):
    with pytest.raises(PbnError):
        pbn_parse(text)


def test_a_bad_table_is_refused_only_when_read(make_event, director):
    deal = deal_generate(rng=random.Random(2))
    text = f'[Board "1"]\n[Deal "{deal}"]\n[ScoreTable "A\\2R;B\\2R"]\n1 2 3\n'
    (game,) = pbn_parse(text)
    with pytest.raises(PbnError, match="do not fill its 2 columns"):
        game.table("ScoreTable")
    with pytest.raises(PbnError):
        pbn_results_parse(text)
    event = make_event(pairs=4, num_rounds=1, boards_per_round=1)
    assert import_deals(event, director, text).status_code == 200


def test_dd_tricks_format_and_parse_are_inverse():
    dd = {
        s: {seat: (i * 3 + j) % 14 for j, seat in enumerate("NESW")} for i, s in enumerate("CDHS")
    }
    dd["NT"] = {"N": 7, "E": 6, "S": 7, "W": 6}
    assert dd_tricks_parse(dd_tricks_format(dd)) == dd
    with pytest.raises(PbnError):
        dd_tricks_parse("xyz")


# --- management commands ------------------------------------------------------------------


@pytest.mark.slow
def test_export_and_import_commands(finished_event, make_event, tmp_path):
    out = tmp_path / "hands.pbn"
    call_command(
        "export_event", finished_event.pk, "--format", "hands", "--out", str(out), stderr=StringIO()
    )
    stdout = StringIO()
    call_command("export_event", finished_event.pk, "--format", "usebio", stdout=stdout)
    assert usebio_parse(stdout.getvalue())["boards"].keys() == {1, 2, 3, 4}

    event = make_event(pairs=4, num_rounds=2, boards_per_round=2)
    stdout = StringIO()
    call_command("import_deals", event.pk, str(out), stdout=stdout)
    assert "Imported 4 deals" in stdout.getvalue()
    event.refresh_from_db()
    assert event.settings.preset_deals == {
        str(n): d
        for n, d in Board.objects.filter(event=finished_event).values_list("number", "deal")
    }

    services.event_start(event=event, rng=random.Random(1))
    with pytest.raises(CommandError, match="Round 1 has started"):
        call_command("import_deals", event.pk, str(out))
    with pytest.raises(CommandError, match="No event"):
        call_command("export_event", 999, "--format", "results")
