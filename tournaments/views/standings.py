"""The standings and the score grid of the event page (and of its live fragment).

A big field has a row per pair and a grid cell per pair and board: 1,000 pairs and 30
boards make 1,000 standings rows and 30,000 cells. Nested template loops cost about a
second for that, so the rows are built here in one pass, as plain strings: names and
translated words are escaped, everything else is numbers and our own URLs. The template
(``_standings.html``) keeps the page around them. ``bench/bench_pages.py`` measures it.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape  # the stdlib's: Django's wraps it for lazy strings, slower per call

from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from .. import selectors
from ..formats import format_for
from ..formats.teams.selectors import matches_get, team_standings_get
from ..models import Entry, Event
from .display import DASH, player_links, player_url_maker, points_text


@dataclass
class StandingRow:
    place: int | None
    entry: Entry
    players: list  # the pair's users, in seat order
    total: str
    url: str
    mine: bool = False


class _Words:
    """The translated words of a row, looked up and escaped once per page."""

    def __init__(self) -> None:
        self.pair_page = escape(_("Pair page"))
        self.withdrawn = escape(_("withdrawn"))
        self.late = escape(_("late"))
        self.finished = escape(_("Finished"))
        self.bye = escape(_("Bye"))
        self.against = escape(_("against"))
        self.partner = escape(_("partner"))


def _standing_html(row: StandingRow, players: str, *, event: Event, words: _Words) -> str:
    entry = row.entry
    started, finished = bool(event.current_round), event.status == Event.Status.FINISHED
    classes = " ".join(
        c
        for c, on in (
            ("withdrawn", entry.status == Entry.Status.WITHDRAWN),
            ("first", row.place == 1 and finished),
            ("mine", row.mine),
        )
        if on
    )
    parts = [f'<tr class="{classes}">']
    if started:
        place = row.place or f'<span class="muted">{DASH}</span>'
        parts.append(f'<td class="num rank">{place}</td>')
    parts.append(
        f'<td class="pair-cell"><a class="pair-no" href="{row.url}" title="{words.pair_page}">'
        f"#{entry.registration_order}</a> {players}"
    )
    if entry.field:  # a two-winner movement: the field the pair is ranked in
        parts.append(f' <span class="badge field">{escape(entry.field)}</span>')
    if entry.status == Entry.Status.WITHDRAWN:
        parts.append(f' <span class="badge badge-muted">{words.withdrawn}</span>')
    if entry.late:
        parts.append(f' <span class="badge badge-muted">{words.late}</span>')
    parts.append("</td>")
    if started:
        neg = "neg" if entry.total < 0 else ""
        parts.append(
            f'<td class="num strong"><a class="{neg}" href="{row.url}">{row.total}</a></td>'
            f'<td class="num">{entry.boards_played}</td>'
        )
        if finished:
            tick = f'<span class="tick" title="{words.finished}">✓</span>' if entry.finished else ""
            mp = f'<span class="mp">{entry.master_points}</span>' if entry.master_points else ""
            parts.append(f'<td class="center">{tick}</td><td class="num">{mp}</td>')
    parts.append("</tr>")
    return "".join(parts)


def _opponent_cell(
    met: dict, number: int, order_of: dict, pair_url: str, words: _Words, title: str
) -> str:
    """The grid's "against" cell of one round: the opponents' pair number, or a bye (an
    individual event's: the partner's player number)."""
    if number not in met:  # not seated this round (sitting out, withdrawn, not yet entered)
        return '<td class="num opp rs"></td>'
    opponent = met[number]
    if opponent is None:
        return f'<td class="num opp rs muted">{words.bye}</td>'
    return (
        f'<td class="num opp rs"><a href="{pair_url}{opponent}/" title="{title}">'
        f"#{order_of.get(opponent, DASH)}</a></td>"
    )


def _grid_html(row: StandingRow, cells: list[str]) -> str:
    names = " &amp; ".join(escape(p.name) for p in row.players)
    mine = ' class="mine"' if row.mine else ""
    neg = " neg" if row.entry.total < 0 else ""
    return (
        f'<tr{mine}><th class="sticky-col" scope="row"><a href="{row.url}">'
        f'<span class="rank-chip">{row.place or DASH}</span> {names}</a></th>'
        f'{"".join(cells)}<td class="num strong{neg}">{row.total}</td></tr>'
    )


def _grid_columns(event: Event, shown: list, *, by_set: bool) -> tuple[list, list[int]]:
    """The grid's columns, per shown board: (board number, link, group number of a
    group's first board, else 0), and the groups in order. Columns go by round, or by
    board set in a movement (where a set's boards travel and each pair plays a set in
    one round, against one pair). A group's first column is the pair's opponents there
    ("against")."""
    for b in shown:
        b.grid_group = b.board_set if by_set else b.round.number
        b.grid_label = (_("Set %(n)d") if by_set else _("Round %(n)d")) % {"n": b.grid_group}
    columns = []
    seen_rounds: list[int] = []
    for b in shown:
        url = reverse("tournaments:board_detail", args=[event.pk, b.number])
        starts = b.grid_group not in seen_rounds
        if starts:
            seen_rounds.append(b.grid_group)
        columns.append((b.number, url, b.grid_group if starts else 0))
    return columns, seen_rounds


def _score_cells(columns: list, scores: dict, opponent_cells: dict, method: str) -> list[str]:
    """One pair's grid cells: its score on each shown board, a group's opponents first."""
    cells = []
    for number, board_url, round_number in columns:
        first = " rs" if round_number else ""
        if round_number:
            cells.append(opponent_cells[round_number])
        score = scores.get(number)
        if score is None:
            cells.append(f'<td class="num empty{first}"></td>')
        elif score[0] is None:
            cells.append(f'<td class="num cut{first}"><a href="{board_url}">{DASH}</a></td>')
        else:
            neg = "neg" if score[0] < 0 else ""
            text = points_text(score[0], method)
            cells.append(f'<td class="num {neg}{first}"><a href="{board_url}">{text}</a></td>')
    return cells


def standings_context(event: Event, user=None) -> dict:
    """Standings rows and the score grid of closed rounds (one query for the grid)."""
    entries = selectors.standings_get(event=event, players=False)
    players_of = selectors.event_players_get(event=event) if entries else {}
    boards = selectors.event_boards_get(event=event) if event.current_round else []
    finished = event.status == Event.Status.FINISHED
    shown = selectors.boards_public(boards=boards, event=event)
    grid = selectors.score_grid_get(event=event) if shown else {}
    by_set = format_for(event).movement
    columns, seen_rounds = _grid_columns(event, shown, by_set=by_set)
    opponents = (
        selectors.round_opponents_get(event=event, rounds=seen_rounds, by_set=by_set)
        if shown
        else {}
    )
    order_of = {e.pk: e.registration_order for e in entries}
    player_url = player_url_maker()
    pair_url = reverse("tournaments:pair_detail", args=[event.pk, 0])[: -len("0/")]
    words = _Words()
    individual = format_for(event).individual
    column_title = words.partner if individual else words.against
    user_id = user.pk if user is not None and user.is_authenticated else None
    running = event.status == Event.Status.RUNNING and bool(event.current_round)
    rows, standings_html, grid_html = [], [], []
    for place, entry in enumerate(entries, 1):
        players = players_of.get(entry.pk, [])
        row = StandingRow(
            place=entry.rank if finished else (place if running else None),
            entry=entry,
            players=players,
            total=points_text(entry.total, event.method, total=True),
            url=f"{pair_url}{entry.pk}/",
            mine=user_id is not None and any(p.pk == user_id for p in players),
        )
        rows.append(row)
        links = player_links(players, player_url=player_url)
        standings_html.append(_standing_html(row, links, event=event, words=words))
        if not columns:
            continue
        met = opponents.get(entry.pk, {})
        opponent_cells = {
            n: _opponent_cell(met, n, order_of, pair_url, words, column_title) for n in seen_rounds
        }
        cells = _score_cells(columns, grid.get(entry.pk, {}), opponent_cells, event.method)
        grid_html.append(_grid_html(row, cells))
    closed_rounds = len(shown) if not finished else 0
    return {
        "event": event,
        "rows": rows,
        "standings_rows": mark_safe("\n".join(standings_html)),
        "grid_rows": mark_safe("\n".join(grid_html)),
        "grid_boards": shown,
        "is_mp": event.method == Event.Method.MP,
        "individual": individual,
        "has_results": bool(closed_rounds) or finished,
        "live": event.status == Event.Status.RUNNING,
    }


def teams_standings_context(event: Event, user=None) -> dict:
    """A team event's standings (VPs, IMPs, quotient) and its matches by round."""
    own = selectors.entry_ids_of(user=user, event=event) if user is not None else set()
    return {
        "event": event,
        "team_rows": team_standings_get(event=event),
        "rounds_matches": list(matches_get(event=event)),
        "my_entries": own,
        "live": event.status == Event.Status.RUNNING,
    }


#: Which context each format's standings template reads (``Format.templates``).
STANDINGS_CONTEXT = {"tournaments/_teams_standings.html": teams_standings_context}


def page_standings_context(event: Event, user=None) -> dict:
    template = format_for(event).templates.get("standings", "")
    return STANDINGS_CONTEXT.get(template, standings_context)(event, user)
