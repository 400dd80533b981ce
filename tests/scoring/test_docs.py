"""The examples in the docstrings and in scoring/README.md run and are right."""

from __future__ import annotations

import doctest
import importlib
import re
from pathlib import Path

import pytest

import scoring

PACKAGE = Path(scoring.__file__).resolve().parent
MODULES = sorted(p.stem for p in PACKAGE.glob("*.py") if p.stem != "__init__")


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(f"scoring.{name}")
    result = doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0


def test_readme_examples() -> None:
    text = (PACKAGE / "README.md").read_text(encoding="utf-8")
    text = re.sub(r"^```.*$", "", text, flags=re.MULTILINE)  # fences end an example
    parser = doctest.DocTestParser()
    test = parser.get_doctest(text, {}, "README.md", str(PACKAGE / "README.md"), 0)
    assert len(test.examples) > 30
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    assert runner.summarize(verbose=False).failed == 0
