"""Rank tiers by master points (`docs/rules.md` § Master points). Pure."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext_lazy as _


@dataclass(frozen=True)
class Tier:
    """A tier: its Chinese name, its English name as written (``name_en``, shown in
    English whatever the page's language) and translated (``name``), and the master
    points it starts at."""

    level: int
    name_zh: str
    name: str
    threshold: int
    name_en: str = ""


TIERS: tuple[Tier, ...] = (
    Tier(0, "无等级", _("Unranked"), 0, "Unranked"),
    Tier(1, "有级牌手", _("Ranked Player"), 1, "Ranked Player"),
    Tier(2, "中级牌手", _("Intermediate"), 5, "Intermediate"),
    Tier(3, "高级牌手", _("Advanced"), 15, "Advanced"),
    Tier(4, "巅峰好手", _("Expert"), 30, "Expert"),
    Tier(5, "巅峰高手", _("Senior Expert"), 50, "Senior Expert"),
    Tier(6, "巅峰大师", _("Master"), 100, "Master"),
    Tier(7, "巅峰明星", _("Star"), 200, "Star"),
    Tier(8, "桥界嘉宾", _("Distinguished"), 350, "Distinguished"),
    Tier(9, "桥协大师", _("Federation Master"), 500, "Federation Master"),
    Tier(10, "荣誉大师", _("Honorary Master"), 800, "Honorary Master"),
    Tier(11, "专业牌手", _("Professional"), 1200, "Professional"),
)


def rank_tier(master_points: int) -> Tier:
    """The highest tier whose threshold ``master_points`` reaches (negative: Unranked)."""
    tier = TIERS[0]
    for candidate in TIERS:
        if master_points >= candidate.threshold:
            tier = candidate
    return tier


def next_tier(master_points: int) -> Tier | None:
    current = rank_tier(master_points)
    return TIERS[current.level + 1] if current.level + 1 < len(TIERS) else None
