"""The table engine of online play (pure Python, no Django): auction, play, claims, undo,
and what each seat may see. The services in ``tournaments`` store each action and replay
them here; see docs/rules.md § Online play."""

from tableplay.cards import SEATS, call_parse, card_parse, deal_parse, hand_pbn
from tableplay.engine import DIRECTOR, Action, BoardResult, Table, TableError
from tableplay.views import table_view

__all__ = [
    "DIRECTOR",
    "SEATS",
    "Action",
    "BoardResult",
    "Table",
    "TableError",
    "call_parse",
    "card_parse",
    "deal_parse",
    "hand_pbn",
    "table_view",
]
