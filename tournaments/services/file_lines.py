"""What every file export and import shares (docs/rules.md § Files): a stored result as
a file's line, and the end of a results import."""

from __future__ import annotations

from accounts.models import User

from ..dispatch import dispatch_on_commit
from ..interchange.records import ResultLine
from ..models import Board, Event, Result
from .audit import log_action


def import_finish(*, event: Event, actor: User | None, counts: dict) -> Event:
    """The end of every results import, inside its transaction: the deals the file
    gives without their analysis get ours in the background (the double-dummy table
    and par are ours to compute; the scores stay the file's), and the import is logged
    with ``counts`` (source, boards, entries, results). Returns the event as stored."""
    unanalysed = list(
        Board.objects.filter(event=event, dd_table__isnull=True)
        .exclude(deal="")
        .values_list("pk", flat=True)
    )
    if unanalysed:
        dispatch_on_commit("tournaments.tasks.analyse_boards", unanalysed)
    log_action(event=event, actor=actor, action="results_import", data=counts)
    return Event.objects.get(pk=event.pk)


def result_line(result: Result, **more) -> ResultLine:
    """A stored result as a file's line (NS view; an adjusted one has only its codes);
    ``more``: the line's pairs, round and table as the caller numbers them."""
    adjusted = result.status == Result.Status.ADJUSTED
    return ResultLine(
        contract="" if adjusted else result.contract,
        declarer="" if adjusted else result.declarer,
        tricks=None if adjusted else result.tricks,
        lead="" if adjusted else result.lead,
        ns_score=None if adjusted else result.ns_score,
        ns_points=result.ns_points,
        ew_points=result.ew_points,
        ns_adjustment=result.ns_adjustment if adjusted else "",
        ew_adjustment=result.ew_adjustment if adjusted else "",
        **more,
    )
