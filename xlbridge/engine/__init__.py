"""The xlbridge engine: every scoring rule, in pure standard-library Python.

Nothing here imports xlwings, openpyxl or any other part of xlbridge, so the
same code runs in the classic add-in, in xlwings Lite (Pyodide) and in scripts.
"""

from .adjusted import Adjusted, Split, adjusted_codes, adjusted_spellings, is_not_played, parse_adjusted, parse_split
from .auction import AuctionResult, Call, CallKind, auction, auction_contract
from .chicago import (
    VARIANTS,
    ChicagoDeal,
    ChicagoLedger,
    ChicagoLine,
    best_fit,
    chicago_compensation,
    chicago_dealer,
    chicago_ledger,
    chicago_totals,
    chicago_variant,
    chicago_vul,
    compensation_side,
    play_chicago,
)
from .compensation import Fit, compensation, compensation_imps
from .contract import PASSED_OUT, Contract, Doubling, Strain, is_passed_out, parse_contract
from .errors import BridgeInputError, OptionError, XlbridgeError
from .imps import IMP_SCALE, IMP_THRESHOLDS, imps
from .individual import IndividualMovement, IndividualSeating, individual
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
from .movement import HOWELL, MITCHELL, Movement, Seating, movement
from .pairs import EntryKind, PairsEvent, PairTotal, RowPoints, Scoring, pairs_event
from .pivot import (
    PivotRound,
    PivotStanding,
    pivot_pairs,
    pivot_players,
    pivot_schedule,
    pivot_seating,
    pivot_standings,
)
from .played import Played, parse_played, score_played_many
from .result import relative_result, tricks_taken
from .rubber import (
    Honours,
    RubberDeal,
    RubberLedger,
    RubberLine,
    parse_honours,
    play_rubber,
    rubber_ledger,
    rubber_total,
)
from .score import (
    ScoreParts,
    declarer_vulnerable,
    duplicate_points,
    duplicate_score,
    score,
    score_parts,
    seat_vulnerable,
    trick_score,
    undertrick_penalty,
)
from .scoring import METHODS, Figure, Method
from .seat import SEATS, Seat, Side
from .sections import SectionPair, SectionsEvent, parse_section, sections_event
from .swiss_pairs import FieldBoard, SwissPairsScore, swiss_method, swiss_pairs_event
from .teams import (
    BYE_VP,
    BoardIMPs,
    EventMatch,
    MatchScore,
    Pairing,
    TeamEventScore,
    TeamStanding,
    bye_points,
    match_vps,
    round_robin,
    swiss_draw,
    team_event,
    team_match,
    team_standings,
)
from .vp import vp, vp_exact, vp_table
from .vulnerability import Vulnerability, board_dealer, board_number, board_vul
from .weighted import Weighted, looks_weighted, parse_weighted

__all__ = [
    "AVERAGE", "AVERAGE_MINUS", "AVERAGE_PLUS", "IMP_SCALE", "IMP_THRESHOLDS", "PASSED_OUT",
    "SEATS", "VARIANTS", "BridgeInputError", "Contract", "Doubling", "Fit", "Played", "ScoreParts",
    "Seat", "Side", "Strain", "Vulnerability", "board_dealer", "board_number", "board_vul",
    "butler", "chicago_dealer", "chicago_variant", "chicago_vul", "compensation",
    "compensation_imps", "cross_imps", "datum", "declarer_vulnerable", "duplicate_points", "duplicate_score",
    "imps", "is_passed_out", "matchpoints", "matchpoints_against", "mp_percent", "mp_scale", "neuberg",
    "parse_contract", "parse_played", "place_labels", "rank", "relative_result", "score", "score_parts",
    "score_played_many",
    "seat_vulnerable", "top", "trick_score", "tricks_taken", "undertrick_penalty", "vp",
    "vp_exact", "vp_table",
]

# Home bridge: rubber, Chicago rounds, pivot bridge, the auction.
__all__ += [
    "AuctionResult", "Call", "CallKind", "ChicagoDeal", "ChicagoLedger", "ChicagoLine",
    "Honours", "PivotRound", "PivotStanding", "RubberDeal", "RubberLedger", "RubberLine",
    "auction", "auction_contract", "best_fit", "chicago_compensation", "chicago_ledger",
    "chicago_totals", "compensation_side", "parse_honours", "pivot_pairs", "pivot_players",
    "pivot_schedule", "pivot_seating", "pivot_standings", "play_chicago", "play_rubber",
    "rubber_ledger", "rubber_total",
]

# Real club sessions: adjusted scores, not played, Neuberg, IMP pairs, two fields.
__all__ += [
    "METHODS",
    "Adjusted",
    "EntryKind",
    "Figure",
    "Method",
    "PairTotal",
    "PairsEvent",
    "RowPoints",
    "Scoring",
    "SectionPair",
    "SectionsEvent",
    "Split",
    "Weighted",
    "adjusted_codes",
    "adjusted_spellings",
    "is_not_played",
    "looks_weighted",
    "pairs_event",
    "parse_adjusted",
    "parse_section",
    "parse_split",
    "parse_weighted",
    "sections_event",
]

# Movements: Mitchell and Howell, with their rounds, tables, pairs and boards; individuals.
__all__ += ["HOWELL", "MITCHELL", "IndividualMovement", "IndividualSeating", "Movement", "Seating", "individual",
            "movement"]

# The exception family's root and its kind for options.
__all__ += ["OptionError", "XlbridgeError"]

# Team scoring: a match, an event, the round-robin schedule, the Swiss draw, the VP standings.
__all__ += ["BYE_VP", "BoardIMPs", "EventMatch", "MatchScore", "Pairing", "TeamEventScore", "TeamStanding",
            "bye_points", "match_vps", "round_robin", "swiss_draw", "team_event", "team_match", "team_standings"]

# Swiss pairs: each board on the field (Butler or cross-IMPs), each match to VPs.
__all__ += ["FieldBoard", "SwissPairsScore", "swiss_method", "swiss_pairs_event"]
