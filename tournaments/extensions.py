"""Places on the tournaments app's pages that other apps fill, so that ``tournaments``
imports none of them (the ladders app adds a team's ladder positions to the team page;
the online app plays a simulated event's tables at its online tables).

An app registers a section in its ``AppConfig.ready``::

    from tournaments.extensions import team_page_sections
    team_page_sections.append(render)  # render(request, team) -> str (safe HTML)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.http import HttpRequest

#: Renderers of extra sections of the team page, in registration order.
team_page_sections: list[Callable[[HttpRequest, object], str]] = []


def team_page_extra(request: HttpRequest, team) -> list[str]:
    return [section for render in team_page_sections if (section := render(request, team))]


@dataclass(frozen=True)
class OnlineSimulator:
    """How ``manage.py simulate_event --online`` plays: ``tables_play(*, tables, rng,
    play_rate, progress)`` has synthetic players play each table's boards of its round
    at the online table, and ``boards_describe(*, event)`` gives what the JSON report
    adds to each board played online there, by (table id, board id)."""

    tables_play: Callable[..., None]
    boards_describe: Callable[..., dict[tuple[int, int], dict]]


#: The online app registers its simulator here in its ``AppConfig.ready``.
online_simulators: list[OnlineSimulator] = []


def online_simulator() -> OnlineSimulator | None:
    return online_simulators[-1] if online_simulators else None


@dataclass(frozen=True)
class SimulationAnalyser:
    """How ``manage.py simulate_event --online --analysis`` reports the play's analysis:
    ``analyse(*, event, boards)`` adds each card's cost to the board records that
    ``OnlineSimulator.boards_describe`` gave (in place) and returns each entry's
    fair-play figures by entry id; ``empty()`` the figures of an entry without any."""

    analyse: Callable[..., dict[int, dict]]
    empty: Callable[[], dict]


#: The analysis app registers its analyser here in its ``AppConfig.ready``.
simulation_analysers: list[SimulationAnalyser] = []


def simulation_analyser() -> SimulationAnalyser | None:
    return simulation_analysers[-1] if simulation_analysers else None


#: Relations of ``Result`` that other apps join to a board's results query
#: (``selectors.board_results_get``), in the same query: the analysis app's
#: ``"analysis"`` (its ``BoardAnalysis``, ``docs/rules.md`` § The analysis of the play).
result_joins: list[str] = []

#: Readers of the stored analysis of results' play (the analysis app):
#: ``reader(*, results) -> {result id: dict}`` with ``cards`` (in the order played),
#: ``card_costs``, ``tricks_after``, ``claim_cost``, ``par_score``, ``imps_from_par``,
#: ``missed_game`` and ``missed_slam``, from what ``result_joins`` joined: no query. The
#: board page and its API show them.
result_analysis_readers: list[Callable[..., dict]] = []


def result_analyses(*, results) -> dict:
    """``{result id: analysis dict}`` for those of ``results`` analysed ({} when no app
    registered a reader)."""
    found: dict = {}
    for read in result_analysis_readers:
        found.update(read(results=results))
    return found


#: Readers of the tables where someone else holds a player's seat for them, so that
#: my-table still finds the player's table though the line-up names another there (the
#: robots app: a robot substitute, ``docs/rules.md`` § Robots, *Substitutes*). Each is
#: ``reader(*, rnd, user)`` and returns a query of those tables' ids in round ``rnd``
#: (``.values("table_id")``), read as a subquery: no query of its own.
held_seat_readers: list[Callable[..., object]] = []


def held_tables_q(*, rnd, user):
    """A filter of ``Table`` rows: the tables of ``rnd`` where another holds ``user``'s
    seat for them; None when no app registered a reader."""
    from django.db.models import Q

    found = None
    for read in held_seat_readers:
        q = Q(pk__in=read(rnd=rnd, user=user))
        found = q if found is None else found | q
    return found


@dataclass(frozen=True)
class BoardInPlay:
    """Where a board in play at a table played online stands: ``phase`` is
    ``"auction"``, ``"play"`` or ``"claim"`` (a claim waits for its answer or a ruling),
    ``trick`` the play's trick (1 to 13; 0 in the auction)."""

    board_id: int
    phase: str
    trick: int = 0


#: Readers of the boards in play at tables played online (the online app registers its
#: own): ``reader(*, event, tables) -> {table id: BoardInPlay}``, a bounded number of
#: queries whatever the number of tables. The director's page says with it where each
#: table's board stands.
board_in_play_readers: list[Callable[..., dict]] = []


def boards_in_play_at(*, event, tables) -> dict:
    """``{table id: BoardInPlay}`` for ``tables`` of ``event`` (empty at physical tables)."""
    if not event.online_play or not tables:
        return {}
    found: dict = {}
    for read in board_in_play_readers:
        found.update(read(event=event, tables=tables))
    return found
