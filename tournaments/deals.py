"""Deals: a cryptographically secure shuffle, PBN, and double-dummy analysis (endplay)."""

from __future__ import annotations

import random
import secrets
from dataclasses import dataclass

SEATS = "NESW"
SUITS = "SHDC"  # PBN order within a hand
RANKS = "AKQJT98765432"
STRAINS = ("C", "D", "H", "S", "NT")

_system_random = secrets.SystemRandom()


def deal_generate(*, dealer: str = "N", rng: random.Random | None = None) -> str:
    """A random deal as a PBN string ``"N:hand hand hand hand"`` (hands clockwise from N).

    The shuffle uses the operating system's CSPRNG unless ``rng`` is given (simulations
    and tests pass a seeded one to be reproducible).
    """
    cards = [(s, r) for s in SUITS for r in RANKS]
    (rng or _system_random).shuffle(cards)
    hands = []
    for seat in range(4):
        hand = cards[seat * 13 : seat * 13 + 13]
        hands.append(".".join("".join(r for s2, r in sorted_hand(hand) if s2 == s) for s in SUITS))
    del dealer  # every stored deal starts with North, whoever deals
    return "N:" + " ".join(hands)


def sorted_hand(hand):
    return sorted(hand, key=lambda c: (SUITS.index(c[0]), RANKS.index(c[1])))


def deal_hands(pbn: str) -> dict[str, dict[str, str]]:
    """``{"N": {"S": "AKQ", "H": ..., ...}, ...}`` from a PBN deal (any first seat)."""
    first, _, rest = pbn.partition(":")
    start = SEATS.index(first.strip().upper())
    hands = {}
    for i, hand in enumerate(rest.split()):
        seat = SEATS[(start + i) % 4]
        hands[seat] = dict(zip(SUITS, hand.split("."), strict=True))
    return hands


def deal_validate(pbn: str) -> str:
    """Check a PBN deal (52 distinct cards, 13 per hand) and return it from North."""
    try:
        hands = deal_hands(pbn)
    except (ValueError, IndexError) as exc:
        raise ValueError(f"Not a PBN deal: {pbn!r}") from exc
    if set(hands) != set(SEATS) or len(pbn.partition(":")[2].split()) != 4:
        raise ValueError(f"A deal needs four hands: {pbn!r}")
    seen = set()
    for seat, suits in hands.items():
        cards = [(s, r) for s, ranks in suits.items() for r in ranks.upper()]
        if len(cards) != 13:
            raise ValueError(f"{seat} does not hold 13 cards in {pbn!r}")
        for card in cards:
            if card[1] not in RANKS or card in seen:
                raise ValueError(f"Bad or repeated card {card} in {pbn!r}")
            seen.add(card)
    return "N:" + " ".join(".".join(hands[seat][s].upper() for s in SUITS) for seat in SEATS)


def hand_hcp(suits: dict[str, str]) -> int:
    points = {"A": 4, "K": 3, "Q": 2, "J": 1}
    return sum(points.get(r, 0) for ranks in suits.values() for r in ranks)


@dataclass(frozen=True)
class Analysis:
    """Double-dummy tricks per strain and declarer, and the par result for NS."""

    tricks: dict[str, dict[str, int]]  # {"NT": {"N": 9, "E": 4, ...}, "S": {...}, ...}
    par_score: int
    par_contracts: str


def deal_analyse(pbn: str, *, dealer: str, vulnerability: str) -> Analysis:
    """Double-dummy table and par, computed with endplay's DDS (about 0.15 s a deal)."""
    from endplay.dds import calc_dd_table, par
    from endplay.types import Deal, Denom, Player, Vul

    deal = Deal(pbn)
    table = calc_dd_table(deal)
    denoms = {"C": Denom.clubs, "D": Denom.diamonds, "H": Denom.hearts, "S": Denom.spades}
    denoms["NT"] = Denom.nt
    players = {"N": Player.north, "E": Player.east, "S": Player.south, "W": Player.west}
    tricks = {
        strain: {seat: int(table[denom, players[seat]]) for seat in SEATS}
        for strain, denom in denoms.items()
    }
    vul = {"None": Vul.none, "NS": Vul.ns, "EW": Vul.ew, "All": Vul.both}[vulnerability]
    result = par(table, vul, players[dealer])
    contracts = ", ".join(sorted({_contract_text(c) for c in result}))
    return Analysis(tricks=tricks, par_score=int(result.score), par_contracts=contracts)


def _contract_text(contract) -> str:
    strain = {"clubs": "C", "diamonds": "D", "hearts": "H", "spades": "S", "nt": "NT"}
    text = f"{contract.level}{strain[contract.denom.name]}"
    text += {"doubled": "X", "redoubled": "XX"}.get(contract.penalty.name, "")
    text += f" {contract.declarer.abbr}"
    result = int(contract.result)
    text += "=" if result == 0 else f"{result:+d}"
    return text
