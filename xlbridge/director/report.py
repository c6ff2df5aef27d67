"""Score a checked event with the engine, and show it: terminal tables and CSV.

Every number comes from :mod:`xlbridge.engine` applied to the inputs (a
workbook's cached formula values are never read), so a report is right even
for a workbook that was never recalculated.
"""

from __future__ import annotations

import csv
import os
from collections.abc import Sequence
from dataclasses import dataclass

from ..engine import (
    Adjusted,
    PairTotal,
    Scoring,
    Side,
    imps,
    is_not_played,
    pairs_event,
    parse_contract,
    relative_result,
    score,
    vp,
)
from ..engine import PairsEvent as ScoredEvent
from .model import PairsEvent, Play, TeamMatch


def ns_score(play: Play, board: int) -> int:
    """North-South's score of one result on a duplicate board.

    >>> ns_score(Play("3NT", "E", 9), 4), ns_score(Play("PASS"), 4)
    (-600, 0)
    """
    if play.passed_out:
        return 0
    return score(play.contract, play.tricks, board, play.declarer)


def describe_play(play: Play) -> str:
    """A result as a traveller writes it: ``4SX N -1``, ``3NT E =``, ``PASS``, ``A60/40``.

    >>> describe_play(Play("4SX", "N", 9)), describe_play(Play("PASS")), describe_play(Play("a60/40"))
    ('4SX N -1', 'PASS', 'A60/40')
    """
    if play.passed_out:
        return "PASS"
    if play.scored_otherwise:
        return "NP" if is_not_played(play.contract) else str(Adjusted.parse(play.contract))
    contract = parse_contract(play.contract)
    return f"{contract} {play.declarer} {relative_result(contract, play.tricks)}"


# --- pairs -------------------------------------------------------------------------


@dataclass(frozen=True)
class PairsReport:
    """A pairs event and the engine's scoring of it (:func:`~xlbridge.engine.pairs_event`)."""

    event: PairsEvent
    scored: ScoredEvent

    @property
    def boards(self) -> int:
        """How many boards have results."""
        return len({result.board for result in self.event.results})

    @property
    def names(self) -> dict[int, str]:
        """Each pair's names, by number."""
        return {pair.number: pair.names for pair in self.event.pairs}

    @property
    def imps(self) -> bool:
        """True for an IMP-scored event (cross-IMPs or Butler)."""
        return self.scored.scoring.imps

    def rankings(self) -> list[tuple[str, list[PairTotal]]]:
        """One ranking, or one per direction: (title, pairs best first); the title is
        ``""`` for a one-field event, else ``North-South`` / ``East-West``."""
        return [("" if field is None else _FIELD_TITLES[field], self.scored.ranking(field))
                for field in self.scored.field_list]


_FIELD_TITLES = {Side.NS: "North-South", Side.EW: "East-West"}


def score_pairs(event: PairsEvent) -> PairsReport:
    """Score the event with :func:`~xlbridge.engine.pairs_event`, the one place it is scored."""
    scored = pairs_event([result.row for result in event.results], mpscale=event.scale,
                         **event.options)
    return PairsReport(event, scored)


# --- teams -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ScoredBoard:
    """One board of a team match: each room's NS score and the home team's IMPs."""

    board: int
    open: Play
    closed: Play
    open_score: int
    closed_score: int
    imps: int


@dataclass(frozen=True)
class TeamsReport:
    """A team match scored: IMPs per board, the total and the victory points."""

    match: TeamMatch
    boards: tuple[ScoredBoard, ...]

    @property
    def imps_home(self) -> int:
        """IMPs won by the home team (the sum of its positive board IMPs)."""
        return sum(b.imps for b in self.boards if b.imps > 0)

    @property
    def imps_away(self) -> int:
        """IMPs won by the away team."""
        return -sum(b.imps for b in self.boards if b.imps < 0)

    @property
    def margin(self) -> int:
        """The home team's net IMPs (``TotalIMPs`` in the template)."""
        return sum(b.imps for b in self.boards)

    @property
    def verdict(self) -> str:
        """Who won, in words: ``Espoo Aces win by 2 IMPs`` or ``Drawn match``."""
        if self.margin == 0:
            return "Drawn match"
        winner = self.match.home if self.margin > 0 else self.match.away
        return f"{winner} win by {abs(self.margin)} IMP{'s' if abs(self.margin) != 1 else ''}"

    @property
    def vp_home(self) -> float:
        """The home team's victory points (WBF 20-VP scale for the boards played)."""
        return vp(self.margin, len(self.boards)) if self.boards else 10.0

    @property
    def vp_away(self) -> float:
        """The away team's victory points."""
        return vp(-self.margin, len(self.boards)) if self.boards else 10.0


def score_teams(match: TeamMatch) -> TeamsReport:
    """IMP every board: the home team sits NS in the open room and EW in the closed room."""
    boards = []
    for board in sorted(match.boards, key=lambda b: b.board):
        open_score = ns_score(board.open, board.board)
        closed_score = ns_score(board.closed, board.board)
        boards.append(ScoredBoard(board.board, board.open, board.closed, open_score,
                                  closed_score, imps(open_score - closed_score)))
    return TeamsReport(match, tuple(boards))


# --- text ----------------------------------------------------------------------------


def text_table(header: Sequence[str], rows: Sequence[Sequence[object]], align: str) -> str:
    """Rows under a header, columns padded; ``align`` has one ``<`` or ``>`` a column.

    >>> print(text_table(["Pair", "MP"], [[1, "12.0"], [10, "3.5"]], "><"))
    Pair  MP
    ----  ----
       1  12.0
      10  3.5
    """
    cells = [[str(value) for value in row] for row in rows]
    widths = [max([len(h)] + [len(row[i]) for row in cells]) for i, h in enumerate(header)]

    def line(values: Sequence[str]) -> str:
        padded = [v.rjust(w) if a == ">" else v.ljust(w)
                  for v, w, a in zip(values, widths, align, strict=True)]
        return "  ".join(padded).rstrip()

    return "\n".join([line(header), line(["-" * w for w in widths]), *map(line, cells)])


def _mp(value: float | None) -> str:
    """Matchpoints or IMPs as a director writes them: whole numbers whole, else 2 decimals.

    >>> _mp(4.0), _mp(5.666666), _mp(None)
    ('4', '5.67', '')
    """
    if value is None:
        return ""
    return f"{value:.0f}" if value == int(value) else f"{value:.2f}"


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


def ranking_rows(report: PairsReport, totals: Sequence[PairTotal]) -> tuple[list[str], list[list[object]], str]:
    """The header, rows and alignment of one ranking, with the scoring's columns."""
    names = report.names
    if report.imps:
        header = ["Place", "Pair", "Names", "IMPs", "IMPs/board", "Boards"]
        rows = [[t.place, t.pair, names.get(t.pair, ""), f"{t.imps:.2f}", f"{t.imps_per_board:.2f}", t.boards]
                for t in totals]
    else:
        header = ["Place", "Pair", "Names", "MP", "Top", "%"]
        rows = [[t.place, t.pair, names.get(t.pair, ""), _mp(t.mp), _mp(t.top), f"{t.percent:.2f}"]
                for t in totals]
    return header, rows, ">><>>>"


def format_pairs(report: PairsReport) -> str:
    """The ranking (or one per direction) as terminal tables, with a title line."""
    event = report.event
    title = ", ".join(part for part in (event.name, event.date) if part)
    summary = (f"{title}: {len(report.scored.pairs)} pairs, {report.boards} boards, "
               f"{scoring_text(report)}")
    parts = [summary]
    for heading, totals in report.rankings():
        header, rows, align = ranking_rows(report, totals)
        table = text_table(header, rows, align)
        parts.append(f"{heading}\n{table}" if heading else table)
    return "\n\n".join(parts)


def format_traveller(report: PairsReport) -> str:
    """A one-board traveller: each result with its score and matchpoints."""
    results = report.event.results
    board = results[0].board if results else "?"
    rows = []
    for result, points in zip(results, report.scored.rows, strict=True):
        rows.append([_blank(result.ns), _blank(result.ew), describe_play(result.play),
                     _signed(points.score) if points.score is not None else "",
                     _mp(points.ns), _mp(points.ew)])
    table = text_table(["NS", "EW", "Result", "Score NS", "MP NS", "MP EW"], rows, ">><>>>")
    return f"Board {board}: {len(results)} results\n\n{table}"


def format_teams(report: TeamsReport) -> str:
    """The match board by board, the IMP totals and the victory points."""
    match = report.match
    title = ", ".join(part for part in (match.name, match.date) if part)
    rows = []
    for b in report.boards:
        rows.append([
            b.board, describe_play(b.open), _signed(b.open_score), describe_play(b.closed),
            _signed(b.closed_score), b.imps if b.imps > 0 else "", -b.imps if b.imps < 0 else "",
        ])
    rows.append(["Total", "", "", "", "", report.imps_home, report.imps_away])
    table = text_table(
        ["Board", "Open room", "NS", "Closed room", "NS", "IMPs home", "IMPs away"],
        rows, "><><>>>",
    )
    result = text_table(
        ["Team", "IMPs", "VP"],
        [[match.home, report.imps_home, f"{report.vp_home:.2f}"],
         [match.away, report.imps_away, f"{report.vp_away:.2f}"]],
        "<>>",
    )
    return (f"{title}: {match.home} (home) v {match.away}, {len(report.boards)} boards\n\n"
            f"{table}\n\n{result}\n\n{report.verdict}: "
            f"{report.vp_home:.2f}-{report.vp_away:.2f} VP")


def _signed(points: int) -> str:
    return f"{points:+d}" if points else "0"


# --- CSV -----------------------------------------------------------------------------


def write_pairs_csv(report: PairsReport, path: str | os.PathLike[str]) -> None:
    """The ranking as CSV: field (blank in a one-field event), place, pair, names, then
    MP, top, percent (matchpoints) or IMPs, IMPs per board (IMP scoring), and boards."""
    with open(path, "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        figures = ["IMPs", "IMPsPerBoard"] if report.imps else ["MP", "Top", "Percent"]
        writer.writerow(["Field", "Place", "Pair", "Names", *figures, "Boards"])
        names = report.names
        for _, totals in report.rankings():
            for t in totals:
                values = ([f"{t.imps:.2f}", f"{t.imps_per_board:.2f}"] if report.imps
                          else [_mp(t.mp), _mp(t.top), f"{t.percent:.2f}"])
                writer.writerow([str(t.field or ""), t.place, t.pair, names.get(t.pair, ""), *values, t.boards])


def write_traveller_csv(report: PairsReport, path: str | os.PathLike[str]) -> None:
    """A traveller's results as CSV, with scores and matchpoints."""
    with open(path, "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["Board", "NS", "EW", "Contract", "Declarer", "Tricks", "ScoreNS",
                         "MPNS", "MPEW"])
        for result, points in zip(report.event.results, report.scored.rows, strict=True):
            play = result.play
            writer.writerow([result.board, _blank(result.ns), _blank(result.ew), play.contract,
                             play.declarer, _blank(play.tricks), _blank(points.score),
                             _mp(points.ns), _mp(points.ew)])


def write_teams_csv(report: TeamsReport, path: str | os.PathLike[str]) -> None:
    """The match as CSV: one row a board, then the totals and the VPs."""
    with open(path, "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["Board", "OpenContract", "OpenDeclarer", "OpenTricks", "OpenScore",
                         "ClosedContract", "ClosedDeclarer", "ClosedTricks", "ClosedScore",
                         "IMPsHome", "IMPsAway"])
        for b in report.boards:
            writer.writerow([
                b.board, b.open.contract, b.open.declarer, _blank(b.open.tricks), b.open_score,
                b.closed.contract, b.closed.declarer, _blank(b.closed.tricks), b.closed_score,
                max(b.imps, 0), max(-b.imps, 0),
            ])
        writer.writerow(["Total", "", "", "", "", "", "", "", "", report.imps_home,
                         report.imps_away])
        writer.writerow(["VP", "", "", "", "", "", "", "", "", f"{report.vp_home:.2f}",
                         f"{report.vp_away:.2f}"])


def _blank(value: object) -> object:
    return "" if value is None else value
