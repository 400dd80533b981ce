"""A player's own analysis (``docs/rules.md`` § The Rate, the analysis page): their
results of finished events against double dummy and par, in three queries whatever the
number of boards.

* **As declarer**: tricks taken minus the double-dummy tricks of the contract played.
  Where the format records who sat where (the pool, team line-ups) that is the
  player's own seat; in a pairs event the player's side declared (them or their
  partner).
* **On defence**: the declarer's tricks minus double dummy (what the defence gave away).
* **Opening leads** (the player's own where the format records seats; in a pairs event
  their side's, as for declarer play): the tricks the lead cost against the best lead
  (``LeadAnalysis``, solved in the worker after the event).
* **Contracts**: how often the player's side scored exactly par, and the IMPs against
  par by the category of the contract played (partscore, game, slam, sacrifice).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from datetime import timedelta

from django.db.models import Q
from django.utils import timezone

import scoring
from accounts.models import User
from tournaments.models import EntryMember, Event, Result, TableSeat

from .models import LeadAnalysis

PERIODS = {"month": 31, "quarter": 92, "year": 366, "all": None}
LEADER = {"N": "E", "E": "S", "S": "W", "W": "N"}
FIGURES = (
    "declarer", "defence", "leads", "leads_cost", "par", "par_missed", "partscore", "game",
    "slam", "sacrifice",
)  # fmt: skip
GAME_TRICK_SCORE = 100


@dataclass
class Line:
    event_id: int
    event: str
    number: int
    contract: str
    declarer: str
    tricks: int | None
    lead: str
    score: int  # the player's side's score
    par: int | None  # the player's side's par
    role: str = ""  # "declarer", "defence" or "" (passed out, no analysis)
    dd_diff: int | None = None  # tricks − double dummy
    lead_cost: int | None = None
    category: str = ""
    par_imps: int | None = None
    figures: set[str] = field(default_factory=set)


def _category(contract, declarer_side_par: int | None, made: bool) -> str:
    if contract.level >= 6:
        category = "slam"
    else:
        per = 30 if contract.strain in ("S", "H", "NT") else 20
        trick_score = contract.level * per + (10 if contract.strain == "NT" else 0)
        category = (
            "game" if trick_score * (2**contract.doubled) >= GAME_TRICK_SCORE else "partscore"
        )
    if not made and declarer_side_par is not None and declarer_side_par < 0 and contract.doubled:
        category = "sacrifice"  # doubled and down where the other side owned the deal
    return category


def _results(player: User, since):
    tables = TableSeat.objects.filter(player=player).values("table_id")
    entries = EntryMember.objects.filter(player=player).values("entry_id")
    rows = Result.objects.filter(
        Q(table__in=tables) | Q(table__ns__in=entries) | Q(table__ew__in=entries),
        status=Result.Status.PLAYED,
        ns_score__isnull=False,
        board__event__status=Event.Status.FINISHED,
    )
    if since is not None:
        rows = rows.filter(entered_at__gte=since)
    return rows.order_by("-entered_at", "pk").values_list(
        "table_id", "table__ns_id", "board_id", "board__number", "board__event_id",
        "board__event__name", "board__dd_table", "board__par_score", "contract", "declarer",
        "tricks", "lead", "ns_score",
    )  # fmt: skip


def player_analysis(*, player: User, period: str = "all", now=None) -> dict:
    """The figures and, for each, the boards behind it (``lines`` tagged by figure)."""
    days = PERIODS.get(period)
    since = (now or timezone.now()) - timedelta(days=days) if days else None
    seat_of = dict(TableSeat.objects.filter(player=player).values_list("table_id", "seat"))
    entries = set(EntryMember.objects.filter(player=player).values_list("entry_id", flat=True))
    rows = list(_results(player, since))
    leads = {}
    keys = {(r[2], r[9]) for r in rows}
    if keys:
        for board_id, strain, leader, tricks, best in LeadAnalysis.objects.filter(
            board_id__in={k[0] for k in keys}
        ).values_list("board_id", "strain", "leader", "tricks", "best"):
            leads[(board_id, strain, leader)] = (tricks, best)
    lines = []
    for (table_id, ns_id, board_id, number, event_id, event_name, dd, par, contract,
         declarer, tricks, lead, ns_score) in rows:  # fmt: skip
        seat = seat_of.get(table_id)
        side = ("NS" if seat in ("N", "S") else "EW") if seat else (
            "NS" if ns_id in entries else "EW"
        )  # fmt: skip
        sign = 1 if side == "NS" else -1
        line = Line(
            event_id=event_id, event=event_name, number=number, contract=contract,
            declarer=declarer, tricks=tricks, lead=lead, score=sign * ns_score,
            par=None if par is None else sign * par,
        )  # fmt: skip
        lines.append(line)
        if line.par is not None:
            line.par_imps = scoring.imps(line.score - line.par)
            line.figures.add("par" if line.score == line.par else "par_missed")
        if not contract or contract.upper() == "PASS" or declarer not in LEADER:
            continue
        parsed = scoring.parse_contract(contract)
        declaring = "NS" if declarer in ("N", "S") else "EW"
        ours = declaring == side
        line.role = "declarer" if ours and (seat is None or seat == declarer) else (
            "" if ours else "defence"
        )  # fmt: skip
        if dd and tricks is not None:
            line.dd_diff = tricks - dd[parsed.strain][declarer]
            if line.role:
                line.figures.add(line.role)
        if ours and line.par is not None:
            line.category = _category(
                parsed, line.par, tricks is not None and tricks >= parsed.level + 6
            )
        elif line.par is not None:
            line.category = _category(
                parsed, -line.par, tricks is not None and tricks >= parsed.level + 6
            )
        if line.category:
            line.figures.add(line.category)
        # The player's own lead where the format records seats; in a pairs event (no
        # seats) their side's, as for declarer play (docs/rules.md § The Rate).
        leader = LEADER[declarer]
        led = seat == leader if seat is not None else not ours
        if led and lead:
            solved = leads.get((board_id, parsed.strain, leader))
            if solved is not None and lead in solved[0]:
                line.lead_cost = solved[1] - solved[0][lead]
                line.figures.add("leads")
                if line.lead_cost > 0:
                    line.figures.add("leads_cost")
    return _figures(lines)


def _mean(values) -> float | None:
    values = list(values)
    return round(sum(values) / len(values), 2) if values else None


def _figures(lines: list[Line]) -> dict:
    declarer = [ln.dd_diff for ln in lines if "declarer" in ln.figures]
    defence = [ln.dd_diff for ln in lines if "defence" in ln.figures]
    leads = [ln.lead_cost for ln in lines if "leads" in ln.figures]
    with_par = [ln for ln in lines if ln.par is not None]
    categories = []
    for name in ("partscore", "game", "slam", "sacrifice"):
        mine = [ln.par_imps for ln in lines if name in ln.figures]
        categories.append(
            {
                "name": name,
                "boards": len(mine),
                "imps": sum(mine),
                "lost": sum(i for i in mine if i < 0),
            }
        )
    costly = sum(1 for c in leads if c > 0)
    reached = sum(1 for ln in with_par if "par" in ln.figures)
    return {
        "boards": len(lines),
        "declarer": {
            "boards": len(declarer),
            "mean": _mean(declarer),
            "distribution": sorted(Counter(declarer).items()),
        },
        "defence": {
            "boards": len(defence),
            "mean": _mean(defence),
            "distribution": sorted(Counter(defence).items()),
        },
        "leads": {
            "boards": len(leads),
            "costly": costly,
            "tricks_lost": sum(leads),
            "share": round(100 * costly / len(leads)) if leads else None,
        },
        "par": {
            "boards": len(with_par),
            "reached": reached,
            "share": round(100 * reached / len(with_par)) if with_par else None,
        },
        "categories": categories,
        "lines": lines,
    }
