"""Structure rules of the code, read from the sources with ``ast`` (no Django needed).

Each test names the one place a rule lives; a copy elsewhere, or an import that closes a
cycle, fails here with the file and line to look at.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
import tomllib
from functools import cache
from pathlib import Path

import networkx as nx

ROOT = Path(__file__).resolve().parents[1]
APPS = ("tournaments", "ratings", "accounts", "ladders")


def _sources(*packages: str, migrations: bool = False) -> list[Path]:
    paths = []
    for package in packages:
        for path in sorted((ROOT / package).rglob("*.py")):
            if not migrations and "migrations" in path.relative_to(ROOT).parts:
                continue
            paths.append(path)
    assert paths, packages
    return paths


def _rel(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


@cache
def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _docstrings(tree: ast.AST) -> set[int]:
    """ids of the string constants that are docstrings."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


# --- imports -----------------------------------------------------------------------------


def _imports(path: Path, known: set[str]) -> list[tuple[str, int]]:
    """Every module of ``known`` that ``path`` imports, at the top or inside a function,
    with the line. ``from pkg import name`` counts ``pkg.name`` when that is a module."""
    module = _module_name(path)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = []
    for node in ast.walk(_tree(path)):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                prefix = ".".join(base + ([node.module] if node.module else []))
            else:
                prefix = node.module or ""
            targets = [
                f"{prefix}.{alias.name}" if f"{prefix}.{alias.name}" in known else prefix
                for alias in node.names
            ]
        else:
            continue
        for target in targets:
            while target and target not in known:  # `import a.b.c` of a name in a.b
                target = target.rpartition(".")[0]
            if target and target != module:
                found.append((target, node.lineno))
    return found


def import_graph(*packages: str) -> nx.DiGraph:
    paths = _sources(*packages, migrations=True)
    known = {_module_name(p) for p in paths}
    graph = nx.DiGraph()
    graph.add_nodes_from(known)
    for path in paths:
        for target, line in _imports(path, known):
            graph.add_edge(_module_name(path), target, line=f"{_rel(path)}:{line}")
    return graph


def _cycles(graph: nx.DiGraph) -> list[str]:
    """One cycle of each strongly connected part, as ``a -> b (file:line) -> a``."""
    found = []
    for part in nx.strongly_connected_components(graph):
        if len(part) < 2:
            continue
        cycle = nx.find_cycle(graph.subgraph(part))
        found.append(" -> ".join(f"{a} ({graph.edges[a, b]['line']})" for a, b in cycle))
    return found


def test_the_import_graph_sees_imports_inside_functions() -> None:
    graph = import_graph("tournaments")
    assert graph.has_edge("tournaments.tasks", "tournaments.services.schedule")
    assert graph.has_edge("tournaments.services.rounds", "tournaments.formats")
    # a cycle through a function-level import is found
    graph.add_edge("tournaments.services.schedule", "tournaments.tasks", line="probe")
    assert _cycles(graph)


def test_no_import_cycle_between_the_modules_of_tournaments() -> None:
    assert _cycles(import_graph("tournaments")) == []


def test_no_import_cycle_between_the_modules_of_online_nor_practice() -> None:
    """The table's layers read one way. Each had a circle: in ``online``, presence ->
    selectors -> presence (the disconnection check, now ``online.disconnections``, above
    them); in ``practice``, services -> tasks -> turns -> services (the apply path, now
    ``practice.play``, below the robots' turns, which it wakes by a signal)."""
    assert {p: _cycles(import_graph(p)) for p in ("online", "practice")} == {
        "online": [],
        "practice": [],
    }


def test_no_import_cycle_between_the_modules_of_the_project() -> None:
    """No circle inside an app nor across apps (every package pyproject.toml installs)."""
    assert _cycles(import_graph(*_app_packages())) == []


def test_services_never_import_the_tasks() -> None:
    """Tasks call services; services queue tasks by name (``tournaments.dispatch``)."""
    graph = import_graph("tournaments")
    bad = [
        graph.edges[a, b]["line"]
        for a, b in graph.edges
        if a.startswith("tournaments.services") and b == "tournaments.tasks"
    ]
    assert bad == []


# --- row locks ---------------------------------------------------------------------------

# Each app locks its own rows, in the one order of tournaments/lock_order.py.
LOCKS = ("tournaments/lock_objects.py", "ladders/lock_objects.py", "ratings/lock_objects.py")
LOCK_SQL = re.compile(r"\bfor\s+(no\s+key\s+)?(update|share|key\s+share)\b", re.IGNORECASE)


def _lock_uses(path: Path) -> list[str]:
    tree = _tree(path)
    docs = _docstrings(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute | ast.Name):
            name = node.attr if isinstance(node, ast.Attribute) else node.id
            if name == "select_for_update":
                found.append(f"{_rel(path)}:{node.lineno} select_for_update")
        elif (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in docs
            and LOCK_SQL.search(node.value)
        ):
            found.append(f"{_rel(path)}:{node.lineno} {node.value!r}")
    return found


def test_row_locks_are_taken_only_in_lock_objects() -> None:
    for locks in LOCKS:
        assert _lock_uses(ROOT / locks), f"{locks} takes no lock: is the check blind?"
    elsewhere = [
        use for path in _sources(*APPS) if _rel(path) not in LOCKS for use in _lock_uses(path)
    ]
    assert elsewhere == []


# --- one visibility rule, one director check ----------------------------------------------

VISIBILITY = "tournaments/selectors/visibility.py"
# What "in play" means belongs to the format class; the visibility rule asks it. Only the
# class modules (a format module, or a format package's ``format.py``) may say it: a
# format package's selectors, views and API ask the visibility rule like everyone else.
# (The pool's sittings in play are its class's, in a module of their own to break a cycle.)
IN_PLAY = re.compile(r"tournaments/formats/(\w+\.py|\w+/format\.py|pool/sittings\.py)")
# ORM lookups that decide what is hidden: a result's confirmation, a round's status.
VISIBILITY_LOOKUP = re.compile(r"(^|__)(confirmed_at|confirmed_by)(__|$)|(^|__)round__status")
# Lookups of the same names that are not about visibility (a player confirming an entry).
NOT_VISIBILITY = {
    ("tournaments/services/registration.py", "confirmed_at__isnull"),
    # an entry member's confirmation: one entry per player, invitations not yet accepted
    ("tournaments/models/events.py", "confirmed_at__isnull"),
    ("tournaments/selectors/events.py", "confirmed_at__isnull"),
}


def _lookups(path: Path) -> list[tuple[str, int]]:
    """The keyword lookups of ORM-style calls (``filter(a__b=...)``, ``Q(...)``)."""
    found = []
    for node in ast.walk(_tree(path)):
        if isinstance(node, ast.Call):
            for kw in node.keywords:
                if kw.arg and "__" in kw.arg:
                    found.append((kw.arg, node.lineno))
            for arg in node.args:  # values_list("round__status"), order_by(...)
                text = arg.value if isinstance(arg, ast.Constant) else None
                if isinstance(text, str) and re.fullmatch(r"-?\w+__\w+", text):
                    found.append((text.lstrip("-"), node.lineno))
    return found


def test_visibility_is_decided_only_in_the_visibility_selector() -> None:
    def hits(path: Path) -> list[str]:
        rel = _rel(path)
        return [
            f"{rel}:{line} {lookup}"
            for lookup, line in _lookups(path)
            if VISIBILITY_LOOKUP.search(lookup) and (rel, lookup) not in NOT_VISIBILITY
        ]

    assert hits(ROOT / VISIBILITY), "the visibility rule filters nothing: is the check blind?"
    elsewhere = [
        hit
        for path in _sources(*APPS)
        if _rel(path) != VISIBILITY and not IN_PLAY.fullmatch(_rel(path))
        for hit in hits(path)
    ]
    assert elsewhere == []


DIRECTOR_CHECK = "tournaments/permissions.py"


def _staff_tests(path: Path) -> list[str]:
    """Reads of ``.is_staff`` and ``is_staff`` lookups (setting it, e.g. in
    ``create(is_staff=True)`` or a ``defaults`` dict, is not a check)."""
    found = []
    for node in ast.walk(_tree(path)):
        if isinstance(node, ast.Attribute) and node.attr == "is_staff":
            if isinstance(node.ctx, ast.Load):
                found.append(f"{_rel(path)}:{node.lineno} .is_staff")
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in {"filter", "exclude", "get"}
        ):
            for kw in node.keywords:
                if kw.arg and kw.arg.split("__")[0] == "is_staff":
                    found.append(f"{_rel(path)}:{node.lineno} {kw.arg}=")
    return found


def test_is_staff_is_tested_only_in_the_director_check() -> None:
    assert _staff_tests(ROOT / DIRECTOR_CHECK), "the check reads no is_staff: blind?"
    elsewhere = [
        hit
        for path in _sources(*APPS)
        if _rel(path) != DIRECTOR_CHECK
        for hit in _staff_tests(path)
    ]
    assert elsewhere == []


def _definitions(name: str) -> list[str]:
    return [
        _rel(path)
        for path in _sources(*APPS)
        for node in ast.walk(_tree(path))
        if isinstance(node, ast.FunctionDef | ast.ClassDef) and node.name == name
    ]


def test_the_rules_have_one_definition_each() -> None:
    assert _definitions("is_event_director") == [DIRECTOR_CHECK]
    for name in ("board_visible", "boards_hidden", "boards_unlocked_for", "Sight"):
        assert _definitions(name) == [VISIBILITY], name


def test_ratings_views_read_through_selectors_and_import_no_tournament_views() -> None:
    bad = []
    for path in _sources("ratings"):
        for node in ast.walk(_tree(path)):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(
                "tournaments.views"
            ):
                bad.append(f"{_rel(path)}:{node.lineno} imports {node.module}")
            name = getattr(node, "attr", None) or getattr(node, "id", None)
            if path.name == "views.py" and name in {"objects", "get_object_or_404"}:
                bad.append(f"{_rel(path)}:{node.lineno} queries the ORM ({name})")
    assert bad == []


# --- kinds only in formats ------------------------------------------------------------

# Everything outside the formats asks the event's format (``tournaments/formats/base.py``)
# and takes groups of kinds from the registry (``kinds_where``). Naming one kind to create
# an event of it (``kind=Event.Kind.MITCHELL``) chooses a format and is no comparison.
FORMATS_DIR = "tournaments/formats/"
# Code whose ``kind`` is not an event's: the pure codecs' record of a file (a string they
# read and write without Django) and the pure movement algorithms' own names.
KIND_NOT_AN_EVENTS = (
    "tournaments/interchange/pbn/",
    "tournaments/interchange/usebio/",
    "tournaments/interchange/records.py",
    "tournaments/movements/",
)
TEMPLATE_KIND_TEST = re.compile(r"\bkind\s*(==|!=)|\.kind\s+(not\s+)?in\b")


def _is_kind(node: ast.AST) -> bool:
    """``kind`` or ``x.kind``."""
    return (isinstance(node, ast.Name) and node.id == "kind") or (
        isinstance(node, ast.Attribute) and node.attr == "kind"
    )


def _names_kinds(node: ast.AST) -> bool:
    """An event kind (``Event.Kind.X``) or a tuple of them."""
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return any(_names_kinds(e) for e in node.elts)
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Attribute):
        base = node.value
        return (
            base.attr == "Kind"
            and isinstance(base.value, ast.Name)
            and (base.value.id in ("Event", "self"))
        )
    return False


def kind_comparisons(source: str) -> list[str]:
    """Every comparison with an event's kind in ``source``, and every tuple of kinds
    written out (``X_KINDS = (...)``) instead of taken from the registry."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            if any(_is_kind(s) or _names_kinds(s) for s in (node.left, *node.comparators)):
                found.append(f"{node.lineno}: {ast.unparse(node)}")
        elif isinstance(node, ast.Assign) and isinstance(node.value, ast.Tuple | ast.List):
            named = any(isinstance(t, ast.Name) and t.id.endswith("_KINDS") for t in node.targets)
            literal = [e for e in node.value.elts if not isinstance(e, ast.Starred)]
            if named and literal:
                found.append(f"{node.lineno}: {ast.unparse(node)}")
    return sorted(found, key=lambda hit: int(hit.split(":")[0]))


def test_the_kind_detector_sees_a_planted_comparison() -> None:
    planted = (
        'if event.kind == "pool":\n    pass\n'
        "by_set = kind in MOVEMENT_KINDS\n"
        "same = Event.Kind.MITCHELL != other\n"
        'TEAM_KINDS = (Event.Kind.TEAMS_SWISS, "teams_rr")\n'
    )
    assert [hit.split(":")[0] for hit in kind_comparisons(planted)] == ["1", "3", "4", "5"]
    asked = (
        "event = event_create(kind=Event.Kind.MITCHELL)\n"
        "if format_for(event).movement:\n    pass\n"
        'TEAM_KINDS = kinds_where(lambda f: f.entry_noun == "teams")\n'
    )
    assert kind_comparisons(asked) == []
    assert TEMPLATE_KIND_TEST.search('{% if event.kind == "pool" %}')
    assert not TEMPLATE_KIND_TEST.search("{% if event.format.own_clock %}")


def test_kinds_are_compared_only_in_formats() -> None:
    found = [
        f"{_rel(path)}:{hit}"
        for path in _sources(*APPS)
        if not _rel(path).startswith((FORMATS_DIR, *KIND_NOT_AN_EVENTS))
        for hit in kind_comparisons(path.read_text(encoding="utf-8"))
    ]
    for path in sorted((ROOT / "templates").rglob("*.html")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if TEMPLATE_KIND_TEST.search(line):
                found.append(f"{_rel(path)}:{number}: {line.strip()}")
    assert found == []


# --- pure algorithms ---------------------------------------------------------------------

# Packages that are plain algorithms on plain values: no Django, no project models.
PURE = ["tournaments/pairing", "tournaments/movements", "scoring"]
FRAMEWORK = ("django", "rest_framework", "celery", "accounts", "ratings")


def _pure_packages() -> list[str]:
    return [p for p in PURE if (ROOT / p).is_dir()]


def test_pure_algorithms_import_no_django_nor_models() -> None:
    bad = []
    for package in _pure_packages():
        own = package.replace("/", ".")
        for path in _sources(package):
            for node in ast.walk(_tree(path)):
                if isinstance(node, ast.Import):
                    names = [a.name for a in node.names]
                elif isinstance(node, ast.ImportFrom):
                    if node.level:  # relative: must stay inside the package
                        depth = len(path.relative_to(ROOT / package).parts) - 1
                        names = [] if node.level <= depth + 1 else ["<outside the package>"]
                    else:
                        names = [node.module or ""]
                else:
                    continue
                for name in names:
                    top = name.split(".")[0]
                    outside = name.startswith("tournaments") and not name.startswith(own)
                    if top in FRAMEWORK or outside or name.startswith("<"):
                        bad.append(f"{_rel(path)}:{node.lineno} imports {name}")
    assert bad == []


def test_importing_the_pure_algorithms_loads_no_django() -> None:
    modules = [p.replace("/", ".") for p in _pure_packages()]
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r}: importlib.import_module(name)\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('django', 'celery'))\n"
        "assert not bad, bad\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)


# --- size ----------------------------------------------------------------------------------

MAX_MODULE_LINES = 500
MAX_FUNCTION_LINES = 80
#: Functions longer than MAX_FUNCTION_LINES that are, for now, allowed, each with why. A
#: module over MAX_MODULE_LINES has no such list: it becomes a package.
LONG_FUNCTIONS_ALLOWED = {
    # The online-play benchmark's one run (set-up, steps, teardown in one try/finally)
    # and its in-process breakdown of an action's CPU: figures, not product code; they
    # split when they next change.
    "bench/bench_play.py:run",
    "bench/play_server.py:_breakdown",
}


def _app_packages() -> list[str]:
    """The packages pyproject.toml installs (``config*``, ``tournaments*``, …)."""
    with open(ROOT / "pyproject.toml", "rb") as f:
        include = tomllib.load(f)["tool"]["setuptools"]["packages"]["find"]["include"]
    return [name.rstrip("*") for name in include]


def _application_sources() -> list[Path]:
    """Every module of the application: not its migrations, not tests."""
    return [p for p in _sources(*_app_packages()) if "tests" not in p.relative_to(ROOT).parts]


def long_functions(tree: ast.AST, limit: int = MAX_FUNCTION_LINES) -> list[tuple[str, int]]:
    """(name, lines) of each function or method, nested ones too, longer than ``limit``
    lines, its decorators and docstring included."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            start = min([d.lineno for d in node.decorator_list] + [node.lineno])
            lines = node.end_lineno - start + 1
            if lines > limit:
                found.append((node.name, lines))
    return found


def test_the_size_check_sees_a_long_function() -> None:
    body = "\n".join(f"    x{i} = {i}" for i in range(80))
    source = f"@decorated\ndef long():\n{body}\n\ndef short():\n    return 1\n"
    assert long_functions(ast.parse(source)) == [("long", 82)]


def test_no_module_is_longer_than_500_lines() -> None:
    long = [
        f"{_rel(path)}: {n} lines"
        for path in _application_sources()
        if (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES
    ]
    assert long == []


def test_no_function_is_longer_than_80_lines() -> None:
    long = [
        f"{_rel(path)}:{name} ({lines} lines)"
        for path in _application_sources()
        for name, lines in long_functions(_tree(path))
        if f"{_rel(path)}:{name}" not in LONG_FUNCTIONS_ALLOWED
    ]
    assert long == []
