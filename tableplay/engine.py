"""The table engine: one board's auction, play, claims and undo, as a state machine.

Pure Python, no Django and no I/O, like ``scoring``: the services load a table's
actions, replay them here, apply the new one and store it. Every accepted action adds one
to ``Table.version``, so a client that reconnects asks for what happened after version N,
and a message sent for an older version is refused (``stale``) instead of applied twice.

The rules are those of docs/rules.md § Online play: the auction and play of the Laws
(dealer first, clockwise; sufficient bids; double an opponent's bid, redouble an
opponent's double; three passes end the auction, four pass it out; declarer is the first
of the side to name the strain; the opening lead by declarer's left; follow suit; the
highest trump, else the highest card of the suit led, wins; the winner leads), claims
answered by the opponents who are not dummy, each answering once, and undo of one's own
last call or card with the same opponents' consent, never once what it would hide has been
shown. An illegal action raises :class:`TableError` and leaves the table unchanged.
"""

from __future__ import annotations

import copy
from dataclasses import replace

from scoring import Contract, format_contract, vulnerability_includes
from tableplay.actions import (
    ACTION_KINDS,
    DIRECTOR,
    Action,
    BoardResult,
    Claim,
    TableError,
    Undo,
)
from tableplay.cards import SEATS, call_parse, card_parse, deal_parse, partner, seat_next, side
from tableplay.rules import (
    Bidding,
    auction_outcome,
    bidding_after,
    bidding_refusal,
    trick_winner,
)

__all__ = ["DIRECTOR", "Action", "BoardResult", "Table", "TableError"]


class Table:
    """One board at one table: build it, then :meth:`apply` actions in order.

    ``Table.replay(deal, dealer, vul, actions)`` rebuilds the state from the stored
    actions (after a restart, or on each request: a board has at most a few hundred).
    Applying an action costs the same whatever the board's length, so a replay costs in
    proportion to it; :meth:`copy` gives an engine to extend without replaying.
    """

    def __init__(
        self, deal: str, dealer: str, vulnerability: str, *, undo_allowed: bool = True
    ) -> None:
        if dealer not in SEATS:
            raise ValueError(f"dealer must be one of {SEATS}, got {dealer!r}")
        vulnerability_includes(vulnerability, "N")  # checks the name
        self.deal = deal
        self.hands: dict[str, tuple[str, ...]] = deal_parse(deal)
        self.dealer = dealer
        self.vulnerability = vulnerability
        self.undo_allowed = undo_allowed
        self.version = 0
        self.log: list[Action] = []
        #: The calls and cards that stand (an accepted undo removes the last one).
        self.moves: list[Action] = []
        self.claim: Claim | None = None
        self.undo: Undo | None = None
        self.ending: BoardResult | None = None  # set by a claim, ruling or cut
        #: The seats whose hands a claim faced: shown to the whole table from then on.
        self.faced: set[str] = set()
        #: How many of ``moves`` can no longer be undone: what was shown after them (dummy
        #: by the opening lead, a claimer's hand) cannot be hidden again.
        self.settled = 0
        #: Undos accepted on this board, by the side that asked (docs/rules.md § Robots).
        self.undone: dict[str, int] = {"NS": 0, "EW": 0}
        self._derive()

    @classmethod
    def replay(
        cls,
        deal: str,
        dealer: str,
        vulnerability: str,
        actions: list[Action],
        *,
        undo_allowed: bool = True,
    ) -> Table:
        """The table after ``actions``, each checked as when it was first applied."""
        table = cls(deal, dealer, vulnerability, undo_allowed=undo_allowed)
        for action in actions:
            table.apply(action)
        return table

    # -- derived state ---------------------------------------------------------------
    #
    # ``calls``, ``cards``, ``contract``, ``declarer``, ``bidding``, ``remaining``,
    # ``tricks`` and ``trick_winners`` follow from ``moves``. Each accepted call or card
    # updates them by one step (:meth:`_place`), at the same cost at the first trick as at
    # the thirteenth; only an accepted undo, which takes a move back, rebuilds them
    # (:meth:`_derive`).

    def _derive(self) -> None:
        """Rebuild the auction and play from ``moves``: after an accepted undo."""
        self.calls: list[Action] = []
        self.cards: list[Action] = []
        self.contract: Contract | None = None
        self.declarer: str | None = None
        #: What the legality of the next call depends on (``tableplay.rules.Bidding``).
        self.bidding = Bidding()
        self.remaining = {seat: list(cards) for seat, cards in self.hands.items()}
        self.tricks: list[list[tuple[str, str]]] = []  # each: (seat, card) in play order
        self.trick_winners: list[str] = []
        self._won = {"NS": 0, "EW": 0}
        for move in self.moves:
            self._place(move)

    def _place(self, move: Action) -> None:
        """The auction and play one call or card further (``move`` already checked)."""
        if move.kind == "call":
            self.calls.append(move)
            self.bidding = bidding_after(self.bidding, move.seat, move.value)
            # Only three passes after a call can end the auction: the outcome is read
            # then, once a board (docs/rules.md § Online play).
            if len(self.calls) >= 4 and all(c.value == "P" for c in self.calls[-3:]):
                self.contract, self.declarer = auction_outcome(
                    self.dealer, [(c.seat, c.value) for c in self.calls]
                )
            return
        self.cards.append(move)
        self.remaining[move.seat].remove(move.value)
        trick = self.current_trick
        if not trick:
            trick = []
            self.tricks.append(trick)
        trick.append((move.seat, move.value))
        if len(trick) == 4:
            winner = trick_winner(trick, self.contract.strain)
            self.trick_winners.append(winner)
            self._won[side(winner)] += 1

    def copy(self) -> Table:
        """An independent table in the same state, without replaying its actions: apply
        to the copy and the original stays as it was (a shared engine is extended so)."""
        new = Table.__new__(Table)
        new.__dict__.update(self.__dict__)
        new.hands = dict(self.hands)
        new.log = list(self.log)
        new.moves = list(self.moves)
        new.calls = list(self.calls)
        new.cards = list(self.cards)
        new.remaining = {seat: list(cards) for seat, cards in self.remaining.items()}
        new.tricks = [list(trick) for trick in self.tricks]
        new.trick_winners = list(self.trick_winners)
        new._won = dict(self._won)
        new.faced = set(self.faced)
        new.undone = dict(self.undone)
        if self.claim is not None:
            new.claim = replace(self.claim, accepted=set(self.claim.accepted))
        if self.undo is not None:
            new.undo = replace(self.undo, accepted=set(self.undo.accepted))
        return new

    @property
    def auction_over(self) -> bool:
        return self.contract is not None

    @property
    def phase(self) -> str:
        """ "auction", "play" or "over"."""
        if self.ending is not None:
            return "over"
        if not self.auction_over:
            return "auction"
        if self.contract.is_passed_out or len(self.cards) == 52:
            return "over"
        return "play"

    @property
    def dummy(self) -> str | None:
        """Dummy's seat once the auction has a declarer."""
        return partner(self.declarer) if self.declarer else None

    @property
    def current_trick(self) -> list[tuple[str, str]]:
        """The cards of the trick being played (empty between tricks)."""
        if self.tricks and len(self.tricks[-1]) < 4:
            return self.tricks[-1]
        return []

    @property
    def to_play(self) -> str | None:
        """The seat whose call or card is next (dummy's seat when dummy's card is next)."""
        phase = self.phase
        if phase == "auction":
            return seat_next(self.dealer, len(self.calls))
        if phase != "play":
            return None
        trick = self.current_trick
        if trick:
            return seat_next(trick[0][0], len(trick))
        return self.trick_winners[-1] if self.trick_winners else seat_next(self.declarer)

    @property
    def actor(self) -> str | None:
        """The seat that must act next: declarer plays dummy's cards."""
        seat = self.to_play
        return self.declarer if seat is not None and seat == self.dummy else seat

    def tricks_won(self, of_side: str) -> int:
        """Completed tricks won by a side ("NS" or "EW")."""
        return self._won.get(of_side, 0)

    @property
    def tricks_left(self) -> int:
        """Tricks not yet complete (the one being played counts)."""
        return 13 - len(self.trick_winners)

    @property
    def dummy_visible(self) -> bool:
        """Dummy is faced once the opening lead is."""
        return bool(self.cards) or (self.phase == "over" and self.declarer is not None)

    def alerts_visible_to(self, viewer: str | None, caller: str) -> bool:
        """An alert is shown to the caller's opponents (and the caller), never to the
        partner while the board is in play; everyone sees it once the board is over."""
        if viewer is None or self.phase == "over":
            return True
        return viewer != partner(caller)

    # -- actions ---------------------------------------------------------------------

    def apply(self, action: Action, *, version: int | None = None) -> None:
        """Apply one action, or raise :class:`TableError` and change nothing.

        ``version``: the version the sender saw; a different one is refused as
        ``stale`` (a replayed or duplicated message, or one sent before the sender saw
        another seat's action).
        """
        if (
            version is not None
            and version != self.version
            and not self._answers_waiting(action, version)
        ):
            raise TableError("stale", f"the table is at version {self.version}, not {version}")
        if action.kind not in ACTION_KINDS:
            raise TableError("bad_action", f"unknown action {action.kind!r}")
        if action.seat not in SEATS and action.seat != DIRECTOR:
            raise TableError("bad_action", f"unknown seat {action.seat!r}")
        if self.phase == "over":
            raise TableError("board_over", "this board is over")
        handler = getattr(self, f"_{action.kind}")
        handler(action)
        self.log.append(action)
        self.version += 1

    def _answers_waiting(self, action: Action, version: int) -> bool:
        """An answer sent at any version since the claim or undo it answers was made is
        about that one (both opponents answer at once; docs/rules.md § Online play); a
        seat that answered it already is refused by :meth:`_answer`, never applied twice."""
        waiting = self.claim or self.undo
        return (
            action.kind in ("accept", "reject")
            and waiting is not None
            and waiting.since <= version <= self.version
        )

    def _check_player(self, action: Action) -> None:
        if action.seat == DIRECTOR:
            raise TableError("bad_action", "the director does not call or play")

    def _check_nothing_waiting(self) -> None:
        if self.claim is not None:
            raise TableError("claim_waiting", "a claim waits for its answer")
        if self.undo is not None:
            raise TableError("undo_waiting", "an undo waits for its answer")

    def _call(self, action: Action) -> None:
        self._check_player(action)
        self._check_nothing_waiting()
        if self.phase != "auction":
            raise TableError("out_of_turn", "the auction is over")
        if action.seat != self.to_play:
            raise TableError("out_of_turn", f"it is {self.to_play}'s turn to call")
        try:
            call = call_parse(action.value)
        except ValueError as error:
            raise TableError("illegal_call", str(error)) from None
        refusal = bidding_refusal(self.bidding, action.seat, call)
        if refusal is not None:
            raise TableError("illegal_call", refusal)
        alert = action.alert.strip()[:500] if isinstance(action.alert, str) else ""
        move = Action("call", action.seat, call, alert)
        self.moves.append(move)
        self._place(move)

    def _card(self, action: Action) -> None:
        self._check_player(action)
        self._check_nothing_waiting()
        if self.phase != "play":
            raise TableError("out_of_turn", "the play has not started")
        if action.seat != self.actor:
            raise TableError("out_of_turn", f"it is {self.to_play}'s turn to play")
        try:
            card = card_parse(action.value)
        except ValueError as error:
            raise TableError("not_in_hand", str(error)) from None
        seat = self.to_play
        hand = self.remaining[seat]
        if card not in hand:
            raise TableError("not_in_hand", f"{card} is not in {seat}'s hand")
        trick = self.current_trick
        if trick:
            led = trick[0][1][0]
            if card[0] != led and any(c[0] == led for c in hand):
                raise TableError("revoke", f"{seat} must follow suit ({led})")
        move = Action("card", seat, card)
        self.moves.append(move)
        if len(self.cards) == 0:  # the opening lead faces dummy: it stays (§ Online play)
            self.settled = len(self.moves)
        self._place(move)

    def _claim(self, action: Action) -> None:
        self._check_player(action)
        self._check_nothing_waiting()
        if self.phase != "play":
            raise TableError("out_of_turn", "a claim is made during the play")
        if action.seat == self.dummy:
            raise TableError("out_of_turn", "dummy does not claim")
        try:
            tricks = int(action.value)
        except (TypeError, ValueError):
            raise TableError("bad_action", "a claim says how many tricks") from None
        if tricks < 0 or tricks > self.tricks_left:
            raise TableError(
                "claim_too_many", f"only {self.tricks_left} tricks remain, not {tricks}"
            )
        self.claim = Claim(action.seat, tricks, since=self.version + 1)
        # The claimer faces their hand (docs/rules.md § Online play, Claims): it stays
        # faced, and nothing before the claim can be undone.
        self.faced.add(action.seat)
        self.settled = len(self.moves)

    def answerers(self, seat: str) -> set[str]:
        """Who answers a claim or undo by ``seat``: its opponents, dummy apart once
        there is a dummy (a claim, or an undo in the play)."""
        opponents = {seat_next(seat), seat_next(seat, 3)}
        if self.claim is not None or self.cards:
            return opponents - {self.dummy}
        return opponents

    def _accept(self, action: Action) -> None:
        self._answer(action, accept=True)

    def _reject(self, action: Action) -> None:
        self._answer(action, accept=False)

    def _answer(self, action: Action, *, accept: bool) -> None:
        self._check_player(action)
        waiting = self.claim or self.undo
        if waiting is None or (self.claim is not None and self.claim.rejected):
            raise TableError("nothing_to_answer", "no claim or undo waits for an answer")
        if action.seat not in self.answerers(waiting.seat):
            raise TableError("not_yours", "only the opponents answer")
        if action.seat in waiting.accepted:  # a seat answers a claim or an undo once
            raise TableError("already_answered", "you have answered this already")
        if not accept:
            if self.claim is not None:
                self.claim.rejected = True  # the director rules
            else:
                self.undo = None
            return
        waiting.accepted.add(action.seat)
        if waiting.accepted < self.answerers(waiting.seat):
            return
        if self.claim is not None:
            self._end_by_claim(self.claim.seat, self.claim.tricks, "claimed")
            self.claim = None
        else:
            self.moves.pop()
            self.undone[side(self.undo.seat)] += 1
            self.undo = None
            self._derive()  # a move taken back: the one rebuild

    def _undo(self, action: Action) -> None:
        self._check_player(action)
        self._check_nothing_waiting()
        if not self.undo_allowed:
            raise TableError("undo_off", "undo is turned off in this event")
        last = self.moves[-1] if self.moves else None
        # a card of dummy's is declarer's, never dummy's player's (docs/rules.md § Online play)
        owner = None if last is None else last.seat
        if last is not None and last.kind == "card" and last.seat == self.dummy:
            owner = self.declarer
        own = owner is not None and owner == action.seat
        if not own:
            raise TableError("nothing_to_undo", "only your own last call or card can be undone")
        if len(self.moves) <= self.settled:
            raise TableError(
                "undo_shown", "what was shown after it (dummy, a claimer's hand) stays shown"
            )
        self.undo = Undo(action.seat, since=self.version + 1)

    def _rule(self, action: Action) -> None:
        if action.seat != DIRECTOR:
            raise TableError("not_yours", "only the director rules")
        if self.claim is None or not self.claim.rejected:
            raise TableError("nothing_to_answer", "no rejected claim waits for a ruling")
        if action.value == "play":
            self.claim = None
            return
        declaring = side(self.declarer)
        won = self.tricks_won(declaring)
        try:
            tricks = int(action.value)
        except (TypeError, ValueError):
            raise TableError("bad_action", "a ruling gives the declaring side's tricks") from None
        if not won <= tricks <= won + self.tricks_left:
            raise TableError(
                "claim_too_many",
                f"the declaring side has {won} tricks and {self.tricks_left} remain",
            )
        claimer_side_tricks = tricks - won
        if side(self.claim.seat) != declaring:
            claimer_side_tricks = self.tricks_left - claimer_side_tricks
        self._end_by_claim(self.claim.seat, claimer_side_tricks, "ruled")
        self.claim = None

    def _cut(self, action: Action) -> None:
        if action.seat != DIRECTOR:
            raise TableError("not_yours", "only the director or the clock cuts a board")
        self.claim = self.undo = None
        self.ending = BoardResult(
            status="cut",
            contract=format_contract(self.contract) if self.contract else None,
            declarer=self.declarer,
            tricks=None,
            lead=self.cards[0].value if self.cards else None,
            ns_score=None,
        )

    def _end_by_claim(self, claimer: str, tricks: int, status: str) -> None:
        declaring = side(self.declarer)
        future = tricks if side(claimer) == declaring else self.tricks_left - tricks
        total = self.tricks_won(declaring) + future
        self.ending = self._result(status, total, claim_after=len(self.cards))

    # -- the outcome -----------------------------------------------------------------

    def _result(self, status: str, tricks: int | None, claim_after: int | None = None):
        contract = self.contract
        if contract.is_passed_out:
            return BoardResult("passed_out", "PASS", None, None, None, 0)
        score = contract.score(vulnerability_includes(self.vulnerability, self.declarer), tricks)
        return BoardResult(
            status=status,
            contract=format_contract(contract),
            declarer=self.declarer,
            tricks=tricks,
            lead=self.cards[0].value if self.cards else None,
            ns_score=score if side(self.declarer) == "NS" else -score,
            claim_after=claim_after,
        )

    @property
    def result(self) -> BoardResult | None:
        """The board's outcome once it is over, else None."""
        if self.ending is not None:
            return self.ending
        if self.phase != "over":
            return None
        if self.contract.is_passed_out:
            return self._result("passed_out", None)
        return self._result("played", self.tricks_won(side(self.declarer)))

    # -- what a seat may do, read only -------------------------------------------------

    def allows(self, action: Action) -> bool:
        """Whether :meth:`apply` would accept ``action`` (a ``claim``, ``undo`` or an
        answer, ``reject`` standing for both answers) now: its own checks, run on a copy
        of the little they change, so this table is left as it was. What the page offers
        a seat and whom the robots answer for (``table_view``'s ``may``)."""
        if action.kind not in ("claim", "undo", "reject"):
            raise ValueError(
                f"allows() answers for a claim, an undo or an answer, not {action.kind!r}"
            )
        trial = copy.copy(self)
        trial.log = []
        trial.faced = set(self.faced)
        trial.claim = copy.copy(self.claim)
        trial.undo = copy.copy(self.undo)
        try:
            trial.apply(action)
        except TableError:
            return False
        return True
