"""What one seat may see of a table: the only shape a seat is ever sent.

docs/rules.md § Online play: a player sees their own hand; dummy once the opening lead is
faced; a claimer's hand once the claim is made (faced to the whole table, as at a physical
one); every card played; all four hands once the board is over. An alert's explanation
is shown to the caller's opponents, never to the partner while the board is in play. A
spectator (``viewer=None``) sees everything: whether one may watch is decided before this
is called (the visibility rule of the event), not here.
"""

from __future__ import annotations

from dataclasses import asdict

from scoring import format_contract
from tableplay.cards import SEATS, hand_pbn, side
from tableplay.engine import Action, Table
from tableplay.legal import legal_calls, legal_cards

__all__ = ["table_view"]


def table_view(table: Table, viewer: str | None) -> dict:
    """The table as ``viewer`` ("N", "E", "S", "W"; None for a spectator) may see it."""
    over = table.phase == "over"
    hands: dict[str, list[str] | None] = {}
    for seat in SEATS:
        visible = (
            viewer is None
            or over
            or seat == viewer
            or (seat == table.dummy and table.dummy_visible)
            or seat in table.faced
        )
        hands[seat] = list(table.remaining[seat]) if visible else None
    auction = []
    for call in table.calls:
        entry = {"seat": call.seat, "call": call.value}
        if call.alert and table.alerts_visible_to(viewer, call.seat):
            entry["alert"] = call.alert
        auction.append(entry)
    tricks = []
    for index, trick in enumerate(table.tricks):
        tricks.append(
            {
                "leader": trick[0][0],
                "cards": [card for _, card in trick],
                "winner": table.trick_winners[index] if index < len(table.trick_winners) else None,
            }
        )
    claim = table.claim
    undo = table.undo
    result = table.result
    return {
        "version": table.version,
        "viewer": viewer,
        "phase": table.phase,
        "dealer": table.dealer,
        "vulnerability": table.vulnerability,
        "to_play": table.to_play,
        "actor": table.actor,
        "hands": hands,
        "hand_pbn": {s: hand_pbn(h) for s, h in hands.items() if h is not None},
        "deal": table.deal if over or viewer is None else None,
        "auction": auction,
        "contract": result.contract if result else _contract_text(table),
        "declarer": table.declarer,
        "dummy": table.dummy,
        "play": [card.value for card in table.cards],
        "tricks": tricks,
        "tricks_won": _tricks_won(table),
        "claim": (
            None
            if claim is None
            else {
                "seat": claim.seat,
                "tricks": claim.tricks,
                "accepted": sorted(claim.accepted),
                "rejected": claim.rejected,
            }
        ),
        "undo": None if undo is None else {"seat": undo.seat, "accepted": sorted(undo.accepted)},
        "undone": dict(table.undone),
        "result": asdict(result) if result else None,
        "legal": _legal(table, viewer),
        "may": _may(table, viewer),
    }


def _legal(table: Table, viewer: str | None) -> dict:
    """What the viewer may call or play now: only the seat that acts gets any."""
    if viewer is None or viewer != table.actor:
        return {"calls": [], "cards": []}
    return {"calls": legal_calls(table), "cards": legal_cards(table)}


def _may(table: Table, viewer: str | None) -> dict[str, bool]:
    """What else the viewer may do now, by the engine's own checks (docs/rules.md § Online
    play): claim, ask to undo their last call or card, answer the waiting claim or undo.
    A spectator (the director too: their ruling is not a seat's) may none of them."""
    if viewer is None or table.phase == "over":
        return {"claim": False, "undo": False, "answer": False}
    return {
        "claim": table.allows(Action("claim", viewer, "0")),
        "undo": table.allows(Action("undo", viewer)),
        "answer": table.allows(Action("reject", viewer)),
    }


def _tricks_won(table: Table) -> dict[str, int]:
    """Each side's tricks: those won in play, or once a claim or a ruling ended the board
    the result it gave (the declaring side's total, the other side the rest)."""
    result = table.result
    if result is not None and result.status in ("claimed", "ruled"):
        declaring = side(result.declarer)
        return {
            pair: result.tricks if pair == declaring else 13 - result.tricks
            for pair in ("NS", "EW")
        }
    return {"NS": table.tricks_won("NS"), "EW": table.tricks_won("EW")}


def _contract_text(table: Table) -> str | None:
    return format_contract(table.contract) if table.contract is not None else None
