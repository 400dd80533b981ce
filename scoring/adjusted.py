"""Director's artificial adjusted scores (average-plus / average / average-minus)."""

from __future__ import annotations

__all__ = ["ADJUSTED_CODES", "adjusted_points"]

#: Codes of the artificial adjusted scores.
ADJUSTED_CODES: tuple[str, ...] = ("A+", "A=", "A-")

_ALIASES = {"A+": "A+", "A=": "A=", "A": "A=", "A-": "A-", "AVE+": "A+", "AVE": "A=", "AVE-": "A-"}


def adjusted_points(
    code: str,
    method: str,
    *,
    mp_percent: tuple[float, float, float] = (60.0, 50.0, 40.0),
    imps: tuple[float, float, float] = (3.0, 0.0, -3.0),
) -> float:
    """Points for one side given an artificial adjusted score.

    Args:
        code: "A+" (average-plus), "A=" (average; "A" accepted) or "A-" (average-minus).
        method: "mp" (percent of the board) or "imp" / "ximp" (IMPs).
        mp_percent: the (A+, A=, A-) percentages for MP (default 60/50/40, `docs/rules.md`).
        imps: the (A+, A=, A-) IMPs for IMP methods (default +3/0/−3, `docs/rules.md`).

    >>> adjusted_points("A+", "mp"), adjusted_points("A-", "ximp")
    (60.0, -3.0)
    """
    key = _ALIASES.get(code.strip().upper() if isinstance(code, str) else code)
    if key is None:
        raise ValueError(f"adjusted score code must be A+, A= or A-, got {code!r}")
    index = ADJUSTED_CODES.index(key)
    if method == "mp":
        return float(mp_percent[index])
    if method in ("imp", "ximp"):
        return float(imps[index])
    raise ValueError(f"method must be 'mp', 'imp' or 'ximp', got {method!r}")
