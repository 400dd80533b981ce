"""The robots' card play (docs/rules.md § Robots): it reads only what its seat is sent,
always plays a legal card, and falls back to a simple card on a fault."""

from __future__ import annotations

import random
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import robots.play
from robots import robot_act
from robots.lead import lead_choose
from robots.play import card_choose
from robots.sampling import layout_sample, view_known
from tableplay import Action, Table
from tableplay.cards import deal_parse, hand_pbn, seat_next
from tableplay.views import table_view
from tests.tableplay.helpers import random_deal

AUCTION = ["1NT", "P", "3NT", "P", "P", "P"]  # North declares 3NT, East leads


def _played(deal: str, cards: list[str]) -> Table:
    table = Table(deal, "N", "None")
    for call in AUCTION:
        table.apply(Action("call", table.to_play, call))
    for card in cards:
        table.apply(Action("card", table.actor, card))
    return table


def _reshuffled(deal: str, cards: list[str], hidden: tuple[str, str], rng) -> str:
    """The same deal with the hidden hands' unplayed cards dealt between them again,
    keeping each hand's size and the voids it showed (the replay checks it)."""
    hands = {seat: list(cards_) for seat, cards_ in deal_parse(deal).items()}
    while True:
        pool = [c for seat in hidden for c in hands[seat] if c not in cards]
        rng.shuffle(pool)
        new = dict(hands)
        for seat in hidden:
            keep = [c for c in hands[seat] if c in cards]
            new[seat] = keep + [pool.pop() for _ in range(13 - len(keep))]
        text = "N:" + " ".join(hand_pbn(new[seat]) for seat in "NESW")
        try:
            _played(text, cards)
        except ValueError:
            continue
        if text != deal:
            return text


def _position(seed: int, cards: int) -> tuple[str, list[str]]:
    """A random deal played by robots for ``cards`` cards after the auction."""
    rng = random.Random(seed)
    deal = random_deal(rng)
    table = _played(deal, [])
    played: list[str] = []
    while len(played) < cards:
        action = robot_act(table_view(table, table.actor), samples=2, budget=5)
        table.apply(action)
        played.append(action.value)
    return deal, played


@pytest.mark.parametrize("cards", [1, 6, 17])
def test_the_hidden_hands_do_not_change_the_choice(cards):
    """Identical visible state, different hidden hands: the same views, so the same
    choices for every seed."""
    deal, played = _position(cards, cards)
    table = _played(deal, played)
    viewer = table.actor
    hidden = tuple(s for s in "NESW" if s not in (viewer, table.dummy))
    other = _played(_reshuffled(deal, played, hidden, random.Random(1)), played)
    first, second = table_view(table, viewer), table_view(other, viewer)
    assert first == second
    choices = [card_choose(first, samples=4, budget=30, seed=seed) for seed in range(3)]
    assert choices == [card_choose(second, samples=4, budget=30, seed=seed) for seed in range(3)]
    assert set(choices) <= set(first["legal"]["cards"])


def test_sampled_layouts_keep_sizes_and_shown_voids():
    deal, played = _position(5, 9)
    table = _played(deal, played)
    view = table_view(table, table.actor)
    known = view_known(view)
    rng = random.Random(0)
    for _ in range(50):
        hands = layout_sample(known, rng)
        assert hands is not None
        for seat, cards in hands.items():
            assert len(cards) == known["sizes"][seat]
            assert not {c[0] for c in cards} & known["voids"][seat]
        assert sorted(c for cards in hands.values() for c in cards) == sorted(known["unseen"])


def test_a_void_shown_by_not_following_isview_known():
    view = {
        "tricks": [{"leader": "E", "cards": ["HA", "H2", "C3", "H4"], "winner": "E"}],
        "hands": {"N": ["S2"], "E": None, "S": None, "W": ["S3"]},
        "play": ["HA", "H2", "C3", "H4"],
        "auction": [],
    }
    assert view_known(view)["voids"]["W"] == {"H"}


def test_samples_give_an_opener_the_points_of_the_opening():
    """North opened 1NT and declares 3NT: East's samples give North's partner, West, no
    say, but South (dummy) is seen; North's hidden hand has 15 to 17 points."""
    deal, played = _position(7, 1)
    table = _played(deal, played)
    view = table_view(table, "E")
    known = view_known(view)
    assert known["shown"]["N"][0] == (15, 17) and known["shown"]["W"][0] == (0, 37)
    rng = random.Random(2)
    for _ in range(20):
        hands = layout_sample(known, rng)
        points = sum("AKQJ".find(c[1]) + 1 and 4 - "AKQJ".find(c[1]) for c in hands["N"])
        assert 15 <= points <= 17


def test_a_solver_fault_falls_back_to_a_legal_card(monkeypatch):
    deal, played = _position(3, 5)
    table = _played(deal, played)
    view = table_view(table, table.actor)

    def broken(*args, **kwargs):
        raise RuntimeError("solver down")

    monkeypatch.setattr(robots.play, "_scores", broken)
    card = card_choose(view)
    assert card in view["legal"]["cards"]
    table.apply(Action("card", table.actor, card))


def test_declarer_plays_dummys_cards():
    deal, played = _position(4, 1)  # East led: dummy (South) is to play
    table = _played(deal, played)
    assert table.to_play == "S" and table.actor == "N"
    action = robot_act(table_view(table, "N"), samples=3, budget=5)
    assert action.seat == "N" and action.value in table.remaining["S"]
    assert robot_act(table_view(table, "S")) is None


@pytest.mark.parametrize(
    ("hand", "trump", "lead"),
    [
        ("KQJ2.432.5432.32", "NT", "SK"),  # top of a sequence
        ("Q8642.K32.543.32", "NT", "S4"),  # fourth highest of the longest
        ("AK2.8432.5432.32", "H", "SA"),  # ace from ace-king
        ("8642.5432.5.K432", "S", "D5"),  # a side-suit singleton
        ("8642.5432.53.K32", "S", "H2"),
    ],
)
def test_the_opening_lead(hand, trump, lead):
    cards = [s + r for s, ranks in zip("SHDC", hand.split("."), strict=True) for r in ranks]
    assert lead_choose(cards, trump) == lead


def test_four_robots_complete_random_boards_legally():
    rng = random.Random(11)
    for number in range(3):
        table = Table(random_deal(rng), seat_next("N", number), "All")
        while table.phase != "over":
            view = table_view(table, table.actor)
            action = robot_act(view, seed=number, samples=2, budget=5)
            legal = view["legal"]["calls"] + view["legal"]["cards"]
            assert action.value in legal
            table.apply(action)
        assert table.result.status == "played"


def test_sampling_stops_within_the_time_budget(monkeypatch):
    import endplay.dds

    deal, played = _position(6, 5)
    table = _played(deal, played)
    view = table_view(table, table.actor)
    solves = []
    real = endplay.dds.solve_board

    def slow(deal_):
        solves.append(1)
        time.sleep(0.05)
        return real(deal_)

    monkeypatch.setattr(endplay.dds, "solve_board", slow)
    started = time.perf_counter()
    card = card_choose(view, samples=1000, budget=0.3)
    assert time.perf_counter() - started < 0.3 + 0.25
    assert 1 <= len(solves) < 20 and card in view["legal"]["cards"]


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10**6), dealer=st.sampled_from("NESW"))
def test_four_robots_never_act_illegally(seed, dealer):
    table = Table(random_deal(random.Random(seed)), dealer, "NS")
    while table.phase != "over":
        view = table_view(table, table.actor)
        action = robot_act(view, seed=seed, samples=2, budget=5)
        assert action.seat == table.actor
        assert action.value in view["legal"]["calls"] + view["legal"]["cards"]
        table.apply(action)
