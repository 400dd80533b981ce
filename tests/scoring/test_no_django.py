"""The scoring package is pure Python: no Django (nor numpy/endplay) on import."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import scoring

PACKAGE = Path(scoring.__file__).resolve().parent


def test_import_does_not_load_django() -> None:
    code = (
        "import sys, scoring, scoring.fast\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('django', 'endplay')]\n"
        "assert not bad, bad\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=PACKAGE.parent)


def test_core_import_is_pure_python() -> None:
    code = (
        "import sys, scoring\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('django', 'endplay', 'numpy')]\n"
        "assert not bad, bad\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=PACKAGE.parent)


def test_sources_do_not_mention_django_imports() -> None:
    pattern = re.compile(r"^\s*(import|from)\s+(django|rest_framework)\b", re.MULTILINE)
    sources = list(PACKAGE.rglob("*.py"))
    assert len(sources) >= 10
    for path in sources:
        assert not pattern.search(path.read_text(encoding="utf-8")), path


def test_endplay_only_in_the_builder_and_the_solver() -> None:
    pattern = re.compile(r"^\s*(import|from)\s+endplay\b", re.MULTILINE)
    users = {p.name for p in PACKAGE.rglob("*.py") if pattern.search(p.read_text("utf-8"))}
    assert users <= {"build_hcp_par.py", "solver.py"}


def test_all_is_complete() -> None:
    for name in scoring.__all__:
        assert hasattr(scoring, name), name
        obj = getattr(scoring, name)
        if callable(obj) and name != "HcpParTable":
            assert obj.__doc__, name
