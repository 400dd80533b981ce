"""The robot's bidding: a small natural system (docs/rules.md § Robots).

Five-card majors, a 15-17 1NT, 2NT 20-21, a strong 2C, weak twos in D/H/S, three-level
preempts, simple responses and rebids, Stayman over 1NT, overcalls and takeout doubles.
Later calls place the contract from what partner has shown: game in an eight-card major
fit or 3NT with 25 points between the two hands, otherwise pass. Every call is taken from
the legal calls the seat is sent, and anything the system does not cover is a pass, so the
auction always ends.
"""

from __future__ import annotations

from scoring import HCP_POINTS
from tableplay.cards import bid_rank, partner

__all__ = ["call_choose", "hand_shape"]

_CONTRACT_CALLS = ("P", "X", "XX")


def hand_shape(cards: list[str]) -> tuple[int, dict[str, int], bool]:
    """High-card points, suit lengths and whether the hand is balanced."""
    hcp = sum(HCP_POINTS.get(card[1], 0) for card in cards)
    lengths = {suit: sum(card[0] == suit for card in cards) for suit in "SHDC"}
    shape = sorted(lengths.values())
    balanced = shape in ([3, 3, 3, 4], [2, 3, 4, 4], [2, 3, 3, 5])
    return hcp, lengths, balanced


def call_choose(view: dict) -> str:
    """The call the seat to act makes: the system's call when it is legal, else pass."""
    me = view["to_play"]
    legal = set(view["legal"]["calls"])
    auction = [(entry["seat"], entry["call"]) for entry in view["auction"]]
    hcp, lengths, balanced = hand_shape(view["hands"][me])
    hand = {"hcp": hcp, "len": lengths, "bal": balanced}
    for call in _candidates(auction, me, hand):
        if call in legal:
            return call
    return "P"


def _bids(auction: list[tuple[str, str]]) -> list[tuple[str, str]]:
    return [(seat, call) for seat, call in auction if call not in _CONTRACT_CALLS]


def _candidates(auction: list[tuple[str, str]], me: str, hand: dict) -> list[str]:
    bids = _bids(auction)
    ours = {me, partner(me)}
    mine = [call for seat, call in bids if seat == me]
    partners = [call for seat, call in bids if seat == partner(me)]
    if not bids:
        return _opening(hand)
    opener = bids[0][0]
    if opener not in ours:
        if not mine and not partners:
            return _overcall(bids[-1][1], hand)
        return _placement(auction, me, hand)
    if opener == partner(me) and not mine:
        return _response(partners[0], hand)
    if opener == me and len(mine) == 1 and len(partners) == 1:
        return _rebid(mine[0], partners[0], hand)
    return _placement(auction, me, hand)


def _longest(lengths: dict[str, int], suits: str = "SHDC") -> str:
    return max(suits, key=lambda suit: (lengths[suit], -"SHDC".index(suit)))


def _opening(hand: dict) -> list[str]:
    hcp, lengths, bal = hand["hcp"], hand["len"], hand["bal"]
    if hcp >= 22:
        return ["2C"]
    if bal and 20 <= hcp <= 21:
        return ["2NT"]
    if bal and 15 <= hcp <= 17:
        return ["1NT"]
    if hcp >= 12:
        if max(lengths["S"], lengths["H"]) >= 5:
            return ["1S" if lengths["S"] >= lengths["H"] else "1H"]
        return ["1D" if lengths["D"] > lengths["C"] or lengths["D"] == lengths["C"] == 4 else "1C"]
    long = _longest(lengths, "SHD")
    if 6 <= hcp <= 10 and lengths[long] == 6:
        return ["2" + long]
    long = _longest(lengths)
    if 5 <= hcp <= 10 and lengths[long] >= 7:
        return ["3" + long]
    return ["P"]


def _overcall(their: str, hand: dict) -> list[str]:
    hcp, lengths, bal = hand["hcp"], hand["len"], hand["bal"]
    theirs = their[-1] if not their.endswith("NT") else "N"
    if bal and 15 <= hcp <= 18 and their[0] == "1":
        return ["1NT"]
    long = _longest(lengths)
    if lengths[long] >= 5 and long != theirs and 8 <= hcp <= 16:
        return ["1" + long] + (["2" + long] if hcp >= 10 else [])
    others = [s for s in "SHDC" if s != theirs]
    if hcp >= 12 and lengths.get(theirs, 0) <= 2 and all(lengths[s] >= 3 for s in others):
        return ["X"]
    return ["P"]


def _response(opening: str, hand: dict) -> list[str]:
    hcp, lengths, bal = hand["hcp"], hand["len"], hand["bal"]
    if opening == "1NT":
        return _over_1nt(hand)
    if opening == "2C":
        return ["2D"]
    if opening in ("2NT",):
        return ["3NT"] if hcp >= 5 else ["P"]
    strain = opening[-1]
    if opening[0] in "23":
        return ["4" + strain] if hcp >= 16 and strain in "HS" and lengths[strain] >= 3 else ["P"]
    if hcp < 6:
        return ["P"]
    if strain in "HS" and lengths[strain] >= 3:
        return ["2" + strain] if hcp <= 10 else ["3" + strain] if hcp <= 12 else ["4" + strain]
    for major in ("H", "S"):
        if lengths[major] >= 4 and "SHDC".index(major) < "SHDC".index(strain):
            return ["1" + major]
    if hcp >= 11 and bal:
        return ["2NT"] if hcp <= 12 else ["3NT"]
    long = _longest(lengths)
    if hcp >= 10 and lengths[long] >= 4 and long != strain:
        return ["1" + long, "2" + long]
    if strain in "DC" and lengths[strain] >= 5:
        return ["2" + strain] if hcp <= 10 else ["3" + strain]
    return ["1NT"] if hcp <= 10 else ["2NT"]


def _over_1nt(hand: dict) -> list[str]:
    hcp, lengths = hand["hcp"], hand["len"]
    major = _longest(lengths, "SH")
    if lengths[major] >= 5:
        if hcp <= 7:
            return ["2" + major]
        if hcp >= 10:
            return ["4" + major] if lengths[major] >= 6 else ["3" + major]
    if hcp >= 8 and max(lengths["S"], lengths["H"]) == 4:
        return ["2C"]
    if hcp >= 10:
        return ["3NT"]
    return ["2NT"] if hcp >= 8 else ["P"]


def _rebid(opening: str, response: str, hand: dict) -> list[str]:
    hcp, lengths, bal = hand["hcp"], hand["len"], hand["bal"]
    own, theirs = opening[-1], response[-1]
    if opening == "1NT":
        if response == "2C":
            return ["2H" if lengths["H"] >= 4 else "2S" if lengths["S"] >= 4 else "2D"]
        if response == "2NT":
            return ["3NT"] if hcp >= 16 else ["P"]
        if response in ("3H", "3S"):
            return ["4" + theirs] if lengths[theirs] >= 3 else ["3NT"]
        return ["P"]
    if opening == "2C":
        return _opening_strong(hand)
    if response.endswith("NT"):
        if response == "2NT" and hcp >= 14 or response == "1NT" and hcp >= 18:
            return ["3NT"]
        return ["2" + own] if lengths[own] >= 6 else ["P"]
    if theirs == own:
        level = int(response[0])
        if level == 2 and hcp >= 19 or level == 3 and hcp >= 14:
            return ["4" + own] if own in "HS" else ["3NT"]
        return ["3" + own] if level == 2 and hcp >= 16 else ["P"]
    if theirs in "HS" and lengths[theirs] >= 4:
        return ["4" + theirs] if hcp >= 19 else ["3" + theirs] if hcp >= 16 else ["2" + theirs]
    if bal:
        return ["2NT"] if hcp >= 18 else ["1NT", "2NT"]
    if lengths[own] >= 6:
        return ["3" + own] if hcp >= 16 else ["2" + own]
    others = [s for s in "SHDC" if s not in (own, theirs) and lengths[s] >= 4]
    cheap = [s for s in others if "SHDC".index(s) > "SHDC".index(own)]
    return ["1" + s for s in others] + ["2" + s for s in cheap] + ["2" + own]


def _opening_strong(hand: dict) -> list[str]:
    hcp, lengths, bal = hand["hcp"], hand["len"], hand["bal"]
    if bal:
        return ["2NT"] if hcp <= 24 else ["3NT"]
    return ["2" + _longest(lengths), "3" + _longest(lengths)]


def _placement(auction: list[tuple[str, str]], me: str, hand: dict) -> list[str]:
    """Later calls: bid game with the values for it, compete a little with a fit, else
    pass (docs/rules.md § Robots)."""
    shown_hcp, shown_len = _shown(auction, partner(me))
    total = hand["hcp"] + shown_hcp
    fits = [s for s in "SHDC" if hand["len"][s] + shown_len.get(s, 0) >= 8]
    bids = _bids(auction)
    last_seat, last = bids[-1]
    major = next((s for s in fits if s in "HS"), None)
    if total >= 25:
        if major:
            return ["4" + major]
        if not fits or "NT" in last or bid_rank(last) < bid_rank("3NT"):
            return ["3NT"]
        return ["5" + fits[0]]
    if last_seat in (me, partner(me)) or not fits:
        return ["P"]
    if total >= 18:
        return [f"{level}{fits[0]}" for level in (2, 3)] + ["P"]
    return ["P"]


def _shown(auction: list[tuple[str, str]], seat: str) -> tuple[int, dict[str, int]]:
    """The fewest points and the suit lengths ``seat``'s calls have shown (a rough
    reading of the system's own meanings)."""
    bids = _bids(auction)
    points, lengths = 0, {}
    first = True
    for index, (who, call) in enumerate(bids):
        if who != seat:
            continue
        strain = call[1:]
        if call == "1NT":
            points = max(points, 15 if index == 0 else 6)
        elif call == "2NT":
            points = max(points, 20 if index == 0 else 11)
        elif call == "2C" and index == 0:
            points = 22
        elif strain in ("S", "H", "D", "C"):
            lengths[strain] = lengths.get(strain, 0) + (4 if strain not in lengths else 1)
            if index == 0 and call[0] == "1":
                lengths[strain] = 5 if strain in "HS" else 3
                points = max(points, 12)
            elif index == 0:
                lengths[strain] = 6 if call[0] == "2" else 7
                points = max(points, 6 if call[0] == "2" else 5)
            elif first:
                points = max(points, 8 if bids[0][0] not in (seat, partner(seat)) else 6)
            elif (
                call[0] == "3"
                and (partner(seat), call) not in bids
                and any(who_ == partner(seat) and bid[1:] == strain for who_, bid in bids)
            ):
                points = max(points, 16)  # a later raise to three of the fit: invitation
        first = False
    for who, call in auction:
        if who == seat and call == "X":
            points = max(points, 12)
    return points, lengths


def hcp_range(auction: list[tuple[str, str]], seat: str) -> tuple[int, int]:
    """The high-card points ``seat``'s first call shows in this system: a pass before
    anyone has bid at most 11, an opening, an overcall or a double its range, a response
    6 or more (a pass 0-5); else 0 to 37."""
    opener = None
    for who, call in auction:
        if who != seat:
            if opener is None and call not in _CONTRACT_CALLS:
                opener = who
            continue
        if opener is None:
            if call == "P":
                return 0, 11
            if call in _OPENING_POINTS:
                return _OPENING_POINTS[call]
            return (12, 21) if call[0] == "1" else (6, 10) if call[0] == "2" else (5, 10)
        if opener == partner(seat):
            return (0, 5) if call == "P" else (6, 37)
        if call == "X":
            return 12, 37
        return (0, 37) if call == "P" else (15, 18) if call == "1NT" else (8, 16)
    return 0, 37


_OPENING_POINTS = {"1NT": (15, 17), "2NT": (20, 21), "2C": (22, 37)}
