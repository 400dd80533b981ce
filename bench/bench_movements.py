"""Movement figures: every Howell of 3 to 10 tables, complete and three-quarter, with
its balance (``tournaments.movements.balance``), and the Mitchells' set counts.

Run ``python -m bench movements`` (part of ``make bench``).
"""

from __future__ import annotations

import time

from tournaments.movements import balance, howell, howell_max_rounds, mitchell, mitchell_max_rounds


def run() -> list[dict]:
    rows = []
    for pairs in range(5, 21):
        tables = -(-pairs // 2)
        if tables < 3:
            continue
        full = howell_max_rounds(tables)
        for label, rounds in (("complete", full), ("three-quarter", max(1, 3 * full // 4))):
            started = time.perf_counter()
            movement = howell(pairs=pairs, rounds=rounds)
            rows.append(
                {
                    "movement": f"Howell {label}",
                    "pairs": pairs,
                    "tables": tables,
                    "rounds": rounds,
                    "sets": movement.sets,
                    "set_plays": sorted(set(movement.set_plays().values())),
                    "balance": balance(movement),
                    "seconds": time.perf_counter() - started,
                }
            )
    for pairs in (7, 8, 14, 16, 23, 24):
        tables = -(-pairs // 2)
        movement = mitchell(pairs=pairs, rounds=mitchell_max_rounds(tables))
        rows.append(
            {
                "movement": "Mitchell",
                "pairs": pairs,
                "tables": tables,
                "rounds": len(movement.rounds),
                "sets": movement.sets,
                "set_plays": sorted(set(movement.set_plays().values())),
                "balance": None,
                "seconds": 0.0,
            }
        )
    return rows


def report(rows: list[dict]) -> str:
    lines = ["Movements (balance: 100% = every pair compared with every other alike)"]
    for r in rows:
        figure = f"balance {r['balance']:5.1f}%" if r["balance"] is not None else ""
        lines.append(
            f"  {r['movement']:<22} {r['pairs']:>2} pairs {r['tables']:>2} tables "
            f"{r['rounds']:>2} rounds {r['sets']:>2} sets, each played {r['set_plays']} times"
            f"  {figure}"
        )
    return "\n".join(lines)


if __name__ == "__main__":
    print(report(run()))
