"""One rule, one place (STYLE.md): the rank string and the high-card points table are
written once, in ``scoring`` (which every app may import), and every other module imports
them; the double-dummy position is built by ``scoring.solver.position_deal`` alone."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_SKIP = {".venv", "tests", "bench", "node_modules", ".git", "migrations"}
#: The rank string, high to low or low to high, and the points table written out.
_RANKS = re.compile(r"AKQJT98765432|23456789TJQKA")
_POINTS = re.compile(r"""["']A["']\s*:\s*4\s*,\s*["']K["']\s*:\s*3""")
#: endplay's ``Deal`` built or its cards played: the double-dummy position.
_POSITION = re.compile(r"\bDeal\(|\.play\(Card\(")


def _sources() -> list[Path]:
    found = [p for p in ROOT.rglob("*.py") if not _SKIP & set(p.relative_to(ROOT).parts[:-1])]
    assert len(found) > 100
    return found


def _writing(pattern: re.Pattern) -> set[str]:
    return {
        str(path.relative_to(ROOT))
        for path in _sources()
        if pattern.search(path.read_text(encoding="utf-8"))
    }


def test_the_rank_string_is_written_once():
    assert _writing(_RANKS) == {"scoring/notation.py"}


def test_the_points_table_is_written_once():
    assert _writing(_POINTS) == {"scoring/hcp_par.py"}


def test_the_table_and_robots_build_no_endplay_deal_of_their_own():
    users = {p for p in _writing(_POSITION) if p.split("/")[0] in ("online", "robots", "tableplay")}
    assert users == set()
