"""A result and a scoring method in a director's words, shared by every format.

    >>> from xlbridge.event import Play
    >>> describe_play(Play("4SX", "N", 9)), describe_play(Play("PASS")), describe_play(Play("a60/40"))
    ('4SX N -1', 'PASS', 'A60/40')
    >>> describe_play(Play("A60/4S", "N", 10)), describe_play(Play("PASS/A60"))
    ('A60/4S N =', 'PASS/A60')
"""

from __future__ import annotations

from ..engine import Played, relative_result
from ..event import PairsReport, Play, SplitPlay


def describe_play(play: Play) -> str:
    """A result as a traveller writes it: ``4SX N -1``, ``3NT E =``, ``PASS``, ``A60/40``,
    and a split score around its table result: ``A60/4S N =``."""
    outcome = play.outcome
    if isinstance(outcome, SplitPlay):
        return outcome.split.spell(_described(outcome.played))
    if not isinstance(outcome, Played):  # NP, an adjusted or a weighted score
        return str(outcome)
    return _described(outcome)


def _described(played: Played) -> str:
    contract = played.contract
    if contract.passed_out:
        return "PASS"
    return f"{contract.with_declarer(None)} {contract.declarer} {relative_result(contract, played.tricks)}"


def averaged(report: PairsReport) -> bool:
    """Whether the event's cross-IMPs are averaged (the default) rather than summed."""
    return str(report.event.options.get("crossimps", "average")).lower() != "total"


def scoring_text(report: PairsReport) -> str:
    """How the event is scored, in words (its method's): ``matchpoints 2/1/0`` or ``Butler IMPs``."""
    return report.scored.scoring.method.describe(scale=report.scored.mpscale, averaged=averaged(report))
