"""The double-dummy solver is entered by one thread of a process at a time (docs/rules.md
§ Concurrency): endplay's DDS keeps one working memory a process, and two threads in it
at once crash the process (a segmentation fault took the demo server down)."""

from __future__ import annotations

import re
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

#: How the house could enter DDS: endplay's solver module, or the one ``Deal`` method
#: that calls it.
_DDS_DOOR = re.compile(r"endplay\.dds|from\s+endplay\s+import\s+[^\n]*\bdds\b|\.legal_moves\(")


def test_no_module_enters_the_solver_but_its_one_door() -> None:
    skip = {".venv", "tests", "node_modules", ".git"}
    sources = [
        path for path in ROOT.rglob("*.py") if not skip & set(path.relative_to(ROOT).parts[:-1])
    ]
    assert len(sources) > 100
    users = {
        str(path.relative_to(ROOT))
        for path in sources
        if _DDS_DOOR.search(path.read_text(encoding="utf-8"))
    }
    assert users == {"scoring/solver.py"}


# Six threads solve the same endings at once, each answer checked against the one
# solved alone; run in a child process, so that a crash is a failure and not the end of
# the test run.
_RACE = textwrap.dedent(
    """
    import random, threading
    from endplay.types import Deal, Denom, Player, Vul
    from scoring.solver import calc_dd_table, par, solve_board

    def deal_random(rng):  # an ending of seven cards a hand: quick to solve
        cards = [s + r for s in "SHDC" for r in "AKQJT98765432"]
        rng.shuffle(cards)
        hands = [cards[7 * i : 7 * i + 7] for i in range(4)]
        return "N:" + " ".join(
            ".".join("".join(c[1] for c in h if c[0] == s) for s in "SHDC") for h in hands
        )

    def answers(pbn):
        cards = sorted(
            (str(card), tricks)
            for card, tricks in solve_board(Deal(pbn, first=Player.west, trump=Denom.nt))
        )
        table = calc_dd_table(Deal(pbn))
        tricks = [table[denom, seat] for denom in Denom.bidorder() for seat in Player]
        return cards, tricks, par(table, Vul.ns, Player.north).score

    deals = [deal_random(random.Random(n)) for n in range(6)]
    alone = {pbn: answers(pbn) for pbn in deals}
    wrong, crashed = [], []

    def work(k):
        try:
            for j in range(60):
                pbn = deals[(k + j) % len(deals)]
                if answers(pbn) != alone[pbn]:
                    wrong.append(pbn)
        except BaseException as error:
            crashed.append(repr(error))

    threads = [threading.Thread(target=work, args=(k,)) for k in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    print("wrong", len(wrong), "crashed", crashed)
    """
)


def test_threads_solving_at_once_get_the_answers_of_one_alone() -> None:
    done = subprocess.run(
        [sys.executable, "-c", _RACE], cwd=ROOT, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr[-2000:]  # -11: the segmentation fault
    assert done.stdout.split() == ["wrong", "0", "crashed", "[]"]


def test_a_position_mid_trick_is_solved_for_the_seat_whose_card_is_next() -> None:
    """``position_deal``: the cards held now, the trick's cards faced on the table; the
    solver answers for the next seat, who must follow suit."""
    from scoring.solver import position_deal, solve_board

    def solved(hands, trick, strain):
        deal = position_deal(hands, "E", trick, strain)
        return {c.suit.name[0].upper() + c.rank.abbr: tricks for c, tricks in solve_board(deal)}

    hands = {"N": ["SA", "SK", "HA"], "E": ["HK", "H2"], "S": ["S3", "H3", "CQ"]}
    hands["W"] = ["S4", "H4", "CA"]
    assert set(solved(hands, ["C2"], "NT")) == {"CQ"}  # East led C2: South follows
    hands["S"] = ["S3", "H3"]
    answers = solved(hands, ["C2", "CQ"], "S")  # then West, who wins the club
    assert answers == {"CA": 0}  # North, void, ruffs: East-West take nothing


def test_a_target_answers_as_the_best_count_does() -> None:
    """``solve_target`` and ``solve_targets`` (one batch): whether the side to move
    takes the target, as the best count of ``solve_best`` says, for each target."""
    import random

    from scoring import RANKS
    from scoring.solver import position_deal, solve_best, solve_target, solve_targets

    rng = random.Random(7)
    cards = [suit + rank for suit in "SHDC" for rank in RANKS]
    deals = []
    for _ in range(6):
        rng.shuffle(cards)
        hands = {seat: cards[13 * i : 13 * i + 13] for i, seat in enumerate("NESW")}
        deals.append((hands, rng.choice(["S", "H", "NT"])))
    best = [solve_best(position_deal(hands, "E", [], strain)) for hands, strain in deals]
    for target in (2, 5, 7):
        one = [solve_target(position_deal(h, "E", [], s), target) for h, s in deals]
        batch = solve_targets([position_deal(h, "E", [], s) for h, s in deals], target)
        assert one == batch == [count >= target for count in best]
