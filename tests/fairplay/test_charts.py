"""The accuracy chart's geometry (fairplay.charts): three lines over the weeks, a gap
where a week has no figure, and the scale of each figure."""

from __future__ import annotations

from fairplay.charts import BOTTOM, LEFT, RIGHT, TOP, accuracy_chart


def _week(name, player, field, robots=None, key="ddolar"):
    return {
        "week": name,
        "player": {key: player},
        "field": {key: field},
        "robots": {key: robots},
    }


def test_a_week_without_a_figure_breaks_the_line():
    weeks = [_week("2026-W01", 50.0, 80.0), _week("2026-W02", None, 70.0),
             _week("2026-W03", 100.0, 60.0)]  # fmt: skip
    chart = accuracy_chart(weeks, "ddolar")
    lines = {line["name"]: line for line in chart["lines"]}
    middle = (TOP + BOTTOM) / 2
    assert lines["player"]["segments"] == [f"{LEFT:.1f},{middle:.1f}", f"{RIGHT:.1f},{TOP:.1f}"]
    assert len(lines["field"]["segments"]) == 1 and len(lines["field"]["dots"]) == 3
    assert lines["robots"]["segments"] == [] and lines["robots"]["dots"] == []
    assert [t["label"] for t in chart["y_ticks"]] == ["0", "25", "50", "75", "100"]
    assert (chart["first"], chart["last"]) == ("2026-W01", "2026-W03")


def test_imps_from_par_are_drawn_about_zero_and_nothing_is_no_chart():
    weeks = [_week("2026-W01", -3.5, 1.0, key="par_mean")]
    chart = accuracy_chart(weeks, "par")
    assert [t["label"] for t in chart["y_ticks"]] == ["-4", "-2", "0", "2", "4"]
    assert accuracy_chart([_week("2026-W01", None, None)], "ddolar") is None
    assert accuracy_chart([], "ddolar") is None
