"""Judged slams (docs/rules.md § Robots, *Judged slams*): when the call of the system's
other rules would stop below slam, the robot deals layouts of the three hands it cannot
see that fit what their calls showed (points and suit lengths, the pictures of
:mod:`robots.system.engine`), asks the double-dummy solver whether twelve tricks make in
each candidate strain, and compares the slam's score with the contract it would stop in,
in IMPs, at the board's vulnerability.

The layouts are dealt here rather than by :mod:`robots.sampling` (which reads the auction
through :mod:`robots.bidding`, so the system cannot import it): full hands before any
card is played, the fewest cards of each suit shown placed first, then the rest where
the most cards shown allow, then cards of one suit swapped between two hands towards
the points shown. The random generator is seeded from the hand and the auction, so the
same hand in the same auction makes the same call (unless the clock cuts it short).
"""

from __future__ import annotations

import random
import time

from robots.system.base import Context, Hand, is_bid
from scoring import HCP_POINTS, RANKS, contract_score, imps
from tableplay.cards import SEATS, partner, seat_next, side

__all__ = [
    "KEYCARD_CHANCE",
    "SAMPLES",
    "SLAM_CHANCE",
    "judge_window",
    "judged_rkcb",
    "judged_slam",
    "layout_deal",
    "slam_judgement",
]

#: Layouts dealt and solved for one decision, in batches of :data:`BATCH` (the solver
#: shares a batch among its threads); from :data:`SAMPLES_FIRST` layouts on, a strain
#: whose slam made in fewer than :data:`DROP_BELOW` of them is no longer solved; and the
#: time after which it decides on the batches solved so far.
SAMPLES, BATCH, SAMPLES_FIRST, DROP_BELOW, BUDGET = 40, 8, 16, 0.3, 0.4
#: The share of the layouts in which the slam must take twelve tricks (the guard against
#: a slam off two aces), besides scoring more on average than the stop. Measured over
#: 1,600 random deals, layouts that fit the auction are hopeful: of the slams they made
#: in 60–80% of, about half made on the real deal, of those they made in 80% or more
#: of, four in five; so four in five for a slam bid at once, and seven in ten for one
#: asked by key cards first (two missing stop in five).
SLAM_CHANCE, KEYCARD_CHANCE = 0.8, 0.7
#: Tries for one layout that fits every hand's picture (else the one that misses least).
TRIES = 20

_DECK = [suit + rank for suit in "SHDC" for rank in RANKS]


def judge_window(ctx: Context) -> bool:
    """The auction a judged slam is tried in: partner has bid naturally (a suit, or no
    trumps), the auction is below six, and our side has not bid 4NT."""
    last, _seat = ctx.last_bid()
    mate = partner(ctx.me)
    mates = [x for x, seat in zip(ctx.calls, ctx.seats, strict=True) if seat == mate]
    ours = [x for x, seat in zip(ctx.calls, ctx.seats, strict=True) if ctx.ours(seat)]
    natural = ctx.mate.named or any(x.endswith("NT") for x in mates)
    return bool(natural) and last is not None and int(last[0]) < 6 and "4NT" not in ours


def judged_slam(ctx: Context, hand: Hand, suit: str | None) -> bool:
    """The check of a judged six: the judgement's strain is ``suit`` (None: no trumps)."""
    return slam_judgement(ctx, hand) == (suit or "NT")


def judged_rkcb(ctx: Context, hand: Hand, _suit) -> bool:
    """The check of a judged 4NT: the judgement's strain, with key cards asked first, is
    our agreed suit."""
    found = slam_judgement(ctx, hand, KEYCARD_CHANCE)
    return found is not None and found == ctx.agreed()


def slam_judgement(ctx: Context, hand: Hand, least: float = SLAM_CHANCE) -> str | None:
    """The strain of the slam the simulation favours over the stop (``ctx.stop``, the
    call the other rules make): the most IMPs gained on average among the strains that
    made in ``least`` of the layouts; None when there is no stop to judge or no slam."""
    if ctx.stop is None:
        return None
    if "chances" not in ctx.memo:
        ctx.memo["chances"] = _judge(ctx, hand)
    found = [(gain, s) for s, (chance, gain, _n) in ctx.memo["chances"].items()
             if chance >= least and gain > 0]  # fmt: skip
    return max(found)[1] if found else None


def _judge(ctx: Context, hand: Hand) -> dict[str, tuple[float, float, int]]:
    """Each candidate strain's slam: the share of the layouts it made in, the IMPs it
    gains over the stop on average, and the layouts solved."""
    stay = _stay(ctx)
    if stay is None:
        return {}
    strains = _strains(ctx, hand)
    from scoring.solver import solver_load

    solver_load()  # before the clock starts
    rng = random.Random(f"{sorted(hand.cards)}|{ctx.calls}|{ctx.seats[:1]}")
    started = time.perf_counter()
    makes: dict[str, list[bool]] = {strain: [] for strain in strains}
    live, count = list(strains), 0
    while live and count < SAMPLES:
        batch = [layout_deal(ctx, hand, rng) for _ in range(BATCH)]
        count += BATCH
        for strain in live:
            if any(makes.values()) and time.perf_counter() - started > BUDGET:
                break  # the clock: a strain decides on its batches so far (or drops out)
            makes[strain] += _twelve(batch, strain, _declarer(ctx, strain))
        if count >= SAMPLES_FIRST:
            live = [s for s in live if sum(makes[s]) >= DROP_BELOW * len(makes[s])]
        if time.perf_counter() - started > BUDGET:
            break
    vulnerable = ctx.vul == "All" or ctx.vul == side(ctx.me)
    return {
        strain: (sum(made) / len(made), _gain(strain, stay, made, vulnerable), len(made))
        for strain, made in makes.items()
        if made
    }


def _stay(ctx: Context) -> tuple[int, str] | None:
    """The contract the stop plays in: the call's, or the last bid's for a pass."""
    call = ctx.stop
    if call is None or not is_bid(call):
        call, _seat = ctx.last_bid()
    if call is None:
        return None
    return int(call[0]), call[1:]


def _gain(strain: str, stay: tuple[int, str], made: list[bool], vulnerable: bool) -> float:
    """The IMPs the slam gains over the stop on average: a made slam against the stop
    with twelve tricks, a failed one (one down) against the stop with eleven (the stop
    making: the cautious side, since both may fail)."""
    level, stay_strain = stay
    total = 0
    for twelve in made:
        tricks = 12 if twelve else 11
        slam = contract_score(6, strain, 0, vulnerable, tricks)
        total += imps(slam - contract_score(level, stay_strain, 0, vulnerable, tricks))
    return total / len(made)


def _strains(ctx: Context, hand: Hand) -> list[str]:
    """No trumps, and the suits of a known fit (eight cards with the fewest partner has
    shown) or a long suit of the hand (six or more), not the opponents', the two longest
    such."""
    mate, theirs = ctx.mate, ctx.their_suits()
    suits = [s for s in "SHDC" if s not in theirs
             and (hand.len[s] + mate.len[s][0] >= 8 or hand.len[s] >= 6)]  # fmt: skip
    suits.sort(key=lambda s: -(hand.len[s] + mate.len[s][0]))
    return suits[:2] + ["NT"]


def _declarer(ctx: Context, strain: str) -> str:
    """Our seat that named the strain first, else the hand to call."""
    for call, seat in zip(ctx.calls, ctx.seats, strict=True):
        if ctx.ours(seat) and is_bid(call) and call[1:] == strain:
            return seat
    return ctx.me


def _twelve(layouts: list[dict], strain: str, declarer: str) -> list[bool]:
    """Whether declarer takes twelve tricks in ``strain`` double dummy in each layout
    (the defenders, on lead, cannot take two)."""
    from scoring.solver import position_deal, solve_targets

    deals = [position_deal(hands, seat_next(declarer), [], strain) for hands in layouts]
    return [not beaten for beaten in solve_targets(deals, 2)]


def layout_deal(ctx: Context, hand: Hand, rng: random.Random) -> dict[str, list[str]]:
    """One layout of the 39 cards the hand cannot see to the three other seats: the first
    try that fits every seat's picture, else the one that misses it least."""
    others = [seat for seat in SEATS if seat != ctx.me]
    held = set(hand.cards)
    unseen = [card for card in _DECK if card not in held]
    best: tuple[int, dict] | None = None
    for _try in range(TRIES):
        hands = _deal_try(ctx, others, unseen, rng)
        miss = sum(_miss(ctx, seat, hands[seat]) for seat in others)
        if best is None or miss < best[0]:
            best = (miss, hands)
        if miss == 0:
            break
    assert best is not None
    return {ctx.me: list(hand.cards), **best[1]}


def _deal_try(ctx: Context, others: list[str], unseen: list[str], rng) -> dict:
    cards = list(unseen)
    rng.shuffle(cards)
    hands: dict[str, list[str]] = {seat: [] for seat in others}
    for seat in others:  # the fewest cards of each suit shown, first
        for suit, (low, _high) in ctx.pictures[seat].len.items():
            chosen = [card for card in cards if card[0] == suit][: max(0, low)]
            chosen = chosen[: 13 - len(hands[seat])]
            for card in chosen:
                cards.remove(card)
            hands[seat] += chosen
    for card in cards:  # the rest where the most cards shown allow, else where room is
        room = [s for s in others if len(hands[s]) < 13]
        allowed = [s for s in room if _count(hands[s], card[0]) < ctx.pictures[s].len[card[0]][1]]
        choices = allowed or room
        seat = rng.choices(choices, weights=[13 - len(hands[s]) for s in choices])[0]
        hands[seat].append(card)
    _points_fix(ctx, hands, rng)
    return hands


def _count(cards: list[str], suit: str) -> int:
    return sum(card[0] == suit for card in cards)


def _points(cards: list[str]) -> int:
    return sum(HCP_POINTS.get(card[1], 0) for card in cards)


def _miss(ctx: Context, seat: str, cards: list[str]) -> int:
    """How far ``cards`` are from ``seat``'s picture: points outside the range shown,
    and cards outside each suit's range."""
    picture = ctx.pictures[seat]
    low, high = picture.hcp
    points = _points(cards)
    miss = max(0, low - points) + max(0, points - high)
    for suit, (fewest, most) in picture.len.items():
        count = _count(cards, suit)
        miss += max(0, fewest - count) + max(0, count - most)
    return miss


def _points_fix(ctx: Context, hands: dict, rng: random.Random, tries: int = 60) -> None:
    """Swap cards of one suit between two hands (their lengths stay) while that brings
    them nearer the points their pictures show."""
    seats = list(hands)

    def off(seat: str) -> int:
        low, high = ctx.pictures[seat].hcp
        points = _points(hands[seat])
        return max(0, low - points) + max(0, points - high)

    for _ in range(tries):
        wrong = [seat for seat in seats if off(seat)]
        if not wrong:
            return
        first = rng.choice(wrong)
        second = rng.choice([seat for seat in seats if seat != first])
        mine, theirs = hands[first], hands[second]
        i, j = rng.randrange(len(mine)), rng.randrange(len(theirs))
        if mine[i][0] != theirs[j][0]:
            continue
        before = off(first) + off(second)
        mine[i], theirs[j] = theirs[j], mine[i]
        if off(first) + off(second) > before:
            mine[i], theirs[j] = theirs[j], mine[i]
