"""A player's accuracy week by week as the geometry of a server-rendered SVG chart, the
Rate's chart (``ratings.charts``) with three lines: the player, the field on the same
boards and the robots. A week without a figure leaves a gap in its line."""

from __future__ import annotations

import math

WIDTH, HEIGHT = 640, 220
LEFT, RIGHT, TOP, BOTTOM = 40, 624, 12, 190
#: figure -> its key in a week's figures
METRICS = {
    "ddolar": "ddolar",
    "addolar": "addolar",
    "declarer": "declarer_rate",
    "defender": "defender_rate",
    "par": "par_mean",
}
SERIES = ("player", "field", "robots")


def _range(metric: str, values: list[float]) -> tuple[float, float]:
    if metric in ("ddolar", "addolar"):
        return 0.0, 100.0
    if metric == "par":
        top = max([2.0] + [abs(v) for v in values])
        top = float(math.ceil(top))
        return -top, top
    return 0.0, float(max(2, math.ceil(max(values, default=0.0))))


def accuracy_chart(weeks: list[dict], metric: str) -> dict | None:
    """``weeks``: ``fairplay.accuracy.player_accuracy``'s ``weeks``; None with none."""
    key = METRICS[metric]
    values = [w[s][key] for w in weeks for s in SERIES if w[s][key] is not None]
    if not weeks or not values:
        return None
    low, high = _range(metric, values)
    n = len(weeks)

    def x(i: int) -> float:
        return round(LEFT + (RIGHT - LEFT) * i / max(1, n - 1), 1)

    def y(value: float) -> float:
        share = (max(low, min(high, value)) - low) / (high - low)
        return round(BOTTOM - (BOTTOM - TOP) * share, 1)

    lines = []
    for name in SERIES:
        segments, current, dots = [], [], []
        for i, week in enumerate(weeks):
            value = week[name][key]
            if value is None:
                if current:
                    segments.append(" ".join(current))
                current = []
                continue
            current.append(f"{x(i)},{y(value)}")
            dots.append({"x": x(i), "y": y(value), "value": value, "week": week["week"]})
        if current:
            segments.append(" ".join(current))
        lines.append({"name": name, "segments": segments, "dots": dots})
    ticks = [low + (high - low) * k / 4 for k in range(5)]
    return {
        "width": WIDTH,
        "height": HEIGHT,
        "left": LEFT,
        "right": RIGHT,
        "lines": lines,
        "y_ticks": [{"y": y(t), "label": f"{t:g}"} for t in ticks],
        "label_y": BOTTOM + 22,
        "first": weeks[0]["week"],
        "last": weeks[-1]["week"],
    }
