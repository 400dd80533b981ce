"""Opening leads against double dummy (``docs/rules.md`` § The Rate, the analysis page):
for each board, strain and leader of a finished event's results, every card the leader
holds solved once by endplay's DDS in the worker and kept (``LeadAnalysis``)."""

from __future__ import annotations

from scoring.solver import solve_board
from tournaments.models import Event, Result

from ..models import LeadAnalysis
from ..weeks import week_bounds

LEADER = {"N": "E", "E": "S", "S": "W", "W": "N"}
SUITS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}


def lead_tricks(pbn: str, *, strain: str, leader: str) -> dict[str, int]:
    """{card: the defenders' double-dummy tricks after that opening lead}."""
    from endplay.types import Deal, Denom, Player

    deal = Deal(pbn)
    deal.first = {"N": Player.north, "E": Player.east, "S": Player.south, "W": Player.west}[leader]
    deal.trump = {
        "C": Denom.clubs, "D": Denom.diamonds, "H": Denom.hearts, "S": Denom.spades,
        "NT": Denom.nt,
    }[strain]  # fmt: skip
    out = {}
    for card, tricks in solve_board(deal):
        suit = SUITS.get(card.suit.abbr, card.suit.abbr)
        out[f"{suit}{card.rank.abbr}"] = int(tricks)
    return out


def leads_analyse(*, event_id: int) -> int:
    """Solve the opening positions of ``event_id``'s results not solved yet (each board,
    strain and leader once, also when the task runs twice). Returns how many."""
    import scoring

    wanted: dict[tuple[int, str, str], str] = {}
    rows = Result.objects.filter(
        board__event_id=event_id, status=Result.Status.PLAYED, ns_score__isnull=False
    ).exclude(lead="")
    for board_id, deal, contract, declarer in rows.values_list(
        "board_id", "board__deal", "contract", "declarer"
    ):
        if not contract or contract.upper() == "PASS" or declarer not in LEADER:
            continue
        strain = scoring.parse_contract(contract).strain
        wanted[(board_id, strain, LEADER[declarer])] = deal
    done = set(
        LeadAnalysis.objects.filter(board_id__in={k[0] for k in wanted}).values_list(
            "board_id", "strain", "leader"
        )
    )
    new = []
    for (board_id, strain, leader), deal in wanted.items():
        if (board_id, strain, leader) in done:
            continue
        tricks = lead_tricks(deal, strain=strain, leader=leader)
        new.append(
            LeadAnalysis(
                board_id=board_id,
                strain=strain,
                leader=leader,
                tricks=tricks,
                best=max(tricks.values()),
            )  # fmt: skip
        )
    LeadAnalysis.objects.bulk_create(new, ignore_conflicts=True)
    return len(new)


def leads_analyse_week(*, week: str) -> int:
    """Solve the leads of the events that finished in ``week`` (the beat's catch-up for
    formats that send no ``event_finished``, such as the pool). Idempotent."""
    start, end = week_bounds(week)
    events = Event.objects.filter(
        status=Event.Status.FINISHED, finished_at__gte=start, finished_at__lt=end
    ).values_list("pk", flat=True)
    return sum(leads_analyse(event_id=pk) for pk in events)
