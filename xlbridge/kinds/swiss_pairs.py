"""A Swiss pairs event (swiss-pairs.xlsx): the check, the fill and the scoring of a book, and
the next round for ``xlbridge draw``.

Every figure is the engine's: each board's IMPs on the field, each match's VPs and the
standings from :func:`xlbridge.engine.swiss_pairs_event`, the draw from
:func:`xlbridge.engine.swiss_draw` (through :func:`xlbridge.event.next_swiss_round`).
"""

from __future__ import annotations

from collections import Counter

from openpyxl import Workbook

from .. import workbooks
from ..director.cells import Problems, in_use, read_play, rows_of, text_of, whole_in
from ..director.hands import read_hands
from ..director.names import Cell
from ..engine import Pairing
from ..event import SwissBoard, SwissPairsEvent, SwissPairsReport, next_swiss_round, score_swiss_pairs
from ..workbooks import hands as hands_sheet
from ..workbooks import swiss_pairs as template
from .base import Checked, FilledBook, Kind, Unfinished, event_date, play_columns, set_named
from .teams_event import read_setup


class SwissPairsKind(Kind):
    """A Swiss pairs event: the pairs, every table's boards in one long table, VPs and standings."""

    template = template
    title = "Swiss pairs event"
    plural = "Swiss pairs events"
    report = SwissPairsReport
    draws = True
    draw_names = ("MatchRound", "MatchNS", "MatchEW")
    """The Results columns ``xlbridge draw`` writes a round into: round, NS pair, EW pair."""

    def check(self, book: FilledBook) -> Checked:
        return check_swiss_pairs(book)

    def score(self, event: SwissPairsEvent) -> SwissPairsReport:  # type: ignore[override]
        return score_swiss_pairs(event)

    def summary(self, checked: Checked) -> str:
        event = checked.event
        assert isinstance(event, SwissPairsEvent)
        tables = {(b.round, b.ns, b.ew) for b in event.boards}
        return f"{self.title}, {len(event.pairs)} pairs, {len(tables)} matches, {len(event.boards)} results"

    def fill(self, event: SwissPairsEvent, *, lang: str = "en", paper: str = "A4",  # type: ignore[override]
             fit: bool = False) -> Workbook:
        return swiss_pairs_workbook(event, lang=lang, paper=paper)

    def next_round(self, report: SwissPairsReport) -> tuple[int, list[Pairing]]:
        return next_swiss_round(report)


def check_swiss_pairs(book: FilledBook) -> Checked:
    """Check a Swiss pairs event's rows and read its results.

    A row counts once its result is typed in; its round, pairs and board must then be
    numbers of the event (its round the one whose rows it is among), and no table's board
    twice. A pair plays one match a round, and not in the round it has the bye. Matches with
    fewer boards than a match has are notes, not problems: the round may still be in play.
    """
    problems = Problems()
    cells = book.cells
    setup = read_setup(problems, book, "Pair")
    pairs, rounds, match_boards = setup.entrants, setup.rounds, setup.match_boards
    bye_vp, names, byes = setup.bye_vp, setup.names, setup.byes
    method = "butler"
    method_cell = cells.cell("Scoring")
    if method_cell is not None and not method_cell.blank:
        parsed_method = problems.parse(method_cell, template.METHOD.parse)
        method = "butler" if parsed_method is None else str(parsed_method)

    boards: list[SwissBoard] = []
    seen: dict[tuple[int, int, int], Cell] = {}
    first_row: dict[tuple[int, int, int], Cell] = {}
    per_round = max(1, pairs // 2 * match_boards)  # a round's rows, laid out together
    for index, (round_cell, ns_cell, ew_cell, board_cell, *inputs) in enumerate(
            rows_of(problems, cells, template.INPUTS)):
        if not in_use(inputs):
            continue
        round_no = whole_in(problems, round_cell, "round", rounds)
        block = index // per_round + 1
        if round_no is not None and round_no != block:  # its field is its block's rows, in the sheet too
            problems.add(round_cell, f"round {round_no}: this row is among round {block}'s rows; type round "
                                     f"{block}, or move the result to round {round_no}'s rows")
            continue
        ns = whole_in(problems, ns_cell, "NS pair", pairs)
        ew = whole_in(problems, ew_cell, "EW pair", pairs)
        if ns is not None and ns == ew:
            problems.add(ew_cell, f"pair {ns} cannot play itself")
            ew = None
        number = whole_in(problems, board_cell, "board", 999)
        play = read_play(problems, *inputs)
        if None in (round_no, ns, ew, number):
            continue
        key = (round_no, ns, number)
        if key in seen:
            problems.add(board_cell, f"board {number} of round {round_no}, {ns} v {ew}, appears twice "
                                     f"(also at {seen[key].address})")
            continue
        seen[key] = board_cell
        first_row.setdefault((round_no, ns, ew), ns_cell)
        if play is not None:
            boards.append(SwissBoard(round_no, ns, ew, number, play))

    playing: dict[tuple[int, int], tuple[int, int]] = {}
    clash = False
    for (round_no, ns, ew), cell in sorted(first_row.items(), key=lambda item: item[1].row):
        for pair in (ns, ew):
            other = playing.setdefault((round_no, pair), (ns, ew))
            if other != (ns, ew):
                clash = True
                problems.add(cell, f"round {round_no}: pair {pair} plays two matches ({other[0]} v {other[1]} "
                                   f"and {ns} v {ew})")
            if byes.get(round_no) == pair:
                problems.add(cell, f"round {round_no}: pair {pair} has the bye, but plays {ns} v {ew}")
    if clash:  # the engine would refuse the event; the problems say where
        boards = []
    count = Counter((b.round, b.ns, b.ew) for b in boards)
    unfinished = tuple(Unfinished(r, ns, ew, n, match_boards) for (r, ns, ew), n in sorted(count.items())
                       if n < match_boards)
    event = SwissPairsEvent(
        name=text_of(cells, "EventName", book.path.stem), date=text_of(cells, "EventDate"), pairs=names,
        rounds=rounds, match_boards=match_boards, method=method, bye_vp=bye_vp, byes=byes, boards=tuple(boards),
        hands=read_hands(problems, cells),
    )
    return Checked(book, problems.sorted(), event, tuple(map(str, unfinished)), unfinished)


# --- filling the template ---------------------------------------------------------------


def swiss_pairs_workbook(event: SwissPairsEvent, *, lang: str = "en", paper: str = "A4") -> Workbook:
    """swiss-pairs.xlsx holding ``event``: its pairs, its scoring, and every round played so
    far in its Results rows (each table's boards in its rows, in the order the event lists
    them); the rounds after are left to draw."""
    book = workbooks.build(template.NAME, lang=lang, paper=paper, event=event.name, date=event_date(event.date),
                           pairs=len(event.pairs), rounds=event.rounds, boards=event.match_boards,
                           method=event.method, names=[event.pairs[number] for number in sorted(event.pairs)])
    set_named(book, "ByeVP", event.bye_vp)
    round_name, *names = template.INPUTS
    rounds = workbooks.read_named(book, round_name)
    columns = {name: workbooks.read_named(book, name) for name in names}
    free = {number: [i for i, r in enumerate(rounds) if r == number] for number in set(rounds)}
    for board in event.boards:
        row = free[board.round].pop(0)
        played = play_columns([board.play])
        values = (board.ns, board.ew, board.board, *(column[0] for column in played))
        for name, value in zip(names, values, strict=True):
            columns[name][row] = value
    for name, values in columns.items():
        workbooks.write_named(book, name, values)
    if "RoundBye" in book.defined_names:
        workbooks.write_named(book, "RoundBye", [event.byes.get(r) for r in range(1, event.rounds + 1)])
    hands_sheet.write(book, event.hands.values())
    return book
