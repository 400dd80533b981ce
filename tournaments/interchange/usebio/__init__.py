"""USEBIO 1.2 XML results, the format federations exchange (written and read, no Django).

The published 1.2 specification (usebio.org) was not at hand; the element names below
follow the files and readers of scoring programs that exchange USEBIO 1.2 (element
names as in the DTD: CLUB, EVENT, PARTICIPANTS/PAIR/PLAYER, BOARD/TRAVELLER_LINE,
HANDSET/BOARD/HAND). What this module writes::

    <USEBIO Version="1.2">
      <CLUB><CLUB_NAME>Bridgehall</CLUB_NAME></CLUB>
      <EVENT EVENT_TYPE="SWISS_PAIRS">  (a Mitchell or Howell: MP_PAIRS, CROSS_IMP_PAIRS
                                         or BUTLER_PAIRS, by its method)
        <PROGRAM_NAME/> <PROGRAM_VERSION/> <EVENT_IDENTIFIER/> <EVENT_DESCRIPTION/>
        <DATE>dd/mm/yyyy</DATE>
        <BOARD_SCORING_METHOD>CROSS_IMPS | IMPS | MATCH_POINTS | HCP_PAR_IMPS
        </BOARD_SCORING_METHOD>
        <WINNER_TYPE>1, or 2 for a two-winner Mitchell</WINNER_TYPE>
        <MOVEMENT_TYPE>MITCHELL | HOWELL</MOVEMENT_TYPE>  (ours: movement events only)
        <MP_FACTORING>NEUBERG | PLAYED</MP_FACTORING>  (ours: short boards' matchpoints)
        <BOARDS_PLAYED/> <BOARDS_PER_ROUND/>
        <PARTICIPANTS>
          <PAIR>
            <PAIR_NUMBER>registration order</PAIR_NUMBER>
            <DIRECTION>NS | EW: the field of a two-winner Mitchell</DIRECTION>
            <PLAYER><PLAYER_NAME>..</PLAYER_NAME></PLAYER>  (two)
            <PLACE>rank, absent when not ranked</PLACE>
            <TOTAL_SCORE>total (IMPs, or the MP percentage)</TOTAL_SCORE>
            <PERCENTAGE>MP events only</PERCENTAGE>
            <BOARDS_PLAYED/>
            <MASTER_POINTS><MASTER_POINTS_AWARDED>n</MASTER_POINTS_AWARDED></MASTER_POINTS>
          </PAIR>
        </PARTICIPANTS>
        <BOARD>
          <BOARD_NUMBER>1</BOARD_NUMBER>
          <TRAVELLER_LINE>
            <ROUND_NUMBER/> <TABLE_NUMBER/>
            <NS_PAIR_NUMBER/> <EW_PAIR_NUMBER/> (absent for a bye)
            <CONTRACT>4SX | PASS</CONTRACT> <PLAYED_BY>N</PLAYED_BY> <LEAD>SA</LEAD>
            <TRICKS>tricks taken by declarer</TRICKS> <SCORE>NS score</SCORE>
            <NS_CROSS_IMP_POINTS/><EW_CROSS_IMP_POINTS/> (cross-IMPs, as Pianola and
                                                          TeamsScorer write them)
            <NS_IMPS/><EW_IMPS/>                 (total IMPs against the datum)
            <NS_MATCH_POINTS/><EW_MATCH_POINTS/> (MP: raw matchpoints on the board's top,
                                                  2 per result beaten and 1 per tie, as
                                                  EBU scorers, RealBridge and BriAn do)
            <NS_PERCENTAGE/><EW_PERCENTAGE/>     (MP: the board percentage 0-100)
          </TRAVELLER_LINE>
        </BOARD>
      </EVENT>
      <HANDSET>
        <BOARD><BOARD_NUMBER/>
          <HAND><DIRECTION>North</DIRECTION><SPADES/><HEARTS/><DIAMONDS/><CLUBS/></HAND>
        </BOARD>
      </HANDSET>
    </USEBIO>

An adjusted score has no CONTRACT, PLAYED_BY, LEAD or TRICKS; its SCORE is the
"NS/EW" adjustment note ("A+/A-", or "A=/-" for a bye), as in our PBN score tables.
A board cut at a table (not played) has only its round, table and pairs and the SCORE
"NP", with no points. Master points are the site's whole points (the seeds' scale), not hundredths.
Only boards everyone may see are written (the caller passes them).
"""

from .elements import UsebioError, usebio_root
from .read import handset_read, left_out, usebio_parse
from .write import SCORING_METHODS, board_elements, event_element, usebio_teams_write, usebio_write

__all__ = [
    "SCORING_METHODS",
    "UsebioError",
    "board_elements",
    "event_element",
    "handset_read",
    "left_out",
    "usebio_parse",
    "usebio_root",
    "usebio_teams_write",
    "usebio_write",
]
