"""The hand records and the report's travellers as LibreOffice prints them (issue 20): four
boards to an A4 or Letter page with the event's name and date, the suit symbols in the
PDF's text, the red suits red on the rendered page, the compass layout where the words
print, and the report's travellers each under its hand, a board never split over pages."""

from __future__ import annotations

import dataclasses
from itertools import pairwise
from pathlib import Path

import pytest

from tests import lo
from tests.test_hand_views import event_with_hands, records
from xlbridge.engine.handrecord import HandRecord
from xlbridge.event import sample, score_pairs, score_teams
from xlbridge.formats import printout

pytestmark = lo.needs_soffice


def red_pixels(pdf: Path, page: int, folder: Path) -> int:
    """How many pixels of a page rendered at 40 dpi are clearly red (a PPM read by hand)."""
    import subprocess

    stem = folder / f"{pdf.stem}-ppm"
    subprocess.run(["pdftoppm", "-r", "40", "-f", str(page), "-l", str(page), str(pdf), str(stem)],
                   check=True, timeout=120)
    [image] = folder.glob(f"{stem.name}*.ppm")
    data = image.read_bytes()
    image.unlink()
    fields, at = [], 0
    while len(fields) < 4:  # P6, width, height, maximum value, separated by white space
        while data[at:at + 1].isspace():
            at += 1
        start = at
        while not data[at:at + 1].isspace():
            at += 1
        fields.append(data[start:at])
    pixels = data[at + 1:]
    return sum(1 for i in range(0, len(pixels), 3) if pixels[i] > 150 and pixels[i + 1] < 90 and pixels[i + 2] < 90)


@pytest.fixture(scope="module")
def pdfs(tmp_path_factory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("hands")
    hands = records(solve=False)
    books = {"a4": printout.hand_records(hands.values(), "Club night", "2026-12-01", "A4"),
             "letter": printout.hand_records(hands.values(), "Club night", "2026-12-01", "Letter"),
             "report": printout.workbook(score_pairs(event_with_hands()), "A4"),
             "match": printout.workbook(score_teams(dataclasses.replace(sample.team_match(), hands={
                 **{b: hands[b] for b in (1, 2, 3, 26)}, 24: HandRecord(24, hands[26].deal)})), "A4")}
    for name, book in books.items():
        book.save(folder / f"{name}.xlsx")
    made = lo.to_pdf([folder / f"{name}.xlsx" for name in books], folder / "pdf")
    return {pdf.stem: pdf for pdf in map(Path, made)}


def test_hand_records_four_boards_to_a_page_on_a4_and_letter(pdfs, tmp_path):
    hands = records(solve=False)
    for name, size in (("a4", (595, 842)), ("letter", (612, 792))):
        pages = lo.pdf_words(pdfs[name])
        assert len(pages) == 7  # 26 boards
        for page in pages:
            assert (round(page.width), round(page.height)) == size
            header = " ".join(w.text for w in page.words if w.y_max < 60)
            assert header == "Club night 2026-12-01"
            found = sorted((round(b.y_min), b.x_min, int(b.text))
                           for a, b in pairwise(page.words) if a.text == "Board")
            boards = [board for _y, _x, board in found]  # read left to right, top to bottom
            first = 4 * (page.number - 1) + 1
            assert boards == list(range(first, min(first + 4, 27)))
            assert all(w.x_max <= page.width and w.y_max <= page.height for w in page.words)
            # a symbol a known hand, and one heading the double-dummy table; none a blank hand
            shown = sum(hand is not None for b in boards for hand in hands[b].deal.hands)
            shown += sum(hands[b].tricks is not None for b in boards)
            for symbol in "♠♥♦♣":
                assert sum(w.text == symbol for w in page.words) == shown, (name, page.number, symbol)
        words = {w.text: w for w in pages[0].words}
        # board 1 (top left): North J843 above West A106 and East KQ9, above South 752;
        # West left of North, North left of East
        north, west, east, south = (words[t] for t in ("J843", "A106", "KQ9", "752"))
        assert north.y_max < west.y_min and north.y_max < east.y_min and west.y_max < south.y_min
        assert west.x_max < north.x_min < east.x_min and abs(west.y_min - east.y_min) < 1
        assert "+400:" in words and "3NT=" in words  # par, from the record
        assert red_pixels(pdfs[name], 1, tmp_path) > 50  # the hearts and diamonds print red
    lo.to_png(pdfs["a4"], tmp_path / "png")


def test_the_reports_travellers_each_under_its_hand(pdfs, tmp_path):
    pages = lo.pdf_words(pdfs["report"])
    assert "Top" in pages[0].text.split() and "Board" not in pages[0].text.split()  # the ranking, as before
    where: dict[int, int] = {}
    for page in pages[1:]:
        for a, b in pairwise(page.words):
            if a.text == "Board" and b.text.isdigit():
                where[int(b.text)] = page.number
    assert sorted(where) == list(range(1, 28)) and list(where.values()) == sorted(where.values())
    hands = event_with_hands().hands
    for page in pages[1:]:
        on = [board for board, number in where.items() if number == page.number]
        # each board whole on its page: its heading, its traveller's headings and its par line
        assert page.text.split().count("Par") == sum(1 for b in on if b in hands and hands[b].par is not None)
        assert page.text.split().count("Result") == len(on)
        assert all(w.x_max <= page.width for w in page.words)
    assert len(pages) <= 1 + 27
    assert any(w.text == "♥" for w in pages[1].words) and red_pixels(pdfs["report"], 2, tmp_path) > 20
    assert "Points vs par" in pages[1].text
    lo.to_png(pdfs["report"], tmp_path / "png")


def test_a_team_matchs_printout_ends_with_its_hands(pdfs, tmp_path):
    pages = lo.pdf_words(pdfs["match"])
    assert len(pages) == 2 and "win by" in pages[0].text and "Dealer" not in pages[0].text.split()
    words = pages[1].words
    found = sorted((round(b.y_min), b.x_min, int(b.text)) for a, b in pairwise(words)
                   if a.text == "Board")
    assert [board for _y, _x, board in found] == [1, 2, 3, 24]  # the match has no board 26
    assert sum(w.text == "♥" for w in words) == 4 + 4 + 4 + 1 + 1  # three deals, North's alone, one DD table
    lo.to_png(pdfs["match"], tmp_path / "png")


def test_from_a_deal_file_to_the_page_and_the_report(tmp_path):
    """xlbridge deal, then hands into a filled pairs book, then export --html and report
    --pdf: the boards dealt show their hands on the page and in the PDF, the others none."""
    import subprocess
    import sys

    from xlbridge import kinds, workbooks
    from xlbridge.event import sample
    from xlbridge.formats import handrecords

    def run(*args: object) -> subprocess.CompletedProcess[str]:
        done = subprocess.run([sys.executable, "-m", "xlbridge", *map(str, args)], capture_output=True, text=True,
                              timeout=600, check=False)
        assert done.returncode == 0, done.stderr
        return done

    book = workbooks.save(kinds.PAIRS.fill(sample.pairs_event()), tmp_path / "pairs.xlsx")
    run("deal", "--boards", 3, "--seed", "views", "--out", tmp_path / "deals.pbn")
    run("hands", book, tmp_path / "deals.pbn")
    run("export", book, "--html", tmp_path / "page.html")
    run("report", book, "--pdf", tmp_path / "report.pdf")
    dealt = handrecords.read((tmp_path / "deals.pbn").read_text(encoding="utf-8")).records
    text = (tmp_path / "page.html").read_text(encoding="utf-8")
    assert text.count('class="deal"') == 3
    for record in dealt:
        section = text[text.index(f'id="board-{record.board}"'):text.index(f'id="board-{record.board + 1}"')]
        spades = record.deal.hands[0].suits[0].replace("T", "10") or "—"
        assert f'<span class="sym">♠</span>{spades}</div>' in section.split('aria-label="north"')[1]
    pages = lo.pdf_words(tmp_path / "report.pdf")
    assert "Top" in pages[0].text.split()
    words = [w.text for page in pages[1:] for w in page.words]
    assert words.count("Board") == 27 and words.count("Dealer") == 3 and words.count("♠") >= 3 * 4
    lo.to_png(tmp_path / "report.pdf", tmp_path / "png")
