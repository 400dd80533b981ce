"""What a robot's call shows in its system, for an opponent who asks, as an alert would
say it (docs/rules.md § Robots, its bidding system). Pure: the auction before the call
and the call; never a hand. The texts are English and marked for translation (``_`` only
marks them here; the Django side translates them where they are shown)."""

from __future__ import annotations

from tableplay.cards import partner

__all__ = ["call_explain"]


def _(text: str) -> str:  # a marker for makemessages: translated where it is shown
    return text


_SUITS = {"S": _("spades"), "H": _("hearts"), "D": _("diamonds"), "C": _("clubs")}
_OPENINGS = {
    "P": _("Fewer than 12 points, no weak two or preempt"),
    "1NT": _("15–17 points, balanced"),
    "2NT": _("20–21 points, balanced"),
    "2C": _("22 or more points, artificial and strong"),
}
_OVER_1NT = {
    "P": _("0–7 points"),
    "2C": _("Stayman: 8 or more points, asks for a four-card major"),
    "2NT": _("8–9 points, invitational"),
    "3NT": _("10 or more points, to play"),
}
_STAYMAN_ANSWERS = {
    "2D": _("No four-card major"),
    "2H": _("Four hearts"),
    "2S": _("Four spades, not four hearts"),
}
_NATURAL = _("Natural")


def _bids(auction):
    return [(seat, call) for seat, call in auction if call not in ("P", "X", "XX")]


def call_explain(auction: list[tuple[str, str]], seat: str, call: str) -> tuple[str, dict]:
    """What ``call`` by ``seat`` after ``auction`` (the calls before it, as (seat, call))
    shows: a text to translate and the values it names (``%(suit)s``)."""
    bids = _bids(auction)
    ours = {seat, partner(seat)}
    partners = [c for s, c in bids if s == partner(seat)]
    mine = [c for s, c in bids if s == seat]
    if not bids:
        return _opening(call)
    opener = bids[0][0]
    if opener not in ours and not mine and not partners:
        return _overcall(call)
    if opener == partner(seat) and not mine:
        return _response(partners[0], call)
    if mine == ["1NT"] and partners == ["2C"] and opener == seat and call in _STAYMAN_ANSWERS:
        return _STAYMAN_ANSWERS[call], {}
    return _later(call)


def _suit(call: str) -> dict:
    return {"suit": _SUITS.get(call[-1], "")}


def _opening(call: str) -> tuple[str, dict]:
    if call in _OPENINGS:
        return _OPENINGS[call], {}
    if call in ("1S", "1H"):
        return _("12–21 points, five or more %(suit)s"), _suit(call)
    if call in ("1D", "1C"):
        return _("12–21 points, three or more %(suit)s, no five-card major"), _suit(call)
    if call[0] == "2":
        return _("Weak: 6–10 points, six %(suit)s"), _suit(call)
    if call[0] == "3":
        return _("Preempt: 5–10 points, seven %(suit)s"), _suit(call)
    return _NATURAL, {}


def _overcall(call: str) -> tuple[str, dict]:
    if call == "1NT":
        return _("15–18 points, balanced, a stopper not promised"), {}
    if call == "X":
        return _("Takeout: 12 or more points, short in their suit"), {}
    if call == "P":
        return _("No overcall or double in the system"), {}
    if call[-1] in _SUITS:
        return _("8–16 points, five or more %(suit)s"), _suit(call)
    return _NATURAL, {}


def _response(opening: str, call: str) -> tuple[str, dict]:
    if opening == "1NT":
        if call in _OVER_1NT:
            return _OVER_1NT[call], {}
        if call in ("2H", "2S"):
            return _("0–7 points, five or more %(suit)s, to play"), _suit(call)
        if call in ("3H", "3S", "4H", "4S"):
            return _("10 or more points, five or more %(suit)s"), _suit(call)
        return _NATURAL, {}
    if opening == "2C":
        return (_("Waiting, any hand"), {}) if call == "2D" else (_NATURAL, {})
    if call == "P":
        return _("0–5 points"), {}
    if opening[0] == "1" and call[-1:] == opening[-1] and opening[-1] in "HS":
        return _("Raise: three or more %(suit)s"), _suit(call)
    if call == "1NT":
        return _("6–10 points"), {}
    if call in ("2NT", "3NT"):
        return _("11 or more points, balanced"), {}
    if opening[0] != "1":  # over a weak two or a preempt
        return _("Game: 16 or more points, three-card support"), {}
    if call[-1:] == opening[-1]:
        return _("Raise: five or more %(suit)s"), _suit(call)
    if call[0] == "1":
        return _("6 or more points, four or more %(suit)s"), _suit(call)
    if call[-1] in _SUITS:
        return _("10 or more points, four or more %(suit)s"), _suit(call)
    return _NATURAL, {}


def _later(call: str) -> tuple[str, dict]:
    if call == "P":
        return _("Nothing more to say"), {}
    if call in ("4H", "4S", "3NT", "5C", "5D"):
        return _("Game: 25 or more points between the two hands"), {}
    if call == "X":
        return _("Not part of the system"), {}
    return _NATURAL, {}
