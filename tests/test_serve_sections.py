"""``xlbridge serve`` on a sectioned pairs book (issue 19 part 6 meets issue 23): every
section's tables served, each with its own code and shown with its section; a whole round
entered in both sections through the HTTP forms; the director's ranking (overall and each
section's) against ``score_pairs`` of the same results typed into a copy of the book;
``--write`` puts each entry in its section's rows and ``check`` passes; bad input refused in
one line with the journal unchanged."""

from __future__ import annotations

import html
import re
import shutil
from pathlib import Path

import openpyxl
import pytest

pytest.importorskip("starlette", reason="the serve extra is not installed: pip install 'xlbridge[serve]'")

from tests.test_serve import Phone, rows
from xlbridge import cli, kinds
from xlbridge.event import PairsEvent, score_pairs
from xlbridge.live.app import create_app
from xlbridge.live.event import read_event
from xlbridge.workbooks import named_cells

SECTIONS = ("A", "B")
TABLES = 4  # a section's tables: the book's tables are 8, B 1 the fifth
CHOICES = [("4", "S", "", "N", "10"), ("3", "N", "", "S", "9"), ("2", "H", "X", "E", "8"), ("1", "N", "", "W", "7"),
           ("PASS",), ("4", "S", "", "N", "9"), ("3", "N", "", "S", "10"), ("5", "C", "", "W", "11")]


def name(section: str, number: int) -> str:
    return f"Ann {section}{number} & Bo {section}{number}"


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("serve-sections")
    assert cli.main(["workbooks", "pairs", "--sections", "2", "--movement", "mitchell", "--tables", str(TABLES),
                     "--boards", "12", "--out", str(folder)]) == 0
    path = folder / "pairs.xlsx"
    workbook = openpyxl.load_workbook(path)  # every pair named: names looked up by section and number
    for section, number, cell in zip(named_cells(workbook, "PairSection"), named_cells(workbook, "PairNumber"),
                                     named_cells(workbook, "PairName"), strict=True):
        cell.value = name(section.value, number.value)
    workbook.save(path)
    return path


@pytest.fixture
def book(template: Path, tmp_path: Path) -> Path:
    return Path(shutil.copy(template, tmp_path / "club.xlsx"))


def message(response) -> str:
    found = re.search(r'id="msg"[^>]*>([^<]*)', response.text)
    return html.unescape(found.group(1)) if found else response.text.strip()


def cells(result: tuple[str, ...]) -> tuple[str, str | None, int | None]:
    """A result as the book's Contract, Declarer and Tricks cells hold it."""
    if result == ("PASS",):
        return ("PASS", None, None)
    level, strain, doubling, declarer, tricks = result
    return (f"{level}{strain}{doubling}", declarer, int(tricks))


def typed_into(path: Path, results: dict[tuple[str, int, int, int], tuple[str, ...]]) -> None:
    """Type ``results`` ((section, round, table in the section, board): result) into the
    book's Results rows by hand, as a scorer would: the row of that section, round, table and board."""
    workbook = openpyxl.load_workbook(path)
    columns = [named_cells(workbook, n) for n in ("Section", "RoundNo", "TableNo", "Board", "Contract", "Declarer",
                                                   "Tricks")]
    done = set()
    for section, round_, table, board, *result in zip(*columns, strict=True):
        key = (section.value, round_.value, table.value, board.value)
        if key in results:
            for cell, value in zip(result, cells(results[key]), strict=True):
                cell.value = value
            done.add(key)
    assert done == set(results)
    workbook.save(path)


def book_results(path: Path) -> dict[tuple, tuple]:
    """The book's filled Results rows: (section, round, table, board, NS, EW) -> the three cells."""
    workbook = openpyxl.load_workbook(path)
    names = ("Section", "RoundNo", "TableNo", "Board", "NS", "EW", "Contract", "Declarer", "Tricks")
    columns = [named_cells(workbook, n) for n in names]
    return {tuple(c.value for c in row[:6]): tuple(c.value for c in row[6:]) for row in zip(*columns, strict=True)
            if row[6].value is not None}


def scored(path: Path):
    book = kinds.read(path)
    checked = kinds.check(book)
    assert not checked.problems, checked.problems[:3]
    assert isinstance(checked.event, PairsEvent)
    return score_pairs(checked.event)


def director_rankings(page: str) -> list[tuple[str, list[tuple[str, ...]]]]:
    tables = re.findall(r'<h3>([^<]*)</h3><table class="ranking">(.*?)</table>', page)
    return [(html.unescape(title), [tuple(html.unescape(v) for v in line) for line in re.findall(
        r"<tr><td>([^<]*)</td><td>([^<]*)</td><td>([^<]*)</td><td>([^<]*)</td></tr>", body)])
            for title, body in tables]


def test_both_sections_served_entered_ranked_and_written(book, tmp_path):
    live = read_event(book)
    assert live.sections == SECTIONS and live.tables == tuple(range(1, 2 * TABLES + 1))
    app = create_app(book, live)
    code = app.app.state.server.codes
    assert len({code[f"t{table}"] for table in live.tables}) == 2 * TABLES  # a code a table, each section's
    phones = {table: Phone(app, f"/t/{code[f't{table}']}") for table in live.tables}
    # B 1: the section's own table 1, its pairs B's 1 and 5 with their names, not A's
    page = phones[TABLES + 1].page.text
    assert "Section B, Table 1, round 1" in page
    assert f"NS 1 {html.escape(name('B', 1))}" in page and f"EW 5 {html.escape(name('B', 5))}" in page
    assert name("A", 1) not in html.unescape(page) and "Boards 1-3" in page
    assert "Section A, Table 4, round 1" in phones[TABLES].page.text

    results: dict[tuple[str, int, int, int], tuple[str, ...]] = {}
    for place in (p for p in live.places if p.round == 1):
        index = SECTIONS.index(place.section)
        for board in place.boards:
            result = CHOICES[(3 * board + place.number + 3 * index) % len(CHOICES)]
            answer = phones[place.table].enter(place.table, board, result)
            assert answer.status_code == 200 and message(answer).startswith(f"Saved: board {board}"), message(answer)
            confirmed = phones[place.table].post("/table/confirm", board=board, round=1, table=place.table)
            assert confirmed.status_code == 200, message(confirmed)
            results[place.section, 1, place.number, board] = result
    assert len(results) == 2 * 12  # every board of the round, in both sections
    done = phones[TABLES + 1].client.get("/table").text
    assert 'id="next"' in done and "table 1 NS" in done  # the Movement sheet's words, within the section

    director = Phone(app, f"/d/{code['director']}")
    page = director.client.get("/director").text
    assert 'id="grid-section-A"' in page and 'id="grid-section-B"' in page and "<th>B 4</th>" in page
    assert 'id="grid-1-5">3/3<' in page
    copy = Path(shutil.copy(book, tmp_path / "typed.xlsx"))
    typed_into(copy, results)
    report = scored(copy)

    def lines(totals):
        return [(t.place, report.label(t), report.name_of(t), f"{t.percent:.2f}%") for t in totals]

    shown = director_rankings(page)
    expected = [lines(totals) for _, totals in report.rankings()] + \
        [lines(totals) for _, totals in report.section_rankings()]
    assert [body for _, body in shown] == expected
    assert [title for title, _ in shown][2:] == ["Section A NS", "Section A EW", "Section B NS", "Section B EW"]
    assert len({line[3] for body in expected for line in body}) > 3  # the results tell the pairs apart
    assert {line[1] for line in expected[0] + expected[1]} == {f"{s} {n}" for s in SECTIONS for n in range(1, 9)}
    assert all(line[2] == name(*line[1].split()) for body in expected for line in body)  # names by section and number

    assert cli.main(["serve", "--write", str(book)]) == 0
    assert cli.main(["check", str(book)]) == 0
    written = book_results(book)
    assert written == book_results(copy)  # every result in its section's row, as typed by hand
    assert written["B", 1, 1, 2, 1, 5] == cells(results["B", 1, 1, 2])  # B 1's pairs are B's 1 and 5
    assert lines(t for _, totals in scored(book).rankings() for t in totals) == \
        lines(t for _, totals in report.rankings() for t in totals)


def test_a_board_entered_at_section_b_code_goes_to_b_rows(book):
    live = read_event(book)
    app = create_app(book, live)
    code = app.app.state.server.codes
    b1 = Phone(app, f"/t/{code[f't{TABLES + 1}']}")  # boards 1-3 are A 1's as well: the row is B's
    assert b1.enter(TABLES + 1, 2, ("3", "N", "", "S", "9")).status_code == 200
    assert b1.post("/table/confirm", board=2, round=1, table=TABLES + 1).status_code == 200
    assert cli.main(["serve", "--write", str(book)]) == 0
    assert book_results(book) == {("B", 1, 1, 2, 1, 5): ("3N", "S", 9)}
    assert cli.main(["check", str(book)]) == 0


def test_bad_input_is_one_line_and_leaves_the_journal(book):
    live = read_event(book)
    app = create_app(book, live)
    code = app.app.state.server.codes
    b1 = Phone(app, f"/t/{code[f't{TABLES + 1}']}")
    director = Phone(app, f"/d/{code['director']}")
    assert b1.enter(TABLES + 1, 1, ("4", "S", "", "N", "10")).status_code == 200
    before = rows(book)
    refused = [
        (b1.enter(1, 2, ("4", "S", "", "N", "10")), 403, "This phone is table B 1; it cannot write table A 1."),
        (b1.enter(TABLES + 1, 4, ("4", "S", "", "N", "10")), 403, "Board 4 is not played at table B 1 in round 1."),
        (director.post("/director/result", round=1, section="C", table=1, board=2, contract="4S", declarer="N",
                       tricks=10), 400, "Section C: the event's sections are A, B."),
        (director.post("/director/result", round=1, table=1, board=2, contract="4S", declarer="N", tricks=10),
         400, "Section -: the event's sections are A, B."),
        (director.post("/director/result", round=1, section="B", table=9, board=2, contract="4S", declarer="N",
                       tricks=10), 400, "Board 2 is not played at table B 9 in round 1."),
        (director.post("/director/result", round=1, section="B", table=1, board=4, contract="4S", declarer="N",
                       tricks=10), 400, "Board 4 is not played at table B 1 in round 1."),
    ]
    for answer, status, text in refused:
        assert (answer.status_code, message(answer)) == (status, text)
        assert "Traceback" not in answer.text
    assert rows(book) == before
    # the director names a table by its section and number: B 1 is the fifth table inside
    answer = director.post("/director/result", round=1, section="b", table=1, board=2, contract="3n", declarer="s",
                           tricks=9)
    assert answer.status_code == 200, message(answer)
    assert [row[3:] for row in rows(book) if row[0] == "corrections"] == [("director", 1, TABLES + 1, 2, "-",
                                                                            "3N S 9")]
    assert "<td>B 1</td><td>2</td>" in answer.text  # the corrections' log shows the table as B 1


@pytest.mark.parametrize("within", [False, True])
def test_a_traveller_shows_the_tables_a_board_is_compared_with(book, within):
    """Across the field a board's traveller on the phone lists every section's tables (as
    ``A 1``, ``B 1``); scored within sections, only the phone's section's."""
    if within:
        workbook = openpyxl.load_workbook(book)
        named_cells(workbook, "SectionScoring")[0].value = "Within sections"
        workbook.save(book)
    live = read_event(book)
    assert live.event.across is not within
    app = create_app(book, live)
    code = app.app.state.server.codes
    director = Phone(app, f"/d/{code['director']}")
    assert director.post("/director/setting", show="yes").status_code == 200
    a1, b1 = Phone(app, f"/t/{code['t1']}"), Phone(app, f"/t/{code[f't{TABLES + 1}']}")
    assert a1.enter(1, 1, ("4", "S", "", "N", "10")).status_code == 200
    page = b1.enter(TABLES + 1, 1, ("4", "S", "", "N", "9")).text
    traveller = re.search(r'<table id="traveller-1">(.*?)</table>', page).group(1)
    tables = re.findall(r"<tr><td>([^<]*)</td>", traveller)
    assert tables == (["B 1"] if within else ["A 1", "B 1"])


def test_the_command_prints_and_carries_each_table_with_its_section(book, monkeypatch, capsys):
    """``xlbridge serve`` prints every section's tables as ``A 1`` .. ``B 4`` and hands the
    cards each table's section and number: the card of B 1's address says "Section B" over
    "Table 1", and that address logs a phone in as B 1."""
    import uvicorn

    from xlbridge.commands import serve
    from xlbridge.live import cards

    given: dict = {}

    def table_cards(title, tables, director, lang, out, *, force=False, sections=None):
        given.update(title=title, tables=tables, director=director, lang=lang, sections=sections)
        out.write_bytes(b"%PDF-1.4 cards")
        return out

    monkeypatch.setattr(uvicorn, "run", lambda *args, **kwargs: None)
    monkeypatch.setattr(cards, "table_cards", table_cards)
    monkeypatch.setattr(serve, "_address", lambda host: "192.168.1.20")
    assert cli.main(["serve", str(book), "--host", "0.0.0.0", "--port", "8000"]) == 0
    out = capsys.readouterr().out
    assert "8 tables in 2 sections (A, B)" in out
    printed = re.findall(r"^table (\w \d): (\S+)$", out, flags=re.M)
    assert [label for label, _ in printed] == [f"{s} {n}" for s in SECTIONS for n in range(1, TABLES + 1)]
    sheet = cards.cards_sheet(given["title"], given["tables"], given["director"], lang=given["lang"],
                              sections=given["sections"]).active
    texts = [sheet.cell(row, 2).value for row in range(1, sheet.max_row + 1)]
    b1 = dict(printed)["B 1"]
    at = texts.index(b1)
    card = [text for text in texts[:at] if text]  # the card's words above its address (the code's rows are blank)
    assert card[-3:] == [f"Section B, {given['title']}", "Table 1", "Scan to enter this table's results"]
    phone = Phone(create_app(book, read_event(book)), b1.removeprefix("http://192.168.1.20:8000"))
    assert "Section B, Table 1, round 1" in phone.page.text
