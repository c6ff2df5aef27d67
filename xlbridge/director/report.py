"""Score a checked event with the engine, and show it: terminal tables and CSV.

Every number comes from :mod:`xlbridge.engine` applied to the inputs (a
workbook's cached formula values are never read), so a report is right even
for a workbook that was never recalculated.
"""

from __future__ import annotations

import csv
import os
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from ..engine import imps, matchpoints, parse_contract, place_labels, rank, relative_result, score, top, vp
from .model import PairResult, PairsEvent, Play, TeamMatch


def ns_score(play: Play, board: int) -> int:
    """North-South's score of one result on a duplicate board.

    >>> ns_score(Play("3NT", "E", 9), 4), ns_score(Play("PASS"), 4)
    (-600, 0)
    """
    if play.passed_out:
        return 0
    return score(play.contract, play.tricks, board, play.declarer)


def describe_play(play: Play) -> str:
    """A result as a traveller writes it: ``4SX N -1``, ``3NT E =``, ``PASS``.

    >>> describe_play(Play("4SX", "N", 9)), describe_play(Play("PASS"))
    ('4SX N -1', 'PASS')
    """
    if play.passed_out:
        return "PASS"
    contract = parse_contract(play.contract)
    return f"{contract} {play.declarer} {relative_result(contract, play.tricks)}"


# --- pairs -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ScoredResult:
    """One result with its score and matchpoints each way."""

    result: PairResult
    score: int
    mp_ns: float
    mp_ew: float


@dataclass(frozen=True, slots=True)
class Standing:
    """A pair's line in the ranking."""

    place: str
    pair: int
    names: str
    mp: float
    top: float
    boards: int

    @property
    def percent(self) -> float:
        """Matchpoints as a percentage of the most the pair could have scored."""
        return 100.0 * self.mp / self.top if self.top else 50.0


@dataclass(frozen=True)
class PairsReport:
    """A pairs event scored: each result, and the ranking."""

    event: PairsEvent
    results: tuple[ScoredResult, ...]
    standings: tuple[Standing, ...]

    @property
    def boards(self) -> int:
        """How many boards have results."""
        return len({scored.result.board for scored in self.results})


def score_pairs(event: PairsEvent) -> PairsReport:
    """Matchpoint every board and rank the pairs by percentage (ties share the place)."""
    by_board: dict[int, list[PairResult]] = defaultdict(list)
    for result in event.results:
        by_board[result.board].append(result)
    scored: list[ScoredResult] = []
    totals: dict[int, float] = defaultdict(float)
    tops: dict[int, float] = defaultdict(float)
    played: dict[int, int] = defaultdict(int)
    for board in sorted(by_board):
        rows = by_board[board]
        scores = [ns_score(row.play, board) for row in rows]
        board_top = top(len(rows), event.scale)
        for row, points, mp in zip(rows, scores, matchpoints(scores, event.scale), strict=True):
            scored.append(ScoredResult(row, points, mp, board_top - mp))
            for pair, gained in ((row.ns, mp), (row.ew, board_top - mp)):
                totals[pair] += gained
                tops[pair] += board_top
                played[pair] += 1
    names = {pair.number: pair.names for pair in event.pairs}
    numbers = sorted(totals)
    unranked = [
        Standing("", n, names.get(n, ""), totals[n], tops[n], played[n]) for n in numbers
    ]
    places = rank([standing.percent for standing in unranked])
    labels = place_labels(places)
    standings = sorted(
        (
            Standing(label, s.pair, s.names, s.mp, s.top, s.boards)
            for s, label in zip(unranked, labels, strict=True)
        ),
        key=lambda s: (-s.percent, s.pair),
    )
    return PairsReport(event, tuple(scored), tuple(standings))


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


def _mp(value: float) -> str:
    return f"{value:.1f}" if value != int(value) else f"{value:.0f}"


def _scale_text(scale: int) -> str:
    return "2/1/0" if scale == 2 else "1/0.5/0"


def format_pairs(report: PairsReport) -> str:
    """The ranking as a terminal table, with a title line."""
    event = report.event
    title = ", ".join(part for part in (event.name, event.date) if part)
    summary = (f"{title}: {len(report.standings)} pairs, {report.boards} boards, "
               f"matchpoints {_scale_text(event.scale)}")
    table = text_table(
        ["Place", "Pair", "Names", "MP", "Top", "%"],
        [[s.place, s.pair, s.names, _mp(s.mp), _mp(s.top), f"{s.percent:.2f}"]
         for s in report.standings],
        ">><>>>",
    )
    return f"{summary}\n\n{table}"


def format_traveller(report: PairsReport) -> str:
    """A one-board traveller: each result with its score and matchpoints."""
    board = report.results[0].result.board if report.results else "?"
    table = text_table(
        ["NS", "EW", "Result", "Score NS", "MP NS", "MP EW"],
        [[r.result.ns, r.result.ew, describe_play(r.result.play), f"{r.score:+d}" if r.score else "0",
          _mp(r.mp_ns), _mp(r.mp_ew)] for r in report.results],
        ">><>>>",
    )
    return f"Board {board}: {len(report.results)} results\n\n{table}"


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
    """The ranking as CSV: place, pair, names, MP, top, percent, boards."""
    with open(path, "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["Place", "Pair", "Names", "MP", "Top", "Percent", "Boards"])
        for s in report.standings:
            writer.writerow([s.place, s.pair, s.names, _mp(s.mp), _mp(s.top),
                             f"{s.percent:.2f}", s.boards])


def write_traveller_csv(report: PairsReport, path: str | os.PathLike[str]) -> None:
    """A traveller's results as CSV, with scores and matchpoints."""
    with open(path, "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["Board", "NS", "EW", "Contract", "Declarer", "Tricks", "ScoreNS",
                         "MPNS", "MPEW"])
        for r in report.results:
            play = r.result.play
            writer.writerow([r.result.board, r.result.ns, r.result.ew, play.contract,
                             play.declarer, "" if play.tricks is None else play.tricks,
                             r.score, _mp(r.mp_ns), _mp(r.mp_ew)])


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
