"""The one apply step of every table (docs/rules.md § Online play): the online table's
one-write path and its long way (``online.services``) and the practice table
(``practice.play``) all apply an action so, to a process's kept engine, before they
store it in their own rows."""

from __future__ import annotations

from tableplay.engine import Action, Table


def applied(engine: Table, action: Action, *, version: int | None = None) -> tuple[Table, Action]:
    """``action`` applied to a copy of ``engine`` at ``version`` (the kept engine stays
    as it was: others read it): the engine after it, and the action as it is stored (a
    call or card as the engine reads it, "1NT", "SA", with its alert). The engine's
    refusal (``TableError``, with its code) is raised and nothing is changed."""
    after = engine.copy()
    after.apply(action, version=version)
    if action.kind in ("call", "card"):
        move = after.moves[-1]
        action = Action(action.kind, action.seat, move.value, move.alert)
    return after, action
