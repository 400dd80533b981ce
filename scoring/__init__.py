"""Duplicate bridge scoring engine (pure Python, no Django).

Law 77 table scores, contract/result/card notation, board dealer and vulnerability,
IMPs (WBF table, datum/Butler, cross-IMPs), matchpoints and Neuberg, WBF 2013 VPs,
HCP-par scoring and adjusted scores. Vectorised numpy versions live in
:mod:`scoring.fast` (imported separately so that ``import scoring`` stays light).
"""

from scoring.adjusted import ADJUSTED_CODES, adjusted_points
from scoring.boards import (
    VULNERABILITIES,
    board_dealer,
    board_vulnerability,
    is_vulnerable,
    table_score,
    vulnerability_includes,
)
from scoring.contracts import (
    STRAINS,
    STRAINS_DESCENDING,
    Contract,
    contract_score,
    normalize_strain,
)
from scoring.hcp_par import (
    DEFAULT_HCP_PAR_PATH,
    HCP_PAR_DISCONNECTION,
    HCP_POINTS,
    HcpParTable,
    deal_hcp,
    expected_score,
    hcp,
    hcp_par_imps,
    load_hcp_par_table,
    validate_hcp_par_table,
)
from scoring.imps import (
    IMP_THRESHOLDS,
    butler_datum,
    butler_imps,
    butler_trim_count,
    cross_imps,
    imps,
)
from scoring.matchpoints import matchpoints, mp_factored, mp_percentages, neuberg
from scoring.methods import SCORING_METHODS, score_board
from scoring.notation import (
    RANKS,
    SEATS,
    TableResult,
    format_contract,
    format_result,
    parse_contract,
    parse_result,
    validate_card,
)
from scoring.vp import (
    VP_SCALES,
    VpTable,
    vp_convert,
    vp_table_load,
    vp_wbf,
    vp_wbf_discrete,
    vp_wbf_table,
)

__all__ = [
    "ADJUSTED_CODES",
    "DEFAULT_HCP_PAR_PATH",
    "HCP_PAR_DISCONNECTION",
    "HCP_POINTS",
    "IMP_THRESHOLDS",
    "RANKS",
    "SCORING_METHODS",
    "SEATS",
    "STRAINS",
    "STRAINS_DESCENDING",
    "VP_SCALES",
    "VULNERABILITIES",
    "VpTable",
    "Contract",
    "HcpParTable",
    "TableResult",
    "adjusted_points",
    "board_dealer",
    "board_vulnerability",
    "butler_datum",
    "butler_imps",
    "butler_trim_count",
    "contract_score",
    "cross_imps",
    "deal_hcp",
    "expected_score",
    "format_contract",
    "format_result",
    "hcp",
    "hcp_par_imps",
    "imps",
    "is_vulnerable",
    "load_hcp_par_table",
    "matchpoints",
    "mp_factored",
    "mp_percentages",
    "neuberg",
    "normalize_strain",
    "parse_contract",
    "parse_result",
    "score_board",
    "table_score",
    "validate_card",
    "validate_hcp_par_table",
    "vp_convert",
    "vp_table_load",
    "vp_wbf",
    "vp_wbf_discrete",
    "vp_wbf_table",
    "vulnerability_includes",
]
