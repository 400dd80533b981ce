"""What "in play" means in the scoring pool (``docs/rules.md`` § The scoring pool).

Apart from ``format.py`` so that the pool's services and selectors can ask it without
importing the format, which calls them.
"""

from __future__ import annotations

from django.db.models import QuerySet

from ...models import Event, Round, Table


def sittings_in_play(event: Event) -> QuerySet[Table]:
    """The pool's tables still in play: their sitting has not closed."""
    return Table.objects.filter(event=event, round__status=Round.Status.OPEN)
