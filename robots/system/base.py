"""The words the robots' system is written in (docs/rules.md § Robots, *Its bidding
system*): a rule, a hand, what a seat's calls have shown (its picture), what one call
means, and the auction as the seat to call sees it (:mod:`robots.system.engine` reads the
rules with them)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from scoring import HCP_POINTS
from tableplay.cards import partner, side

__all__ = [
    "FREE",
    "STRAIN_ORDER",
    "SUIT_ORDER",
    "Context",
    "Hand",
    "Meaning",
    "Picture",
    "Rule",
    "bid_rank",
    "hand_read",
    "is_bid",
    "rule",
    "stopper",
]

SUIT_ORDER = "CDHS"  # lowest first
STRAIN_ORDER = ("C", "D", "H", "S", "NT")
FREE = ("s", "T")  # the suits a rule chooses


def bid_rank(call: str) -> int:
    return (int(call[0]) - 1) * 5 + STRAIN_ORDER.index(call[1:])


def is_bid(call: str) -> bool:
    return call not in ("P", "X", "XX")


@dataclass(frozen=True)
class Rule:
    """One rule: when it applies, the call, and what the call shows (docs/rules.md
    § Robots). ``lengths`` maps a suit key ("S", a group, ``s``, ``their``, ``unbid``,
    ``unbid_majors``) to the (fewest, most) cards; ``total`` bounds the points of the two
    hands (the hand's and what partner has shown, :meth:`Picture.expected`); ``fit`` the
    cards of the chosen suit in the two hands; ``dist`` counts the hand's shortness and
    ``long`` its length (:attr:`Hand.support`, :attr:`Hand.length`); a ``judged`` rule is
    tried only when the call of the others would stop below slam (a judged slam)."""

    when: str
    call: str
    label: str
    hcp: tuple[int, int] = (0, 37)
    lengths: tuple[tuple[str, int, int], ...] = ()
    balanced: bool | None = None
    suits: str = "SHDC"
    longest: bool = False
    checks: tuple[str, ...] = ()
    total: tuple[float, float] | None = None
    fit: int = 0
    forcing: bool = False
    artificial: bool = False
    invite: bool = False
    dist: bool = False
    long: bool = False
    key: str = ""
    judged: bool = False
    pattern: re.Pattern | None = field(default=None, compare=False, repr=False)


def rule(when: str, call: str, label: str, hcp=(0, 37), lengths=None, **kw) -> Rule:
    """A rule, its pattern compiled (``lengths`` a dict of key: (fewest, most))."""
    items = tuple((k, lo, hi) for k, (lo, hi) in (lengths or {}).items())
    pattern = None if when.startswith("@") else re.compile(_expand(when))
    return Rule(when, call, label, tuple(hcp), items, pattern=pattern, **kw)


_GROUPS = {"M": "[HS]", "m": "[CD]", "x": "[CDHS]", "y": "[CDHS]", "z": "[CDHS]"}


def _expand(when: str) -> str:
    seen: set[str] = set()

    def one(match: re.Match) -> str:
        name = match.group(1)
        if name in seen:
            return f"(?P={name})"
        seen.add(name)
        return f"(?P<{name}>{_GROUPS[name]})"

    return re.sub(r"\{(\w)\}", one, when)


@dataclass
class Hand:
    cards: list[str]
    hcp: int
    len: dict[str, int]
    balanced: bool

    @property
    def support(self) -> int:
        """Points with a trump fit: high cards and shortness (void 3, singleton 2,
        doubleton 1)."""
        return self.hcp + sum({0: 3, 1: 2, 2: 1}.get(n, 0) for n in self.len.values())

    @property
    def length(self) -> int:
        """Length points: one for each card over four in a suit."""
        return sum(max(0, n - 4) for n in self.len.values())


def stopper(hand: Hand, suit: str) -> bool:
    """A stopper in ``suit``: the ace, the king with one more, the queen with two more,
    the jack with three more."""
    ranks = [card[1] for card in hand.cards if card[0] == suit]
    count = len(ranks)
    return (
        "A" in ranks
        or "K" in ranks
        and count >= 2
        or "Q" in ranks
        and count >= 3
        or ("J" in ranks and count >= 4)
    )


def hand_read(cards: list[str]) -> Hand:
    hcp = sum(HCP_POINTS.get(card[1], 0) for card in cards)
    lengths = {suit: sum(card[0] == suit for card in cards) for suit in "SHDC"}
    shape = sorted(lengths.values())
    balanced = shape in ([3, 3, 3, 4], [2, 3, 4, 4], [2, 3, 3, 5])
    return Hand(list(cards), hcp, lengths, balanced)


@dataclass
class Picture:
    """What one seat's calls have shown: points and each suit's length (fewest, most),
    the suits it named naturally, its last call's rule, and the suits it showed a
    control of (a control bid)."""

    hcp: list[int] = field(default_factory=lambda: [0, 37])
    len: dict[str, list[int]] = field(default_factory=lambda: {s: [0, 13] for s in "SHDC"})
    named: list[str] = field(default_factory=list)
    last: Rule | None = None
    calls: int = 0
    controls: list[str] = field(default_factory=list)

    def expected(self) -> float:
        """The points to count on: the fewest shown and a little of the range above."""
        low, high = self.hcp
        return low + min(3.0, (high - low) / 2)

    def copy(self) -> Picture:
        return Picture(
            list(self.hcp),
            {s: list(v) for s, v in self.len.items()},
            list(self.named),
            self.last,
            self.calls,
            list(self.controls),
        )


@dataclass(frozen=True)
class Meaning:
    """What one call showed: its rule, the suit it chose, and its points and lengths."""

    rule: Rule | None
    call: str
    hcp: tuple[int, int]
    lengths: dict[str, tuple[int, int]]
    suit: str | None = None


@dataclass
class Context:
    """The auction as the seat to call sees it, the board's vulnerability, and (for the
    judged rules) the call the other rules would make and what the judgement found."""

    calls: list[str]
    seats: list[str]
    me: str
    pictures: dict[str, Picture]
    groups: dict[str, str] = field(default_factory=dict)
    vul: str = "None"
    stop: str | None = None
    memo: dict = field(default_factory=dict)

    @property
    def mate(self) -> Picture:
        return self.pictures[partner(self.me)]

    def last_bid(self) -> tuple[str | None, str | None]:
        for seat, call in zip(reversed(self.seats), reversed(self.calls), strict=True):
            if is_bid(call):
                return call, seat
        return None, None

    def ours(self, seat: str | None) -> bool:
        return seat is not None and side(seat) == side(self.me)

    def their_suits(self) -> list[str]:
        named = []
        for seat, pic in self.pictures.items():
            if not self.ours(seat):
                named += [s for s in pic.named if s not in named]
        return named

    def unbid(self) -> list[str]:
        named = {s for pic in self.pictures.values() for s in pic.named}
        return [s for s in "SHDC" if s not in named]

    def agreed(self) -> str | None:
        """Our side's trump suit as both partners read it: the last suit both named, or
        else the suit our side named with the most cards shown between the two hands
        (the bids before our first 4NT: what follows it asks and answers)."""
        mine, theirs = self.pictures[self.me].named, self.mate.named
        order = []
        for call, seat in zip(self.calls, self.seats, strict=True):
            if not self.ours(seat) or not is_bid(call):
                continue
            if call == "4NT":
                break
            if call[1:] in mine + theirs:
                order.append(call[1:])
        both = [s for s in reversed(order) if s in mine and s in theirs]
        if both:
            return both[0]
        named = order or theirs + mine
        if not named:
            return None
        shown = self.pictures[self.me].len
        # else the suit of the longest fit the auction has shown (the later of equal ones)
        return max(reversed(named), key=lambda s: shown[s][0] + self.mate.len[s][0])
