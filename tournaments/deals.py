"""Deals: a cryptographically secure shuffle, PBN, and double-dummy analysis (endplay)."""

from __future__ import annotations

import random
import secrets
from collections import Counter
from dataclasses import dataclass

from scoring import RANKS, SEATS, STRAINS
from scoring.solver import calc_dd_table, par

__all__ = ["RANKS", "SEATS", "STRAINS", "SUITS", "DealError"]

SUITS = "SHDC"  # PBN order within a hand

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


class DealError(ValueError):
    """A refused PBN deal: ``code`` says why and ``params`` give the details, for a
    message in words (``not_pbn``, ``hands``, ``rank``, ``count``, ``repeated``,
    ``invalid``)."""

    def __init__(self, pbn: str, code: str, **params) -> None:
        super().__init__(f"Not a valid PBN deal ({code} {params}): {pbn!r}")
        self.code, self.params = code, params


def deal_validate(pbn: str) -> str:
    """Check a PBN deal (four hands, 13 cards each, 52 distinct cards) and return it
    from North; :class:`DealError` (a ValueError) says what is wrong."""
    try:
        hands = deal_hands(pbn)
    except (ValueError, IndexError) as exc:
        raise DealError(pbn, "not_pbn") from exc
    if set(hands) != set(SEATS):
        raise DealError(pbn, "hands")
    counts: Counter[str] = Counter()
    for seat in SEATS:
        cards = [s + r for s, ranks in hands[seat].items() for r in ranks.upper()]
        for card in cards:
            if card[1] not in RANKS:
                raise DealError(pbn, "rank", rank=card[1])
        counts.update(cards)
        if len(cards) != 13:
            raise DealError(pbn, "count", seat=seat, count=len(cards))
    for suit in SUITS:
        for rank in RANKS:
            if counts[suit + rank] > 1:
                raise DealError(pbn, "repeated", card=suit + rank, times=counts[suit + rank])
    if len(pbn.partition(":")[2].split()) != 4:  # a fifth hand replaced an earlier one
        raise DealError(pbn, "invalid")
    return "N:" + " ".join(".".join(hands[seat][s].upper() for s in SUITS) for seat in SEATS)


@dataclass(frozen=True)
class Analysis:
    """Double-dummy tricks per strain and declarer, and the par result for NS."""

    tricks: dict[str, dict[str, int]]  # {"NT": {"N": 9, "E": 4, ...}, "S": {...}, ...}
    par_score: int
    par_contracts: str


def deal_analyse(pbn: str, *, dealer: str, vulnerability: str) -> Analysis:
    """Double-dummy table and par, computed with endplay's DDS (about 0.15 s a deal)."""
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
