"""Events as values, below every view: what a director scores (:mod:`.model`: a pairs
event, a team match, a team event, each result a :class:`Play`) and the engine's scoring of
it (:mod:`.scored`: a report per event, plain data). The workbooks' reader
(:mod:`xlbridge.kinds`), the sample generator and the importers produce events;
:mod:`xlbridge.formats` shows the reports. This package imports only the engine.
"""

from .model import EventBoard, Pair, PairResult, PairsEvent, Play, SplitPlay, TeamBoard, TeamEvent, TeamMatch
from .scored import (
    PairsReport,
    ScoredBoard,
    SectionTotal,
    TeamEventReport,
    TeamsReport,
    next_round,
    pair_label,
    score_event,
    score_pairs,
    score_teams,
    section_of,
)
from .swiss_pairs import SwissBoard, SwissPairsEvent, SwissPairsReport, next_swiss_round, score_swiss_pairs

__all__ = ["EventBoard", "Pair", "PairResult", "PairsEvent", "PairsReport", "Play", "ScoredBoard", "SectionTotal",
           "SplitPlay", "TeamBoard", "TeamEvent", "TeamEventReport", "TeamMatch", "TeamsReport", "next_round",
           "pair_label", "score_event", "score_pairs", "score_teams", "section_of"]
__all__ += ["SwissBoard", "SwissPairsEvent", "SwissPairsReport", "next_swiss_round", "score_swiss_pairs"]
