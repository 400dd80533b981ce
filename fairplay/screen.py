"""The fair-play screen's figures (``docs/rules.md`` § Accuracy and fair play, the
model): each pair's opening leads and defence over its boards, against the field's
record on the same boards, with a p-value under a stated model.

* **Leads.** On each board a pair led, its chance of a DD-correct lead is the share of
  the field's leads on that board that cost nothing, smoothed ``(k + 1) / (n + 2)``
  and without the pair's own. The pair's count of DD-correct leads is compared with the
  Poisson-binomial of those chances: the p-value is the upper tail, P(S ≥ count).
* **Defence.** Each card the pair played in defence (the opening lead left out) has the
  chance of an error that the field's defenders had on that board, smoothed the same
  way; the p-value is the lower tail, P(S ≤ the pair's errors).
* A pair is the two people who held a side; a side a robot held is no pair. A pair is
  shown from ``min_boards`` boards; one whose p-value (either) is below the threshold
  is flagged. **Placebo pairs**, two players of the same field who never partnered
  each other (seeded, so the screen is the same each time it is opened; the flagged
  pairs' players left out), are measured the same way on each player's own seat: what
  chance alone flags.
"""

from __future__ import annotations

import random
from collections import defaultdict
from dataclasses import dataclass

from accounts.models import User

from .rows import Row, analysed_rows, robot_ids
from .tails import lower_tail, smoothed, upper_tail

PLACEBOS_MIN, PLACEBOS_MAX = 20, 200


@dataclass
class Record:
    """One seat's play on one board."""

    result_id: int
    board_id: int
    lead: bool | None
    defender_cards: int
    defender_errors: int
    declarer_cards: int
    declarer_errors: int


class Field:
    """The field's leads and defence board by board: totals, and each table's share of
    them, so that a candidate's own tables are taken out at once."""

    def __init__(self) -> None:
        # board -> [hits, trials]; (board, result) -> [hits, trials]
        self.leads: dict[int, list[int]] = defaultdict(lambda: [0, 0])
        self.leads_at: dict[tuple[int, int], list[int]] = defaultdict(lambda: [0, 0])
        self.defence: dict[int, list[int]] = defaultdict(lambda: [0, 0])
        self.defence_at: dict[tuple[int, int], list[int]] = defaultdict(lambda: [0, 0])

    def add(self, board_id: int, result_id: int, lead: bool | None, cards: int, errors: int):
        if lead is not None:
            for row in (self.leads[board_id], self.leads_at[(board_id, result_id)]):
                row[0] += lead
                row[1] += 1
        if cards:
            for row in (self.defence[board_id], self.defence_at[(board_id, result_id)]):
                row[0] += errors
                row[1] += cards

    @staticmethod
    def _chance(totals, at, board_id: int, own: set[int]) -> float:
        hits, trials = totals[board_id]
        for result_id in own:
            mine = at.get((board_id, result_id))
            if mine:
                hits, trials = hits - mine[0], trials - mine[1]
        return smoothed(hits, trials)

    def lead_chance(self, board_id: int, own: set[int]) -> float:
        """The field's chance of a DD-correct lead on the board, ``own`` tables out."""
        return self._chance(self.leads, self.leads_at, board_id, own)

    def error_chance(self, board_id: int, own: set[int]) -> float:
        """The field's chance that a defender's card errs on the board, ``own`` out."""
        return self._chance(self.defence, self.defence_at, board_id, own)


def _record(row: Row, seat: str) -> Record:
    one = row.play.seats[seat]
    return Record(
        row.result_id, row.board_id, one.lead, one.defender_cards, one.defender_errors,
        one.declarer_cards, one.declarer_errors,
    )  # fmt: skip


def _records(rows: list[Row], robots: set[int]):
    """Each person's records, each pair's (two people of a side), and the field."""
    by_player: dict[int, list[Record]] = defaultdict(list)
    by_pair: dict[tuple[int, int], list[Record]] = defaultdict(list)
    the_field = Field()
    for row in rows:
        if row.play is None:
            continue
        records = {seat: _record(row, seat) for seat in row.play.seats}
        for seat, r in records.items():
            the_field.add(r.board_id, r.result_id, r.lead, r.defender_cards, r.defender_errors)
            holder = row.holders.get(seat)
            if holder is not None and holder not in robots:
                by_player[holder].append(r)
        for side in ("NS", "EW"):
            holders = [row.holders.get(s) for s in side]
            if None in holders or any(h in robots for h in holders) or holders[0] == holders[1]:
                continue
            by_pair[tuple(sorted(holders))].extend(records[s] for s in side)
    return by_player, by_pair, the_field


def measure(records: list[Record], the_field: Field) -> dict:
    """A candidate's figures and p-values from its records."""
    own_at: dict[int, set[int]] = defaultdict(set)  # board -> the candidate's tables
    for r in records:
        own_at[r.board_id].add(r.result_id)
    leads = [r for r in records if r.lead is not None]
    lead_chances = [the_field.lead_chance(r.board_id, own_at[r.board_id]) for r in leads]
    leads_ok = sum(1 for r in leads if r.lead)
    defended = [r for r in records if r.defender_cards]
    card_chances = [the_field.error_chance(r.board_id, own_at[r.board_id]) for r in defended]
    card_counts = [r.defender_cards for r in defended]
    cards = sum(card_counts)
    errors = sum(r.defender_errors for r in defended)
    declarer_cards = sum(r.declarer_cards for r in records)
    declarer_errors = sum(r.declarer_errors for r in records)
    expected = sum(c * n for c, n in zip(card_chances, card_counts, strict=True))
    return {
        "boards": len({r.result_id for r in records}),
        "leads": len(leads),
        "leads_ok": leads_ok,
        "lead_share": round(100 * leads_ok / len(leads), 1) if leads else None,
        "lead_expected": round(100 * sum(lead_chances) / len(leads), 1) if leads else None,
        "p_leads": upper_tail(lead_chances, leads_ok) if leads else None,
        "defender_cards": cards,
        "defender_errors": errors,
        "defender_rate": round(100 * errors / cards, 2) if cards else None,
        "defender_expected": round(100 * expected / cards, 2) if cards else None,
        "p_defence": lower_tail(card_chances, errors, card_counts) if cards else None,
        "declarer_cards": declarer_cards,
        "declarer_errors": declarer_errors,
        "declarer_rate": round(100 * declarer_errors / declarer_cards, 2)
        if declarer_cards
        else None,
    }


def p_text(p: float | None) -> str:
    """A p-value as the screen writes it: two significant figures ("0.0031", "1.2e-07")."""
    return "" if p is None else f"{p:.2g}"


def _flag(figures: dict, threshold: float) -> dict:
    figures["p_leads_text"] = p_text(figures["p_leads"])
    figures["p_defence_text"] = p_text(figures["p_defence"])
    ps = [p for p in (figures["p_leads"], figures["p_defence"]) if p is not None]
    figures["p_min"] = min(ps) if ps else None
    figures["flagged"] = bool(ps) and min(ps) < threshold
    return figures


def _placebos(by_player, by_pair, the_field, *, wanted, min_boards, threshold, seed, left_out):
    partners = {frozenset(key) for key in by_pair}
    players = sorted(set(by_player) - left_out)
    rng = random.Random(seed)
    out, seen = [], set()
    for _attempt in range(20):
        rng.shuffle(players)
        for a, b in zip(players[::2], players[1::2], strict=False):
            key = frozenset((a, b))
            if key in partners or key in seen:
                continue
            seen.add(key)
            records = by_player[a] + by_player[b]
            if len({r.result_id for r in records}) < min_boards:
                continue
            out.append(_flag({"user_ids": sorted(key), **measure(records, the_field)}, threshold))
            if len(out) >= wanted:
                return out
    return out


def fair_play(results, *, threshold: float, min_boards: int, seed: int) -> dict:
    """The screen of the played results of ``results`` (a queryset)."""
    rows = analysed_rows(results)
    robots = robot_ids(u for r in rows for u in r.holders.values())
    by_player, by_pair, the_field = _records(rows, robots)
    pairs, hidden = [], 0
    for key, records in by_pair.items():
        if len({r.result_id for r in records}) < min_boards:
            hidden += 1
            continue
        pairs.append(_flag({"user_ids": list(key), **measure(records, the_field)}, threshold))
    wanted = min(PLACEBOS_MAX, max(PLACEBOS_MIN, len(pairs)))
    # the flagged pairs' players are left out: a placebo pair shows chance, not them
    left_out = {u for p in pairs if p["flagged"] for u in p["user_ids"]}
    placebos = _placebos(
        by_player, by_pair, the_field, wanted=wanted, min_boards=min_boards,
        threshold=threshold, seed=seed, left_out=left_out,
    )  # fmt: skip
    users = User.objects.in_bulk({u for p in pairs + placebos for u in p["user_ids"]})
    for p in pairs + placebos:
        p["names"] = [users[u].name for u in p["user_ids"]]
        p["players"] = [(users[u].name, users[u].username) for u in p["user_ids"]]
    key = lambda p: (p["p_min"] if p["p_min"] is not None else 2.0, p["names"])  # noqa: E731
    return {
        "boards": len({r.board_id for r in rows}),
        "results": len(rows),
        "pairs": sorted(pairs, key=key),
        "hidden": hidden,
        "placebos": sorted(placebos, key=key),
        "flagged": sum(1 for p in pairs if p["flagged"]),
        "placebo_flagged": sum(1 for p in placebos if p["flagged"]),
        "threshold": threshold,
        "min_boards": min_boards,
    }
