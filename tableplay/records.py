"""A board's stored record of its auction and play, as a result keeps it (``Result.auction``
and ``Result.play``, docs/rules.md § Files), to and from the engine's calls and cards.

The record is PBN's: the first seat, ":", then the tokens.

- An auction: the dealer, then the calls in order: "1C" … "7NT", "Pass", "X", "XX", and
  "AP" (all pass: the passes that end the auction) — "N:1C Pass 1NT Pass 3NT AP".
- A play: the opening leader, then each trick's four cards in the order of the seats
  from the opening leader round the table (not the order they were played: the winner
  of a trick leads the next), "-" a card not played — "W:S2 S3 SK SA H4 H5 H6 H7".

- Alerts, as PBN notes (PBN 2.1 § 3.5.2): a note reference "=1=" after an alerted call,
  and after the auction one line a note, "1:15-17" — "N:1NT =1= Pass 2C =2= AP\n1:15-17
  \n2:Stayman". A record without alerts has no note and no second line.

Pure Python: no Django.
"""

from __future__ import annotations

from dataclasses import dataclass

from tableplay.cards import SEATS, seat_next
from tableplay.rules import auction_outcome, trick_winner

__all__ = [
    "Trick",
    "auction_alerts",
    "auction_calls",
    "auction_complete",
    "auction_notes",
    "auction_record",
    "play_record",
    "play_rows",
    "play_tricks",
    "record_split",
    "trump_of",
]

_TO_ENGINE = {"PASS": "P", "P": "P", "X": "X", "XX": "XX"}


@dataclass(frozen=True)
class Trick:
    """A trick in the order it was played: its leader, (seat, card) pairs and its winner
    (None while the trick is not complete)."""

    leader: str
    cards: tuple[tuple[str, str], ...]
    winner: str | None


def record_split(record: str) -> tuple[str, list[str]]:
    """("N", ["1C", "Pass", …]) from "N:1C Pass …"; ("", []) for an empty or bad record.
    An auction's note references ("=1=") are tokens; its notes' lines are not."""
    first, colon, rest = (record or "").split("\n", 1)[0].partition(":")
    first = first.strip().upper()
    if not colon or first not in SEATS:
        return "", []
    return first, rest.split()


def trump_of(contract: str) -> str | None:
    """The trump suit of a contract ("4SX" → "S"), None in notrumps or without one."""
    strain = (contract or "")[1:].rstrip("X")
    return strain if strain in ("S", "H", "D", "C") else None


def auction_calls(record: str) -> tuple[str, list[str]]:
    """The dealer and the engine's calls ("1C", "P", "X", "XX") of a stored auction,
    "AP" written out as the passes that end it."""
    dealer, tokens = record_split(record)
    calls: list[str] = []
    for token in tokens:
        upper = token.upper()
        if _is_note_ref(upper):
            continue
        if upper == "AP":
            bid = any(c not in ("P", "X", "XX") for c in calls)
            calls += ["P"] * ((3 if bid else 4) - _trailing_passes(calls))
        else:
            calls.append(_TO_ENGINE.get(upper, upper))
    return dealer, calls


def _trailing_passes(calls: list[str]) -> int:
    count = 0
    for call in reversed(calls):
        if call != "P":
            break
        count += 1
    return min(count, 3)


def auction_complete(record: str) -> bool:
    """Whether a stored auction is over (three passes after a bid, or four passes)."""
    dealer, calls = auction_calls(record)
    if not dealer:
        return False
    pairs = [(seat_next(dealer, i), call) for i, call in enumerate(calls)]
    return auction_outcome(dealer, pairs)[0] is not None


def _is_note_ref(token: str) -> bool:
    return len(token) > 2 and token[0] == token[-1] == "=" and token[1:-1].isdigit()


def auction_record(dealer: str, calls: list[str], alerts: list[str] | None = None) -> str:
    """The stored auction of the engine's calls by ``dealer`` first ("P" → "Pass");
    ``alerts``: each call's explanation ("" none), written as PBN notes."""
    if not calls:
        return ""
    tokens: list[str] = []
    notes: list[str] = []
    for i, call in enumerate(calls):
        tokens.append("Pass" if call == "P" else call)
        text = " ".join((alerts[i] if alerts and i < len(alerts) else "").split())
        if text:
            notes.append(f"{len(notes) + 1}:{text}")
            tokens.append(f"={len(notes)}=")
    return "\n".join([f"{dealer}:" + " ".join(tokens), *notes])


def auction_notes(record: str) -> dict[int, str]:
    """The notes of a stored auction by number ({1: "15-17"}); {} without any."""
    notes: dict[int, str] = {}
    for line in (record or "").split("\n")[1:]:
        number, colon, text = line.partition(":")
        if colon and number.strip().isdigit():
            notes[int(number)] = text.strip()
    return notes


def auction_alerts(record: str) -> tuple[str, list[tuple[str, str]]]:
    """The dealer and the stored auction's calls as written ("1C", "Pass", "AP"), each
    with its alert's explanation ("" when not alerted): what the board page shows."""
    dealer, tokens = record_split(record)
    notes = auction_notes(record)
    out: list[tuple[str, str]] = []
    for token in tokens:
        if _is_note_ref(token):
            if out:
                call, text = out[-1]
                note = notes.get(int(token[1:-1]), "")
                out[-1] = (call, f"{text}; {note}" if text and note else text or note)
            continue
        out.append((token, ""))
    return dealer, out


def play_rows(record: str) -> tuple[str, list[list[str]]]:
    """The opening leader and the stored play's rows of four cards (a short last row
    filled with "-")."""
    first, cards = record_split(record)
    if not first:
        return "", []
    rows = [cards[i : i + 4] for i in range(0, len(cards), 4)]
    if rows and len(rows[-1]) < 4:
        rows[-1] = rows[-1] + ["-"] * (4 - len(rows[-1]))
    return first, rows


def play_tricks(record: str, trump: str | None) -> list[Trick]:
    """The tricks of a stored play in the order they were played (each from its leader,
    the winner of the one before); the first trick with a card not played is the last."""
    first, rows = play_rows(record)
    tricks: list[Trick] = []
    leader = first
    for row in rows:
        by_seat = {seat_next(first, i): row[i].upper() for i in range(4)}
        cards = []
        for step in range(4):
            seat = seat_next(leader, step)
            if by_seat[seat] == "-":
                break
            cards.append((seat, by_seat[seat]))
        complete = len(cards) == 4
        winner = trick_winner(cards, trump) if complete else None
        tricks.append(Trick(leader=leader, cards=tuple(cards), winner=winner))
        if not complete:
            break
        leader = winner
    return tricks


def play_record(leader: str, cards: list[str], trump: str | None) -> str:
    """The stored play of ``cards`` in the order they were played, ``leader`` leading
    the first trick: each trick's cards in the seats' order from ``leader``, "-" for a
    card of the last trick not played."""
    if not cards:
        return ""
    out: list[str] = []
    on_lead = leader
    for start in range(0, len(cards), 4):
        trick = [(seat_next(on_lead, i), card) for i, card in enumerate(cards[start : start + 4])]
        by_seat = dict(trick)
        out += [by_seat.get(seat_next(leader, i), "-") for i in range(4)]
        if len(trick) == 4:
            on_lead = trick_winner(trick, trump)
    return f"{leader}:" + " ".join(out)
