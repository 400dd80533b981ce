"""The machinery that reads the robots' system (docs/rules.md § Robots, *Its bidding
system*): one list of rules (:mod:`robots.system.rules`), read three ways.

- :func:`call_pick`: the robot's call, the first rule whose auction pattern matches and
  whose hand constraints the hand meets (the call legal);
- :func:`call_meaning`: what a call shows, the first rule whose pattern matches and that
  could have made the call (never a hand): alerts, explanations and the system card;
- :func:`auction_picture`: what every seat's calls have shown (points and suit lengths),
  which later rules (totals, fits) and the play's sampling read.

A rule's ``when`` is a regular expression over the auction without its leading passes
(calls joined by spaces: "1H P 2H P"), in which ``{M}`` (a major), ``{m}`` (a minor) and
``{x}``, ``{y}``, ``{z}`` (any suit) name a suit the first time and mean the same suit
after; or ``@name``, a named test of the auction (:data:`CONTEXTS`). Its ``call`` is a
call ("1NT", "X", "P"), a level and a suit ("2{M}", "4{T}"), the cheapest bid of a suit
("c{s}") or one level higher ("j{s}"), or the cheapest no trump ("cNT"); ``{s}`` and
``{T}`` are suits the rule chooses among ``suits``.
"""

from __future__ import annotations

import re
from functools import lru_cache

from robots.system.base import (
    FREE,
    STRAIN_ORDER,
    SUIT_ORDER,
    Context,
    Hand,
    Meaning,
    Picture,
    Rule,
    is_bid,
)
from robots.system.checks import AUCTION_CHECKS, CHECKS, CONTEXTS, cue_suits, queen_ask_call
from robots.system.rules import PASS_RULE, RULES
from tableplay.cards import SEATS

__all__ = ["auction_picture", "call_meaning", "call_pick"]


def _legal_level(ctx: Context, strain: str) -> int:
    """The cheapest level ``strain`` can be bid at."""
    last, _ = ctx.last_bid()
    if last is None:
        return 1
    level = int(last[0])
    return level if STRAIN_ORDER.index(strain) > STRAIN_ORDER.index(last[1:]) else level + 1


def _template(call: str) -> tuple[str, str | None]:
    """("c"|"j"|"1".."7"|"", the suit variable) of a call template."""
    found = re.fullmatch(r"([cj1-7])\{(\w)\}", call)
    if found:
        return found.group(1), found.group(2)
    return "", None


def _build(ctx: Context, call: str, suit: str | None) -> str | None:
    if call == "@qask":
        return queen_ask_call(ctx)
    if call == "cNT":
        level = _legal_level(ctx, "NT")
        return f"{level}NT" if level <= 7 else None
    kind, _var = _template(call)
    if not kind:
        return call
    if kind in "cj":
        level = _legal_level(ctx, suit) + (kind == "j")
        return f"{level}{suit}" if level <= 7 else None
    return f"{kind}{suit}"


def _bind(ctx: Context, rule: Rule, call: str) -> str | None | bool:
    """The suit ``rule`` names when it makes ``call`` (None: no suit), False if it cannot."""
    kind, var = _template(rule.call)
    if var is None:
        built = _build(ctx, rule.call, None)
        return None if built == call else False
    if not is_bid(call) or call.endswith("NT"):
        return False
    suit = call[1:]
    if var not in FREE and ctx.groups.get(var) != suit:
        return False
    if var in FREE and suit not in _suit_choices(ctx, rule):
        return False
    return suit if _build(ctx, rule.call, suit) == call else False


def _suit_choices(ctx: Context, rule: Rule) -> list[str]:
    spec = rule.suits
    if spec == "unbid":
        return ctx.unbid()
    if spec == "new":  # a suit neither partner named
        named = set(ctx.pictures[ctx.me].named) | set(ctx.mate.named) | set(ctx.their_suits())
        return [s for s in "SHDC" if s not in named]
    if spec == "mine":
        return list(ctx.pictures[ctx.me].named) or []
    if spec == "partners":
        return list(reversed(ctx.mate.named))
    if spec == "agreed":
        trump = ctx.agreed()
        return [trump] if trump else []
    if spec == "cue":  # the side suits a control bid can show below four of the trump suit
        return cue_suits(ctx)
    choices = [s for s in spec if s in "SHDC"]
    if ">" in spec or "<" in spec:  # "x>": suits above group x, "x<": below
        name, way = spec[0], spec[1]
        ref = SUIT_ORDER.index(ctx.groups[name])
        choices = [s for s in "SHDC" if (SUIT_ORDER.index(s) > ref) == (way == ">")]
        choices = [s for s in choices if s != ctx.groups[name] and s not in ctx.mate.named]
    if "!" in spec:
        their = set(ctx.their_suits())
        choices = [s for s in choices if s not in their]
    return choices


def _resolve(ctx: Context, key: str, suit: str | None) -> list[str]:
    if key in FREE:
        return [suit] if suit else []
    if key in "SHDC" and len(key) == 1:
        return [key]
    if key == "their":
        return ctx.their_suits()
    if key == "unbid":
        return ctx.unbid()
    if key == "unbid_majors":
        return [s for s in ctx.unbid() if s in "HS"]
    if key in ctx.groups:
        return [ctx.groups[key]]
    return []


def _shows(
    ctx: Context, rule: Rule, suit: str | None, raw: bool = False
) -> tuple[tuple[int, int], dict]:
    """The points and lengths ``rule`` shows (with ``suit`` chosen), given the picture;
    ``raw``: the points the hand is measured by (with shortness for a ``dist`` rule)."""
    low, high = rule.hcp
    if rule.total is not None:
        expected = ctx.mate.expected()
        low = max(low, int(rule.total[0] - expected + 0.999))
        high = min(high, int(rule.total[1] - expected))
    if (rule.dist or rule.long) and not raw:  # shortness or length: fewer high cards
        low = max(0, low - 2)
    lengths: dict[str, tuple[int, int]] = {}
    if rule.balanced:
        lengths = {s: (2, 5) for s in "SHDC"}
    for key, lo, hi in rule.lengths:
        for s in _resolve(ctx, key, suit):
            old = lengths.get(s, (0, 13))
            lengths[s] = (max(old[0], lo), min(old[1], hi))
    if rule.fit and suit:
        old = lengths.get(suit, (0, 13))
        lengths[suit] = (max(old[0], rule.fit - ctx.mate.len[suit][0]), old[1])
    return (low, max(low, high)), lengths


def _meets(ctx: Context, rule: Rule, hand: Hand, suit: str | None) -> bool:
    (low, high), lengths = _shows(ctx, rule, suit, raw=True)
    strength = (hand.support if rule.dist else hand.hcp) + (hand.length if rule.long else 0)
    if not low <= strength <= high:
        return False
    if rule.balanced is not None and hand.balanced != rule.balanced:
        return False
    for s, (lo, hi) in lengths.items():
        if not lo <= hand.len[s] <= hi:
            return False
    for key, _lo, _hi in rule.lengths:  # a key that names no suit fails the rule
        if key not in ("their", "unbid", "unbid_majors") and not _resolve(ctx, key, suit):
            return False
    return all(CHECKS[name][0](ctx, hand, suit) for name in rule.checks)


def _context_matches(ctx: Context, rule: Rule, key: str) -> bool:
    for name in rule.checks:  # the tests of the auction alone hold for the hand too
        if name in AUCTION_CHECKS and not CHECKS[name][0](ctx, None, None):
            return False
    if rule.pattern is None:
        ctx.groups = {}
        theirs = ctx.their_suits()
        last = [c[1:] for c, seat in zip(ctx.calls, ctx.seats, strict=True)
                if not ctx.ours(seat) and is_bid(c) and not c.endswith("NT")]  # fmt: skip
        if last:
            ctx.groups["O"] = last[-1]
        elif theirs:
            ctx.groups["O"] = theirs[-1]
        return CONTEXTS[rule.when[1:]][0](ctx)
    found = rule.pattern.fullmatch(key)
    if found is None:
        return False
    ctx.groups = {k: v for k, v in found.groupdict().items() if v}
    return True


def _key(calls: list[str]) -> str:
    start = 0
    while start < len(calls) and calls[start] == "P":
        start += 1
    return " ".join(calls[start:])


def _context(calls: list[str], dealer: str) -> Context:
    seats = [SEATS[(SEATS.index(dealer) + i) % 4] for i in range(len(calls))]
    me = SEATS[(SEATS.index(dealer) + len(calls)) % 4]
    return Context(list(calls), seats, me, _pictures(tuple(calls), dealer))


def call_pick(
    calls: list[str], dealer: str, hand: Hand, legal: set[str], vul: str = "None"
) -> tuple[str, Rule]:
    """The robot's call and its rule: the first rule that fits (a pass when none does).
    When that call stops below slam, the judged rules are tried next (docs/rules.md
    § Robots, *Judged slams*): a slam the simulation favours, made only where the
    system reads the call as that rule (:func:`_reads`)."""
    ctx = _context(calls, dealer)
    ctx.vul = vul
    key = _key(calls)
    call, rule = _first(ctx, key, hand, legal, judged=False)
    if _stops(ctx, call, rule):
        ctx.stop = call
        found = _first(ctx, key, hand, legal, judged=True)
        if found is not None:
            return found
    return call, rule


def _first(ctx: Context, key: str, hand: Hand, legal: set[str], *, judged: bool):
    """The first rule (judged or not) that fits and its call; a pass, or None for the
    judged rules, when none does."""
    for one in RULES:
        if one.judged != judged or not _context_matches(ctx, one, key):
            continue
        kind, var = _template(one.call)
        if var in FREE:
            suits = _suit_choices(ctx, one)
            if one.longest:
                suits = sorted(suits, key=lambda s: -hand.len[s])
        elif var is not None:
            suits = [ctx.groups.get(var)] if ctx.groups.get(var) else []
        else:
            suits = [None]
        for suit in suits:
            call = _build(ctx, one.call, suit)
            if call in legal and _meets(ctx, one, hand, suit) and _reads(ctx, one, call):
                return call, one
    return None if judged else ("P", PASS_RULE)


def _reads(ctx: Context, one: Rule, call: str) -> bool:
    """A judged rule's call only where the system reads the call as that rule (its key:
    partner answers a judged 4NT as key cards), so partner and the opponents read it
    right; any other rule's call, always."""
    if not one.judged:
        return True
    read = _meaning(tuple(ctx.calls), ctx.seats[0] if ctx.seats else ctx.me, call).rule
    return read is not None and read.key == one.key


def _stops(ctx: Context, call: str, rule: Rule) -> bool:
    """Whether ``call`` leaves our side in a contract below slam: a pass of our side's
    bid, or a natural bid of a game (or five of a suit) that neither forces nor invites."""
    last, seat = ctx.last_bid()
    if call == "P":
        return last is not None and ctx.ours(seat) and int(last[0]) < 6
    if not is_bid(call) or rule.forcing or rule.invite or rule.artificial:
        return False
    level, strain = int(call[0]), call[1:]
    game = level >= 5 or strain == "NT" and level >= 3 or strain in ("H", "S") and level >= 4
    return game and level < 6


def call_meaning(calls: list[str], dealer: str, call: str) -> Meaning:
    """What ``call`` after ``calls`` (the auction from ``dealer``) shows in the system."""
    return _meaning(tuple(calls), dealer, call)


@lru_cache(maxsize=4096)
def _meaning(calls: tuple[str, ...], dealer: str, call: str) -> Meaning:
    ctx = _context(list(calls), dealer)
    key = _key(list(calls))
    found: Meaning | None = None
    for one in RULES:  # the first rule names the call; each rule of the same auction
        if found is not None and one.when != found.rule.when:  # that makes it too adds
            continue  # its range (a hand the call may stand for)
        if not _context_matches(ctx, one, key):
            continue
        suit = _bind(ctx, one, call)
        if suit is False:
            continue
        hcp, lengths = _shows(ctx, one, suit)
        if found is None:
            found = Meaning(one, call, hcp, lengths, suit)
            continue
        merged = {
            s: (min(lo, lengths[s][0]), max(hi, lengths[s][1]))
            for s, (lo, hi) in found.lengths.items()
            if s in lengths
        }
        span = (min(found.hcp[0], hcp[0]), max(found.hcp[1], hcp[1]))
        found = Meaning(found.rule, call, span, merged, found.suit)
    return found or Meaning(None, call, (0, 37), {})


@lru_cache(maxsize=4096)
def _pictures(calls: tuple[str, ...], dealer: str) -> dict[str, Picture]:
    """Every seat's picture after ``calls`` (each call read by :func:`call_meaning`)."""
    if not calls:
        return {seat: Picture() for seat in SEATS}
    before = _pictures(calls[:-1], dealer)
    pictures = {seat: pic.copy() for seat, pic in before.items()}
    seat = SEATS[(SEATS.index(dealer) + len(calls) - 1) % 4]
    meaning = _meaning(calls[:-1], dealer, calls[-1])
    pic = pictures[seat]
    pic.calls += 1
    pic.last = meaning.rule
    low, high = meaning.hcp
    if max(low, pic.hcp[0]) <= min(high, pic.hcp[1]):
        pic.hcp = [max(low, pic.hcp[0]), min(high, pic.hcp[1])]
    else:
        pic.hcp = [low, high]
    for s, (lo, hi) in meaning.lengths.items():
        old = pic.len[s]
        pic.len[s] = (
            [max(lo, old[0]), min(hi, old[1])] if max(lo, old[0]) <= min(hi, old[1]) else [lo, hi]
        )
    named = [s for s, (lo, _hi) in meaning.lengths.items() if lo >= 5]
    rule_, last = meaning.rule, calls[-1]
    if rule_ is not None and not rule_.artificial and is_bid(last) and not last.endswith("NT"):
        named.insert(0, last[1:])
    for s in named:
        if s not in pic.named:
            pic.named.append(s)
    if rule_ is not None and rule_.key == "cue" and meaning.suit:
        pic.controls.append(meaning.suit)
    return pictures


def auction_picture(calls: list[str], dealer: str) -> dict[str, Picture]:
    return _pictures(tuple(calls), dealer)
