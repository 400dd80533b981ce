"""Invariants over random legal boards (hypothesis): any legal sequence of calls, cards,
claims and undos ends in a consistent state, and no seat's view holds a card it may not
see (docs/rules.md § Online play)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tableplay import DIRECTOR, SEATS, Action, Table, TableError, table_view
from tableplay.cards import partner

from .helpers import legal_cards, play_random_board, random_call, random_deal


def cards_in(view: dict) -> set[str]:
    """Every card a view names: hands, the deal and the play."""
    found = {c for hand in view["hands"].values() if hand for c in hand}
    found |= set(view["play"])
    if view["deal"]:
        for text in view["deal"][2:].split():
            for suit, holding in zip("SHDC", text.split("."), strict=True):
                found |= {suit + rank for rank in holding}
    return found


def check_secrecy(table: Table) -> None:
    played = {c.value for c in table.cards}
    for seat in SEATS:
        view = table_view(table, seat)
        allowed = set(table.hands[seat]) | played
        if table.dummy and table.dummy_visible:
            allowed |= set(table.hands[table.dummy])
        for claimer in table.faced:  # a claim faces the claimer's hand
            allowed |= set(table.hands[claimer])
        if table.phase == "over":
            allowed = {c for hand in table.hands.values() for c in hand}
        assert cards_in(view) <= allowed, (seat, cards_in(view) - allowed)
        for call in view["auction"]:
            if "alert" in call and table.phase != "over":
                assert call["seat"] != partner(seat)


def random_action(rng: random.Random, table: Table) -> Action:
    """A random legal action of a table not over, with claims and undos now and then."""
    waiting = table.claim or table.undo
    if table.claim is not None and table.claim.rejected:
        declaring = "NS" if table.declarer in "NS" else "EW"
        return Action("rule", DIRECTOR, rng.choice(["play", str(table.tricks_won(declaring))]))
    if waiting is not None:
        answerer = sorted(table.answerers(waiting.seat) - waiting.accepted)[0]
        return Action("accept" if rng.random() < 0.7 else "reject", answerer, "")
    roll = rng.random()
    if roll < 0.05 and table.undo_allowed and len(table.moves) > table.settled:
        last = table.moves[-1]
        seat = table.declarer if last.seat == table.dummy and last.kind == "card" else last.seat
        return Action("undo", seat, "")
    if roll < 0.08 and table.phase == "play":
        seat = rng.choice([s for s in SEATS if s != table.dummy])
        return Action("claim", seat, str(rng.randint(0, table.tricks_left)))
    if table.phase == "auction":
        call = random_call(table, rng)
        return Action("call", table.to_play, call, "natural" if rng.random() < 0.2 else "")
    return Action("card", table.actor, rng.choice(legal_cards(table)))


def walk(rng: random.Random, table: Table) -> None:
    """Random legal actions, with claims and undos now and then, until the board ends."""
    steps = 0
    while table.phase != "over" and steps < 400:
        steps += 1
        check_secrecy(table)
        table.apply(random_action(rng, table))
    check_secrecy(table)


@settings(max_examples=150, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_random_legal_boards_end_consistently(seed):
    rng = random.Random(seed)
    table = Table(random_deal(rng), rng.choice(SEATS), rng.choice(["None", "NS", "EW", "All"]))
    walk(rng, table)
    result = table.result
    assert table.phase == "over" and result is not None
    assert table.version == len(table.log)
    played = [c.value for c in table.cards]
    assert len(played) == len(set(played)) <= 52
    if result.status == "passed_out":
        assert result.ns_score == 0 and not table.cards
    elif result.status == "played":
        assert len(played) == 52 and table.tricks_won("NS") + table.tricks_won("EW") == 13
        assert result.tricks == table.tricks_won("NS" if table.declarer in "NS" else "EW")
    else:
        assert result.status in ("claimed", "ruled")
        assert 0 <= result.tricks <= 13
        assert result.tricks >= table.tricks_won("NS" if table.declarer in "NS" else "EW")
    # The stored log rebuilds the same board.
    again = Table.replay(table.deal, table.dealer, table.vulnerability, table.log)
    assert again.result == result and again.moves == table.moves


@settings(max_examples=100, deadline=None)
@given(
    st.integers(min_value=0, max_value=2**32), st.sampled_from(["call", "card", "claim", "undo"])
)
def test_an_illegal_action_changes_nothing(seed, kind):
    rng = random.Random(seed)
    table = play_random_board(rng)
    table = Table.replay(
        table.deal, table.dealer, table.vulnerability, table.log[: rng.randint(0, len(table.log))]
    )
    before = (table.version, list(table.moves), table.phase)
    seat = rng.choice(SEATS)
    value = rng.choice(["1C", "7NT", "X", "P", "SA", "C2", "14", "-1", "junk", ""])
    try:
        table.apply(Action(kind, seat, value))
    except TableError:
        assert (table.version, table.moves, table.phase) == before
    else:
        assert table.version == before[0] + 1


def test_only_the_board_over_shows_every_hand():
    rng = random.Random(5)
    table = play_random_board(rng)
    for seat in SEATS:
        assert table_view(table, seat)["deal"] == table.deal
    fresh = Table(table.deal, table.dealer, table.vulnerability)
    for seat in SEATS:
        view = table_view(fresh, seat)
        assert view["deal"] is None
        assert [s for s, hand in view["hands"].items() if hand is not None] == [seat]
