"""Everything about files: hand records and results in the formats other bridge
software reads, PBN and USEBIO (``docs/rules.md`` § Files).

The codecs are pure code (no Django): ``pbn``, ``usebio`` and ``usebio_individual``
write the plain records of ``records`` and read files into plain dicts (``problems``
words what is wrong). Around them, the services:

- ``rows``: a file's lines as results and back, its boards and deals checked, its
  players matched, the end of an import;
- ``exports``: the exports, as the event's format writes its results
  (``exports_individual`` loads a pool's or an individual event's rows);
- ``deals``: the deal import (a PBN file's deals as an event's boards);
- ``importers``: one importer per kind of event behind one dispatcher
  (``importers/dispatch.py``);
- ``compare``: our scoring beside an imported file's;
- ``jobs``: the import page's imports in the background.

The API, the pages and the ``export_event``/``import_deals``/``import_results``
commands call these; this package's own names below are the pure codecs'.
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
