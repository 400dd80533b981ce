"""A player's Rate week by week as the geometry of a server-rendered SVG line chart
(0 at the bottom, 100 on top; weeks left to right)."""

from __future__ import annotations

WIDTH, HEIGHT = 640, 220
LEFT, RIGHT, TOP, BOTTOM = 40, 624, 12, 190


def rate_chart_svg(history) -> dict | None:
    """``history``: the player's ``RateHistory`` rows, oldest first; None with none."""
    if not history:
        return None
    values = [history[0].rate_before] + [h.rate_after for h in history]
    labels = [""] + [h.week.week for h in history]
    n = len(values)

    def x(i: int) -> float:
        return round(LEFT + (RIGHT - LEFT) * i / max(1, n - 1), 1)

    def y(value: float) -> float:
        return round(BOTTOM - (BOTTOM - TOP) * max(0.0, min(100.0, value)) / 100, 1)

    dots = [
        {"x": x(i), "y": y(v), "rate": round(v, 1), "week": labels[i]}
        for i, v in enumerate(values)
        if i
    ]
    return {
        "width": WIDTH,
        "height": HEIGHT,
        "left": LEFT,
        "right": RIGHT,
        "points": " ".join(f"{x(i)},{y(v)}" for i, v in enumerate(values)),
        "dots": dots,
        "y_ticks": [{"y": y(t), "label": t} for t in (0, 25, 50, 75, 100)],
        "label_y": BOTTOM + 22,
        "first": labels[1],
        "last": labels[-1],
    }
