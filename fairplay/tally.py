"""The figures of accuracy (``docs/rules.md`` § Accuracy and fair play): a tally of
opening leads, declarer's and defender's cards and errors, and IMPs against par, added
seat by seat and side by side, and the share of leads that mattered (ADDOLAR)."""

from __future__ import annotations

from dataclasses import dataclass, fields

from ratings.models import LeadAnalysis

from .rows import Row


def _share(part: int, whole: int, digits: int = 1) -> float | None:
    return round(100 * part / whole, digits) if whole else None


@dataclass
class Tally:
    leads: int = 0
    leads_ok: int = 0
    adjusted_leads: int = 0
    adjusted_ok: int = 0
    declarer_cards: int = 0
    declarer_errors: int = 0
    defender_cards: int = 0
    defender_errors: int = 0
    par_boards: int = 0
    par_imps: int = 0

    def seat(self, row: Row, seat: str, varied: dict) -> None:
        """Add what ``seat`` did on ``row``'s board."""
        one = row.play.seats[seat]
        if one.lead is not None:
            self.leads += 1
            self.leads_ok += one.lead
            if varied.get(row.lead_key):
                self.adjusted_leads += 1
                self.adjusted_ok += one.lead
        self.declarer_cards += one.declarer_cards
        self.declarer_errors += one.declarer_errors
        self.defender_cards += one.defender_cards
        self.defender_errors += one.defender_errors

    def par(self, row: Row, side: str) -> None:
        imps = row.par_imps(side)
        if imps is not None:
            self.par_boards += 1
            self.par_imps += imps

    def add(self, other: Tally) -> None:
        for f in fields(self):
            setattr(self, f.name, getattr(self, f.name) + getattr(other, f.name))

    def figures(self) -> dict:
        return {
            "leads": self.leads,
            "ddolar": _share(self.leads_ok, self.leads),
            "adjusted_leads": self.adjusted_leads,
            "addolar": _share(self.adjusted_ok, self.adjusted_leads),
            "declarer_cards": self.declarer_cards,
            "declarer_errors": self.declarer_errors,
            "declarer_rate": _share(self.declarer_errors, self.declarer_cards, 2),
            "defender_cards": self.defender_cards,
            "defender_errors": self.defender_errors,
            "defender_rate": _share(self.defender_errors, self.defender_cards, 2),
            "par_boards": self.par_boards,
            "par_mean": round(self.par_imps / self.par_boards, 2) if self.par_boards else None,
        }


def leads_varied(rows: list[Row]) -> dict[tuple, bool]:
    """{(board, strain, leader): whether the leads there give different results}."""
    keys = {r.lead_key for r in rows if r.lead_key}
    out = {}
    for board_id, strain, leader, tricks in LeadAnalysis.objects.filter(
        board_id__in={k[0] for k in keys}
    ).values_list("board_id", "strain", "leader", "tricks"):
        if (board_id, strain, leader) in keys:
            out[(board_id, strain, leader)] = len(set(tricks.values())) > 1
    return out
