"""A team's position over time as the geometry of a server-rendered SVG step chart
(position 1 on top; time left to right)."""

from __future__ import annotations

from datetime import datetime

WIDTH, HEIGHT = 640, 260
LEFT, RIGHT, TOP, BOTTOM = 44, 624, 16, 226


def position_chart(changes, *, now: datetime, size: int) -> dict | None:
    """``changes``: the team's PositionChange rows, oldest first."""
    points = [(c.at, c.position_after) for c in changes]
    if not points:
        return None
    start = points[0][0]
    end = max(now, points[-1][0])
    span = max((end - start).total_seconds(), 1.0)
    worst = max([p for _, p in points if p is not None] + [size, 2])

    def x(t: datetime) -> float:
        return round(LEFT + (RIGHT - LEFT) * (t - start).total_seconds() / span, 1)

    def y(position: int) -> float:
        return round(TOP + (BOTTOM - TOP) * (position - 1) / (worst - 1), 1)

    path: list[str] = []
    dots = []
    last = None
    for at, position in points:
        if position is None:  # left the ladder
            last = None
            continue
        if last is not None:
            path.append(f"{x(at)},{y(last)}")
        path.append(f"{x(at)},{y(position)}")
        dots.append({"x": x(at), "y": y(position), "position": position, "at": at})
        last = position
    if last is not None:
        path.append(f"{x(end)},{y(last)}")
    step = max(1, (worst - 1) // 4)
    ticks = sorted({1, worst, *range(1, worst + 1, step)})
    return {
        "width": WIDTH,
        "height": HEIGHT,
        "left": LEFT,
        "right": RIGHT,
        "axis_x": LEFT - 8,
        "label_y": BOTTOM + 22,
        "points": " ".join(path),
        "dots": dots[-60:],
        "y_ticks": [{"y": y(p), "label": p} for p in ticks],
        "start": start,
        "end": end,
        "start_x": LEFT,
        "end_x": RIGHT,
    }
