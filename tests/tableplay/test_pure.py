"""The table engine is pure Python, like ``scoring``: no Django, endplay or numpy on
import, so that it is tested without a database and a robot or a script can use it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import tableplay
from tests.test_dependencies import imported_modules

PACKAGE = Path(tableplay.__file__).resolve().parent


def test_import_loads_no_django_endplay_or_numpy():
    code = (
        "import sys, tableplay\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('django', 'endplay', 'numpy')]\n"
        "assert not bad, bad\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=PACKAGE.parent)


def test_sources_import_only_the_standard_library_and_scoring():
    allowed_roots = {"__future__", "copy", "dataclasses", "re", "scoring", "tableplay"}
    for path in PACKAGE.rglob("*.py"):
        roots = {name.split(".")[0] for name in imported_modules(path)}
        assert roots <= allowed_roots, (path.name, roots - allowed_roots)
