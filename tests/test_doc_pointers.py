"""Every section the code cites (``docs/rules.md`` § Visibility, README § Simulation)
exists under that name: a renamed or removed section leaves no stale pointer."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = (
    "accounts",
    "config",
    "ladders",
    "ratings",
    "robots",
    "scoring",
    "tableplay",
    "tournaments",
)
# "README § X", "the README, § X", "docs/rules.md § X", or a bare "§ X" (the rules).
CITATION = re.compile(r"(README[`'\"]?,?|rules\.md[`'\"]?,?)?\s*§\s*([A-Z][\w' -]*)")


def headings(path: Path) -> list[str]:
    """A document's section names, with and without a trailing parenthesis."""
    names = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            name = line.lstrip("#").strip()
            names += [name, re.sub(r"\s*\(.*\)$", "", name)]
    return names


def citations(text: str) -> list[tuple[str, str]]:
    """(document, cited text) of each § in ``text``, lines joined as prose."""
    prose = re.sub(r"\s*\n\s*(#\s*)?", " ", text)
    return [
        ("README" if (m.group(1) or "").startswith("README") else "rules", m.group(2))
        for m in CITATION.finditer(prose)
    ]


def stale(text: str, sections: dict[str, list[str]]) -> list[str]:
    return [
        f"{doc} § {cited.strip()}"
        for doc, cited in citations(text)
        if not any(cited.startswith(name) for name in sections[doc] if name)
    ]


def test_every_cited_section_exists():
    sections = {"README": headings(ROOT / "README.md"), "rules": headings(ROOT / "docs/rules.md")}
    found = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*")):
            if path.suffix in (".py", ".html", ".txt") and "migrations" not in path.parts:
                bad = stale(path.read_text(encoding="utf-8"), sections)
                if bad:
                    found[str(path.relative_to(ROOT))] = bad
    assert found == {}


def test_the_check_sees_a_missing_section():
    sections = {"README": ["Simulation"], "rules": ["Visibility", "Comparing results"]}
    text = '''"""As written (the README, § Simulating an event); see ``docs/rules.md`` § Visibility
    and § Comparing
    results; README § Simulation."""'''
    assert stale(text, sections) == ["README § Simulating an event"]
