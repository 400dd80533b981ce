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
