"""Numbers read from text (files, forms, JSON strings): only the ASCII digits 0-9 count.

``str.isdigit()`` is true for "²", which ``int`` then refuses, and ``int`` reads "٣"
(Arabic-Indic) and "３" (fullwidth) as 3 and "1_0" as 10. No file format or form of the
product writes numbers that way, so these helpers refuse them. Pure Python (no Django):
the PBN and USEBIO readers use them too.
"""

from __future__ import annotations

import re

_UNSIGNED = re.compile(r"[0-9]+")
_SIGNED = re.compile(r"[+-]?[0-9]+")
_DECIMAL = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")


def ascii_int(text: str, *, signed: bool = True) -> int | None:
    """``text`` (whitespace around it allowed) as an int, or None unless it is ASCII
    digits 0-9, with a leading + or - when ``signed``."""
    text = text.strip()
    return int(text) if (_SIGNED if signed else _UNSIGNED).fullmatch(text) else None


def ascii_float(text: str) -> float | None:
    """``text`` as a float ("12", "-0.5", "1e3"), or None unless written with 0-9."""
    text = text.strip()
    return float(text) if _DECIMAL.fullmatch(text) else None
