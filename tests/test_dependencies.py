"""The dependency rules of STYLE.md, checked on the sources with ``ast``.

``accounts <- tournaments <- ratings``: ``tournaments`` never imports ``ratings`` (it sends
``event_finished``, which ``ratings`` listens to); ``scoring`` is pure Python and imports no
Django.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def imported_modules(path: Path) -> set[str]:
    """Absolute module names a source file imports (also inside functions), and any
    ``importlib.import_module("...")`` / ``__import__("...")`` with a literal name."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
        elif (
            isinstance(node, ast.Call)
            and getattr(node.func, "attr", getattr(node.func, "id", None))
            in ("import_module", "__import__")
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            names.add(node.args[0].value)
    return names


def offenders(package: str, forbidden: tuple[str, ...]) -> dict[str, list[str]]:
    sources = sorted((ROOT / package).rglob("*.py"))
    assert len(sources) >= 10, f"no sources found under {package}/"
    found = {}
    for path in sources:
        bad = sorted(name for name in imported_modules(path) if name.split(".")[0] in forbidden)
        if bad:
            found[str(path.relative_to(ROOT))] = bad
    return found


def test_tournaments_never_imports_ratings():
    assert offenders("tournaments", ("ratings",)) == {}


def test_scoring_imports_no_django():
    assert offenders("scoring", ("django", "rest_framework", "celery")) == {}


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("import ratings.calc", {"ratings.calc"}),
        ("from ratings.models import X", {"ratings.models"}),
        ("def f():\n    from ratings import services", {"ratings"}),
        (
            "import importlib\nimportlib.import_module('ratings.views')",
            {"importlib", "ratings.views"},
        ),
        ("from . import selectors", set()),
    ],
)
def test_the_check_sees_every_kind_of_import(tmp_path, source, expected):
    path = tmp_path / "m.py"
    path.write_text(source, encoding="utf-8")
    assert imported_modules(path) == expected
