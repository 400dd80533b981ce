"""The Simplified Chinese catalogue is complete and compiled."""

import re
from pathlib import Path

from django.utils import translation

PO = Path(__file__).resolve().parents[1] / "locale" / "zh_Hans" / "LC_MESSAGES" / "django.po"


def test_every_string_has_a_translation():
    blocks = PO.read_text().split("\n\n")[1:]  # the first block is the header
    missing = [
        b for b in blocks if re.search(r'^msgstr ""\n?$', b.strip().splitlines()[-1] + "\n", re.M)
    ]
    fuzzy = [b for b in blocks if "#, fuzzy" in b]
    assert not missing and not fuzzy, (missing + fuzzy)[:3]


def test_the_compiled_catalogue_is_up_to_date():
    """Every single-line entry of the .po file is served by the compiled .mo file."""
    blocks = [b for b in PO.read_text().split("\n\n") if "msgctxt" not in b]
    pairs = [m for b in blocks for m in re.findall(r'^msgid "(.+)"\nmsgstr "(.+)"$', b, re.M)]
    assert len(pairs) > 300
    with translation.override("zh-hans"):
        stale = [(k, v) for k, v in pairs if translation.gettext(_unescape(k)) != _unescape(v)]
    assert not stale, stale[:5]


def _unescape(text: str) -> str:
    return text.replace('\\"', '"').replace("\\n", "\n")
