"""The layout of ``tournaments/interchange/``, read from the sources (no database).

The PBN and USEBIO codecs are pure: they read and write plain values, so a file format
is tested without Django. The modules around them (rows, exports, deals, importers)
share helpers by public, documented names only: a private name imported from another
module is a helper that belongs in the module that uses it, or deserves a name.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
INTERCHANGE = ROOT / "tournaments" / "interchange"
# The pure codecs, and the plain values they share (``tournaments/numbers.py`` too).
CODECS = ["pbn", "usebio", "usebio_individual.py", "records.py", "problems.py"]
PURE_OUTSIDE = {"tournaments.numbers"}
FRAMEWORK = ("django", "rest_framework", "celery", "accounts", "ratings", "ladders")


def _codec_files() -> list[Path]:
    files = []
    for name in CODECS:
        path = INTERCHANGE / name
        files.extend(sorted(path.rglob("*.py")) if path.is_dir() else [path])
    return files


def _absolute(path: Path, node: ast.ImportFrom) -> str:
    """The module an ``import from`` names, made absolute."""
    if not node.level:
        return node.module or ""
    package = list(path.relative_to(ROOT).with_suffix("").parts)[:-1]
    base = package[: len(package) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def test_the_codecs_import_no_django_nor_the_services() -> None:
    bad = []
    for path in _codec_files():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [_absolute(path, node)]
            else:
                continue
            for name in names:
                inside = name.startswith("tournaments.interchange.") and any(
                    name.split(".")[2] == codec.removesuffix(".py") for codec in CODECS
                )
                project = name.startswith("tournaments") and not inside
                if name.split(".")[0] in FRAMEWORK or (project and name not in PURE_OUTSIDE):
                    bad.append(f"{path.relative_to(ROOT)}:{node.lineno} imports {name}")
    assert bad == []


def test_importing_the_codecs_loads_no_django() -> None:
    code = (
        "import sys\n"
        "import tournaments.interchange.pbn, tournaments.interchange.usebio\n"
        "import tournaments.interchange.usebio_individual\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('django', 'celery'))\n"
        "assert not bad, bad\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)


def test_no_private_name_is_imported_across_the_interchange_modules() -> None:
    bad = [
        f"{path.relative_to(ROOT)}:{node.lineno} imports {alias.name} from {node.module}"
        for path in sorted(INTERCHANGE.rglob("*.py"))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
        if alias.name.startswith("_") and not alias.name.startswith("__")
    ]
    assert bad == []
