"""The robot's bidding (docs/rules.md § Robots, *Its bidding system*): the first rule of
the system (:mod:`robots.system`) that fits the hand and the auction. Every call is taken
from the legal calls the seat is sent, and anything the system does not cover is a pass,
so the auction always ends. An artificial call comes with its alert: what the system
says it shows, as :mod:`robots.explain` says it to an opponent who asks.
"""

from __future__ import annotations

from robots.system import auction_picture, call_meaning, call_pick, hand_read

__all__ = ["call_alert", "call_choose", "call_decide", "hand_shape", "hcp_range", "shown"]


def hand_shape(cards: list[str]) -> tuple[int, dict[str, int], bool]:
    """High-card points, suit lengths and whether the hand is balanced."""
    hand = hand_read(cards)
    return hand.hcp, hand.len, hand.balanced


def _auction(view: dict) -> tuple[list[str], str]:
    entries = view["auction"]
    dealer = entries[0]["seat"] if entries else view["to_play"]
    return [entry["call"] for entry in entries], dealer


def call_choose(view: dict) -> str:
    """The call the seat to act makes: the system's call when it is legal, else pass."""
    me = view["to_play"]
    calls, dealer = _auction(view)
    hand = hand_read(view["hands"][me])
    vul = view.get("vulnerability") or "None"
    return call_pick(calls, dealer, hand, set(view["legal"]["calls"]), vul)[0]


def call_alert(view: dict, call: str) -> str:
    """The alert sent with ``call``: its explanation when the system's meaning of it is
    artificial, else "" (the opponents read the same explanation when they ask)."""
    from robots.explain import meaning_render

    calls, dealer = _auction(view)
    meaning = call_meaning(calls, dealer, call)
    return meaning_render(meaning) if meaning.rule is not None and meaning.rule.artificial else ""


def call_decide(view: dict) -> tuple[str, str]:
    """The call and its alert ("" when the call is natural)."""
    call = call_choose(view)
    return call, call_alert(view, call)


def _seat_calls(auction: list[tuple[str, str]]) -> tuple[list[str], str | None]:
    return [call for _seat, call in auction], (auction[0][0] if auction else None)


def hcp_range(auction: list[tuple[str, str]], seat: str) -> tuple[int, int]:
    """The high-card points ``seat``'s calls have shown in this system (0 to 37 when it
    has not called)."""
    calls, dealer = _seat_calls(auction)
    if dealer is None:
        return 0, 37
    low, high = auction_picture(calls, dealer)[seat].hcp
    return low, high


def shown(auction: list[tuple[str, str]], seat: str) -> tuple[tuple[int, int], dict]:
    """The points and each suit's (fewest, most) cards ``seat``'s calls have shown."""
    calls, dealer = _seat_calls(auction)
    if dealer is None:
        return (0, 37), {s: (0, 13) for s in "SHDC"}
    picture = auction_picture(calls, dealer)[seat]
    return tuple(picture.hcp), {s: tuple(v) for s, v in picture.len.items()}
