"""The named tests the system's rules use (docs/rules.md § Robots): of the hand
(:data:`CHECKS`) and of the auction (:data:`CONTEXTS`), each with the English text the
system card shows (marked for translation; Django translates it where it is shown)."""

from __future__ import annotations

from robots.system.base import SUIT_ORDER, Context, Hand, bid_rank, is_bid
from robots.system.base import stopper as _stopper
from robots.system.conventions import CONVENTION_CHECKS, CONVENTION_CONTEXTS
from robots.system.judge import judge_window, judged_rkcb, judged_slam
from robots.system.labels import _

__all__ = ["AUCTION_CHECKS", "CHECKS", "CONTEXTS", "cue_suits", "keycards"]


def keycards(hand: Hand, trump: str | None) -> int:
    aces = sum(card[1] == "A" for card in hand.cards)
    return aces + (trump is not None and trump + "K" in hand.cards)


def _our_level_below_game(ctx: Context) -> bool:
    last, seat = ctx.last_bid()
    if last is None:
        return True
    level, strain = int(last[0]), last[1:]
    game = level >= 5 or strain == "NT" and level >= 3 or strain in ("H", "S") and level >= 4
    return not game or not ctx.ours(seat)


def _mate_last(ctx: Context, key: str) -> bool:
    last = ctx.mate.last
    _bid, seat = ctx.last_bid()
    return last is not None and last.key == key and seat == _partner(ctx)


def _partner(ctx: Context) -> str:
    from tableplay.cards import partner

    return partner(ctx.me)


def _my_last(ctx: Context, key: str) -> bool:
    last = ctx.pictures[ctx.me].last
    return last is not None and last.key == key


def _fit(ctx: Context, hand: Hand, suit: str | None) -> bool:
    return suit is not None and hand.len[suit] + ctx.mate.len[suit][0] >= 8


def _major_fit(ctx: Context, hand: Hand, _suit) -> bool:
    return any(_fit(ctx, hand, s) for s in "HS")


def _any_fit(ctx: Context, hand: Hand, _suit) -> bool:
    return any(_fit(ctx, hand, s) for s in "SHDC")


def _agreed_fit(ctx: Context, hand: Hand, _suit) -> bool:
    """Our side's trump suit (:meth:`Context.agreed`), eight cards in the two hands."""
    trump = ctx.agreed()
    return trump is not None and _fit(ctx, hand, trump)


def _mate_nt(ctx: Context) -> bool:
    """Partner's last bid was in no trumps (a 4NT then is quantitative)."""
    bids = [c for c, seat in zip(ctx.calls, ctx.seats, strict=True)
            if seat == _partner(ctx) and is_bid(c)]  # fmt: skip
    return bool(bids) and bids[-1].endswith("NT")


def _answer_keycards(ctx: Context, hand: Hand) -> tuple[int, bool | None]:
    """Partner's keycards from the answer to 4NT (the count the hand makes possible),
    and whether it holds the trump queen (None: not said)."""
    answer, _seat = ctx.last_bid()
    mine = keycards(hand, ctx.agreed())
    options = {"5C": (1, 4), "5D": (0, 3), "5H": (2, 5), "5S": (2, 5)}.get(answer, (0, 0))
    # the higher count when the hand allows it and partner's points say so, or when the
    # lower leaves the opponents key cards worth more points than they can hold
    theirs = 40 - hand.hcp - ctx.mate.expected()
    if options[1] == 5:  # all five: only from a hand that has shown the points for them
        high_fits = mine == 0 and ctx.mate.hcp[0] >= 19
    else:
        high_fits = mine + options[1] <= 5 and (
            ctx.mate.hcp[0] >= 13 or 4 * (5 - mine - options[0]) - 1 > theirs
        )
    count = options[1] if high_fits else options[0]
    queen = {"5H": False, "5S": True}.get(answer)
    return count, queen


def _missing(ctx: Context, hand: Hand) -> int:
    count, _queen = _answer_keycards(ctx, hand)
    return 5 - keycards(hand, ctx.agreed()) - count


def _queen_known(ctx: Context, hand: Hand) -> bool:
    trump = ctx.agreed()
    _count, queen = _answer_keycards(ctx, hand)
    long = trump is not None and hand.len[trump] + ctx.mate.len[trump][0] >= 10
    return bool(queen) or (trump is not None and trump + "Q" in hand.cards) or long


def _queen_ask_step(ctx: Context) -> str | None:
    """The queen ask over 5C / 5D: the next step that is not the trump suit, while five
    of the trump suit is still there to stop in."""
    trump = ctx.agreed()
    last, _seat = ctx.last_bid()
    if trump is None or last is None:
        return None
    for strain in ("D", "H", "S"):
        call = "5" + strain
        if bid_rank(call) > bid_rank(last) and strain != trump:
            return call if bid_rank(call) < bid_rank("5" + trump) else None
    return None


def _control(hand: Hand, suit: str | None) -> bool:
    """The ace or the king of ``suit``, a void or a singleton (first or second round)."""
    if suit is None:
        return False
    ranks = [card[1] for card in hand.cards if card[0] == suit]
    return len(ranks) <= 1 or "A" in ranks or "K" in ranks


def _controls(ctx: Context, hand: Hand, _suit) -> bool:
    """Every side suit controlled (:func:`_control`) in the hand, or by partner: bid
    naturally, shown by a control bid or shown short (two fast losers in one suit stop a
    slam)."""
    trump = ctx.agreed()
    for suit in "SHDC":
        if suit == trump or suit in ctx.mate.named or suit in ctx.mate.controls:
            continue
        if ctx.mate.len[suit][1] <= 1:  # partner showed a singleton or a void (a splinter)
            continue
        if not _control(hand, suit):
            return False
    return True


def cue_suits(ctx: Context) -> list[str]:
    """The side suits a control bid can name: the cheapest bid in each below four of
    our major, cheapest first."""
    trump = ctx.agreed()
    last, _seat = ctx.last_bid()
    if trump not in ("H", "S") or last is None:
        return []
    calls = []
    for suit in "CDHS":
        if suit == trump:
            continue
        level = int(last[0]) + (SUIT_ORDER.index(suit) <= _strain_index(last))
        if bid_rank(f"{level}{suit}") < bid_rank("4" + trump):
            calls.append((bid_rank(f"{level}{suit}"), suit))
    return [suit for _rank, suit in sorted(calls)]


def _strain_index(call: str) -> int:
    return 4 if call.endswith("NT") else SUIT_ORDER.index(call[1:])


def _upper_half(ctx: Context, hand: Hand, _suit) -> bool:
    low, high = ctx.pictures[ctx.me].hcp
    return hand.hcp >= (low + min(high, low + 6)) / 2


def _stops_theirs(ctx: Context, hand: Hand, _suit) -> bool:
    return all(_stopper(hand, s) for s in ctx.their_suits())


def _trump_tricks(ctx: Context, hand: Hand, _suit) -> bool:
    last, _seat = ctx.last_bid()
    if last is None or last.endswith("NT"):
        return False
    strain = last[1:]
    honours = sum(card[0] == strain and card[1] in "AKQJT" for card in hand.cards)
    return hand.len[strain] >= 4 and honours >= 2


def _wins_contract(ctx: Context) -> bool:
    _bid, seat = ctx.last_bid()
    return not ctx.ours(seat) and seat is not None


CHECKS = {
    "h_over_s": (lambda c, h, s: h.len["H"] > h.len["S"], _("more hearts than spades")),
    "d_over_c": (
        lambda c, h, s: h.len["D"] > h.len["C"] or h.len["D"] == h.len["C"] >= 4,
        _("diamonds longer than clubs, or 4–4 or 5–5 in the minors"),
    ),
    "rule20": (
        lambda c, h, s: h.hcp + sum(sorted(h.len.values())[-2:]) >= 20,
        _("points and the two longest suits' cards add up to 20"),
    ),
    "four_major": (
        lambda c, h, s: max(h.len["S"], h.len["H"]) == 4,
        _("a four-card major, no five-card major"),
    ),
    "hearts_first": (
        lambda c, h, s: h.len["H"] > h.len["S"] or h.len["H"] == h.len["S"] == 4,
        _("hearts longer than spades, or four of each"),
    ),
    "stop": (_stops_theirs, _("a stopper in their suit")),
    "no_stop": (lambda c, h, s: not _stops_theirs(c, h, s), _("no stopper in their suit")),
    "fit": (_fit, _("eight or more cards of the suit between the two hands")),
    "major_fit": (_major_fit, _("an eight-card major fit")),
    "no_major_fit": (lambda c, h, s: not _major_fit(c, h, s), _("no eight-card major fit")),
    "no_fit": (lambda c, h, s: not _any_fit(c, h, s), _("no eight-card fit")),
    "no_fit_or_nt": (
        lambda c, h, s: not _any_fit(c, h, s) or _mate_nt(c),
        _("no eight-card fit, or partner's last bid in no trumps"),
    ),
    "agreed_fit": (_agreed_fit, _("eight or more trumps between the two hands")),
    "mate_nt": (lambda c, h, s: _mate_nt(c), _("partner's last bid in no trumps")),
    "mate_not_nt": (lambda c, h, s: not _mate_nt(c), _("partner's last bid in a suit")),
    "below_game": (lambda c, h, s: _our_level_below_game(c), _("our side not yet in game")),
    "their_contract": (lambda c, h, s: _wins_contract(c), _("the opponents hold the contract")),
    "our_contract": (
        lambda c, h, s: c.ours(c.last_bid()[1]),
        _("our side holds the contract"),
    ),
    "forced": (
        lambda c, h, s: (
            c.mate.last is not None
            and c.mate.last.forcing
            and c.last_bid()[1] == _partner(c)
            and _our_level_below_game(c)
        ),
        _("partner's last call was forcing"),
    ),  # fmt: skip
    "not_forced": (
        lambda c, h, s: not (c.mate.last is not None and c.mate.last.forcing),
        _("partner's last call was not forcing"),
    ),
    "mate_not_invited": (
        lambda c, h, s: c.mate.last is None or not c.mate.last.invite,
        _("partner has not invited"),
    ),
    "no_4nt_yet": (
        lambda c, h, s: (
            "4NT" not in [x for x, seat in zip(c.calls, c.seats, strict=True) if c.ours(seat)]
        ),
        _("no 4NT by our side yet"),
    ),  # fmt: skip
    "kc14": (lambda c, h, s: keycards(h, c.agreed()) in (1, 4), _("one or four key cards")),
    "kc03": (lambda c, h, s: keycards(h, c.agreed()) in (0, 3), _("zero or three key cards")),
    "kc2": (
        lambda c, h, s: keycards(h, c.agreed()) in (2, 5) and f"{c.agreed()}Q" not in h.cards,
        _("two (or all five) key cards without the trump queen"),
    ),
    "kc2q": (
        lambda c, h, s: keycards(h, c.agreed()) in (2, 5) and f"{c.agreed()}Q" in h.cards,
        _("two (or all five) key cards and the trump queen"),
    ),
    "controls": (
        _controls,
        _("each side suit controlled: the ace or king, a void or a singleton, or shown by partner"),
    ),
    "control": (
        lambda c, h, s: _control(h, s),
        _("the ace or king of the suit, a void or a singleton"),
    ),
    "missing2": (lambda c, h, s: _missing(c, h) >= 2, _("two key cards missing")),
    "answer_in_trump": (
        lambda c, h, s: c.last_bid()[0] == f"5{c.agreed()}",
        _("the answer was five of the trump suit"),
    ),
    "answer_below_trump": (
        lambda c, h, s: (
            c.agreed() is not None and bid_rank(c.last_bid()[0]) < bid_rank(f"5{c.agreed()}")
        ),
        _("five of the trump suit is still there to stop in"),
    ),
    "missing1": (lambda c, h, s: _missing(c, h) == 1, _("one key card missing")),
    "missing0": (lambda c, h, s: _missing(c, h) <= 0, _("no key card missing")),
    "queen_known": (lambda c, h, s: _queen_known(c, h), _("the trump queen is ours")),
    "queen_unknown": (
        lambda c, h, s: not _queen_known(c, h) and _queen_ask_step(c) is not None,
        _("the trump queen not known, room to ask"),
    ),
    "has_tq": (lambda c, h, s: f"{c.agreed()}Q" in h.cards, _("the trump queen")),
    "no_tq": (lambda c, h, s: f"{c.agreed()}Q" not in h.cards, _("not the trump queen")),
    "upper_half": (_upper_half, _("the upper half of the points shown")),
    "lower_half": (lambda c, h, s: not _upper_half(c, h, s), _("the lower half")),
    "trump_tricks": (_trump_tricks, _("four or more of their trumps with two honours")),
    **CONVENTION_CHECKS,
}


def _level(ctx: Context) -> int:
    last, _seat = ctx.last_bid()
    return int(last[0]) if last else 0


def _advance(ctx: Context) -> bool:
    """Partner's takeout double, and RHO passed."""
    last = ctx.mate.last
    calls = ctx.calls
    return (
        last is not None
        and last.key == "takeout"
        and len(calls) >= 2
        and calls[-1] == "P"
        and calls[-2] == "X"
    )


def _mate_penalty(ctx: Context) -> bool:
    last = ctx.mate.last
    return (
        last is not None
        and last.key == "penalty"
        and ctx.calls[-1:] == ["P"]
        and (len(ctx.calls) >= 2 and ctx.calls[-2] == "X")
    )


def _cue_below_3nt(ctx: Context) -> bool:
    """Their last suit can still be bid below 3NT."""
    suit = ctx.groups.get("O")
    last, _seat = ctx.last_bid()
    if suit is None or last is None:
        return False
    level = int(last[0]) + (SUIT_ORDER.index(suit) <= _strain_index(last))
    return bid_rank(f"{level}{suit}") < bid_rank("3NT")


CHECKS.update(
    {
        "cue_below_3nt": (
            lambda c, h, s: _cue_below_3nt(c),
            _("their suit can still be bid below 3NT"),
        ),
        "low_level": (lambda c, h, s: _level(c) <= 2, _("the bidding still at the two level")),
        "level3": (lambda c, h, s: _level(c) <= 3, _("the bidding still at the three level")),
        "high_level": (
            lambda c, h, s: _level(c) >= 3, _("the bidding at the three level or higher")
        ),
        "mate_penalty": (lambda c, h, s: _mate_penalty(c), _("partner doubled for penalty")),
        "d_longest": (
            lambda c, h, s: h.len["D"] > max(h.len["S"], h.len["H"]) >= 5
            and h.len["D"] >= h.len["C"],
            _("a five-card major and longer diamonds"),
        ),
        "c_longest": (
            lambda c, h, s: h.len["C"] > max(h.len["S"], h.len["H"]) >= 5
            and h.len["C"] > h.len["D"],
            _("a five-card major and longer clubs"),
        ),
        "not_weak": (
            lambda c, h, s: c.pictures[c.me].hcp[1] >= 16,
            _("we have not shown a weak hand (a preempt, a weak raise)"),
        ),
        "judged_slam": (
            judged_slam,
            _("layouts of the unseen hands that fit the auction, solved double dummy: the"
              " slam in this strain makes in at least four in five of them and scores more"
              " than stopping"),
        ),
        "judged_rkcb": (
            judged_rkcb,
            _("the same judgement, seven layouts in ten, favours a slam in our agreed suit:"
              " key cards first"),
        ),
        "partner_bid": (
            lambda c, h, s: any(is_bid(x) or x == "X" for x, seat in zip(c.calls, c.seats,
                                strict=True) if seat == _partner(c)),
            _("partner has bid"),
        ),
    }
)  # fmt: skip

#: The tests that read only the auction (so an explanation checks them too).
AUCTION_CHECKS = {
    "below_game", "their_contract", "our_contract", "forced", "not_forced",
    "mate_not_invited", "no_4nt_yet", "low_level", "high_level", "mate_penalty", "level3",
    "partner_bid", "mate_nt", "mate_not_nt", "not_weak", "answer_in_trump", "cue_below_3nt",
    "answer_below_trump",
}  # fmt: skip


def _fit_shown(ctx: Context) -> bool:
    """Partner's calls and ours have shown eight or more cards of our trump suit."""
    trump = ctx.agreed()
    if trump is None:
        return False
    return ctx.pictures[ctx.me].len[trump][0] + ctx.mate.len[trump][0] >= 8


def _major_raised(ctx: Context) -> bool:
    """Partner's last call, three of our major, with eight trumps shown."""
    bid, seat = ctx.last_bid()
    trump = ctx.agreed()
    return (
        bid is not None
        and seat == _partner(ctx)
        and trump in ("H", "S")
        and bid == "3" + trump
        and _fit_shown(ctx)
    )


CONTEXTS = {
    "judge": (
        judge_window,
        _(
            "partner has bid naturally, the auction below six, no 4NT by our side, and the"
            " rules would stop below slam"
        ),
    ),
    "advance": (_advance, _("partner's takeout double, and the next player passed")),
    "any": (lambda c: True, _("any auction the rules above do not cover")),
    "rkcb": (lambda c: _mate_last(c, "rkcb"), _("partner asked for key cards with 4NT")),
    "rkcb_answer": (
        lambda c: _my_last(c, "rkcb") and _mate_last(c, "rkcb_answer"),
        _("partner answered our 4NT"),
    ),
    "qask": (lambda c: _mate_last(c, "qask"), _("partner asked for the trump queen")),
    "qanswer": (
        lambda c: _my_last(c, "qask") and _mate_last(c, "qanswer"),
        _("partner answered the queen ask"),
    ),
    "answered": (
        lambda c: (
            (_my_last(c, "rkcb_answer") or _my_last(c, "qanswer"))
            and c.last_bid()[1] == _partner(c)
        ),
        _("we answered partner's key-card ask and partner bid again"),
    ),
    "quant": (lambda c: _mate_last(c, "quant"), _("partner's quantitative 4NT")),
    "stopper_ask": (
        lambda c: _mate_last(c, "stopper_ask"),
        _("partner bid their suit, asking for a stopper"),
    ),
    "stopper_answered": (
        lambda c: (
            _my_last(c, "stopper_ask")
            and c.last_bid()[1] == _partner(c)
            and c.last_bid()[0] != "3NT"
        ),
        _("we asked for a stopper and partner has none"),
    ),
    "fit_shown": (_fit_shown, _("our side's calls have shown eight or more trumps")),
    "major_raised": (
        _major_raised,
        _("partner's three of our major, eight or more trumps shown between the hands"),
    ),
    "cue": (
        lambda c: _mate_last(c, "cue") and _fit_shown(c) and c.calls[-1:] == ["P"],
        _("partner's control bid"),
    ),
    "signoff": (
        lambda c: _mate_last(c, "signoff"),
        _("partner signed off in four of our major after our slam try"),
    ),
    "splinter": (lambda c: _mate_last(c, "splinter"), _("partner's splinter")),
    "opponents_only": (
        lambda c: (
            all(x == "P" for x, seat in zip(c.calls, c.seats, strict=True) if c.ours(seat))
            and any(is_bid(x) for x in c.calls)
        ),
        _("the opponents opened and our side has only passed"),
    ),  # fmt: skip
    **CONVENTION_CONTEXTS,
}


def queen_ask_call(ctx: Context) -> str | None:
    return _queen_ask_step(ctx)
