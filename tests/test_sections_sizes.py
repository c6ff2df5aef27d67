"""pairs.xlsx of sections of different sizes and movements (issue 19 part 6): 15 tables split
8 + 7, a Mitchell in A beside a Howell in B. Each section's own movement rows, pairs, cards and
Movement sheet rows; the command's lists (``--tables 8,7``, ``--movement mitchell,howell``,
``--boards 24,26``) and their one-line errors; ``check`` of a filled book, a row refused by its own
section's movement; ``serve`` numbering the tables across the sections; and, in LibreOffice,
every figure of a filled book equal to :func:`xlbridge.engine.sections_event`'s, across the field
and within sections.
"""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import openpyxl
import pytest

from tests import lo
from tests.test_cards_print import assert_every_text_fits
from tests.test_sections_book import section_cards
from xlbridge import cli, kinds
from xlbridge import engine as E
from xlbridge import workbooks as W
from xlbridge.engine import sections_event
from xlbridge.event import score_pairs
from xlbridge.workbooks.i18n import LANGUAGES, Labels
from xlbridge.workbooks.pairs import SECTION_SCORING

# 15 tables as clubs split them: a relay Mitchell of 8 (8 rounds) beside a Mitchell of 7, 3 boards a round;
# and a Mitchell of 8 beside a Howell of 7 (13 rounds of 2 boards: 26, two boards B alone plays).
EIGHT_SEVEN = (E.movement("mitchell", 8, 24, variant="relay"), E.movement("mitchell", 7, 21))
MIXED = (E.movement("mitchell", 8, 24), E.movement("howell", 7, 26))


def fill(movements: tuple[E.Movement, ...], seed: int = 3) -> tuple[openpyxl.Workbook, list[tuple]]:
    """A book of ``movements`` (one a section), every prefilled row given a result, row 7 an
    adjusted score (A60/40) and the last row left unplayed (its board one result short). Returns
    the book and the played rows (section, board, ns, ew, contract, declarer, tricks), read back
    from the book's own prefilled cells."""
    book = W.build("pairs", movement=movements)
    count = sum(len(m.results()) for m in movements)
    rng = random.Random(seed)
    plays: list[tuple] = []
    for index in range(count):
        if index == 7:
            plays.append(("A60/40", None, None))
        elif index == count - 1:
            plays.append((None, None, None))
        else:
            contract = rng.choice(["4S", "3NT", "2H", "5DX", "1C"])
            plays.append((contract, rng.choice("NESW"),
                          E.parse_contract(contract).tricks_needed + rng.choice([-2, -1, 0, 0, 1])))
    for i, name in enumerate(("Contract", "Declarer", "Tricks")):
        W.write_named(book, name, [play[i] for play in plays])
    columns = [W.read_named(book, name)[:count] for name in ("Section", "Board", "NS", "EW")]
    rows = [(*inputs, *play) for *inputs, play in zip(*columns, plays, strict=True)]
    return book, rows[:-1]


# --- the book ---------------------------------------------------------------------------


@pytest.mark.parametrize("movements", [EIGHT_SEVEN, MIXED], ids=["8+7", "mitchell+howell"])
def test_each_section_has_its_own_movement_rows_and_pairs(movements):
    book = W.build("pairs", movement=movements)
    own = [[(s, *row) for row in m.results()] for s, m in zip("AB", movements, strict=True)]
    prefilled = list(zip(*(W.read_named(book, name) for name in ("Section", "RoundNo", "TableNo", "Board", "NS",
                                                                   "EW")), strict=True))
    assert prefilled[:len(own[0]) + len(own[1])] == own[0] + own[1]
    assert set(prefilled[len(own[0]) + len(own[1]):]) == {(None,) * 6}  # the rest blank, for rows typed by hand
    listed = [(s, n) for s, n in zip(W.read_named(book, "PairSection"), W.read_named(book, "PairNumber"),
                                     strict=True) if n is not None]
    assert listed == [(s, n) for s, m in zip("AB", movements, strict=True) for n in m.pair_numbers]
    assert W.read_named(book, "TableCount") == [15]  # every section's tables; each one's beside it
    assert W.read_named(book, "BoardCount") == [max(m.boards for m in movements)]
    assert W.read_named(book, "BoardSlots") == [15]
    # The Movement sheet: each section's rows, named.
    moves = list(zip(*(W.read_named(book, name) for name in ("MoveSection", "MoveRound", "MoveTable", "MoveNS",
                                                               "MoveEW")), strict=True))
    assert moves == [(s, r.round, r.table, r.ns, r.ew) for s, m in zip("AB", movements, strict=True) for r in m.rows]
    text = W.read_named(book, "MovementText")[0]
    assert f"A: {movements[0]}" in text and f"B: {movements[1]}" in text
    # Fields: two winners only when every section is a two-winner Mitchell.
    assert W.read_named(book, "Fields") == [2 if all(m.kind == "mitchell" for m in movements) else 1]


def test_the_old_call_runs_one_movement_in_every_section():
    movement = E.movement("mitchell", 5, 20)
    one, two = W.build("pairs", movement=movement, sections=2), W.build("pairs", movement=(movement, movement))
    for name in ("Section", "Board", "NS", "EW", "PairSection", "PairNumber", "TableCount", "MoveRound"):
        assert W.read_named(one, name) == W.read_named(two, name), name
    assert "MoveSection" not in one.defined_names and W.read_named(one, "TableCount") == [5]


def test_a_blank_book_of_two_sizes():
    book = W.build("pairs", tables=(8, 7), boards=24)
    listed = Counter(s for s in W.read_named(book, "PairSection") if s)
    assert listed == {"A": 16, "B": 14}
    assert W.read_named(book, "TableCount") == [15] and len(W.read_named(book, "Board")) == 15 * 24
    with pytest.raises(E.OptionError, match=r"sections 3: the tables give 2 sections \(8, 7\)"):
        W.build("pairs", tables=(8, 7), sections=3)
    with pytest.raises(E.OptionError, match=r"sections of 30 \+ 31 tables: at most 60 tables in all"):
        W.build("pairs", tables=(30, 31))
    with pytest.raises(E.OptionError, match="sections 3: the movements give 2 sections"):
        W.build("pairs", movement=MIXED, sections=3)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_sections_cards_come_from_its_own_movement_and_fit(lang):
    workbook = section_cards(lang, MIXED)
    t = Labels(lang, "pairs")
    assert assert_every_text_fits(workbook, lang) > 100
    titles = [cell.value for cell in workbook[t("table_cards")[:31]]["A"]
              if isinstance(cell.value, str) and cell.font.sz == 14]
    assert titles == [t("section_card", section=s, card=t("table_card", table=table))
                      for s, m in zip("AB", MIXED, strict=True) for table in range(1, m.tables + 1)]
    guide = [cell.value for cell in workbook[t("guide_cards")[:31]]["A"] if isinstance(cell.value, str)]
    assert t("section_card", section="B", card=t("pair_card", pair=14)) in guide
    assert t("section_card", section="B", card=t("pair_card", pair=15)) not in guide
    # The travellers: B's boards 25-26 (its Howell plays 26), none for A.
    travellers = [cell.value for cell in workbook[t("paper_travellers")[:31]]["A"] if isinstance(cell.value, str)]
    assert t("section_card", section="B", card=f"{t('board')} 26") in travellers
    assert t("section_card", section="A", card=f"{t('board')} 25") not in travellers
    # Each section's set-up under the movement, titled with its section.
    movement_sheet = [cell.value for row in workbook[t("movement")[:31]].iter_rows() for cell in row]
    for s in "AB":
        assert t("section_card", section=s, card=t("setup_title")) in movement_sheet


# --- the command, check and serve --------------------------------------------------------


def run(capsys: pytest.CaptureFixture[str], *args: object) -> tuple[int, str, str]:
    code = cli.main(["workbooks", "pairs", *map(str, args)])
    out, err = capsys.readouterr()
    return code, out.strip(), err.strip()


def test_the_command_writes_sections_of_two_sizes(tmp_path: Path, capsys):
    code, out, err = run(capsys, "--movement", "mitchell", "--tables", "8,7", "--boards", "24", "--out", tmp_path)
    assert (code, err) == (0, "")
    # One --boards for both: 7 Mitchell tables cannot play 24 (7 sets), so B plays its own sets at A's 3 a round.
    eight, seven = E.movement("mitchell", 8, 24), E.movement("mitchell", 7, 21)
    assert out == f"{tmp_path / 'pairs.xlsx'}: A: {eight}; B: {seven}"
    book = openpyxl.load_workbook(tmp_path / "pairs.xlsx")
    assert Counter(W.read_named(book, "Section")) == {"A": 8 * 21, "B": 7 * 21, None: 15 * 24 - 15 * 21}
    code, out, err = run(capsys, "--movement", "mitchell,howell", "--tables", "8,7", "--boards", "24,26", "--out",
                         tmp_path / "mixed")
    assert (code, err) == (0, "") and out.endswith(f"A: {MIXED[0]}; B: {MIXED[1]}")
    # --variant only where a section's movement has one: the 8 tables' relay, none for the 7.
    code, out, err = run(capsys, "--movement", "mitchell", "--tables", "8,7", "--boards", "24", "--variant", "relay",
                         "--out", tmp_path / "relay")
    assert (code, err) == (0, "") and out.endswith(f"A: {EIGHT_SEVEN[0]}; B: {EIGHT_SEVEN[1]}")
    code, out, err = run(capsys, "--tables", "8,7", "--boards", "24", "--out", tmp_path / "blank")
    assert (code, out) == (0, f"{tmp_path / 'blank' / 'pairs.xlsx'}: 2 sections of 8 + 7 tables, 24 boards")


@pytest.mark.parametrize(("args", "line"), [
    (("--movement", "mitchell", "--tables", "8,7", "--boards", "24", "--sections", "3"),
     "xlbridge: --sections 3: the lists give 2 sections"),
    (("--movement", "mitchell", "--tables", "8,7,6", "--boards", "24,21"),
     "xlbridge: --boards 24,21: 2 values for 3 sections (give one for every section, or one a section)"),
    (("--movement", "mitchell,howell", "--tables", "8,7", "--boards", "24,21"),
     "xlbridge: section B: boards 21: a 7-table Howell has 13 board sets, so boards must be a multiple of 13 "
     "(13 or 26)"),
    (("--movement", "howell", "--tables", "8,7", "--boards", "24"),
     "xlbridge: section A: boards 24: a 8-table Howell has 15 board sets, so boards must be a multiple of 15 "
     "(15 or 30)"),
    (("--movement", "mitchell", "--tables", "8,31", "--boards", "24"),
     "xlbridge: section B: tables 31: a Mitchell here has 3-30 tables"),
    (("--movement", "mitchell,bridge", "--tables", "8,7", "--boards", "24"),
     "xlbridge: --movement mitchell,bridge: each must be mitchell or howell"),
    (("--movement", "mitchell", "--tables", "7,9", "--boards", "21,27", "--variant", "relay"),
     "xlbridge: --variant relay: only an even-table Mitchell has one (skip or relay)"),
    (("--tables", "8,x"), "xlbridge: --tables 8,x: give a whole number, or one a section separated by commas (8,7)"),
    (("--tables", "8,7", "--boards", "24,21"),
     "xlbridge: --boards 24,21: a blank book has one count of boards (a list needs --movement)"),
    (("--movement", "mitchell", "--tables", "8,7", "--boards", "24", "--pairs", "15"),
     "xlbridge: --pairs: not with sections of their own sizes (each section seats two pairs a table)"),
])
def test_the_command_refuses_in_one_line(tmp_path: Path, capsys, args, line):
    code, out, err = run(capsys, *args, "--out", tmp_path)
    assert (code, out, err.splitlines()) == (2, "", [line])
    assert not (tmp_path / "pairs.xlsx").exists()


def test_a_list_is_for_pairs_sections_only(tmp_path: Path, capsys):
    code = cli.main(["workbooks", "teams-event", "--teams", "8", "--boards", "6,7", "--out", str(tmp_path)])
    assert code == 2
    assert capsys.readouterr().err.strip() == "xlbridge: --boards: a list (one a section) is for pairs.xlsx's " \
                                              "sections only"


@pytest.mark.parametrize("movements", [EIGHT_SEVEN, MIXED], ids=["8+7", "mitchell+howell"])
def test_check_reads_each_sections_movement(tmp_path: Path, capsys, movements):
    book, rows = fill(movements)
    path = W.save(book, tmp_path / "filled.xlsx")
    assert cli.main(["check", str(path)]) == 0
    out = capsys.readouterr().out
    assert f"{len(rows)} results: no problems" in out
    checked = kinds.check(kinds.read(path))
    assert [(r.section, r.board, r.ns, r.ew) for r in checked.event.results] == [row[:4] for row in rows]
    # A row that fits A's movement but not B's: B's table 8 (A has one, B has not), and pairs B does not seat there.
    table, ns = W.named_cells(book, "TableNo"), W.named_cells(book, "NS")
    first_b = len(movements[0].results())
    table[first_b].value = 8
    ns[first_b + 1].value = 9 if ns[first_b + 1].value != 9 else 10
    bad = W.save(book, tmp_path / "bad.xlsx")
    assert cli.main(["check", str(bad)]) == 1
    lines = capsys.readouterr().out.splitlines()
    round_no = W.read_named(book, "RoundNo")[first_b]
    assert any(line.endswith(f": section B, round {round_no}, table 8: not in the movement") for line in lines), lines
    r = movements[1].results()[1]
    place = movements[1].at(r[0], r[1])
    assert any(f"section B, round {r[0]}, table {r[1]}: the movement has NS {place.ns} v EW {place.ew}" in line
               for line in lines), lines


def test_serve_numbers_the_tables_across_the_sections(tmp_path: Path):
    pytest.importorskip("starlette", reason="the serve extra is not installed: pip install 'xlbridge[serve]'")
    from xlbridge.live.event import read_event

    book, _rows = fill(MIXED)
    event = read_event(W.save(book, tmp_path / "served.xlsx"))
    assert len(event.places) == sum(len(m.rows) for m in MIXED)
    labels = {place.table: place.label for place in event.places}
    # A's 8 tables are 1-8, B's 7 follow (B 1 is table 9, as --write numbers them: after the most tables a section has).
    assert labels == {**{t: f"A {t}" for t in range(1, 9)}, **{8 + t: f"B {t}" for t in range(1, 8)}}
    b3 = next(place for place in event.places if place.label == "B 3" and place.round == 2)
    assert (b3.ns, b3.ew, b3.boards) == (lambda s: (s.ns, s.ew, s.boards))(MIXED[1].at(2, 3))
    assert sum(len(place.boards) for place in event.places if place.section == "B" and not place.sits_out) == len(
        MIXED[1].results())


# --- LibreOffice ---------------------------------------------------------------------------

CASES = [("8+7-across", EIGHT_SEVEN, True, 2), ("8+7-within", EIGHT_SEVEN, False, 2),
         ("mixed-across", MIXED, True, 1), ("mixed-within", MIXED, False, 1)]


@pytest.fixture(scope="module")
def computed(tmp_path_factory):
    if not lo.soffice_available():
        pytest.skip("LibreOffice (soffice) is not installed")
    folder = tmp_path_factory.mktemp("sizes")
    paths, rows_of = [], {}
    for name, movements, across, fields in CASES:
        book, rows = fill(movements, seed=len(name))
        W.write_named(book, "SectionScoring", [SECTION_SCORING.word(across, "en")])
        path = W.save(book, folder / f"{name}.xlsx")
        paths.append(path)
        report = score_pairs(kinds.check(kinds.read(path)).event)
        rows_of[name] = (rows, sections_event(rows, across=across, fields=fields), report)
    done = lo.recalc(paths, tmp_path_factory.mktemp("sizes-calc"))
    return {path.stem: (lo.Values(path), *rows_of[path.stem]) for path in done}


@lo.requires_soffice
@pytest.mark.parametrize("name", [case[0] for case in CASES])
def test_every_figure_equals_the_engine(computed, name):
    values, rows, event, report = computed[name]
    assert report.sectioned is not None and report.sectioned.pairs == event.pairs  # `report` scores the book alike
    assert not values.errors()
    assert any(row[4] == "A60/40" for row in rows)
    mpns, mpew = values.read("MPNS"), values.read("MPEW")
    for index, points in enumerate(event.rows):
        assert (mpns[index], mpew[index]) == (pytest.approx(points.ns, abs=1e-9), pytest.approx(points.ew, abs=1e-9)), (
            index, rows[index])
    assert mpns[len(rows)] in (None, "")  # the row not played scores nothing
    lines = {(s, n): (p, mp, place, own) for s, n, p, mp, place, own in zip(
        *(values.read(name) for name in ("PairSection", "PairNumber", "PairPercent", "PairMP", "PairPlace",
                                         "PairSectionPlace")), strict=True) if n is not None}
    assert set(lines) == set(event.pairs)
    for key, line in event.pairs.items():
        percent, mp, place, own = lines[key]
        assert (percent, mp) == (pytest.approx(line.total.percent, abs=1e-9),
                                 pytest.approx(line.total.mp, abs=1e-9)), key
        assert (str(place), str(own)) == (line.total.place, line.section_place), key
    ranked = [(s, n, str(place), str(own)) for s, n, place, own in zip(
        *(values.read(name) for name in ("RankSection", "RankPair", "RankPlace", "RankSectionPlace")), strict=True)
        if n not in (None, "")]
    assert ranked == [(p.section, p.total.pair, p.total.place, p.section_place)
                      for field in event.field_list for p in event.ranking(field)]


@lo.requires_soffice
@pytest.mark.parametrize("name", [case[0] for case in CASES])
def test_setup_counts_each_sections_own_results(computed, name):
    """The results expected are each section's movement's; the automatic ExpectedResults note says
    the most any board has in the whole field (across), or each section's own most (within)."""
    values, rows, _event, _report = computed[name]
    movements = EIGHT_SEVEN if name.startswith("8+7") else MIXED
    setup = values.sheets["Setup"]
    assert setup.get((20, 3)) == len(rows)  # ResultsEntered: the rows with a result, the adjusted one among them
    assert setup.get((20, 5)) == sum(len(m.results()) for m in movements)
    most = {s: max(Counter(row[1] for row in rows if row[0] == s).values()) for s in "AB"}
    field = max(Counter(row[1] for row in rows).values())
    note = setup.get((11, 3))
    assert note == (f"automatic: {field}" if name.endswith("across") else f"automatic: A {most['A']}, B {most['B']}")
    if name == "8+7-within":
        assert most == {"A": 8, "B": 7}  # the relay Mitchell plays each set 8 times, B's 7: the note tells them apart


def test_serve_enters_a_howell_sections_result_into_its_row(tmp_path: Path):
    """End to end on the Mitchell A + Howell B book: B 3's phone enters a board of its Howell's
    first round (A 3 plays other boards then), ``--write`` puts it in B's row, ``check`` passes."""
    pytest.importorskip("starlette", reason="the serve extra is not installed: pip install 'xlbridge[serve]'")
    from tests.test_serve_sections import Phone, book_results, message
    from xlbridge.live.app import create_app
    from xlbridge.live.event import read_event

    assert cli.main(["workbooks", "pairs", "--movement", "mitchell,howell", "--tables", "8,7", "--boards", "24,26",
                     "--out", str(tmp_path)]) == 0
    path = tmp_path / "pairs.xlsx"
    live = read_event(path)
    app = create_app(path, live)
    code = app.app.state.server.codes
    seat = MIXED[1].at(1, 3)
    assert seat.boards != MIXED[0].at(1, 3).boards
    table = 8 + 3  # B 3
    phone = Phone(app, f"/t/{code[f't{table}']}")
    assert "Section B, Table 3" in phone.page.text
    board = seat.boards[0]
    answer = phone.enter(table, board, ("3", "N", "", "S", "9"))
    assert answer.status_code == 200 and message(answer).startswith(f"Saved: board {board}"), message(answer)
    assert phone.post("/table/confirm", board=board, round=1, table=table).status_code == 200
    assert cli.main(["serve", "--write", str(path)]) == 0
    assert book_results(path) == {("B", 1, 3, board, seat.ns, seat.ew): ("3N", "S", 9)}
    assert cli.main(["check", str(path)]) == 0


@lo.requires_soffice
def test_printed_cards_of_two_movements_keep_every_word(tmp_path: Path):
    """Each section's cards from its own movement, printed to PDF (English, Mitchell A + Howell B;
    Russian, the relay Mitchell of 8 with its bye stand beside 7 tables): every word of every card,
    the Movement sheet and its two set-ups among them, is in the PDF's own text."""
    expected = {}
    for lang, movements in (("en", MIXED), ("ru", EIGHT_SEVEN)):
        book = section_cards(lang, movements)
        path = tmp_path / f"cards-{lang}.xlsx"
        book.save(path)
        expected[path.stem] = Counter(word for sheet in book.worksheets if sheet.sheet_state == "visible"
                                      for row in sheet.iter_rows() for cell in row
                                      if cell.value is not None and not str(cell.value).startswith("=")
                                      for word in str(cell.value).split())
    pdfs = lo.to_pdf([tmp_path / f"{stem}.xlsx" for stem in expected], tmp_path / "pdf")
    assert len(pdfs) == 2
    for pdf in pdfs:
        printed = Counter(word.text for page in lo.pdf_words(pdf) for word in page.words)
        missing = expected[pdf.stem] - printed
        assert not missing, (pdf.stem, list(missing.items())[:10])


@lo.requires_soffice
def test_blank_books_of_two_sizes_compute(tmp_path: Path):
    """Blank books (no result yet) recalculated in LibreOffice with its threaded formula groups:
    no error value; the results expected are each section's own (a blank book: its tables x the
    boards, BoardCount changed to 20 after writing), with each section's tables beside TableCount."""
    blank = W.build("pairs", tables=(8, 7), boards=24)
    W.write_named(blank, "BoardCount", [20])
    paths = [W.save(blank, tmp_path / "blank.xlsx"), W.save(W.build("pairs", movement=MIXED), tmp_path / "mixed.xlsx")]
    done = {path.stem: lo.Values(path) for path in lo.recalc(paths, tmp_path / "calc")}
    assert set(done) == {"blank", "mixed"}
    for stem, values in done.items():
        assert not values.errors(), (stem, values.errors()[:3])
        setup = values.sheets["Setup"]
        assert setup.get((5, 3)) == "A 8, B 7"
        assert setup.get((20, 5)) == (15 * 20 if stem == "blank" else sum(len(m.results()) for m in MIXED))
        assert setup.get((20, 3)) == 0
