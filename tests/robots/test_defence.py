"""The robots' defence (docs/rules.md § Robots, *Its leads and signals*): opening leads
by the standard table, signals a robot defender gives among cards of equal value, and the
sampling that reads partner's lead and signals."""

from __future__ import annotations

import random

import pytest

import robots.play
from robots.lead import lead_card, lead_choose, lead_view
from robots.play import card_choose
from robots.sampling import layout_sample, view_known
from robots.signals import signal_choose, signal_misses
from scoring import RANKS
from tableplay import Action, Table
from tableplay.views import table_view


def _cards(hand: str) -> list[str]:
    return [s + r for s, ranks in zip("SHDC", hand.split("."), strict=True) for r in ranks]


@pytest.mark.parametrize(
    ("ranks", "trump", "card"),
    [
        ("KQJ5", "NT", "K"),  # top of a sequence
        ("KQJ5", "S", "K"),
        ("KQT4", "NT", "K"),  # a broken sequence
        ("KQ74", "H", "K"),  # two touching honours, against a suit
        ("KQ74", "NT", "4"),  # ... but fourth best against no trumps
        ("Q863", "NT", "3"),  # four to an honour: fourth best
        ("KT8652", "NT", "6"),
        ("AQJ94", "NT", "Q"),  # an interior sequence
        ("KJT4", "NT", "J"),
        ("AJT4", "S", "A"),  # never a card under the ace against a suit
        ("A964", "C", "A"),
        ("AK74", "S", "A"),  # the ace of ace-king
        ("AK862", "NT", "A"),
        ("K84", "NT", "4"),  # three to an honour: the lowest
        ("752", "NT", "7"),  # three small: the top
        ("63", "S", "6"),  # a doubleton: the top
    ],
)
def test_the_card_led_from_a_suit(ranks, trump, card):
    assert lead_card(list(ranks), trump) == card


@pytest.mark.parametrize(
    ("hand", "trump", "partner", "theirs", "lead"),
    [
        ("Q876.9865.7.AJ85", "NT", {"H"}, set(), "H5"),  # partner's suit, fourth best
        ("JT76.AJ96.6.J874", "NT", set(), {"H"}, "S6"),  # not the suit they bid
        ("KQJ2.432.5432.32", "NT", set(), set(), "SK"),
        ("KJ84.Q2.7652.A94", "NT", set(), set(), "D2"),  # the weaker of equal lengths
        ("Q8642.K32.543.32", "NT", set(), set(), "S4"),
        ("T4.AJ962.K2.6542", "S", set(), set(), "C2"),  # not away from the ace
        ("742.AQ93.Q832.94", "C", set(), set(), "S7"),  # small cards: passive
        ("AK2.8432.5432.32", "H", set(), set(), "SA"),
        ("8642.5432.5.K432", "S", set(), set(), "D5"),  # a side-suit singleton
    ],
)
def test_the_opening_lead(hand, trump, partner, theirs, lead):
    assert lead_choose(_cards(hand), trump, partner=partner, theirs=theirs) == lead


def test_the_lead_reads_the_auction():
    """East overcalled 1♥ (five hearts); West leads a heart against 3NT, though its
    clubs are longer."""
    auction = [("N", "1D"), ("E", "1H"), ("S", "3NT"), ("W", "P"), ("N", "P"), ("E", "P")]
    view = {
        "to_play": "W",
        "contract": "3NT",
        "auction": [{"seat": seat, "call": call} for seat, call in auction],
        "hands": {"W": _cards("842.93.J76.Q8642")},
    }
    assert lead_view(view) == "H9"


# N declares 3NT (1NT by North, 15 balanced; South 13); East leads.
DEAL = "N:AK2.KQ2.QJ32.842 T987.T98.T98.K93 QJ3.AJ3.AK4.T765 654.7654.765.AQJ"


def _table(cards: list[str]) -> Table:
    table = Table(DEAL, "N", "None")
    for call in ["1NT", "P", "3NT", "P", "P", "P"]:
        table.apply(Action("call", table.to_play, call))
    for card in cards:
        table.apply(Action("card", table.actor, card))
    return table


def _equal(monkeypatch):
    """Every legal card rated the same: the choice is the signal's."""
    monkeypatch.setattr(
        robots.play, "_scores", lambda view, **_: dict.fromkeys(view["legal"]["cards"], 5.0)
    )


def test_a_doubleton_signals_high_low_on_declarers_lead(monkeypatch):
    _equal(monkeypatch)
    # East has played two spades: it holds 8-7 now, a doubleton: high, the 8.
    table = _table(["HT", "H3", "H4", "HQ", "S2", "S9", "SQ", "S4", "SJ", "S5", "SK", "ST"])
    table.apply(Action("card", table.actor, "SA"))
    assert table.to_play == "E" and {c for c in table.remaining["E"] if c[0] == "S"} == {
        "S8",
        "S7",
    }
    assert card_choose(table_view(table, "E")) == "S8"


def test_count_from_three_and_attitude(monkeypatch):
    _equal(monkeypatch)
    table = _table(["HT", "H3", "H4", "HQ"])
    table.apply(Action("card", table.actor, "C2"))  # declarer leads a club: East K93, odd
    view = table_view(table, "E")
    assert signal_choose(view, ["C9", "C3"]) == "C3"
    assert card_choose(view) in ("C3", "CK")  # never the 9: lowest of the equal spots
    # West follows its partner's heart lead: 7654, no honour, discourages.
    table = _table(["HT", "H3"])
    assert signal_choose(table_view(table, "W"), ["H7", "H6", "H5", "H4"]) == "H4"


def test_declarer_gives_no_signal():
    table = _table(["HT"])  # dummy (South) to play, declarer chooses
    assert signal_choose(table_view(table, "N"), ["H3", "HJ"]) is None


def test_a_discard_says_where_the_honours_are():
    view = {
        "to_play": "E",
        "declarer": "N",
        "contract": "3NT",
        "hands": {"E": ["S9", "S2", "H8", "H3", "DK", "D7", "D4"]},
        "tricks": [{"leader": "N", "cards": ["C2"], "winner": None}],
    }
    # discouraging: the lowest spade (no honour there)
    assert signal_choose(view, ["S9", "S2", "H8", "H3", "D7", "D4"]) == "S2"
    # only the suit with the king: its higher spot encourages
    assert signal_choose(view, ["D7", "D4"]) == "D7"


def _count_told(hand: list[str]) -> bool:
    """East's 9 (played from this hand) high with an even number, the lowest with an odd."""
    spades = [c for c in hand if c[0] == "S"] + ["S9"]
    return (len(spades) % 2 == 0) == any(c[1] in "8765432" for c in spades)


def test_the_sampler_honours_partners_count_signal():
    """Declarer leads a spade and East plays the 9: West's layouts give East an even
    number of spades with a lower one (high-low), or an odd number with the 9 its
    lowest; without the signal read, some layouts would not."""
    table = _table(["HT", "H3", "H4", "HQ", "S2", "S9", "SQ", "S4"])
    known = view_known(table_view(table, "W"))
    assert ("E", "count", "S9", 0) in known["signals"]
    rng = random.Random(3)
    layouts = [layout_sample(known, rng) for _ in range(30)]
    assert all(_count_told(hands["E"]) for hands in layouts)
    assert all(signal_misses(known, hands) == 0 for hands in layouts)
    unread = {**known, "signals": []}
    layouts = [layout_sample(unread, rng) for _ in range(30)]
    assert not all(_count_told(hands["E"]) for hands in layouts)


def test_the_sampler_reads_the_opening_lead():
    """East led the ♥10: West's layouts give East a holding the table leads the 10
    from (T98, T-x-x, a doubleton, KT9), never K-T-x or four hearts without the 9."""
    table = _table(["HT", "H3", "H4", "HQ"])
    known = view_known(table_view(table, "W"))
    assert ("E", "lead", "HT", 0) in known["signals"]

    def led_ten(hands) -> bool:
        hearts = sorted([c[1] for c in hands["E"] if c[0] == "H"] + ["T"], key=RANKS.index)
        return lead_card(hearts, "NT") == "T"

    rng = random.Random(5)
    assert all(led_ten(layout_sample(known, rng)) for _ in range(30))
    unread = {**known, "signals": []}
    assert not all(led_ten(layout_sample(unread, rng)) for _ in range(30))


@pytest.mark.django_db
def test_the_system_card_declares_the_leads_and_signals(client):
    from django.urls import reverse

    from robots.system.card import PLAY

    page = client.get(reverse("robots:system")).content.decode()
    assert "Leads and signals" in page and "fourth best" in page
    chinese = client.get(reverse("robots:system"), HTTP_ACCEPT_LANGUAGE="zh-hans")
    assert "首攻与信号" in chinese.content.decode()
    card = client.get(reverse("api-robots-system"), HTTP_ACCEPT_LANGUAGE="zh-hans").json()
    assert card["play"]["title"] == "首攻与信号" and len(card["play"]["items"]) == len(PLAY)
    texts = [item["topic"] + item["text"] for item in card["play"]["items"]]
    assert not any(text.isascii() for text in texts)  # every item translated


@pytest.mark.parametrize(("hearts", "card"), [(4.95, "H5"), (4.5, "D5")])
def test_a_defender_returns_partners_suit_unless_clearly_worse(monkeypatch, hearts, card):
    """East led the ♥10; West wins a club and leads: a heart (the lowest of equal ones)
    when the analysis rates it within a tenth of a trick of the best card."""
    table = _table(["HT", "H3", "H4", "HQ", "C2", "C3", "C5", "CQ"])
    assert table.to_play == "W"
    view = table_view(table, "W")

    def rated(view, **_):
        return {
            c: hearts if c[0] == "H" else 5.0 if c == "D5" else 4.0 for c in view["legal"]["cards"]
        }

    monkeypatch.setattr(robots.play, "_scores", rated)
    assert card_choose(view) == card
