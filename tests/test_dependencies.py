"""The dependency rules of STYLE.md, checked on the sources with ``ast``.

``accounts <- tournaments <- ratings, ladders``: ``tournaments`` never imports ``ratings``
nor ``ladders``, nor reaches their models by app label (it sends ``event_finished``, which
they listen to; each locks and checks its own rows); ``scoring`` is pure Python and
imports no Django.
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


def models_by_label(path: Path) -> set[str]:
    """App labels a source file reaches models of by name: ``apps.get_model("x", ...)``,
    ``get_model("x.Model")``, and lazy relations such as ``ForeignKey("x.Model")``."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    labels: set[str] = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        name = getattr(node.func, "attr", getattr(node.func, "id", None))
        first = node.args[0]
        if not (isinstance(first, ast.Constant) and isinstance(first.value, str)):
            continue
        relation = name in ("ForeignKey", "OneToOneField", "ManyToManyField")
        if name == "get_model" or (relation and "." in first.value):
            labels.add(first.value.split(".")[0])
    return labels


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


def test_tournaments_never_imports_nor_names_ladders_or_ratings():
    assert offenders("tournaments", ("ladders", "ratings")) == {}
    named = {
        str(path.relative_to(ROOT)): sorted(labels & {"ladders", "ratings"})
        for path in sorted((ROOT / "tournaments").rglob("*.py"))
        if "migrations" not in path.parts
        if (labels := models_by_label(path)) & {"ladders", "ratings"}
    }
    assert named == {}


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("from django.apps import apps\napps.get_model('ladders', 'Ladder')", {"ladders"}),
        ("from django.apps import apps\napps.get_model('ratings.PlayerRate')", {"ratings"}),
        ("def f(apps):\n    return apps.get_model('tournaments', 'Event')", {"tournaments"}),
        ("models.ForeignKey('ladders.Ladder', on_delete=models.CASCADE)", {"ladders"}),
        ("models.ForeignKey('self', on_delete=models.CASCADE)", set()),
    ],
)
def test_the_check_sees_models_reached_by_label(tmp_path, source, expected):
    path = tmp_path / "m.py"
    path.write_text(source, encoding="utf-8")
    assert models_by_label(path) == expected


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


def test_tournaments_never_imports_nor_names_online():
    """``tournaments <- online``: the online app listens to ``round_closing`` and calls
    tournaments' services; tournaments knows nothing of it."""
    assert offenders("tournaments", ("online",)) == {}
    named = {
        str(path.relative_to(ROOT))
        for path in sorted((ROOT / "tournaments").rglob("*.py"))
        if "migrations" not in path.parts and "online" in models_by_label(path)
    }
    assert named == set()


def test_online_never_imports_ratings_or_ladders():
    assert offenders("online", ("ratings", "ladders")) == {}
