"""Many robot tables at once in one process (docs/rules.md § Concurrency, the solver):
the robots of several tables solve double dummy from several threads at once, as the
server's robots, practice sessions and pool tables do; the process does not crash and
every table plays exactly what it plays alone."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# In a child process, so that a crash of the solver is this test's failure, not the end
# of the test run. A budget no decision reaches: the robots' choices depend on the seed
# alone, so the boards played at once must be the boards played alone.
_TABLES = textwrap.dedent(
    """
    import random, threading
    from robots import robot_act
    from tableplay import Table
    from tableplay.views import table_view
    from tests.tableplay.helpers import random_deal

    def board_play(number):
        table = Table(random_deal(random.Random(number)), "NESW"[number % 4], "None")
        while table.phase != "over":
            view = table_view(table, table.actor)
            table.apply(robot_act(view, seed=number, samples=2, budget=600))
        return [move.value for move in table.moves], table.result

    numbers = [2, 3, 5, 6, 9, 10]
    alone = {number: board_play(number) for number in numbers}
    played = sum(1 for moves, result in alone.values() if result.status == "played")
    at_once, crashed = {}, []

    def table_run(number):
        try:
            at_once[number] = board_play(number)
        except BaseException as error:
            crashed.append(repr(error))

    threads = [threading.Thread(target=table_run, args=(n,)) for n in numbers]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    print("played", played, "same", at_once == alone, "crashed", crashed)
    """
)


@pytest.mark.slow
def test_robot_tables_playing_at_once_play_as_alone() -> None:
    done = subprocess.run(
        [sys.executable, "-c", _TABLES], cwd=ROOT, capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stderr[-2000:]  # -11: the segmentation fault
    assert done.stdout.split() == ["played", "6", "same", "True", "crashed", "[]"]
