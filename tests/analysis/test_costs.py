"""Each card's double-dummy cost (docs/rules.md § The analysis of the play), checked card
by card against an independent computation: the position before and after every card
built by endplay's own play of the cards, its double-dummy value re-solved from scratch
(``calc_dd_table`` of the whole deal before the opening lead, the best ``solve_board``
card of a new deal of the hands left at a trick's start, of endplay's own position inside
a trick) and added to the tricks won, counted from endplay's trick winners."""

from __future__ import annotations

import random

import pytest
from endplay.types import Card, Deal, Denom, Player

from analysis import costs
from analysis.costs import Claim, card_costs, contract_vs_par
from scoring.solver import calc_dd_table, solve_board
from tournaments.deals import deal_generate

SEATS = "NESW"
DENOMS = {"S": Denom.spades, "H": Denom.hearts, "D": Denom.diamonds, "C": Denom.clubs}
DENOMS["NT"] = Denom.nt


def side_of(seat: str) -> str:
    return "NS" if seat in "NS" else "EW"


def seat_of(player: Player) -> str:
    return SEATS[int(player)]


def random_play(deal: str, strain: str, declarer: str, rng: random.Random, cards: int = 52):
    """Random legal cards, following suit by endplay's own deal."""
    board = Deal(deal, first=Player.find(SEATS[(SEATS.index(declarer) + 1) % 4]))
    board.trump = DENOMS[strain]
    out = []
    for _ in range(cards):
        hand = board[board.curplayer]
        held = [f"{c.suit.name[0].upper()}{c.rank.abbr}" for c in hand]
        if board.curtrick:
            led = board.curtrick[0].suit.name[0].upper()
            held = [c for c in held if c[0] == led] or held
        card = rng.choice(sorted(held))
        out.append(card)
        board.play(Card(card))
    return out


def values(deal: str, strain: str, declarer: str, play: list[str]) -> list[dict[str, int]]:
    """The whole deal's double-dummy value of each position (before each card and after
    the last), for each side: tricks won plus the rest re-solved from scratch."""
    board = Deal(deal, first=Player.find(SEATS[(SEATS.index(declarer) + 1) % 4]))
    board.trump = DENOMS[strain]
    won = {"NS": 0, "EW": 0}
    out = []
    for i in range(len(play) + 1):
        left = 13 - sum(won.values())
        mover = seat_of(board.curplayer)
        if left == 0:
            rest = {"NS": 0, "EW": 0}
        elif i == 0:
            # the whole deal: declarer's tricks from calc_dd_table, the rest the leader's
            table = calc_dd_table(Deal(deal))
            mine = 13 - int(table[DENOMS[strain], Player.find(declarer)])
            rest = {side_of(mover): mine, side_of(declarer): 13 - mine}
        elif not board.curtrick:
            # a trick's start: a new deal of the hands left, solved from scratch
            fresh = Deal(board.to_pbn(), first=board.curplayer, trump=DENOMS[strain])
            mine = max(int(t) for _, t in solve_board(fresh))
            rest = {side_of(mover): mine, ("EW" if side_of(mover) == "NS" else "NS"): left - mine}
        else:
            mine = max(int(t) for _, t in solve_board(board.copy()))
            rest = {side_of(mover): mine, ("EW" if side_of(mover) == "NS" else "NS"): left - mine}
        out.append({s: won[s] + rest[s] for s in won})
        if i == len(play):
            break
        board.play(Card(play[i]))
        if not board.curtrick:  # the trick is complete: its winner leads the next
            won[side_of(seat_of(board.first))] += 1
    return out


def independent_costs(deal, strain, declarer, play):
    board = Deal(deal, first=Player.find(SEATS[(SEATS.index(declarer) + 1) % 4]))
    board.trump = DENOMS[strain]
    movers = []
    for card in play:
        movers.append(side_of(seat_of(board.curplayer)))
        board.play(Card(card))
    vals = values(deal, strain, declarer, play)
    return (
        [vals[i][s] - vals[i + 1][s] for i, s in enumerate(movers)],
        [vals[i + 1][s] for i, s in enumerate(movers)],
        vals,
    )


def random_board(seed: int):
    rng = random.Random(seed)
    deal = deal_generate(rng=rng)
    strain = rng.choice(["S", "H", "D", "C", "NT"])
    declarer = rng.choice(SEATS)
    return rng, deal, strain, declarer


@pytest.mark.parametrize("seed", [11])
def test_every_card_costs_what_the_positions_before_and_after_it_say(seed) -> None:
    rng, deal, strain, declarer = random_board(seed)
    play = random_play(deal, strain, declarer, rng)
    got = card_costs(deal, f"3{strain}", declarer, play)
    want_costs, want_after, _ = independent_costs(deal, strain, declarer, play)
    assert len(got.card_costs) == len(play) == 52
    assert got.card_costs == want_costs
    assert got.tricks_after == want_after
    assert got.claim_cost is None
    assert any(c > 0 for c in got.card_costs)  # random cards give tricks away
    assert all(c >= 0 for c in got.card_costs)


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
def test_random_deals_card_by_card(seed) -> None:
    rng, deal, strain, declarer = random_board(seed)
    play = random_play(deal, strain, declarer, rng)
    got = card_costs(deal, strain, declarer, play)
    want_costs, want_after, _ = independent_costs(deal, strain, declarer, play)
    assert got.card_costs == want_costs
    assert got.tricks_after == want_after


# North holds one spade: West's spade lead leaves it no choice.
FORCED = "N:K.AKQJT9876.AK.A AQJ5.5432.5432.2 T9876..QJT9.KQJ4 432..876.T987653"


def test_a_forced_card_costs_nothing_and_is_not_solved(monkeypatch) -> None:
    calls = []
    real = costs.solve_best

    def counting(deal):
        calls.append(1)
        return real(deal)

    monkeypatch.setattr(costs, "solve_best", counting)
    rng = random.Random(4)
    play = random_play_from(FORCED, "H", "S", ["S2", "SK"], rng)
    got = card_costs(FORCED, "4H", "S", play)
    assert got.card_costs[1] == 0
    # the forced king leaves the value of the position as it found it
    assert got.tricks_after[1] == 13 - got.tricks_after[0]
    want_costs, want_after, _ = independent_costs(FORCED, "H", "S", play)
    assert got.card_costs == want_costs
    assert got.tricks_after == want_after
    forced = _forced_positions(FORCED, "H", "S", play)
    assert 1 in forced and set(range(48, 52)) <= forced  # North's king, the last trick
    # one solve before the opening lead, then one after each card that had a choice,
    # up to the last trick, which is played out
    assert len(calls) == 1 + sum(1 for i in range(47) if i not in forced)


def random_play_from(deal, strain, declarer, start, rng):
    board = Deal(deal, first=Player.find(SEATS[(SEATS.index(declarer) + 1) % 4]))
    board.trump = DENOMS[strain]
    out = list(start)
    for card in start:
        board.play(Card(card))
    while len(out) < 52:
        held = [f"{c.suit.name[0].upper()}{c.rank.abbr}" for c in board[board.curplayer]]
        if board.curtrick:
            led = board.curtrick[0].suit.name[0].upper()
            held = [c for c in held if c[0] == led] or held
        card = rng.choice(sorted(held))
        out.append(card)
        board.play(Card(card))
    return out


def _forced_positions(deal, strain, declarer, play) -> set[int]:
    board = Deal(deal, first=Player.find(SEATS[(SEATS.index(declarer) + 1) % 4]))
    board.trump = DENOMS[strain]
    forced = set()
    for i, card in enumerate(play):
        held = [c for c in board[board.curplayer]]
        if board.curtrick:
            led = board.curtrick[0].suit
            held = [c for c in held if c.suit == led] or held
        if len(held) == 1:
            forced.add(i)
        board.play(Card(card))
    return forced


def test_a_claim_costs_the_tricks_it_gave_up_and_its_later_cards_are_not_costed() -> None:
    rng, deal, strain, declarer = random_board(21)
    play = random_play(deal, strain, declarer, rng, cards=20)
    _, _, vals = independent_costs(deal, strain, declarer, play)
    declaring = side_of(declarer)
    could = vals[-1][declaring]  # the declaring side's tricks double dummy at the claim
    short = card_costs(deal, strain, declarer, play, claim=Claim(declarer, could - 2))
    assert short.claim_cost == 2
    assert len(short.card_costs) == 20
    full = card_costs(deal, strain, declarer, play, claim=Claim(declarer, could + 1))
    assert full.claim_cost == 0  # claiming more than double dummy gives nothing up
    # a defender's claim: its side's tricks are the rest of the 13
    defender = SEATS[(SEATS.index(declarer) + 1) % 4]
    theirs = card_costs(deal, strain, declarer, play, claim=Claim(defender, could + 1))
    assert theirs.claim_cost == 1
    assert short.card_costs == full.card_costs == independent_costs(deal, strain, declarer, play)[0]


def test_a_claim_before_the_opening_lead_is_solved_from_the_deal() -> None:
    _, deal, strain, declarer = random_board(22)
    table = calc_dd_table(Deal(deal))
    could = int(table[DENOMS[strain], Player.find(declarer)])
    got = card_costs(deal, strain, declarer, [], claim=Claim(declarer, could - 1))
    assert (got.card_costs, got.claim_cost) == ([], 1)


def test_a_cut_board_is_costed_up_to_the_cut() -> None:
    rng, deal, strain, declarer = random_board(31)
    play = random_play(deal, strain, declarer, rng, cards=23)  # cut inside a trick
    got = card_costs(deal, strain, declarer, play)
    want_costs, want_after, _ = independent_costs(deal, strain, declarer, play)
    assert len(got.card_costs) == 23
    assert got.card_costs == want_costs
    assert got.tricks_after == want_after


def test_a_card_its_player_may_not_play_is_refused() -> None:
    with pytest.raises(ValueError):
        card_costs(FORCED, "4H", "S", ["S2", "HA"])  # North holds a spade


def test_the_contract_against_par() -> None:
    deal = FORCED  # North or South makes twelve tricks in hearts: par is 6H, 980 to NS
    table = calc_dd_table(Deal(deal))
    assert int(table[Denom.hearts, Player.north]) == 12
    slam = contract_vs_par(deal, "N", "None", "6H", "N", 12)
    assert (slam.par_score, slam.imps_from_par) == (980, 0)
    assert (slam.missed_game, slam.missed_slam) == (False, False)
    game = contract_vs_par(deal, "N", "None", "4H", "N", 12)
    assert (game.missed_game, game.missed_slam) == (False, True)
    assert game.imps_from_par == -11  # 480 against 980: 500 points
    part = contract_vs_par(deal, "N", "None", "2H", "N", 12)
    assert (part.missed_game, part.missed_slam) == (True, True)
    assert part.imps_from_par == -13  # 230 against 980: 750 points
    grand = contract_vs_par(deal, "N", "None", "7H", "N", 12)
    assert (grand.missed_game, grand.missed_slam, grand.imps_from_par) == (False, False, -14)
    passed = contract_vs_par(deal, "N", "None", "PASS", None, None)
    assert (passed.missed_game, passed.missed_slam, passed.imps_from_par) == (True, True, -14)
    # East-West's view is NS's turned round: EW's 2S doubled four down is +800 to NS
    sacrifice = contract_vs_par(deal, "N", "None", "2SX", "E", 4)
    assert sacrifice.imps_from_par == -5  # 800 against 980
    assert sacrifice.missed_game and sacrifice.missed_slam  # NS did not play theirs
