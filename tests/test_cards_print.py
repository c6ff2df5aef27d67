"""The movement's cards read whole when printed (issue 19, part 4): every text fits its cell.

The fast tests measure every card's and the Movement sheet's text against its column's
width and its row's height, in every language, as the report printouts' headings test
does. The LibreOffice test prints the books to PDF and reads the PDF's own text
positions against the printed grid's lines: no word crosses a cell's border, and every
word of every cell is printed whole.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import openpyxl
import pytest
from openpyxl.utils import get_column_letter, range_boundaries

from tests import lo
from xlbridge import engine as E
from xlbridge.workbooks import cards, styles
from xlbridge.workbooks.book import Book
from xlbridge.workbooks.i18n import LANGUAGES, Labels

# The three movements the issue names: a 5-table Howell, a relay Mitchell with a sit-out,
# a 15-table arrow-switch Mitchell.
CASES = {
    "howell5": dict(kind="howell", tables=5, boards=27),
    "relay": dict(kind="mitchell", tables=8, boards=24, variant="relay", pairs=15),
    "arrow15": dict(kind="mitchell", tables=15, boards=30, arrow_switch=True),
}
EVENT = "Kallio Bridge Club Tuesday"  # long: it shrinks to its cell


def _movement(case: str) -> E.Movement:
    spec = dict(CASES[case])
    return E.movement(spec.pop("kind"), spec.pop("tables"), spec.pop("boards"), **spec)


def cards_book(case: str, lang: str, paper: str = "A4") -> openpyxl.Workbook:
    """A book of the movement's sheets only (with the event's name they print), so that
    the PDF holds nothing but cards."""
    book = Book(lang=lang, namespace="pairs", event=EVENT, paper=paper)
    names = book.sheet("names")
    book.put(names, "A1", EVENT)
    book.define("EventName", names, "A1")
    book.define("EventDate", names, "A2")
    cards.build(book, _movement(case))
    names.sheet_state = "hidden"
    workbook = book.finish()
    workbook.active = 1
    return workbook


def _spans(sheet) -> dict[str, tuple[int, int, int, int]]:
    """Each merged range's first cell -> (min_col, min_row, max_col, max_row)."""
    return {str(r).split(":")[0]: range_boundaries(str(r)) for r in sheet.merged_cells.ranges}


def _width(sheet, first: int, last: int) -> float:
    return sum(sheet.column_dimensions[get_column_letter(c)].width or 8.43 for c in range(first, last + 1))


def _size(cell) -> float:
    return float(cell.font.sz or styles.SIZE)


def assert_every_text_fits(book: openpyxl.Workbook, lang: str) -> int:
    """Every text on the cards and the Movement sheet: its longest word fits its column
    (or merged columns) and, wrapped, its lines fit its row's height. Returns the count."""
    t = Labels(lang, "pairs")
    sheets = [t("movement"), t("table_cards"), t("guide_cards"), t("paper_travellers"), t("score_cards")]
    checked = 0
    for title in sheets:
        sheet = book[title[:31]]
        spans = _spans(sheet)
        for row in sheet.iter_rows():
            for cell in row:
                if not isinstance(cell.value, str) or not cell.value.strip() or cell.value.startswith("="):
                    continue
                first, _top, last, _ = spans.get(cell.coordinate, (cell.column, cell.row, cell.column, cell.row))
                width = _width(sheet, first, last)
                size, bold = _size(cell), bool(cell.font.b)
                longest = max(cell.value.split(), key=lambda w: cards.text_width(w, size, bold))
                assert cards.text_width(longest, size, bold) <= width - 1.0, (title, cell.coordinate, cell.value)
                count = cards.lines(cell.value, width, size, bold)
                assert count == 1 or cell.alignment.wrap_text, (title, cell.coordinate, cell.value)
                points = sheet.row_dimensions[cell.row].height or cards.ROW_HEIGHT
                assert points >= cards.height(count, size) - 0.01, (title, cell.coordinate, cell.value)
                checked += 1
    return checked


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("case", CASES)
def test_every_text_fits_its_cell(case: str, lang: str) -> None:
    assert assert_every_text_fits(cards_book(case, lang), lang) > 100


SIZES = [("howell", tables, pairs) for tables in range(2, 11) for pairs in (2 * tables, 2 * tables - 1)] + [
    ("mitchell", tables, pairs) for tables in (3, 4, 5, 6, 30) for pairs in (2 * tables, 2 * tables - 1)]


@pytest.mark.parametrize(("kind", "tables", "pairs"), SIZES)
def test_every_size_reads(kind: str, tables: int, pairs: int) -> None:
    """Every Howell and small and large Mitchells, with and without a sit-out: the cards are
    written, and their texts fit (in Russian, the longest words)."""
    sets = tables if kind == "mitchell" else {2: 3, 3: 5}.get(tables, 2 * tables - 1)
    variants = ["relay"] if kind == "mitchell" and tables % 2 == 0 and pairs % 2 else [None]
    for variant in variants:
        book = Book(lang="ru", namespace="pairs")
        names = book.sheet("names")
        book.define("EventName", names, "A1")
        book.define("EventDate", names, "A2")
        m = E.movement(kind, tables, sets, pairs=pairs, variant=variant)
        cards.build(book, m)
        assert assert_every_text_fits(book.workbook, "ru") > 0
        words = cards._Words(book, m)
        names = [cards.stand_name(m, book.t, stand.name) for stand in m.stands()]
        for row in m.rows:  # a set that rests next round names its stand and where it goes then
            text = words.boards_next(row.round, row.table)
            later = [r for r in m.rows if r.round > row.round and r.boards == row.boards]
            if later and min(r.round for r in later) > row.round + 1:
                assert any(text.startswith(name + ", ") for name in names), text
            elif later:
                first = min(r.table for r in later if r.round == row.round + 1)
                assert text.startswith(book.t("to_table", table=first)), text
        stand_rows = [line for line in words.setup() if not line[0].startswith(book.t("place_table", table=""))]
        assert [line[0] for line in stand_rows] == names


def test_the_words_of_a_relay_and_a_sit_out() -> None:
    """Shared sets say so; boards resting on a stand say which and where next; a sit-out
    names the pair that sits out in its own column; the set-up names the stands."""
    m = _movement("relay")
    book = cards_book("relay", "en")
    table_cards = book["Table cards"]
    texts = [str(c.value) for row in table_cards.iter_rows() for c in row if c.value is not None]
    for (round_no, boards), tables in m.shared().items():
        for table in tables:
            others = ", ".join(str(x) for x in tables if x != table)
            assert f"{cards.boards_text(boards)} share with table {others}" in texts, (round_no, table)
    resting = [(r.round, r.table) for r in m.rows if (n := m.boards_next(r.round, r.table)) and n[0] > r.round + 1]
    assert resting
    for round_no, table in resting:
        later, where = m.boards_next(round_no, table)
        assert f"bye stand, then table {where[0]}" in texts or later > round_no + 2
    for row in m.rows:
        if row.sits_out:
            present = "NS" if row.ns else "EW"
            pair = row.ns or row.ew
            start = next(c.row for c in table_cards["A"] if c.value == f"Table {row.table}")
            line = next(r for r in range(start, start + 4 + m.rounds + 1) if table_cards.cell(r, 1).value == row.round)
            ns, ew = table_cards.cell(line, 2).value, table_cards.cell(line, 3).value
            assert (ns, ew) == ((f"NS {pair} sits out", "no opponents") if present == "NS"
                                else ("no opponents", f"EW {pair} sits out"))
    movement_sheet = book["Movement"]
    words = [str(c.value) for row in movement_sheet.iter_rows() for c in row if c.value is not None]
    assert "Stands for resting boards (relay or bye stands): 1." in words
    stand_row = next(r for r in range(1, movement_sheet.max_row + 1) if movement_sheet.cell(r, 1).value == "bye stand")
    [stand] = m.stands()
    assert movement_sheet.cell(stand_row, 4).value == ", ".join(map(cards.boards_text, stand.first_round))
    assert movement_sheet.cell(stand_row, 6).value == f"between tables {m.tables // 2} and {m.tables // 2 + 1}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_arrow_switch_rounds_are_named_on_the_cards(lang: str) -> None:
    m = _movement("arrow15")
    assert m.arrow_switch
    book = cards_book("arrow15", lang)
    t = Labels(lang, "pairs")
    rounds = ", ".join(map(str, m.arrow_switch))
    for title in (t("table_cards"), t("guide_cards")):
        subtitles = [c.value for c in book[title]["A"] if isinstance(c.value, str) and c.font.i]
        assert subtitles and all(s == cards.describe(m, t) and s.endswith(rounds) for s in subtitles), title


# --- printed --------------------------------------------------------------------------------

DPI = 144


def _crossed(image, word: lo.Word) -> str | None:
    """Whether a printed grid line runs through ``word``: a column (or row) of dark pixels
    across the whole word and beyond it, which a letter's stroke never is."""
    scale = DPI / 72
    x0, x1 = round(word.x_min * scale), round(word.x_max * scale)
    y0, y1 = round(word.y_min * scale), round(word.y_max * scale)
    pixels = image.load()

    def dark(x: int, y: int) -> bool:
        return 0 <= x < image.width and 0 <= y < image.height and pixels[x, y] < 215

    for x in range(x0 + 2, x1 - 1):
        if all(dark(x, y) for y in range(y0 - 3, y1 + 4)):
            return f"a vertical line at x={x / scale:.1f}"
    for y in range(y0 + 2, y1 - 1):
        if all(dark(x, y) for x in range(x0 - 3, x1 + 4)):
            return f"a horizontal line at y={y / scale:.1f}"
    return None


@lo.needs_soffice[0]
@lo.needs_soffice[1]
def test_printed_cards_keep_every_word_inside_its_cell(tmp_path: Path) -> None:
    from PIL import Image

    paths = []
    expected: dict[str, Counter[str]] = {}
    for lang in LANGUAGES:
        for case in CASES:
            book = cards_book(case, lang)
            path = tmp_path / f"{case}-{lang}.xlsx"
            book.save(path)
            paths.append(path)
            words: Counter[str] = Counter()
            for sheet in book.worksheets:
                if sheet.sheet_state != "visible":
                    continue
                for row in sheet.iter_rows():
                    for cell in row:
                        if cell.value is not None and not str(cell.value).startswith("="):
                            words.update(str(cell.value).split())
            expected[path.stem] = words
    # The cards alone (the Movement sheet hidden), on both papers: a card never runs onto
    # another page, so the pages are the sheets' page breaks and no more.
    pages_expected = {}
    for case in CASES:
        for lang, paper in (("en", "A4"), ("ru", "Letter")):
            book = cards_book(case, lang, paper)
            book.remove(book[Labels(lang, "pairs")("movement")])  # LibreOffice prints a hidden sheet
            for name in [n for n in book.defined_names if n.startswith("Move")]:
                del book.defined_names[name]
            book.active = 1
            path = tmp_path / f"pages-{case}-{lang}-{paper}.xlsx"
            book.save(path)
            pages_expected[path.stem] = sum(len(ws.row_breaks.brk) + 1 for ws in book.worksheets
                                            if ws.sheet_state == "visible")
    pdfs = lo.to_pdf([*paths, *(tmp_path / f"{stem}.xlsx" for stem in pages_expected)], tmp_path / "pdf")
    for pdf in pdfs[len(paths):]:
        assert lo.pdf_pages(pdf) == pages_expected[pdf.stem], pdf.stem
    problems = []
    for pdf in pdfs[:len(paths)]:
        pages = lo.pdf_words(pdf)
        printed = Counter(w.text for page in pages for w in page.words)
        missing = expected[pdf.stem] - printed
        assert not missing, (pdf.stem, list(missing.items())[:10])  # a word cut short or left out
        images = lo.to_png(pdf, tmp_path / "png" / pdf.stem, dpi=DPI)
        assert len(images) == len(pages)
        for page, png in zip(pages, images, strict=True):
            image = Image.open(png).convert("L")
            for word in page.words:
                if word.y_max < 50 or word.y_min > page.height - 50:
                    continue  # the page's header and footer
                found = _crossed(image, word)
                if found:
                    problems.append(f"{pdf.stem} page {page.number}: {word.text!r} crosses {found}")
                assert word.x_min >= 0 and word.x_max <= page.width
    assert not problems, "\n".join(problems[:20])
