"""Places on the tournaments app's pages that other apps fill, so that ``tournaments``
imports none of them (the ladders app adds a team's ladder positions to the team page).

An app registers a section in its ``AppConfig.ready``::

    from tournaments.extensions import team_page_sections
    team_page_sections.append(render)  # render(request, team) -> str (safe HTML)
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest

#: Renderers of extra sections of the team page, in registration order.
team_page_sections: list[Callable[[HttpRequest, object], str]] = []


def team_page_extra(request: HttpRequest, team) -> list[str]:
    return [section for render in team_page_sections if (section := render(request, team))]
