"""A team event's and a team match's hands as the views show them (issue 20): each board's
diagram once, and under it every match's two rooms, each North-South score against par in
IMPs (formats/table.py's board_rooms, from the scored event's versus_par), on the web page
(formats/html.py, and in Debian's chromium through Playwright at a phone's and a desktop's
width) and in the report's printout (formats/printout.py: a Boards sheet after the standings).

The sample team event (8 teams, boards 1-12 over three rounds, four matches a board) is given
hands for boards 1-3 and 5: boards 1 and 2 with double dummy and par, board 3 a deal alone,
board 5 North's hand alone; the others none.
"""

from __future__ import annotations

import dataclasses
import html
import re
import shutil

import pytest

from tests.test_hand_views import KNOWN, KNOWN_PAR, KNOWN_TRICKS, Parsed, opened
from xlbridge.engine import board_vul, imps, score
from xlbridge.engine.doubledummy import Par, ParContract
from xlbridge.engine.handrecord import HandRecord
from xlbridge.engine.hands import Deal, deals
from xlbridge.event import TeamEvent, sample, score_event, score_teams
from xlbridge.formats import html as page
from xlbridge.formats import printout
from xlbridge.formats import table as tables

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DEALT = deals(3, seed="team hand views")
PAR_2 = Par(-620, (ParContract.parse("EW 4H="),))


def event_with_hands() -> TeamEvent:
    hands = {1: HandRecord(1, KNOWN, KNOWN_TRICKS, KNOWN_PAR), 2: HandRecord(2, DEALT[0], KNOWN_TRICKS, PAR_2),
             3: HandRecord(3, DEALT[1]), 5: HandRecord(5, Deal((DEALT[2].hands[0], None, None, None)))}
    return dataclasses.replace(sample.team_event(), hands=hands)


def ns_score(board: int, play) -> int:
    """North-South's score of a room's result, from the engine's score of its contract."""
    if play.contract.upper() == "PASS":
        return 0
    return score(play.contract, play.tricks, board_vul(board), play.declarer)


# --- the neutral table -----------------------------------------------------------------------


@pytest.mark.parametrize("board", [1, 2])
def test_each_room_of_each_match_against_par_is_the_score_less_par_in_imps(board):
    event = event_with_hands()
    report = score_event(event)
    table = tables.board_rooms(report, board)
    assert table.headings("printout") == ["Match", "Room", "Result", "Score NS", "IMPs vs par", "IMPs home"]
    played = sorted((b for b in event.boards if b.board == board), key=lambda b: (b.round, b.home))
    assert len(played) == 4 and len(table.rows) == 8  # a row a room of each match
    par = event.hands[board].par.score
    for index, b in enumerate(played):
        open_row, closed_row = table.rows[2 * index], table.rows[2 * index + 1]
        scores = ns_score(board, b.open), ns_score(board, b.closed)
        assert open_row[0] == f"{b.home} v {b.away}" and closed_row[0] == ""
        assert (open_row[1], closed_row[1]) == ("Open", "Closed")
        assert (open_row[3], closed_row[3]) == scores
        assert (open_row[4], closed_row[4]) == (imps(scores[0] - par), imps(scores[1] - par))
        assert (open_row[5], closed_row[5]) == (imps(scores[0] - scores[1]), None)
    assert any(row[4] != 0 for row in table.rows)  # not all at par: the figures are real


def test_a_board_without_par_has_no_vs_par_column_and_the_csv_none():
    report = score_event(event_with_hands())
    for board in (3, 4):
        table = tables.board_rooms(report, board)
        assert "vs par" not in table.headings("html") and len(table.rows) == 8
    table = tables.board_rooms(report, 1)
    assert "IMPs vs par" in table.headings("printout") and "IMPs vs par" not in table.headings("csv")


# --- the web page ----------------------------------------------------------------------------


def test_the_event_page_shows_each_boards_hand_once_with_every_match_under_it():
    text = page.dumps(score_event(event_with_hands()))
    parsed = Parsed()
    parsed.feed(text)
    # a diagram on each board with a deal and once only; none on boards without
    assert parsed.diagrams == {"board-1": 1, "board-2": 1, "board-3": 1, "board-5": 1}
    assert parsed.dd == {"board-1", "board-2"}
    assert set(parsed.links) <= parsed.ids
    for board in (1, 2, 3, 5):
        section = re.search(rf'<section class="board" id="board-{board}">.*?</section>', text, re.S)[0]
        rooms = section.split('<div class="scroll">')[-1]  # the table under the diagram
        assert rooms.count("<tr>") == 1 + 8, board  # heading and a row a room of each of the four matches
        assert ("<th>vs par</th>" in rooms) is (board in (1, 2))
    assert "vs par: that score less the par score, in IMPs" in html.unescape(text)
    assert 'id="round-1"' in text  # the rounds are still there
    assert 'class="deal"' not in page.dumps(score_event(sample.team_event()))


def test_the_match_page_shows_each_rooms_result_against_par_under_its_hand():
    match = sample.team_match()
    board = match.boards[0].board
    hands = {board: HandRecord(board, KNOWN, KNOWN_TRICKS, KNOWN_PAR)}
    report = score_teams(dataclasses.replace(match, hands=hands))
    text = page.dumps(report)
    section = re.search(rf'<section class="board" id="board-{board}">.*?</section>', text, re.S)[0]
    scored = report.boards[0]
    rooms = section.split('<div class="scroll">')[-1]
    cells = [re.sub(r"<[^>]+>", "", cell) for cell in re.findall(r"<td[^>]*>(.*?)</td>", rooms)]
    assert cells[:2] == ["Open", "2NT E ="] and cells[5:7] == ["Closed", "2NT W ="]

    def signed(value: int) -> str:
        return f"{value:+d}" if value else "0"

    against = [imps(score - KNOWN_PAR.score) for score in (scored.open_score, scored.closed_score)]
    assert cells[2:5] == [signed(scored.open_score), signed(against[0]), signed(scored.imps)]
    assert cells[7:10] == [signed(scored.closed_score), signed(against[1]), ""]
    assert against == [-11, -11]  # EW made 2NT in both rooms (-120) where NS's par is 3NT (+400)


# --- the printout ----------------------------------------------------------------------------


def test_the_event_printout_adds_a_boards_sheet_only_when_it_has_deals():
    assert printout.workbook(score_event(sample.team_event())).sheetnames == ["Results"]
    book = printout.workbook(score_event(event_with_hands()), "Letter")
    assert book.sheetnames == ["Results", "Boards"] and book["Boards"].page_setup.paperSize == 1
    sheet = book["Boards"]
    column_a = [cell.value for cell in sheet["A"]]
    assert [value for value in column_a if isinstance(value, str) and value.startswith("Board ")] == [
        "Board 1", "Board 2", "Board 3", "Board 5"]
    assert column_a.count("Match") == 4  # each board's table once
    # board 2's rooms against par: par -620 for EW's 4H
    heading = next(row for row in sheet.iter_rows()
                   if row[0].value == "Match" and row[0].row > column_a.index("Board 2"))
    names = [cell.value for cell in heading]
    against = names.index("IMPs vs par")
    rows = [[cell.value for cell in row] for row in sheet.iter_rows(min_row=heading[0].row + 1,
                                                                    max_row=heading[0].row + 8)]
    assert [row[against] for row in rows] == [imps(row[names.index("Score NS")] + 620) for row in rows]
    assert sheet.row_breaks.brk  # whole boards to a page: four boards of four matches take two pages


# --- in a real browser -------------------------------------------------------------------------


@pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed (apt-get install chromium)")
def test_the_event_hands_in_a_real_browser_at_phone_and_desktop_width(tmp_path):
    out = tmp_path / "event.html"
    report = score_event(event_with_hands())
    out.write_text(page.dumps(report), encoding="utf-8")
    for tab, width, errors in opened(out):
        tab.goto(out.as_uri() + "#board-2")
        deal = tab.locator("#board-2 .deal")
        box = {seat: deal.locator(f".hand.{seat}").bounding_box() for seat in "nesw"}
        assert box["n"]["y"] + box["n"]["height"] <= box["w"]["y"]
        assert box["w"]["y"] + box["w"]["height"] <= box["s"]["y"] + 1
        assert box["w"]["x"] + box["w"]["width"] <= box["n"]["x"] + 1 <= box["e"]["x"] + 1
        heart = deal.locator(".hand.n .suit-h .sym")
        assert "192, 0, 0" in heart.evaluate("e => getComputedStyle(e).color")
        # the rooms' table under the hand: every match, the vs par column as the engine's
        table = tab.locator("#board-2 .scroll table")
        headings = table.locator("thead th").all_inner_texts()
        assert headings == ["Match", "Room", "Result", "NS", "vs par", "IMPs"]
        rows = [row.split("\t") for row in table.locator("tbody tr").all_inner_texts()]
        assert len(rows) == 8
        for row in rows:
            shown_score = int(row[3].replace("+", ""))
            assert int(row[4].replace("+", "")) == imps(shown_score - PAR_2.score)
        assert table.bounding_box()["y"] > deal.bounding_box()["y"] + deal.bounding_box()["height"] - 1
        assert tab.evaluate("document.documentElement.scrollWidth") <= width
        edge = table.bounding_box()
        assert edge["x"] >= 0 and edge["x"] + edge["width"] <= width  # the whole table on a phone, no scrolling
        tab.screenshot(path=str(tmp_path / f"event-board-2-{width}.png"), full_page=False)
        # the nav's link to board 5 reaches it: North's hand alone
        tab.goto(out.as_uri() + "#top")
        tab.locator("nav[aria-label='Hands'] a[href='#board-5']").click()
        assert tab.evaluate("location.hash") == "#board-5"
        assert tab.locator("#board-5 .hand.n").inner_text() and tab.locator("#board-5 .hand.e").inner_text() == ""
        assert tab.locator("#board-4").count() == 0  # no deal, no section
        assert errors == []
