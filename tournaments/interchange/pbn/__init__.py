"""PBN 2.1 hand records and results: writing them, and reading them back (no Django).

Hand records (``hands_pbn_write``): one game per board with the tags [Event], [Site],
[Date] (YYYY.MM.DD), [Board], [Dealer], [Vulnerable] (None/NS/EW/All) and [Deal], and,
once the board has been analysed, [DoubleDummyTricks] (PBN 2.1: 20 hex digits, the
tricks of declarer N, S, E, W, each in NT, S, H, D, C), [OptimumScore] ("NS 420" or
"EW 420") and [ParContract].

Results (``results_pbn_write``): each board's hand record plus a [ScoreTable] with one
line per table result (a board cut at a table: Contract "-", Score_NS "NP", no points)::

    [ScoreTable "Round\\2R;Table\\2R;PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;
                 Declarer\\1R;Result\\2R;Lead\\3L;Score_NS\\6R;IMP_NS\\6R;IMP_EW\\6R"]

In matchpoint events ``MP_NS``/``MP_EW`` (raw matchpoints on the board's top: 2 per
result beaten, 1 per tie) and ``Percentage_NS``/``Percentage_EW`` (the board percentage
as the event scores it) replace the IMP columns; [Scoring] names the method ("MP",
"Butler", "Cross-IMP", "HCP-par"). Pairs are numbered by registration order.
Result is the number of tricks declarer took. A passed-out board has Contract "Pass"
and "-" for declarer, result and lead. An adjusted score has Contract "-" and its
adjustments as an "NS/EW" note in Score_NS: "A+/A-", or "A=/-" for a bye (no EW pair).
A line with its table's auction or play (``ResultLine.auction``/``play``) is followed by
a game of its own table: the board's tags, [Section]/[Round]/[Table], [Declarer],
[Contract], [Result], then [Auction "<dealer>"] (four calls a line, "*" when the auction
is not over) and [Play "<opening leader>"] (a trick a line, its cards from the opening
leader round the table, "-" not played, "*" when the play stopped early), PBN 2.1 § 3.5
and § 3.6; the reader gives them back to that line.
After the boards one more game (no [Board]) holds the [TotalScoreTable]: Rank ("-"
when not ranked), PairId, Names, TotalScoreIMP (TotalPercentage for MP) and NrBoards,
and Direction (NS or EW) in a two-winner Mitchell, whose ranks count within each field.
The last game also has tags of our own, which other readers skip: a movement event's
[Movement "Mitchell"|"Howell"] and [Winners "1"|"2"], and a pairs event's
[MpFactoring "Neuberg"|"Played"].

Reading: ``pbn_parse`` reads any PBN file into games (tags and tables; comments,
``%`` lines, "#" repeats and several games without blank lines between them are
handled); ``pbn_results_parse`` turns a results file, ours or another scorer's, back
into plain dicts. It reads:

- one game per board with a [ScoreTable], or one game per table (the deal repeated,
  the table's [Contract], [Declarer], [Result], [Score] "NS 420"/"EW 50", [ScoreIMP],
  [ScorePercentage] and the players' names); the same deal under a number is one
  board, a different deal is an error naming the board;
- the file's [Dealer] and [Vulnerable] ("None"/"Love"/"-", "NS"/"N-S", "EW"/"E-W",
  "All"/"Both"), kept as given;
- [DoubleDummyTricks] or an [OptimumResultTable] (Declarer, Denomination, Result);
  [OptimumScore] as "NS 420", "NS +90", "EW -420" or "EW 420";
- [ScoreTable] and [TotalScoreTable] columns in any order and width (PBN 2.1 column
  names; Score_EW alone, MP_NS as matchpoints or Percentage_NS, Rank "2="), adjusted
  lines written "A A A", "A+/A-", "40%/60%";
- a line with its contract, declarer and result but no score (Bridgewebs'): scored
  from the contract with the board's vulnerability (``scores_fill``); doubled and
  redoubled written "X"/"XX" or "*"/"**";
- comments (";" and "{...}") and ``%`` lines anywhere, inside tables too.

Every problem of a file is collected and reported once, grouped by kind with the boards
as ranges ("Boards 11–20: ...", ``problems.problems_summary``).

Why not endplay's parser (``endplay.parsers.pbn``, which the tests use to check that
our files read elsewhere): it splits table rows on whitespace (a quoted "Ann Lee - Bo
Chen" becomes five cells), needs a blank line between games, reads [Board] and
[Result] with ``int()`` (an exception without the line for "33a" or "="), keeps only
the first of repeated games' tags, and knows nothing of score tables, adjusted lines or
per-table games. What it does, deals to objects and double-dummy work, we take from it
in ``tournaments.deals``.
"""

from .games import DD_SEATS, DD_STRAINS, PbnError, PbnGame, PbnTable, pbn_decode, pbn_parse
from .lines import (
    PASSED,
    STRAIN_NAMES,
    VULNERABILITIES,
    adjustment_parse,
    contract_parse,
    dd_tricks_parse,
    dealer_parse,
    not_played,
    optimum_table_parse,
    par_parse,
    percentages_fill,
    scores_fill,
    scoring_parse,
    vulnerability_parse,
)
from .results import game_record, mp_factoring_of, pbn_results_parse
from .write import SCORING_TAGS, board_top, dd_tricks_format, hands_pbn_write, results_pbn_write

__all__ = [
    "DD_SEATS",
    "DD_STRAINS",
    "PASSED",
    "SCORING_TAGS",
    "STRAIN_NAMES",
    "VULNERABILITIES",
    "PbnError",
    "PbnGame",
    "PbnTable",
    "adjustment_parse",
    "board_top",
    "contract_parse",
    "dd_tricks_format",
    "dd_tricks_parse",
    "dealer_parse",
    "game_record",
    "hands_pbn_write",
    "mp_factoring_of",
    "not_played",
    "optimum_table_parse",
    "par_parse",
    "pbn_decode",
    "pbn_parse",
    "pbn_results_parse",
    "percentages_fill",
    "results_pbn_write",
    "scores_fill",
    "scoring_parse",
    "vulnerability_parse",
]
