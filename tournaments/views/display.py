"""Presentation helpers for the pages: suit symbols, contracts, cards, points, names.

Pure functions of stored values; they return safe HTML fragments or plain text.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from urllib.parse import quote

from django.urls import reverse
from django.utils.html import format_html
from django.utils.http import RFC3986_SUBDELIMS
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

import scoring
from tableplay.records import auction_alerts

from ..formatting import DASH as DASH  # re-exported for the pages
from ..formatting import points_text as points_text
from ..models import Entry

SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def suit_html(letter: str) -> SafeString:
    if letter == "NT":
        return mark_safe('<span class="strain-nt">NT</span>')
    return format_html(
        '<span class="suit suit-{}" title="{}">{}</span>',
        letter.lower(),
        SUIT_NAMES[letter],
        SUITS[letter],
    )


def contract_html(contract: str) -> SafeString:
    """ "4SX" → 4♠X with a coloured suit; "PASS" → Pass; "" → a dash."""
    if not contract:
        return mark_safe(DASH)
    if contract.upper() == "PASS":
        return format_html('<span class="pass">{}</span>', _("Pass"))
    level, rest = contract[0], contract[1:]
    strain = "NT" if rest.startswith("NT") else rest[:1]
    doubles = rest[len(strain) :]
    return format_html(
        '<span class="contract">{}{}{}</span>', level, suit_html(strain), doubles or ""
    )


def seat_text(seat: str) -> str:
    """A seat letter in the reader's language (as ``_seat.html`` writes it)."""
    names = {
        "N": pgettext("seat", "N"),
        "E": pgettext("seat", "E"),
        "S": pgettext("seat", "S"),
        "W": pgettext("seat", "W"),
    }
    return names.get(seat, seat)


def result_html(contract: str, declarer: str, tricks: int | None) -> SafeString:
    """A played result as the pages say it: "1♥ by S, +1", "3NT by N, =", "4♠X by E, -2";
    passed out: Pass. ``static/js/livematch.js`` writes it the same way."""
    if not contract or contract.upper() == "PASS" or tricks is None:
        return contract_html(contract)
    diff = tricks - scoring.parse_contract(contract).tricks_needed
    return format_html(
        _("{contract} by {seat}, {outcome}"),
        contract=contract_html(contract),
        seat=seat_text(declarer),
        outcome="=" if diff == 0 else f"{diff:+d}",
    )


def card_html(card: str) -> SafeString:
    """ "SA" → ♠A, "HT" → ♥10."""
    if not card or len(card) < 2 or card[0] not in SUITS:
        return mark_safe(DASH)
    rank = "10" if card[1] == "T" else card[1]
    return format_html('<span class="playcard">{}{}</span>', suit_html(card[0]), rank)


def _record(text: str) -> tuple[str, list[str]]:
    first, _colon, rest = text.partition(":")
    return (first, rest.split()) if first in ("N", "E", "S", "W") and rest else ("", [])


def auction_grid(record: str) -> list[list[SafeString]]:
    """A stored auction ("N:1C Pass 1H …") as rows of four cells under West, North,
    East, South: empty cells before the dealer, each bid with its suit, "All pass"."""
    first, calls = auction_alerts(record)
    if not first:
        return []
    cells: list[SafeString] = [mark_safe("")] * "WNES".index(first)
    for call, alert in calls:
        if call == "AP":
            cell = format_html('<span class="pass">{}</span>', _("All pass"))
        elif call in ("Pass", "X", "XX"):
            cell = contract_html("PASS") if call == "Pass" else mark_safe(call)
        else:
            cell = contract_html(call)
        if alert:  # docs/rules.md § Online play: alerts in the record (hover or tap)
            cell = format_html(
                '<span class="alerted" tabindex="0" title="{}" data-alert="{}">{}'
                '<sup aria-hidden="true">!</sup><span class="sr-only"> ({})</span></span>',
                alert, alert, cell, _("alerted: %(text)s") % {"text": alert},
            )  # fmt: skip
        cells.append(cell)
    cells += [mark_safe("")] * (-len(cells) % 4)
    return [cells[i : i + 4] for i in range(0, len(cells), 4)]


def play_grid(record: str) -> tuple[list[str], list[list[SafeString]]]:
    """A stored play ("W:S2 S3 SK SA …", PBN's order: each trick's cards from the
    opening leader round the table) as its seats and one row of four cards a trick."""
    first, cards = _record(record)
    if not first:
        return [], []
    start = "NESW".index(first)
    seats = ["NESW"[(start + i) % 4] for i in range(4)]
    cells = [card_html(c) if c != "-" else mark_safe(DASH) for c in cards]
    return seats, [cells[i : i + 4] for i in range(0, len(cells), 4)]


def ranks_text(ranks: str) -> str:
    return " ".join("10" if r == "T" else r for r in ranks) or DASH


def score_text(value: int | None) -> str:
    if value is None:
        return DASH
    return f"{value:+d}" if value else "0"


def pair_members(entry: Entry | None) -> list:
    """The players of an entry (members prefetched with their player)."""
    if entry is None:
        return []
    return [m.player for m in entry.members.all()]


def pair_names(entry: Entry | None) -> str:
    players = pair_members(entry)
    return " – ".join(p.name for p in players) if players else _("Bye")


def player_url_maker() -> Callable[[str], str]:
    """``reverse("ratings:player_detail", args=[username])`` for many players at the cost
    of one ``reverse``: the username is quoted the way ``reverse`` quotes it."""
    marker = "PLAYERNAME"
    before, after = reverse("ratings:player_detail", args=[marker]).split(marker)
    safe = RFC3986_SUBDELIMS + "/~:@"
    return lambda username: before + quote(username, safe=safe) + after


def player_links(players: list, *, player_url: Callable[[str], str] | None = None) -> SafeString:
    """Players' names, each linking to the profile (as ``_pair.html`` renders a pair).

    Plain string concatenation: the event page makes one for every pair of the field.
    """
    if not players:
        return mark_safe(f'<span class="muted">{DASH}</span>')
    url = player_url or player_url_maker()
    return mark_safe(
        ' <span class="amp">&amp;</span> '.join(
            f'<a href="{html.escape(url(p.username))}">{html.escape(p.name)}</a>' for p in players
        )
    )
