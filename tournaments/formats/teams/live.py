"""The live state of team matches (``docs/rules.md`` § Live match view): per board each
room's status and result, the board's IMPs once both rooms have it, the running IMPs and
VPs; and every match of a round with its running score.

The state is built from the rooms' results with the match scoring of
``scores.py`` (``board_outcome``, ``match_score``), so once the round has closed
the running score is exactly what the round close stored. Building is bulk: a round's
matches, their boards and results in a fixed number of queries, whatever the number of
matches. What a viewer may see is not decided here: :func:`live_blank` removes the
results of the boards the caller says are hidden (``selectors.visibility``), and
recomputes the running score without them.

The states are plain dicts of JSON values, with no translated text (one body serves
every language); ``live_cache.py`` caches them.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from types import SimpleNamespace

from django.db.models import Q

import scoring

from ...models import Board, Entry, Event, Match, Result, Round
from .scores import BoardOutcome, board_outcome, match_score

NOT_STARTED = "not_started"
FINISHED = "finished"
CUT = "cut"
#: A board finished in one room only (while the round is in play).
PENDING = "pending"
IN_PLAY = "in_play"
FINAL = "final"


@dataclass
class LiveMatch:
    """One match's full live state (``state``: nothing hidden) and what blanking needs:
    the board ids in the order of ``state["boards"]``, the VP scale."""

    event_id: int
    match_id: int
    state: dict
    board_ids: list[int] = field(default_factory=list)
    vp_scale: str = "wbf2013"
    vp_table: list = field(default_factory=list)


def _team(entry: Entry | None) -> dict | None:
    if entry is None:
        return None
    link = getattr(entry, "team_entry", None)
    return {"entry": entry.pk, "name": link.team.name if link is not None else f"#{entry.pk}"}


def _room(result: Result | None) -> dict:
    """One room's state on one board."""
    room = {
        "status": NOT_STARTED,
        "confirmed": False,
        "contract": None,
        "declarer": None,
        "tricks": None,
        "result": None,
        "ns_score": None,
        "adjusted": None,
    }
    if result is None:
        return room
    if result.status == Result.Status.CUT:
        room["status"] = CUT
        return room
    room["status"] = FINISHED
    room["confirmed"] = result.confirmed_at is not None
    if result.status == Result.Status.ADJUSTED:
        room["adjusted"] = f"{result.ns_adjustment}/{result.ew_adjustment}"
        return room
    room["contract"] = result.contract
    room["ns_score"] = result.ns_score
    if result.contract and result.contract != "PASS":
        room["declarer"] = result.declarer
        room["tricks"] = result.tricks
        contract = scoring.parse_contract(result.contract)
        room["result"] = scoring.format_result(contract, result.tricks, result.declarer)
    else:
        room["result"] = "PASS"
    return room


def _imps(net: int | None) -> tuple[int | None, int | None]:
    if net is None:
        return None, None
    return (net, 0) if net > 0 else (0, -net)


def _running(boards: list[dict], vp: SimpleNamespace) -> dict:
    """The running score over the boards decided so far (played in both rooms, or
    adjusted), and not hidden: IMPs each way and VPs on the event's scale for the
    number of those boards (``docs/rules.md`` § Teams)."""
    outcomes = [
        BoardOutcome(b["status"], b["home_imps"] - b["away_imps"])
        for b in boards
        if b["home_imps"] is not None
    ]
    score = match_score(outcomes, vp)
    return {
        "home_imps": score.home_imps,
        "away_imps": score.away_imps,
        "boards_scored": score.boards_scored,
        "home_vp": round(score.home_vp, 2),
        "away_vp": round(score.away_vp, 2),
    }


def _match_state(
    match: Match,
    rnd: Round,
    boards: list[Board],
    results: dict[tuple[int, int], Result],
    settings,
) -> LiveMatch:
    vp = SimpleNamespace(vp_scale=settings.vp_scale, vp_table=settings.vp_table)
    final = rnd.status == Round.Status.CLOSED
    state = {
        "match": match.pk,
        "event": match.event_id,
        "round": rnd.number,
        "number": match.number,
        "status": FINAL if final else IN_PLAY,
        "bye": match.is_bye,
        "home": _team(match.home),
        "away": _team(match.away),
        "scale": settings.vp_scale,
        "boards_total": 0 if match.is_bye else len(boards),
        "boards_finished": 0,
        "score": None,
        "boards": [],
    }
    if match.is_bye:
        bye = float(settings.bye_vp)
        state["score"] = {
            "home_imps": 0,
            "away_imps": 0,
            "boards_scored": 0,
            "home_vp": bye,
            "away_vp": None,
        }
        return LiveMatch(match.event_id, match.pk, state, [], vp.vp_scale, vp.vp_table)
    adjusted = settings.adjusted_imps
    for board in boards:
        open_r = results.get((match.open_table_id, board.pk))
        closed_r = results.get((match.closed_table_id, board.pk))
        outcome = board_outcome(open_r, closed_r, adjusted)
        status = outcome.status
        if status == "cut" and not final:
            status = PENDING  # not yet finished in both rooms: nothing is cut in play
        home_imps, away_imps = _imps(outcome.home_net)
        rooms = {"open": _room(open_r), "closed": _room(closed_r)}
        if all(r["status"] == FINISHED for r in rooms.values()) or status == "adjusted":
            state["boards_finished"] += 1
        state["boards"].append(
            {
                "number": board.number,
                "status": status,
                "hidden": False,
                "home_imps": home_imps,
                "away_imps": away_imps,
                **rooms,
            }
        )
    state["score"] = _running(state["boards"], vp)
    return LiveMatch(
        match.event_id, match.pk, state, [b.pk for b in boards], vp.vp_scale, vp.vp_table
    )


def live_matches_build(
    *, event: Event, rnd: Round, match_ids: list[int] | None = None
) -> list[LiveMatch]:
    """The full live state of round ``rnd``'s matches (``match_ids``: only those), in
    match order. Four queries (three when ``event.settings`` is loaded)."""
    settings = event.settings
    matches = Match.objects.filter(round=rnd).select_related(
        "home__team_entry__team", "away__team_entry__team"
    )
    if match_ids is not None:
        matches = matches.filter(pk__in=match_ids)
    matches = list(matches.order_by("number"))
    if not matches:
        return []
    boards = list(Board.objects.filter(round=rnd).order_by("number"))
    table_ids = [t for m in matches for t in (m.open_table_id, m.closed_table_id) if t]
    results = {(r.table_id, r.board_id): r for r in Result.objects.filter(table_id__in=table_ids)}
    return [_match_state(m, rnd, boards, results, settings) for m in matches]


def live_match_build(*, match_id: int) -> LiveMatch | None:
    """One match's full live state, or None when there is no such match."""
    match = Match.objects.select_related("round__event").filter(pk=match_id).first()
    if match is None:
        return None
    rnd = match.round
    found = live_matches_build(event=rnd.event, rnd=rnd, match_ids=[match_id])
    return found[0] if found else None


def live_round_of(*, event: Event) -> Round | None:
    """The round an event's live view shows: the current round (in play, or the last
    one closed while the next is awaited)."""
    if not event.current_round:
        return None
    return Round.objects.filter(event=event, number=event.current_round).first()


def matches_of_tables(*, table_ids) -> list[Match]:
    """The matches whose open or closed room is one of ``table_ids`` (one query)."""
    return list(
        Match.objects.filter(
            Q(open_table_id__in=table_ids) | Q(closed_table_id__in=table_ids)
        ).select_related("round")
    )


def live_blank(live: LiveMatch, hidden: set[int]) -> dict:
    """``live.state`` without the results of the ``hidden`` boards: each room still says
    whether it has finished the board, but not with what; the board has no IMPs, and the
    running score counts only the boards left (``docs/rules.md`` § Live match view)."""
    if not hidden or not live.state["boards"]:
        return live.state
    state = copy.deepcopy(live.state)
    for board, board_id in zip(state["boards"], live.board_ids, strict=True):
        if board_id not in hidden:
            continue
        board.update(hidden=True, home_imps=None, away_imps=None)
        if board["status"] != PENDING:
            board["status"] = PENDING
        for room in (board["open"], board["closed"]):
            for key in ("contract", "declarer", "tricks", "result", "ns_score", "adjusted"):
                room[key] = None
    vp = SimpleNamespace(vp_scale=live.vp_scale, vp_table=live.vp_table)
    state["score"] = _running(state["boards"], vp)
    return state


def match_summary(state: dict) -> dict:
    """A match's line in a round's live view: the state without its boards."""
    return {k: v for k, v in state.items() if k != "boards"}


@dataclass
class LiveRound:
    """An event's live view (the full state of every match of its current round)."""

    event_id: int
    event_status: str
    round_number: int | None
    final: bool
    matches: list[LiveMatch] = field(default_factory=list)


def live_round_build(*, event: Event) -> LiveRound:
    """The full live view of ``event``'s current round (five queries at most)."""
    rnd = live_round_of(event=event)
    matches = live_matches_build(event=event, rnd=rnd) if rnd is not None else []
    return LiveRound(
        event_id=event.pk,
        event_status=event.status,
        round_number=rnd.number if rnd is not None else None,
        final=rnd is not None and rnd.status == Round.Status.CLOSED,
        matches=matches,
    )


def live_round_blank(live: LiveRound, hidden: set[int]) -> dict:
    """The event's live view without the results of the ``hidden`` boards."""
    return {
        "event": live.event_id,
        "event_status": live.event_status,
        "round": live.round_number,
        "status": None if live.round_number is None else (FINAL if live.final else IN_PLAY),
        "matches": [match_summary(live_blank(m, hidden)) for m in live.matches],
    }
