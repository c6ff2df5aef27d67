"""A result and a scoring method in a director's words, shared by every format.

    >>> from xlbridge.event import Play
    >>> describe_play(Play("4SX", "N", 9)), describe_play(Play("PASS")), describe_play(Play("a60/40"))
    ('4SX N -1', 'PASS', 'A60/40')
"""

from __future__ import annotations

from ..engine import Adjusted, Scoring, is_not_played, parse_contract, relative_result
from ..event import PairsReport, Play


def describe_play(play: Play) -> str:
    """A result as a traveller writes it: ``4SX N -1``, ``3NT E =``, ``PASS``, ``A60/40``."""
    if play.passed_out:
        return "PASS"
    if play.scored_otherwise:
        return "NP" if is_not_played(play.contract) else str(Adjusted.parse(play.contract))
    contract = parse_contract(play.contract)
    return f"{contract} {play.declarer} {relative_result(contract, play.tricks)}"


def _scale_text(scale: int) -> str:
    return "2/1/0" if scale == 2 else "1/0.5/0"


def scoring_text(report: PairsReport) -> str:
    """How the event is scored, in words: ``matchpoints 2/1/0`` or ``Butler IMPs``."""
    scored = report.scored
    if scored.scoring is Scoring.BUTLER:
        return "Butler IMPs"
    if scored.scoring is Scoring.CROSS_IMPS:
        averaged = report.event.options.get("crossimps", "average")
        return f"cross-IMPs ({'total' if str(averaged).lower() == 'total' else 'averaged'})"
    return f"matchpoints {_scale_text(scored.mpscale)}"
