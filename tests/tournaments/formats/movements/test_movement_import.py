"""Mitchell and Howell events through the files (docs/rules.md § Files): our exports
read back as the same movement event (kind, fields, tables, board sets, settings and
movement cards), and another scorer's two-winner file imports as a Mitchell."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.tournaments.interchange.test_interchange import db_lines
from tests.tournaments.interchange.test_results_import import (
    boards,
    exported,
    pass_out_and_adjust,
    standings,
)
from tournaments.formats.movements.selectors import movement_cards_get
from tournaments.interchange import exports as interchange
from tournaments.interchange.compare import event_scoring_compare
from tournaments.interchange.importers.dispatch import event_results_import
from tournaments.models import Board, Entry, Event, Result, Table
from tournaments.simulation import SimulationConfig, simulate_swiss_event


def played_movement(kind: str, *, method="mp", pairs=8, arrow_switch=False) -> Event:
    """A finished movement event with a passed-out board and an adjusted score."""
    event = simulate_swiss_event(
        SimulationConfig(
            pairs=pairs,
            rounds=3,
            boards_per_round=2,
            seed=5,
            method=method,
            kind=kind,
            arrow_switch=arrow_switch,
        )  # fmt: skip
    )
    return pass_out_and_adjust(event)


def seating(event: Event) -> list[tuple]:
    """Every table with a result (a cut one too: files say "not played")."""
    played = Result.objects.values("table")
    return sorted(
        Table.objects.filter(event=event, pk__in=played).values_list(
            "round__number",
            "number",
            "board_set",
            "ns__registration_order",
            "ew__registration_order",
        )  # fmt: skip
    )


def fields(event: Event) -> dict[int, str]:
    return dict(Entry.objects.filter(event=event).values_list("registration_order", "field"))


def board_sets(event: Event) -> dict[int, int]:
    return dict(Board.objects.filter(event=event).values_list("number", "board_set"))


def settings_of(event: Event) -> tuple:
    s = event.settings
    order = dict(Entry.objects.filter(event=event).values_list("pk", "registration_order"))
    numbers = {order[int(pk)]: n for pk, n in s.pair_numbers.items()}
    return (s.num_rounds, s.boards_per_round, s.arrow_switch, s.mp_factoring, s.tables, numbers)


def cards(event: Event) -> list[tuple]:
    return [
        (
            c.number,
            c.field,
            [
                (
                    r.round,
                    r.table,
                    r.direction,
                    r.opponent and r.opponent.registration_order,
                    r.board_set,
                    r.first_board,
                    r.last_board,
                )
                for r in c.rows
            ],
        )  # fmt: skip
        for c in movement_cards_get(event=event)
    ]


CASES = [
    pytest.param("mitchell", "mp", 8, False, id="two-winner-mitchell"),
    pytest.param("mitchell", "ximp", 8, True, id="arrow-switched-mitchell"),
    pytest.param("howell", "mp", 7, False, id="howell-with-a-sit-out"),
    pytest.param("howell", "hcp_par", 6, False, id="hcp-par-howell"),
]


@pytest.mark.parametrize("source", ["usebio", "pbn"])
@pytest.mark.parametrize(("kind", "method", "pairs", "arrow"), CASES)
def test_a_movement_event_reads_back_as_the_same_event(
    kind, method, pairs, arrow, source, db, django_capture_on_commit_callbacks
):
    original = played_movement(kind, method=method, pairs=pairs, arrow_switch=arrow)
    text = exported(original, source)

    with django_capture_on_commit_callbacks(execute=True):
        imported = event_results_import(data=text)

    assert (imported.kind, imported.method, imported.status) == (kind, method, "finished")
    assert imported.source == source
    assert db_lines(imported) == db_lines(original)
    assert standings(imported) == standings(original)
    assert boards(imported) == boards(original)
    assert seating(imported) == seating(original)
    assert fields(imported) == fields(original)
    assert board_sets(imported) == board_sets(original)
    assert settings_of(imported) == settings_of(original)
    assert cards(imported) == cards(original) != []
    # our scoring of the file agrees with it: nothing to show on the scoring check
    assert event_scoring_compare(event=imported, actor=original.director) == []
    if kind == "mitchell" and not arrow:
        assert set(fields(imported).values()) == {"NS", "EW"}


def test_the_pages_of_an_imported_mitchell(db, client, django_assert_max_num_queries):
    original = played_movement("mitchell")
    imported = event_results_import(data=interchange.event_usebio_export(event=original))
    entry = Entry.objects.get(event=imported, field="EW", rank=1)

    page = client.get(f"/events/{imported.pk}/")
    assert page.status_code == 200
    assert entry.members.first().player.name in page.content.decode()
    assert client.get(f"/events/{imported.pk}/boards/3/").status_code == 200
    assert client.get(f"/events/{imported.pk}/pairs/{entry.pk}/").status_code == 200
    cards_page = client.get(f"/events/{imported.pk}/movement/")
    assert cards_page.status_code == 200
    assert entry.members.first().player.name in cards_page.content.decode()


def test_an_hcp_par_event_exports_as_usebio(db, director):
    """The USEBIO export of an HCP-par event failed (no USEBIO name for the method)."""
    event = played_movement("howell", method="hcp_par", pairs=6)
    client = APIClient()
    client.force_authenticate(director)

    answer = client.get(f"/api/events/{event.pk}/export/usebio.xml")

    assert answer.status_code == 200
    text = answer.content.decode()
    assert "<BOARD_SCORING_METHOD>HCP_PAR_IMPS</BOARD_SCORING_METHOD>" in text
    assert "<MOVEMENT_TYPE>HOWELL</MOVEMENT_TYPE>" in text


# Another scorer's two-winner Mitchell: MP_PAIRS, WINNER_TYPE 2, each pair's DIRECTION,
# no MOVEMENT_TYPE, no BOARDS_PER_ROUND; 3 tables, 2 rounds, three boards a round.
def _line(rnd, table, ns, ew, score, ns_mp, ew_mp):
    return (
        f"<TRAVELLER_LINE><ROUND_NUMBER>{rnd}</ROUND_NUMBER><TABLE_NUMBER>{table}"
        f"</TABLE_NUMBER><NS_PAIR_NUMBER>{ns}</NS_PAIR_NUMBER><EW_PAIR_NUMBER>{ew}"
        f"</EW_PAIR_NUMBER><CONTRACT>1NT</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>7</TRICKS>"
        f"<SCORE>{score}</SCORE><NS_MATCH_POINTS>{ns_mp}</NS_MATCH_POINTS>"
        f"<EW_MATCH_POINTS>{ew_mp}</EW_MATCH_POINTS></TRAVELLER_LINE>"
    )


def two_winner_file(*, ew_up: bool = True) -> str:
    """``ew_up``: EW pairs move up a table and boards down, as our Mitchell, with boards
    in sets of three in order; else the other way round (a valid movement, but not
    ours) with sets that are not blocks (boards 1, 2 and 7 together)."""
    pairs = "".join(
        f"<PAIR><PAIR_NUMBER>{n}</PAIR_NUMBER><DIRECTION>{d}</DIRECTION>"
        f"<PLAYER><PLAYER_NAME>P{n}a</PLAYER_NAME></PLAYER>"
        f"<PLAYER><PLAYER_NAME>P{n}b</PLAYER_NAME></PLAYER><PLACE>{place}</PLACE></PAIR>"
        for n, d, place in [
            (1, "N-S", 1),
            (2, "N-S", 2),
            (3, "N-S", 3),
            (4, "E-W", 2),
            (5, "E-W", 1),
            (6, "E-W", 3),
        ]  # fmt: skip
    )
    # round 1: tables 1-3 play {1,2,7}, {3,4,8}, {5,6,9}
    sets = [[1, 2, 3], [4, 5, 6], [7, 8, 9]] if ew_up else [[1, 2, 7], [3, 4, 8], [5, 6, 9]]
    step = 1 if ew_up else -1
    second = [(1, 1, 6), (2, 2, 4), (3, 3, 5)] if ew_up else [(1, 1, 5), (2, 2, 6), (3, 3, 4)]
    meetings = {1: [(1, 1, 4), (2, 2, 5), (3, 3, 6)], 2: second}
    board_lines: dict[int, list[str]] = {}
    for rnd, tables in meetings.items():
        for table, ns, ew in tables:
            for number in sets[(table - 1 + step * (rnd - 1)) % 3]:
                board_lines.setdefault(number, []).append(_line(rnd, table, ns, ew, 90, 1, 1))
    boards_xml = "".join(
        f"<BOARD><BOARD_NUMBER>{n}</BOARD_NUMBER>{''.join(lines)}</BOARD>"
        for n, lines in sorted(board_lines.items())
    )
    return (
        '<?xml version="1.0"?><USEBIO Version="1.2"><CLUB><CLUB_NAME>Club</CLUB_NAME></CLUB>'
        '<EVENT EVENT_TYPE="MP_PAIRS"><EVENT_DESCRIPTION>Tuesday pairs</EVENT_DESCRIPTION>'
        "<DATE>01/12/2026</DATE><BOARD_SCORING_METHOD>MATCH_POINTS</BOARD_SCORING_METHOD>"
        f"<WINNER_TYPE>2</WINNER_TYPE><PARTICIPANTS>{pairs}</PARTICIPANTS>{boards_xml}"
        "</EVENT></USEBIO>"
    )


@pytest.mark.parametrize("ew_up", [True, False])
def test_another_scorers_two_winner_file_is_a_mitchell_with_its_fields(ew_up, db):
    event = event_results_import(data=two_winner_file(ew_up=ew_up))

    assert (event.kind, event.settings.arrow_switch) == ("mitchell", False)
    assert fields(event) == {1: "NS", 2: "NS", 3: "NS", 4: "EW", 5: "EW", 6: "EW"}
    if ew_up:
        assert board_sets(event) == {n: (n - 1) // 3 + 1 for n in range(1, 10)}
    else:  # boards played together are one set, numbered by their first board
        assert board_sets(event) == {1: 1, 2: 1, 7: 1, 3: 2, 4: 2, 8: 2, 5: 3, 6: 3, 9: 3}
    assert (event.settings.num_rounds, event.settings.boards_per_round) == (2, 3)
    assert seating(event)[:3] == [(1, 1, 1, 1, 4), (1, 2, 2, 2, 5), (1, 3, 3, 3, 6)]
    if ew_up:  # the movement we play: its cards are shown
        assert [c[0] for c in cards(event)] == [1, 2, 3, 4, 5, 6]
        assert cards(event)[3][2][1] == (2, 2, "EW", 2, 3, 7, 9)  # round 2: table 2, set 3
    else:  # not a movement we play: no cards (the tables are on the round pages)
        assert event.settings.pair_numbers == {} and cards(event) == []
    ranks = dict(Entry.objects.filter(event=event).values_list("registration_order", "rank"))
    assert ranks == {1: 1, 2: 2, 3: 3, 4: 2, 5: 1, 6: 3}


def test_a_one_winner_file_without_a_movement_stays_a_pairs_event(db):
    text = two_winner_file().replace("<WINNER_TYPE>2</WINNER_TYPE>", "<WINNER_TYPE>1</WINNER_TYPE>")

    event = event_results_import(data=text)

    assert event.kind == "swiss_pairs"
    assert set(fields(event).values()) == {""}


@pytest.mark.parametrize("source", ["usebio", "pbn"])
def test_a_movements_matchpoints_are_written_raw_and_as_percentages(source, db):
    """A movement stores raw matchpoints; the files carried them as percentages."""
    from tournaments.interchange import pbn_results_parse, usebio_parse

    event = played_movement("mitchell")  # 3 rounds: each set is played 3 times, top 4
    if source == "usebio":
        parsed = usebio_parse(interchange.event_usebio_export(event=event))
    else:
        parsed = pbn_results_parse(interchange.event_results_pbn_export(event=event))
    stored = {
        (r.board.number, r.table.ns.registration_order): r.ns_points
        for r in Result.objects.filter(board__event=event)
        .exclude(status=Result.Status.CUT)
        .select_related("board", "table__ns")
    }
    seen = 0
    for number, board in parsed["boards"].items():
        for line in board["results"]:
            if line["not_played"]:
                continue
            raw = stored[number, line["ns_pair"]]
            assert line["ns_mp"] == pytest.approx(raw, abs=0.005)
            assert line["ns_percentage"] == pytest.approx(100 * raw / 4, abs=0.005)
            seen += 1
    assert seen == len(stored)


def test_a_pbn_file_ranking_each_direction_is_a_two_winner_mitchell(db):
    """Without our movement tags, a Direction column in the totals says two winners."""
    original = played_movement("mitchell")
    text = exported(original, "pbn")
    text = "\n".join(
        line for line in text.splitlines() if not line.startswith(("[Movement", "[Winners"))
    )

    imported = event_results_import(data=text)

    assert (imported.kind, imported.settings.arrow_switch) == ("mitchell", False)
    assert fields(imported) == fields(original)


@pytest.mark.parametrize("source", ["usebio", "pbn"])
@pytest.mark.parametrize(("kind", "seed", "rate"), [("swiss_pairs", 11, 0.5), ("mitchell", 9, 0.7)])
def test_a_table_whose_boards_were_all_cut_comes_back_from_the_file(kind, seed, rate, source, db):
    original = simulate_swiss_event(
        SimulationConfig(
            pairs=8, rounds=3, boards_per_round=2, seed=seed, kind=kind, play_rate=rate
        )
    )
    statuses: dict[int, set] = {}
    for table_id, status in Result.objects.filter(board__event=original).values_list(
        "table_id", "status"
    ):
        statuses.setdefault(table_id, set()).add(status)
    assert {Result.Status.CUT} in statuses.values()  # a table played none of its boards
    text = exported(original, source)
    assert ("<SCORE>NP</SCORE>" if source == "usebio" else " NP ") in text

    imported = event_results_import(data=text)

    assert seating(imported) == seating(original)
    assert db_lines(imported) == db_lines(original)
    # ranks, totals and boards played (the synthetic players' names may repeat)
    assert {n: s[:3] for n, s in standings(imported).items()} == {
        n: s[:3] for n, s in standings(original).items()
    }
    assert event_scoring_compare(event=imported, actor=original.director) == []
