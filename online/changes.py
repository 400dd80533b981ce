"""Changes, not whole views: what a seat's new view adds to the last one it was sent
(docs/online-play.md, ``change``).

A change is computed from the two views of the same seat (``state.seat_view``), so it
holds nothing the seat may not see: only the keys whose value changed. A list that
grew or whose end changed (the auction, the play, the tricks) is sent from its first
changed place (``splice``: ``[index, items]``); the hands are sent by seat (``merge``),
so a card played sends the one hand it left; everything else that changed is set whole
(``set``). ``change_apply`` turns the last view and a change into the new view: the
client's ``table.js`` does the same.
"""

from __future__ import annotations

#: Lists sent from their first changed place.
SPLICED = ("auction", "play", "tricks")
#: Mappings sent by the keys that changed.
MERGED = ("hands", "hand_pbn", "connected")
#: What a view may leave out when it has not changed (an action's snapshot does not say
#: who holds the seats): the last view's stands.
CARRIED = ("connected", "players")


def view_carried(last: dict | None, view: dict) -> dict:
    """``view`` with what it leaves out (``CARRIED``) taken from the last view sent."""
    if last is None or last.get("board") != view.get("board"):
        return view
    missing = [key for key in CARRIED if view.get(key) is None and last.get(key) is not None]
    if not missing:
        return view
    return {**view, **{key: last[key] for key in missing}}


def view_change(old: dict, new: dict) -> dict:
    """What ``new`` adds to ``old`` (two views of one seat): ``{"set", "splice",
    "merge"}``, each only when it has something; empty when nothing changed."""
    change: dict[str, dict] = {}
    for key, value in new.items():
        before = old.get(key)
        if key in old and before == value:
            continue
        if key in SPLICED and isinstance(before, list) and isinstance(value, list):
            at = 0
            while at < len(before) and at < len(value) and before[at] == value[at]:
                at += 1
            change.setdefault("splice", {})[key] = [at, value[at:]]
        elif key in MERGED and isinstance(before, dict) and isinstance(value, dict):
            gone = set(before) - set(value)
            if gone:  # a key no longer there: the mapping is set whole
                change.setdefault("set", {})[key] = value
                continue
            changed = {k: v for k, v in value.items() if k not in before or before[k] != v}
            change.setdefault("merge", {})[key] = changed
        else:
            change.setdefault("set", {})[key] = value
    for key in old.keys() - new.keys():
        change.setdefault("set", {})[key] = None
    return change


def change_apply(view: dict, change: dict) -> dict:
    """The view after ``change`` (a new dict; ``view`` is not changed)."""
    new = dict(view)
    new.update(change.get("set", {}))
    for key, (at, items) in change.get("splice", {}).items():
        new[key] = list(view.get(key) or [])[:at] + list(items)
    for key, values in change.get("merge", {}).items():
        new[key] = {**(view.get(key) or {}), **values}
    return new
