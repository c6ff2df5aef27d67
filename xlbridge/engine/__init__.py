"""The xlbridge engine: every scoring rule, in pure standard-library Python.

Nothing here imports xlwings, openpyxl or any other part of xlbridge, so the
same code runs in the classic add-in, in xlwings Lite (Pyodide) and in scripts.
"""

from .chicago import VARIANTS, chicago_dealer, chicago_variant, chicago_vul
from .compensation import Fit, compensation, compensation_imps
from .contract import PASSED_OUT, Contract, Doubling, Strain, parse_contract
from .errors import BridgeInputError
from .imps import IMP_SCALE, IMP_THRESHOLDS, imps
from .matchpoints import (
    AVERAGE,
    AVERAGE_MINUS,
    AVERAGE_PLUS,
    butler,
    cross_imps,
    datum,
    matchpoints,
    matchpoints_against,
    mp_percent,
    mp_scale,
    neuberg,
    place_labels,
    rank,
    top,
)
from .result import relative_result, tricks_taken
from .score import (
    ScoreParts,
    declarer_vulnerable,
    duplicate_score,
    score,
    score_parts,
    seat_vulnerable,
    trick_score,
    undertrick_penalty,
)
from .seat import SEATS, Seat, Side
from .vp import vp, vp_exact, vp_table
from .vulnerability import Vulnerability, board_dealer, board_number, board_vul

__all__ = [
    "AVERAGE", "AVERAGE_MINUS", "AVERAGE_PLUS", "IMP_SCALE", "IMP_THRESHOLDS", "PASSED_OUT",
    "SEATS", "VARIANTS", "BridgeInputError", "Contract", "Doubling", "Fit", "ScoreParts",
    "Seat", "Side", "Strain", "Vulnerability", "board_dealer", "board_number", "board_vul",
    "butler", "chicago_dealer", "chicago_variant", "chicago_vul", "compensation",
    "compensation_imps", "cross_imps", "datum", "declarer_vulnerable", "duplicate_score",
    "imps", "matchpoints", "matchpoints_against", "mp_percent", "mp_scale", "neuberg",
    "parse_contract", "place_labels", "rank", "relative_result", "score", "score_parts",
    "seat_vulnerable", "top", "trick_score", "tricks_taken", "undertrick_penalty", "vp",
    "vp_exact", "vp_table",
]
