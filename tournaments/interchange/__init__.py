"""Hand records and results in the formats other bridge software reads: PBN and USEBIO.

Pure code (no Django): writers take the plain records of ``records``, readers return
plain dicts. ``tournaments.services.interchange`` loads the rows and applies the
visibility rule; the API and the ``export_event``/``import_deals`` commands call it.
"""

from .pbn import (
    PbnError,
    hands_pbn_write,
    pbn_decode,
    pbn_parse,
    pbn_results_parse,
    results_pbn_write,
)
from .records import BoardRecord, EventRecord, MatchRecord, PairRecord, ResultLine
from .usebio import UsebioError, usebio_parse, usebio_teams_write, usebio_write

__all__ = [
    "BoardRecord",
    "EventRecord",
    "MatchRecord",
    "PairRecord",
    "PbnError",
    "ResultLine",
    "UsebioError",
    "hands_pbn_write",
    "pbn_decode",
    "pbn_parse",
    "pbn_results_parse",
    "results_pbn_write",
    "usebio_parse",
    "usebio_teams_write",
    "usebio_write",
]
