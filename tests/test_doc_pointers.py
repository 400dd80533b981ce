"""Every section the code cites (``docs/rules.md`` § Visibility, ``docs/simulation.md``
§ Played online) exists under that name in that document: a renamed, moved or removed
section leaves no stale pointer. And the README stays a front door: short, with a link
to every document of ``docs/``."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = (
    "accounts",
    "bench",
    "config",
    "fairplay",
    "ladders",
    "online",
    "practice",
    "ratings",
    "robots",
    "scoring",
    "tableplay",
    "tournaments",
)
RULES = "docs/rules.md"
# "README § X", "the README, § X", "docs/simulation.md § X", "``docs/rules.md`` § X", or a
# bare "§ X" (the rules).
CITATION = re.compile(r"((?:README|[\w-]+\.md)[`'\"]*,?)?\s*§\s*([A-Z][\w' -]*)")
README_MAX_LINES = 220


def headings(path: Path) -> list[str]:
    """A document's section names, with and without a trailing parenthesis."""
    names = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            name = line.lstrip("#").strip()
            names += [name, re.sub(r"\s*\(.*\)$", "", name)]
    return names


def document(cited: str | None) -> str:
    """The path of the document a citation names (the rules when it names none)."""
    name = re.sub(r"[`'\",]", "", cited or "")
    if not name:
        return RULES
    if name in ("README", "README.md"):
        return "README.md"
    return f"docs/{name}"


def citations(text: str) -> list[tuple[str, str]]:
    """(document, cited text) of each § in ``text``, lines joined as prose."""
    prose = re.sub(r"\s*\n\s*(#\s*)?", " ", text)
    return [(document(m.group(1)), m.group(2)) for m in CITATION.finditer(prose)]


def stale(text: str, sections: dict[str, list[str]]) -> list[str]:
    return [
        f"{doc} § {cited.strip()}"
        for doc, cited in citations(text)
        if not any(cited.startswith(name) for name in sections.get(doc, []) if name)
    ]


def documents() -> dict[str, list[str]]:
    paths = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    return {str(path.relative_to(ROOT)): headings(path) for path in paths}


def test_every_cited_section_exists():
    sections = documents()
    found = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*")):
            if path.suffix in (".py", ".html", ".txt") and "migrations" not in path.parts:
                bad = stale(path.read_text(encoding="utf-8"), sections)
                if bad:
                    found[str(path.relative_to(ROOT))] = bad
    assert found == {}


def test_the_check_sees_a_missing_section():
    sections = {
        "README.md": ["Layout"],
        "docs/rules.md": ["Visibility", "Comparing results"],
        "docs/simulation.md": ["Played online (`--online`)", "Played online"],
    }
    text = '''"""As written (the README, § Simulation); see ``docs/rules.md`` § Visibility
    and § Comparing
    results; ``docs/simulation.md`` § Played online, docs/simulation.md § Team events,
    docs/benchmarks.md § Online play under load; README § Layout."""'''
    assert stale(text, sections) == [
        "README.md § Simulation",
        "docs/simulation.md § Team events",
        "docs/benchmarks.md § Online play under load",
    ]


def test_the_readme_is_a_front_door():
    """Under about 200 lines, and every document of docs/ one link away."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= README_MAX_LINES
    linked = set(re.findall(r"\]\((docs/[\w-]+\.md)(?:#[\w-]*)?\)", readme))
    existing = {f"docs/{path.name}" for path in (ROOT / "docs").glob("*.md")}
    assert existing - linked == set()
    assert {link for link in linked if not (ROOT / link).exists()} == set()


def test_every_link_between_the_documents_leads_to_a_section():
    """A Markdown link from the README or a document of docs/ to another one (and its
    ``#anchor``, GitHub's slug of a heading) resolves."""
    paths = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    broken = []
    for path in paths:
        text = path.read_text(encoding="utf-8")
        for target, anchor in re.findall(r"\]\(([\w./-]+\.md)(?:#([\w-]*))?\)", text):
            linked = (path.parent / target).resolve()
            if not linked.exists():
                broken.append(f"{path.name} → {target}")
            elif anchor and anchor not in slugs(linked):
                broken.append(f"{path.name} → {target}#{anchor}")
        for anchor in re.findall(r"\]\(#([\w-]+)\)", text):
            if anchor not in slugs(path):
                broken.append(f"{path.name} → #{anchor}")
    assert broken == []


def slugs(path: Path) -> set[str]:
    """GitHub's anchors of a document's headings: lower case, punctuation dropped, spaces
    as hyphens (code fences skipped)."""
    found, fence = set(), False
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            fence = not fence
        elif not fence and re.match(r"#+\s", line):
            title = line.lstrip("#").strip().lower()
            found.add(re.sub(r"[^\w\- ]", "", title).replace(" ", "-"))
    return found
