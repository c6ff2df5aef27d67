"""Hands as the views show them (issue 20): the neutral hand diagram (formats/diagram.py),
each result against par and each pair's own card (formats/table.py), the web page's
diagrams and pair sections (formats/html.py, and in Debian's chromium through Playwright
at a phone's and a desktop's width), and the printouts' workbooks (formats/printout.py;
their PDFs are in test_hand_views_lo.py).

The sample event is given its hands directly: board 1 a deal whose double dummy and par
are known (DDS's own figures, written here so that no test needs the solver), boards 2-24
dealt from a seed (solved by DDS when it is installed), board 25 a deal without double
dummy, board 26 North's hand alone and board 27 no deal at all.
"""

from __future__ import annotations

import dataclasses
import html.parser
import re
import shutil
from pathlib import Path

import pytest

from xlbridge.engine import Seat, Strain, imps
from xlbridge.engine.doubledummy import STRAINS, Par, ParContract, Tricks
from xlbridge.engine.handrecord import HandRecord
from xlbridge.engine.hands import Deal, deals
from xlbridge.event import PairsEvent, sample, score_pairs
from xlbridge.formats import csv as csv_format
from xlbridge.formats import diagram as diagrams
from xlbridge.formats import html as page
from xlbridge.formats import printout
from xlbridge.formats import table as tables

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
KNOWN = Deal.parse("N:J843.A85.AQJ84.2 KQ9.T963.97.T965 752.KJ72.K5.AQJ4 AT6.Q4.T632.K873")
KNOWN_TRICKS = Tricks.parse_hex("999a8999a84333543335")  # DDS: N, S, E, W × NT ♠ ♥ ♦ ♣
KNOWN_PAR = Par(400, (ParContract(3, Strain.NT, False, "NS", 0),))


def records(solve: bool = True) -> dict[int, HandRecord]:
    """The sample's hands: see the module's docstring."""
    dealt = deals(25, seed="hand views")
    hands = {1: HandRecord(1, KNOWN, KNOWN_TRICKS, KNOWN_PAR)}
    boards = list(enumerate(dealt[:23], start=2))
    solved = None
    if solve:
        from xlbridge import solver

        solved = solver.solve(boards) if solver.available() else None
    for index, (board, deal) in enumerate(boards):
        tricks, par = solved[index] if solved else (None, None)
        hands[board] = HandRecord(board, deal, tricks, par)
    hands[25] = HandRecord(25, dealt[23])
    hands[26] = HandRecord(26, Deal((dealt[24].hands[0], None, None, None)))
    return hands


def event_with_hands(**options: object) -> PairsEvent:
    event = sample.pairs_event()
    return dataclasses.replace(event, hands=records(), options={**event.options, **options})


# --- the neutral diagram ---------------------------------------------------------------


def test_the_diagram_holds_each_hand_its_symbols_points_and_the_double_dummy_table():
    shown = diagrams.diagram(HandRecord(1, KNOWN, KNOWN_TRICKS, KNOWN_PAR))
    assert shown is not None and (shown.dealer, str(shown.vulnerability)) == (Seat.N, "None")
    for view in shown.hands:
        hand = KNOWN.hand(view.seat)
        assert view.hcp == hand.hcp
        assert [line.symbol for line in view.lines] == ["♠", "♥", "♦", "♣"]
        assert [line.red for line in view.lines] == [False, True, True, False]
        assert [line.cards for line in view.lines] == [ranks.replace("T", "10") or "—" for ranks in hand.suits]
    assert shown.hand(Seat.E).lines[1].text == "♥ 10963"
    # rows N, S, E, W (North-South first, as hand records print them); columns NT ♠ ♥ ♦ ♣
    assert shown.tricks == tuple(tuple(KNOWN_TRICKS.of(seat, strain) for strain in STRAINS)
                                 for seat in (Seat.N, Seat.S, Seat.E, Seat.W))
    assert shown.tricks[0] == (9, 9, 9, 10, 8) and shown.tricks[2] == (4, 3, 3, 3, 5)
    assert [text for text, _red in shown.strain_headings] == ["NT", "♠", "♥", "♦", "♣"]
    assert diagrams.plain(shown.par_runs) == "Par NS +400: NS 3NT="


def test_a_void_an_unknown_hand_and_no_deal():
    void = Deal.parse("N:AKQJT98765432... - - -")
    shown = diagrams.diagram(HandRecord(6, void))
    assert [line.cards for line in shown.hand(Seat.N).lines] == ["AKQJ1098765432", "—", "—", "—"]
    assert shown.hand(Seat.E).lines == () and shown.hand(Seat.E).hcp is None and not shown.hand(Seat.E).known
    assert shown.vulnerability_text == "Vul E-W" and shown.dealer_text == "Dealer East"
    assert shown.tricks is None and shown.par_runs == ()
    assert diagrams.diagram(None) is None
    assert diagrams.diagram(HandRecord(6, Deal((None,) * 4))) is None


# --- against par and the pair's own card -------------------------------------------------


def test_each_result_against_par_in_points_and_in_imps():
    for options, in_imps in (({}, False), ({"scoring": "Butler"}, True)):
        report = score_pairs(event_with_hands(**options))
        indexes = [i for i, r in enumerate(report.event.results) if r.board == 1]
        table = tables.traveller(report, indexes)
        heading = "IMPs vs par" if in_imps else "Points vs par"
        assert table.headings("printout")[-1] == heading and table.headings("html")[-1] == "vs par"
        assert heading not in table.headings("csv") and heading not in table.headings("text")
        for index, row in zip(indexes, table.printed(), strict=True):
            score = report.scored.rows[index].score
            expected = imps(score - 400) if in_imps else score - 400
            assert row[-1] == expected
    # board 25 has a deal but no par: no column
    report = score_pairs(event_with_hands())
    assert "Points vs par" not in tables.traveller(report, [i for i, r in enumerate(report.event.results)
                                                            if r.board == 25]).headings("printout")
    # the CSV is as it was without hands
    plain = score_pairs(sample.pairs_event())
    assert csv_format.dumps(report) == csv_format.dumps(plain)


def test_a_pairs_card_is_its_boards_in_order_from_its_own_side():
    report = score_pairs(event_with_hands())
    for total in report.scored.pairs.values():
        card = tables.pair_boards(report, total.pair)
        boards = [row[0] for row in card.rows]
        played = [r for r in report.event.results if total.pair in (r.ns, r.ew)]
        assert boards == sorted(r.board for r in played) and len(boards) == total.boards
        # its own matchpoints add up to its total (no penalties, no scaling in the sample)
        assert sum(row[5] for row in card.rows) == pytest.approx(total.mp)
        for row in card.rows:
            result = next(r for r in played if r.board == row[0])
            index = report.event.results.index(result)
            scored = report.scored.rows[index]
            ns = result.ns == total.pair
            assert row[1] == ("NS" if ns else "EW") and row[2] == (result.ew if ns else result.ns)
            assert row[4] == (scored.score if ns else -scored.score)
            if row[0] == 1:  # par NS +400, from the pair's side
                assert row[6] == (scored.score - 400) * (1 if ns else -1)
            assert row[-1] == report.names[row[2]]
    # no hands: no par column
    assert "Points vs par" not in tables.pair_boards(score_pairs(sample.pairs_event()), 4).headings("printout")


# --- the web page ------------------------------------------------------------------------


class Parsed(html.parser.HTMLParser):
    """Ids, in-page links, the sections' ids with their links, and the diagrams."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.links: list[str] = []
        self.section: str | None = None
        self.section_links: dict[str, list[str]] = {}
        self.diagrams: dict[str, int] = {}
        self.dd: set[str] = set()

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if "id" in attributes:
            self.ids.add(attributes["id"])
        if tag == "section":
            self.section = attributes.get("id")
            self.section_links[self.section] = []
        if tag == "a" and attributes.get("href", "").startswith("#"):
            self.links.append(attributes["href"][1:])
            if self.section:
                self.section_links[self.section].append(attributes["href"][1:])
        if tag == "div" and attributes.get("class") == "deal" and self.section:
            self.diagrams[self.section] = self.diagrams.get(self.section, 0) + 1
        if tag == "table" and attributes.get("class") == "dd" and self.section:
            self.dd.add(self.section)

    def handle_endtag(self, tag):
        if tag == "section":
            self.section = None


def test_the_page_shows_each_boards_hand_and_each_pairs_card():
    event = event_with_hands()
    text = page.dumps(score_pairs(event))
    parsed = Parsed()
    parsed.feed(text)
    boards = {f"board-{b}" for b in range(1, 28)}
    assert boards <= parsed.ids and {f"pair-{p}" for p in range(1, 19)} <= parsed.ids
    assert set(parsed.links) <= parsed.ids
    # a diagram on every board with a deal (board 26 with North's hand alone), none on 27
    assert {s for s in parsed.diagrams if s.startswith("board-")} == boards - {"board-27"}
    assert all(parsed.diagrams[s] == 1 for s in parsed.diagrams)
    assert "board-1" in parsed.dd and "board-25" not in parsed.dd and "board-26" not in parsed.dd
    assert not any(s.startswith("pair-") for s in parsed.diagrams)
    # each pair's card links each board it played to that board's traveller, in board order
    for pair in range(1, 19):
        played = sorted(r.board for r in event.results if pair in (r.ns, r.ew))
        links = [int(link[6:]) for link in parsed.section_links[f"pair-{pair}"] if link.startswith("board-")]
        assert links == played
    # board 26: North known, the other three blank
    section = re.search(r'<section class="board" id="board-26">.*?</section>', text, re.S)[0]
    assert section.count('aria-label="north"') == 1 and section.count(": not known") == 3
    # red suits carry the red class, black ones not; still self-contained
    assert '<span class="sym red">♥</span>' in text and '<span class="sym">♠</span>' in text
    assert '<span class="sym red">♠' not in text
    assert '<p class="par">Par NS +400: NS 3NT=</p>' in text
    for needle in ("http://", "https://", "<script", "src=", "@import"):
        assert needle not in text, needle


def test_a_page_without_hands_has_no_diagram_and_a_team_match_shows_its_hands():
    text = page.dumps(score_pairs(sample.pairs_event()))
    assert 'class="deal"' not in text and "vs par" not in text and 'id="pair-1"' in text
    from xlbridge.event import score_teams

    match = sample.team_match()
    hands = {b.board: HandRecord(b.board, d) for b, d in zip(match.boards[:3], deals(3, seed=2), strict=True)}
    shown = page.dumps(score_teams(dataclasses.replace(match, hands=hands)))
    assert shown.count('class="deal"') == 3 and all(f'id="board-{b}"' in shown for b in hands)
    assert 'class="deal"' not in page.dumps(score_teams(match))


# --- the printouts' workbooks --------------------------------------------------------------


def _text(value: object) -> str:
    return str(value) if value is not None else ""


def _red_runs(cell) -> list[str]:
    """The pieces of a cell's rich text printed in the red colour."""
    value = cell.value
    return [block.text for block in getattr(value, "__iter__", lambda: [])()
            if hasattr(block, "font") and block.font.color is not None and block.font.color.rgb.endswith(printout.RED)]


def test_hand_records_lay_four_boards_to_a_page_in_the_compass_layout():
    hands = records(solve=False)
    book = printout.hand_records(list(hands.values())[::-1], "Club night", "2026-12-01", "Letter")
    sheet = book.active
    assert sheet.page_setup.paperSize == 1 and sheet.oddHeader.left.text == "Club night"
    assert sheet.oddHeader.right.text == "2026-12-01"
    assert [brk.id for brk in sheet.row_breaks.brk] == [40, 80, 120, 160, 200, 240]  # 26 boards: 7 pages
    found = {}
    for row in sheet.iter_rows():
        for cell in row:
            if isinstance(cell.value, str) and cell.value.startswith("Board "):
                found[int(cell.value[6:])] = (cell.row, cell.column)
    # in board order, two across and two down, whatever order the records came in
    assert [found[b] for b in range(1, 6)] == [(1, 1), (1, 8), (21, 1), (21, 8), (41, 1)]
    # board 1: North's spades in the middle column at the top, West's on the left below,
    # East's on the right, South's at the bottom; hearts and diamonds red
    north, west, east, south = (sheet.cell(1, 3), sheet.cell(5, 1), sheet.cell(5, 5), sheet.cell(9, 3))
    assert [_text(c.value) for c in (north, west, east, south)] == ["♠ J843", "♠ A106", "♠ KQ9", "♠ 752"]
    assert _red_runs(sheet.cell(2, 3)) == ["♥"] and _text(sheet.cell(2, 3).value) == "♥ A85"
    assert _red_runs(sheet.cell(3, 3)) == ["♦"] and _red_runs(sheet.cell(1, 3)) == []
    assert _red_runs(sheet.cell(6, 5)) == ["♥"] and _text(sheet.cell(6, 5).value) == "♥ 10963"
    assert [sheet.cell(14, c).value for c in range(1, 7)] == ["N", 9, 9, 9, 10, 8]
    assert [sheet.cell(13, c).value for c in range(2, 7)] == ["NT", "♠", "♥", "♦", "♣"]
    assert sheet.cell(13, 3).font.color is None and sheet.cell(13, 4).font.color.rgb.endswith(printout.RED)
    assert _text(sheet.cell(18, 1).value) == "Par NS +400: NS 3NT="
    # board 26, North's hand alone: the others blank; a board never given has no block
    top, left = found[26]
    assert _text(sheet.cell(top, left + 2).value).startswith("♠")
    assert sheet.cell(top + 4, left).value is None and sheet.cell(top + 8, left + 2).value is None
    assert 27 not in found


def test_the_report_printout_adds_travellers_with_hands_only_when_it_has_deals():
    assert printout.workbook(score_pairs(sample.pairs_event())).sheetnames == ["Results"]
    book = printout.workbook(score_pairs(event_with_hands()), "A4")
    assert book.sheetnames == ["Results", "Travellers"]
    sheet = book["Travellers"]
    headings = [c.value for row in sheet.iter_rows() for c in row if isinstance(c.value, str)
                and c.value.startswith("Board ")]
    assert headings == [f"Board {b}" for b in range(1, 28)]
    assert sheet.print_title_rows is None and sheet.oddHeader.left.text == "Tuesday Pairs"
    texts = {_text(c.value) for row in sheet.iter_rows() for c in row}
    assert {"Points vs par", "♠ J843"} <= texts


def test_a_one_board_traveller_prints_its_hand_above_it_and_a_team_match_its_hands():
    event = event_with_hands()
    one = dataclasses.replace(event, pairs=(), results=tuple(r for r in event.results if r.board == 1))
    sheet = printout.workbook(score_pairs(one)).active
    assert sheet["A4"].value == "Board 1" and _text(sheet["C4"].value) == "♠ J843"
    assert [sheet.cell(23, c).value for c in range(1, 4)] == ["NS", "EW", "Result"]  # 18 rows of hand, a gap
    assert sheet.cell(23, 7).value == "Points vs par" and sheet.cell(24, 7).value == sheet.cell(24, 4).value - 400
    from xlbridge.event import score_teams

    match = sample.team_match()
    assert printout.workbook(score_teams(match)).sheetnames == ["Results"]
    hands = {b: HandRecord(b, d) for b, d in zip((3, 1, 2), deals(3, seed=5), strict=True)}
    book = printout.workbook(score_teams(dataclasses.replace(match, hands=hands)), "Letter")
    assert book.sheetnames == ["Results", "Hands"] and book["Hands"].page_setup.paperSize == 1
    assert [book["Hands"][ref].value for ref in ("A1", "H1", "A21")] == ["Board 1", "Board 2", "Board 3"]


# --- in a real browser ----------------------------------------------------------------------


def opened(path: Path):
    from tests.test_export import opened as pages

    return pages(path)


_GLYPH = """([text, font]) => {
  // the pixels a text draws in the page's font: blank, or the missing-glyph box a private-use
  // character draws, when no font here has it
  const canvas = document.createElement('canvas'); canvas.width = 60; canvas.height = 60;
  const draw = (t) => { const c = canvas.getContext('2d'); c.clearRect(0, 0, 60, 60); c.font = font;
    c.fillStyle = '#000'; c.fillText(t, 5, 45); return Array.from(c.getImageData(0, 0, 60, 60).data).join(); };
  return [draw(text) !== draw(''), draw(text) !== draw('\\uE000')];
}"""


@pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed (apt-get install chromium)")
def test_hands_in_a_real_browser_at_phone_and_desktop_width(tmp_path):
    out = tmp_path / "hands.html"
    out.write_text(page.dumps(score_pairs(event_with_hands())), encoding="utf-8")
    for tab, width, errors in opened(out):
        tab.goto(out.as_uri() + "#board-1")
        deal = tab.locator("#board-1 .deal")
        box = {seat: deal.locator(f".hand.{seat}").bounding_box() for seat in "nesw"}
        assert all(box[seat]["height"] > 40 for seat in "nesw")
        # the compass: North above West and East, above South; West left of North, left of East
        assert box["n"]["y"] + box["n"]["height"] <= box["w"]["y"] and box["n"]["y"] < box["e"]["y"]
        assert box["w"]["y"] + box["w"]["height"] <= box["s"]["y"] + 1
        assert box["w"]["x"] + box["w"]["width"] <= box["n"]["x"] + 1
        assert box["n"]["x"] + box["n"]["width"] <= box["e"]["x"] + 1
        compass = deal.locator(".compass").bounding_box()
        assert box["w"]["x"] < compass["x"] < box["e"]["x"] and box["n"]["y"] < compass["y"] < box["s"]["y"]
        # the suits: rendered in red (hearts, diamonds) and black, each a real glyph
        for suit, red in (("s", False), ("h", True), ("d", True), ("c", False)):
            symbol = deal.locator(f".hand.n .suit-{suit} .sym")
            colour = symbol.evaluate("e => getComputedStyle(e).color")
            r, g, b = map(int, re.findall(r"\d+", colour)[:3])
            assert (r > 150 and g < 60 and b < 60) if red else (r, g, b) == (17, 17, 17), (suit, colour)
            font = symbol.evaluate("e => getComputedStyle(e).fontSize + ' ' + getComputedStyle(e).fontFamily")
            assert tab.evaluate(_GLYPH, [symbol.inner_text(), font]) == [True, True], suit
        assert deal.locator(".hand.n").inner_text().split("\n")[0].startswith("♠")
        dd = tab.locator("#board-1 table.dd")
        assert dd.locator("tbody tr").first.inner_text().split() == ["N", "9", "9", "9", "10", "8"]
        assert tab.locator("#board-1 p.par").inner_text() == "Par NS +400: NS 3NT="
        heart = dd.locator("thead th").nth(3).locator("span")
        assert heart.inner_text() == "♥" and "192, 0, 0" in heart.evaluate("e => getComputedStyle(e).color")
        assert tab.evaluate("document.documentElement.scrollWidth") <= width
        tab.screenshot(path=str(tmp_path / f"board-1-{width}.png"))
        # a pair's card links to a traveller that exists, and following it shows that board
        tab.goto(out.as_uri() + "#pair-4")
        link = tab.locator("#pair-4 a[href^='#board-']").nth(4)
        target = link.get_attribute("href")
        tab.screenshot(path=str(tmp_path / f"pair-4-{width}.png"))
        link.click()
        assert tab.evaluate("location.hash") == target
        assert tab.locator(f"{target} h2").is_visible() and tab.locator(f"{target} table").count() >= 1
        top = tab.locator(f"{target} h2").bounding_box()["y"]
        assert -5 < top < 200  # scrolled to it
        # board 27 has no deal: no diagram, the traveller all the same
        assert tab.locator("#board-27 .deal").count() == 0 and tab.locator("#board-27 table").count() == 1
        tab.goto(out.as_uri() + "#board-26")
        assert tab.locator("#board-26 .hand.e").inner_text() == "" and tab.locator("#board-26 .hand.n").inner_text()
        tab.screenshot(path=str(tmp_path / f"board-26-{width}.png"))
        assert errors == []
