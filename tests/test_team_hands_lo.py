"""The team books' Boards sheet as LibreOffice computes it (issue 20): each board once, its
hand diagram, double-dummy table and par read from the Hands sheet, and under them each room's
result of every match that played it, its score against par in IMPs equal to the engine's
(``imps(score - par)``, North-South's side) and the board's IMPs; a board with no deal shows
no hand and no par, and no cell holds an error. teams.xlsx is one match; teams-event.xlsx
shows every match of a board's round, found by the board's number in Results.
"""

from __future__ import annotations

import openpyxl
import pytest

from tests import lo
from xlbridge import workbooks as W
from xlbridge.engine import Seat, board_vul, imps, score
from xlbridge.engine.doubledummy import STRAINS, Par, ParContract, Tricks
from xlbridge.engine.handrecord import HandRecord
from xlbridge.engine.hands import SYMBOLS, deals
from xlbridge.workbooks import hands as sheet

pytestmark = lo.needs_soffice

SET = deals(3, seed="test_team_hands_lo")
TRICKS = Tricks(((7, 8, 9, 6, 5), (6, 5, 4, 7, 8), (7, 8, 9, 6, 5), (6, 5, 4, 7, 8)))
RECORDS = [HandRecord(1, SET[0], TRICKS, Par(-420, (ParContract.parse("EW 4S="),))),
           HandRecord(2, SET[1], TRICKS, Par(600, (ParContract.parse("NS 3NT+1"),))),
           HandRecord(3, SET[2])]  # a deal without double dummy or par
BLOCK = 1 + sheet.DIAGRAM_ROWS + 1  # a block's rows above its first match
# teams.xlsx: the rows typed out of board order (board, open result, closed result); board 4
# has results and no deal, board 5 neither.
MATCH = [(2, ("3NT", "N", 9), ("4S", "N", 9)), (1, ("4S", "E", 10), ("PASS", None, None)),
         (4, ("2H", "S", 8), ("2H", "S", 7)), (3, ("1NT", "W", 7), ("2S", "E", 8))]
MATCH_BOARDS = 5
# teams-event.xlsx: 4 teams, 2 boards a match: round 1 plays boards 1-2 in two matches, round 2
# boards 3-4; (round, match, board k) -> results.
EVENT = {(1, 1, 0): (("4S", "E", 10), ("4S", "E", 9)), (1, 1, 1): (("3NT", "N", 10), ("6NT", "N", 11)),
         (1, 2, 0): (("5C", "N", 9), ("3NT", "S", 9)), (1, 2, 1): (("PASS", None, None), ("1NT", "N", 7)),
         (2, 1, 0): (("2D", "W", 8), ("2D", "W", 8))}


def write_rooms(book, rows: list[tuple[tuple, tuple]]) -> None:
    for prefix, index in (("Open", 0), ("Closed", 1)):
        for k, name in enumerate(("Contract", "Declarer", "Tricks")):
            W.write_named(book, prefix + name, [row[index][k] for row in rows])


@pytest.fixture(scope="module")
def computed(tmp_path_factory) -> dict[str, openpyxl.Workbook]:
    folder = tmp_path_factory.mktemp("team_hands_lo")
    match = W.build("teams", boards=MATCH_BOARDS)
    W.write_named(match, "Board", [board for board, *_ in MATCH])
    write_rooms(match, [(o, c) for _board, o, c in MATCH])
    sheet.write(match, RECORDS)
    event = W.build("teams-event", teams=4, boards=2)
    rows = []
    for round_no in (1, 2):
        for number in (1, 2):
            for k in range(2):
                rows.append(EVENT.get((round_no, number, k), ((None,) * 3, (None,) * 3)))
    write_rooms(event, rows)
    sheet.write(event, RECORDS)
    paths = [W.save(match, folder / "teams.xlsx"), W.save(event, folder / "teams-event.xlsx")]
    out = lo.recalc(paths, folder / "calc")
    return {name: openpyxl.load_workbook(path, data_only=True)
            for name, path in zip(("teams", "teams-event"), out, strict=True)}


def ns_score(board: int, result: tuple) -> int:
    """North-South's score, the engine's."""
    contract, declarer, tricks = result
    return 0 if contract == "PASS" else score(contract, tricks, board_vul(board), declarer)


def top(board: int, matches: int) -> int:
    return 1 + (board - 1) * (BLOCK + 2 * matches + 1)


@pytest.mark.parametrize("name", ["teams", "teams-event"])
def test_no_cell_of_the_boards_sheet_is_an_error(computed, name):
    ws = computed[name]["Boards"]
    bad = [(c.coordinate, c.value) for row in ws.iter_rows() for c in row if lo.is_error(c.value)]
    assert not bad, bad[:5]
    assert ws.max_row > 10


@pytest.mark.parametrize(("name", "board", "matches"), [("teams", 2, 1), ("teams-event", 1, 2)])
def test_a_board_shows_its_hand_tricks_and_par(computed, name, board, matches):
    ws = computed[name]["Boards"]
    record, first = RECORDS[board - 1], top(board, matches) + 1
    assert ws[f"B{first - 1}"].value == f"Board {board}"
    north, west, east, south = (record.deal.hand(seat) for seat in (Seat.N, Seat.W, Seat.E, Seat.S))
    for suit, symbol in enumerate(SYMBOLS.values()):
        for hand, cell in ((north, f"D{first + suit}"), (west, f"B{first + 4 + suit}"),
                           (east, f"F{first + 4 + suit}"), (south, f"D{first + 8 + suit}")):
            assert ws[cell].value == f"{symbol} {hand.suits[suit].replace('T', '10') or '—'}", cell
    assert ws[f"D{first + 4}"].value == f"N {north.hcp}"
    for row, strain in enumerate(STRAINS, start=first + 1):
        assert [ws[f"{c}{row}"].value for c in "IJKL"] == [record.tricks.of(Seat(s), strain) for s in "NSEW"]
    assert ws[f"I{first + 7}"].value == record.par.contract_text()


def test_each_room_against_par_in_the_match_is_the_engines(computed):
    ws = computed["teams"]["Boards"]
    checked = 0
    for board, open_room, closed_room in MATCH:
        row = top(board, 1) + BLOCK
        scores = [ns_score(board, open_room), ns_score(board, closed_room)]
        shown = [ws[f"F{row}"].value, ws[f"F{row + 1}"].value]
        assert shown == scores, board
        assert ws[f"H{row}"].value == imps(scores[0] - scores[1])  # the home team's IMPs
        assert (ws[f"B{row}"].value, ws[f"B{row + 1}"].value) == ("Open", "Closed")
        assert ws[f"C{row}"].value == open_room[0]
        record = RECORDS[board - 1] if board <= len(RECORDS) else None
        against = [ws[f"G{row}"].value, ws[f"G{row + 1}"].value]
        if record is not None and record.par is not None:
            assert against == [imps(score - record.par.score) for score in scores], board
            assert "vs par" in ws[f"G{row - 1}"].value
            checked += 1
        else:
            assert against == [None, None] or against == ["", ""], board
            assert ws[f"G{row - 1}"].value in (None, "")
    assert checked == 2
    # Board 1: EW make 4S (-420) against par -420 in the open room, passed out in the closed.
    assert [ws[f"G{top(1, 1) + BLOCK + k}"].value for k in (0, 1)] == [0, 9]


def test_each_match_of_the_event_against_par_is_the_engines(computed):
    ws = computed["teams-event"]["Boards"]
    checked = 0
    for (round_no, number, k), (open_room, closed_room) in EVENT.items():
        board = (round_no - 1) * 2 + k + 1
        row = top(board, 2) + BLOCK + 2 * (number - 1)
        scores = [ns_score(board, open_room), ns_score(board, closed_room)]
        assert [ws[f"G{row}"].value, ws[f"G{row + 1}"].value] == scores, (board, number)
        assert ws[f"I{row}"].value == imps(scores[0] - scores[1])
        home, away = {1: [(4, 1), (2, 3)], 2: [(2, 4), (3, 1)]}[round_no][number - 1]  # the round robin's draw
        assert (ws[f"C{row}"].value, ws[f"D{row}"].value) == ("Open", open_room[0])
        assert ws[f"B{row}"].value == f"{home} v {away}"
        record = RECORDS[board - 1]
        against = [ws[f"H{row}"].value, ws[f"H{row + 1}"].value]
        if record.par is not None:
            assert against == [imps(score - record.par.score) for score in scores]
            checked += 1
        else:
            assert against == [None, None] or against == ["", ""]
    assert checked == 4


def test_a_board_without_a_deal_shows_no_hand(computed):
    for name, board, matches in (("teams", 4, 1), ("teams", 5, 1), ("teams-event", 4, 2)):
        ws = computed[name]["Boards"]
        first = top(board, matches)
        shown = [(c.coordinate, c.value) for row in ws.iter_rows(min_row=first + 1, max_row=first + BLOCK - 2,
                                                                  min_col=2, max_col=12) for c in row
                 if c.value not in (None, "")]
        assert shown == [], (name, board)
    # Board 3 has a deal and neither tricks nor par: its hand and no table.
    ws = computed["teams-event"]["Boards"]
    first = top(3, 2) + 1
    assert ws[f"D{first}"].value.startswith("♠") and ws[f"I{first}"].value in (None, "")
    assert ws[f"H{first + sheet.DIAGRAM_ROWS}"].value in (None, "")


def test_from_a_deal_file_to_the_event_page_and_the_report(tmp_path):
    """xlbridge deal, then hands into a filled team event, then export --html and report --pdf:
    the boards dealt show their hands once, each with its four matches' rooms under it, on the
    page and in the PDF (each board whole on a page), the other boards none."""
    import subprocess
    import sys

    from xlbridge import kinds, solver
    from xlbridge.event import sample
    from xlbridge.formats import handrecords

    def run(*args: object) -> subprocess.CompletedProcess[str]:
        done = subprocess.run([sys.executable, "-m", "xlbridge", *map(str, args)], capture_output=True, text=True,
                              timeout=600, check=False)
        assert done.returncode == 0, done.stderr
        return done

    book = W.save(kinds.TEAM_EVENT.fill(sample.team_event()), tmp_path / "teams-event.xlsx")
    run("deal", "--boards", 3, "--seed", "team views", "--out", tmp_path / "deals.pbn")
    run("hands", book, tmp_path / "deals.pbn")
    run("export", book, "--html", tmp_path / "page.html")
    run("report", book, "--pdf", tmp_path / "report.pdf")
    dealt = handrecords.read((tmp_path / "deals.pbn").read_text(encoding="utf-8")).records
    text = (tmp_path / "page.html").read_text(encoding="utf-8")
    assert text.count('class="deal"') == 3 and 'id="board-4"' not in text
    for record in dealt:
        start = text.index(f'<section class="board" id="board-{record.board}">')
        section = text[start:text.index("</section>", start)]
        spades = record.deal.hands[0].suits[0].replace("T", "10") or "—"
        assert f'<span class="sym">♠</span>{spades}</div>' in section.split('aria-label="north"')[1]
        rooms = section.split('<div class="scroll">')[-1]
        assert rooms.count(">Open</td>") == 4 and rooms.count(">Closed</td>") == 4
        assert ("<th>vs par</th>" in rooms) is solver.available()
    pages = lo.pdf_words(tmp_path / "report.pdf")
    assert "Quotient" in pages[0].text
    boards = pages[1:]
    assert boards, "no page of hands"
    for page in boards:  # each board whole on its page: its heading, its hand and its four matches
        words = page.text.split()
        assert words.count("Board") == words.count("Dealer") == page.text.count("Match")
        assert words.count("Open") == words.count("Closed") == 4 * words.count("Board")
    assert sum(page.text.split().count("Board") for page in boards) == 3
    assert sum(page.text.count("♠") for page in boards) >= 3 * 4
