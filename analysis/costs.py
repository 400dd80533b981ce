"""The double-dummy cost of every card of a board's play, and its contract against par
(``docs/rules.md`` § The analysis of the play).

* **A card's cost**: the tricks the side of the card's player could take on the whole
  deal before the card (the tricks it has won so far plus the double-dummy tricks of the
  rest, the trick in progress included) minus the same after it. An integer, at least 0,
  and 0 for a forced card (the only legal one).
* **A claim**: the cards after a claim are not played, so not costed; the claim itself
  costs the tricks the claimer's side could take double dummy at the claim minus the
  tricks the claim gave that side (at least 0).
* **A cut board**: its cards up to the cut, as any other.

How: the value of each position (the side to move's tricks won plus the most it takes
double dummy of the rest, the trick in progress faced on the deal) is one solve of the
best card (``scoring.solver.solve_best``, DDS's search for one best card: about half
the time of every card's values, ``docs/benchmarks.md`` § The analysis of the play); a
card costs the value before it minus the value after it, seen from its side (the two
sides' values add up to 13). A forced card needs no solve (it leaves the value as it
found it), nor does the last trick (played out). Every call into endplay goes through
:mod:`scoring.solver` (its process lock).

No Django.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import scoring
from scoring.solver import position_deal, solve_best
from tableplay.cards import SEATS, deal_parse, seat_next, side
from tableplay.rules import trick_winner

__all__ = [
    "Claim",
    "CostResult",
    "ParResult",
    "card_costs",
    "contract_vs_par",
    "strain_of",
]

#: The tricks of a whole deal, shared by the two sides.
TRICKS = 13
#: Tricks a game and a small slam need, by strain (a game: 3NT, 4H/4S, 5C/5D).
GAME_TRICKS = {"NT": 9, "S": 10, "H": 10, "D": 11, "C": 11}
SLAM_TRICKS = 12


@dataclass(frozen=True)
class Claim:
    """An accepted claim: ``seat`` claimed, and the declaring side ended with
    ``declarer_tricks`` tricks for the whole board (as ``simulate_event`` reports it)."""

    seat: str
    declarer_tricks: int


@dataclass(frozen=True)
class CostResult:
    """``card_costs[i]``: the tricks the side of the player of ``play[i]`` lost with it;
    ``tricks_after[i]``: the tricks that side could still take on the whole deal after
    it (won so far plus double dummy); ``claim_cost``: the claim's shortfall, None
    without a claim."""

    card_costs: list[int] = field(default_factory=list)
    tricks_after: list[int] = field(default_factory=list)
    claim_cost: int | None = None


def strain_of(contract: str) -> str:
    """The strain of a contract ("4SX" → "S", "3NT" → "NT"), or a strain given as is."""
    text = (contract or "").upper().rstrip("X")
    strain = text.lstrip("1234567")
    if strain == "N":
        strain = "NT"
    if strain not in GAME_TRICKS:
        raise ValueError(f"no strain in {contract!r}")
    return strain


class _Position:
    """The play so far: the cards still held, the trick in progress (seat, card) and its
    leader, and the tricks each side has won."""

    def __init__(self, deal: str, declarer: str, strain: str) -> None:
        self.hands = {seat: list(cards) for seat, cards in deal_parse(deal).items()}
        self.strain = strain
        self.trump = strain if strain != "NT" else None
        self.leader = seat_next(declarer)
        self.trick: list[tuple[str, str]] = []
        self.won = {"NS": 0, "EW": 0}

    @property
    def mover(self) -> str:
        return seat_next(self.leader, len(self.trick))

    def legal(self) -> list[str]:
        """The cards the player to move may play (follow suit when able)."""
        hand = self.hands[self.mover]
        if not self.trick:
            return list(hand)
        led = self.trick[0][1][0]
        return [c for c in hand if c[0] == led] or list(hand)

    def play(self, card: str) -> None:
        seat = self.mover
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        if len(self.trick) == 4:
            self.leader = trick_winner(self.trick, self.trump)
            self.won[side(self.leader)] += 1
            self.trick = []

    def value(self) -> tuple[str, int]:
        """The whole deal's double-dummy value here for the side of the player to move:
        (side, its tricks won plus the most it takes of the rest). The last trick's
        cards are forced: it is played out, not solved."""
        own = side(self.mover)
        if not any(self.hands.values()):
            return own, self.won[own]
        if all(len(cards) <= 1 for cards in self.hands.values()):
            rest = [(seat_next(self.leader, k), None) for k in range(len(self.trick), 4)]
            cards = self.trick + [(seat, self.hands[seat][0]) for seat, _ in rest]
            return own, self.won[own] + (side(trick_winner(cards, self.trump)) == own)
        deal = position_deal(self.hands, self.leader, [c for _, c in self.trick], self.strain)
        return own, self.won[own] + solve_best(deal)


def card_costs(
    deal: str,
    contract: str,
    declarer: str,
    play: list[str],
    claim: Claim | None = None,
) -> CostResult:
    """The cost of each card of ``play`` (the cards in the order played, "SA"), on
    ``deal`` (PBN) in ``contract`` ("4SX", or a strain) by ``declarer``; ``claim``: the
    accepted claim that ended the play after these cards. Raises ``ValueError`` for a
    card its player does not hold or may not play."""
    if declarer not in SEATS:
        raise ValueError(f"declarer must be one of {SEATS}, got {declarer!r}")
    position = _Position(deal, declarer, strain_of(contract))
    # The value of the current position, (side, tricks): the other side's is 13 minus it.
    known: tuple[str, int] | None = None
    costs: list[int] = []
    after: list[int] = []
    for raw in play:
        card = str(raw).upper()
        own = side(position.mover)
        legal = position.legal()
        if card not in legal:
            raise ValueError(f"{position.mover} may not play {card}")
        if known is None:
            known = position.value()
        before = _for_side(known, own)
        position.play(card)
        if len(legal) > 1:  # a forced card leaves the value as it found it
            known = position.value()
        costs.append(before - _for_side(known, own))
        after.append(_for_side(known, own))
    claim_cost = None
    if claim is not None:
        claimer = side(claim.seat)
        if known is None:  # claimed before the opening lead
            known = position.value()
        declaring = side(declarer)
        claimed = claim.declarer_tricks if claimer == declaring else TRICKS - claim.declarer_tricks
        claim_cost = max(0, _for_side(known, claimer) - claimed)
    return CostResult(card_costs=costs, tricks_after=after, claim_cost=claim_cost)


def _for_side(known: tuple[str, int], own: str) -> int:
    who, value = known
    return value if who == own else TRICKS - value


# -- the contract against par ----------------------------------------------------------


@dataclass(frozen=True)
class ParResult:
    """The contract against par: ``par_score`` NS's par; ``imps_from_par`` the IMPs of
    the table's NS score against it, from NS's side (positive: NS did better than par);
    ``missed_game``/``missed_slam``: a side could make a game (a small slam) double
    dummy, did not play one itself, and the auction stopped below it (a side outbid
    above its game missed nothing; a passed-out deal misses what either side makes)."""

    par_score: int
    imps_from_par: int
    missed_game: bool
    missed_slam: bool


def _bid_rank(level: int, strain: str) -> int:
    """The order of bids: 1C lowest, 7NT highest."""
    return level * 5 + ("C", "D", "H", "S", "NT").index(strain)


def _ns_score(contract: str, declarer: str, vulnerability: str, tricks: int | None) -> int:
    parsed = scoring.parse_contract(contract or "PASS")
    if parsed.is_passed_out or tricks is None:
        return 0
    score = parsed.score(scoring.vulnerability_includes(vulnerability, declarer), tricks)
    return score if side(declarer) == "NS" else -score


def contract_vs_par(
    deal: str,
    dealer: str,
    vulnerability: str,
    contract: str,
    declarer: str | None,
    tricks: int | None,
    *,
    dd_table: dict | None = None,
    par_score: int | None = None,
) -> ParResult:
    """The table's contract against par. ``dd_table`` ({strain: {seat: tricks}}) and
    ``par_score`` (NS) as a board stores them; computed with endplay's ``calc_dd_table``
    and ``par`` (through :mod:`scoring.solver`) when not given."""
    if dd_table is None or par_score is None:
        from tournaments.deals import deal_analyse  # pure: endplay through scoring.solver

        analysis = deal_analyse(deal, dealer=dealer, vulnerability=vulnerability)
        dd_table, par_score = analysis.tricks, analysis.par_score
    ns_score = _ns_score(contract, declarer or "", vulnerability, tricks)
    parsed = scoring.parse_contract(contract or "PASS")
    played_side = None if parsed.is_passed_out or not declarer else side(declarer)
    reached = 0 if played_side is None else _bid_rank(parsed.level, parsed.strain)
    missed_game = missed_slam = False
    for own in ("NS", "EW"):
        seats = [s for s in SEATS if side(s) == own]
        best = {strain: max(dd_table[strain][seat] for seat in seats) for strain in GAME_TRICKS}
        games = [
            _bid_rank(GAME_TRICKS[st] - 6, st) for st, n in best.items() if n >= GAME_TRICKS[st]
        ]
        slams = [_bid_rank(6, st) for st, n in best.items() if n >= SLAM_TRICKS]
        ours = played_side == own
        own_game = ours and parsed.level + 6 >= GAME_TRICKS[parsed.strain]
        own_slam = ours and parsed.level >= 6
        # missed: the side did not play one itself, and the auction stopped below it
        missed_game |= not own_game and any(reached < rank for rank in games)
        missed_slam |= not own_slam and any(reached < rank for rank in slams)
    return ParResult(
        par_score=int(par_score),
        imps_from_par=scoring.imps(ns_score - int(par_score)),
        missed_game=missed_game,
        missed_slam=missed_slam,
    )
