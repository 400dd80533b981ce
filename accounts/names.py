"""Names that imitate another player's (``docs/rules.md`` § Players and partners).

``name_key`` folds a username or display name to what a reader sees: Unicode NFKC,
case folding, accents dropped, the usual Cyrillic and Greek look-alikes of Latin letters
(a Cyrillic "ѕ" is an "s"), digits and letters that pass for each other (0/o, 1/l/i,
rn/m, vv/w), and no spaces or punctuation. Two names with the same key look alike; a
new player may not take a name whose key another player's username or name has.
"""

from __future__ import annotations

import unicodedata

# Non-Latin letters that look like Latin ones (after case folding).
LOOK_ALIKES = str.maketrans(
    {
        # Cyrillic
        "а": "a", "б": "b", "в": "b", "г": "r", "д": "d", "е": "e", "ё": "e", "з": "3",
        "и": "u", "й": "u", "к": "k", "л": "n", "м": "m", "н": "h", "о": "o", "п": "n",
        "р": "p", "с": "c", "т": "t", "у": "y", "ф": "f", "х": "x", "ц": "u", "ч": "4",
        "ш": "w", "щ": "w", "ь": "b", "ѕ": "s", "і": "i", "ї": "i", "ј": "j", "ԁ": "d",
        "һ": "h", "ӏ": "l", "ԛ": "q", "ԝ": "w", "ү": "y", "ө": "o", "ɡ": "g",
        # Greek
        "α": "a", "β": "b", "γ": "y", "δ": "d", "ε": "e", "ζ": "z", "η": "n", "ι": "i",
        "κ": "k", "μ": "u", "ν": "v", "ο": "o", "ρ": "p", "σ": "o", "ς": "c", "τ": "t",
        "υ": "u", "χ": "x", "ω": "w",
        # Latin letters and signs that pass for others
        "ı": "i", "ł": "l", "ø": "o", "đ": "d", "ß": "ss", "|": "l",
    }
)  # fmt: skip
# Then, in plain ASCII: what passes for what in most fonts.
ASCII_LOOK_ALIKES = str.maketrans({"0": "o", "1": "l", "i": "l", "!": "l", "5": "s", "$": "s"})


def name_key(text: str) -> str:
    """The look-alike key of a username or display name ("" for an empty one)."""
    folded = unicodedata.normalize("NFKC", text or "").casefold()
    folded = unicodedata.normalize("NFKD", folded)
    folded = "".join(c for c in folded if not unicodedata.combining(c))
    folded = folded.translate(LOOK_ALIKES).translate(ASCII_LOOK_ALIKES)
    folded = "".join(c for c in folded if c.isalnum())
    return folded.replace("rn", "m").replace("vv", "w").replace("cl", "d")
