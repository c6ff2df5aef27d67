"""A two-section pairs.xlsx recalculated in LibreOffice (issue 19 part 6): every row's
matchpoints, every pair's percentage, its place overall and its place in its section equal
:func:`xlbridge.engine.sections_event`'s, scored across the field and within sections
(Setup's SectionScoring changed), with an adjusted score and a board short of results, by matchpoints,
Butler and cross-IMPs.
"""

from __future__ import annotations

from collections import Counter

import pytest

from tests import lo
from tests.test_sections_book import MITCHELL, filled, section_cards
from xlbridge import engine as E
from xlbridge import kinds
from xlbridge import workbooks as W
from xlbridge.engine import sections_event
from xlbridge.event import score_pairs
from xlbridge.workbooks.i18n import LANGUAGES, Labels
from xlbridge.workbooks.pairs import SCORING, SECTION_SCORING, TRAVELLER_ROWS

pytestmark = lo.needs_soffice

# (name, across, Fields, the book's movement or None for the default Mitchell, language, scoring)
CASES = [
    ("across", True, 2, None, "en", E.Scoring.MP),
    ("within", False, 1, None, "fi", E.Scoring.MP),
    ("howell-across", True, 1, E.movement("howell", 4, 14), "en", E.Scoring.MP),
    ("butler-within", False, 1, None, "en", E.Scoring.BUTLER),
    ("crossimps-across", True, 2, None, "ru", E.Scoring.CROSS_IMPS),
]


@pytest.fixture(scope="module")
def computed(tmp_path_factory):
    folder = tmp_path_factory.mktemp("sections")
    paths, rows_of = [], {}
    for name, across, fields, movement, lang, scoring in CASES:
        book, rows = filled(movement=movement, lang=lang)
        # The last row not played: its board one result short (Neuberg, to the field's most).
        for column in ("Contract", "Declarer", "Tricks"):
            W.named_cells(book, column)[len(rows) - 1].value = None
        rows = rows[:-1]
        if name == "within":  # a weighted score in each section (Law 12C1(c)), each on its section's board
            for index, text in ((3, "60% 4SN= 40% 4SN-1"), (len(rows) // 2 + 3, "50% 3NTS+1 50% 3NTS=")):
                for column, value in zip(("Contract", "Declarer", "Tricks"), (text, None, None), strict=True):
                    W.named_cells(book, column)[index].value = value
                rows[index] = (*rows[index][:4], text, None, None)
        W.write_named(book, "SectionScoring", [SECTION_SCORING.word(across, lang)])
        W.write_named(book, "Fields", [fields])
        W.write_named(book, "Scoring", [SCORING.word(scoring, lang)])
        if name == "across":  # handicaps for three pairs: the handicapped ranking, every section together
            handicaps = W.named_cells(book, "PairHandicap")
            for index, points in ((0, 4), (11, -2.5), (15, 6)):
                handicaps[index].value = points
        path = W.save(book, folder / f"{name}.xlsx")
        paths.append(path)
        report = score_pairs(kinds.check(kinds.read(path)).event)  # check and report read the book
        rows_of[name] = (rows, sections_event(rows, across=across, fields=fields, scoring=scoring), report)
    done = lo.recalc(paths, tmp_path_factory.mktemp("sections-calc"))
    return {path.stem: (lo.Values(path), *rows_of[path.stem]) for path in done}


def test_the_handicapped_ranking_equals_the_report(computed):
    values, _rows, _event, report = computed["across"]
    shown = [(s, n, str(place), percent) for s, n, place, percent in zip(
        *(values.read(name) for name in ("HandicapSection", "HandicapPair", "HandicapPlace", "HandicapPercent")),
        strict=True) if n not in (None, "")]
    assert len(report.handicapped) == 20
    assert [(s, n, place) for s, n, place, _ in shown] == [(*line.pair, line.place) for line in report.handicapped]
    assert [percent for *_, percent in shown] == [pytest.approx(line.percent, abs=1e-9) for line in report.handicapped]


@pytest.mark.parametrize("name", [case[0] for case in CASES])
def test_every_figure_equals_the_engine(computed, name):
    values, rows, event, report = computed[name]
    assert report.sectioned is not None and report.sectioned.pairs == event.pairs  # `report` scores the book alike
    assert not values.errors()
    assert any(row[4] == "A60/40" for row in rows)  # an adjusted score among them
    imps = event.scoring.imps
    mpns, mpew = (values.read(f"{'IMPs' if imps else 'MP'}{side}") for side in ("NS", "EW"))
    for index, points in enumerate(event.rows):
        assert (mpns[index], mpew[index]) == (pytest.approx(points.ns, abs=1e-9), pytest.approx(points.ew, abs=1e-9)), (
            index, rows[index])
    assert mpns[len(rows)] in (None, "")  # the row not played scores nothing
    figure = "PairIMPs" if imps else "PairPercent"
    lines = {(s, n): (p, place, own) for s, n, p, place, own in zip(
        *(values.read(name) for name in ("PairSection", "PairNumber", figure, "PairPlace", "PairSectionPlace")),
        strict=True) if n is not None}
    assert set(lines) == set(event.pairs)
    for key, line in event.pairs.items():
        percent, place, own = lines[key]
        assert percent == pytest.approx(line.total.imps if imps else line.total.percent, abs=1e-9), key
        assert (str(place), str(own)) == (line.total.place, line.section_place), key
    # The Ranking sheet: overall, best first, each pair with its section and its place there.
    ranked = [(s, n, str(place), str(own)) for s, n, place, own in zip(
        *(values.read(name) for name in ("RankSection", "RankPair", "RankPlace", "RankSectionPlace")), strict=True)
        if n not in (None, "")]
    assert ranked == [(p.section, p.total.pair, p.total.place, p.section_place)
                      for field in event.field_list for p in event.ranking(field)]


def test_each_sections_weighted_score_is_listed_under_its_traveller(computed):
    values, rows, _event, _report = computed["within"]
    weighted = [row for row in rows if "%" in str(row[4])]
    assert [row[0] for row in weighted] == ["A", "B"]
    travellers = values.sheets[Labels("fi", "pairs")("travellers")]
    tables = 2 * MITCHELL.tables  # a traveller has a row for every section's table
    height = TRAVELLER_ROWS + tables + 1
    for _section, board, *_rest, text, _declarer, _tricks in weighted:
        note = travellers.get((1 + (board - 1) * height + TRAVELLER_ROWS + tables, 2))  # under the board's rows
        assert isinstance(note, str) and text in note, (board, text, note)


def test_across_and_within_differ(computed):
    """The two ways really score differently (else the comparison above proves little)."""
    across, within = computed["across"][2], computed["within"][2]
    assert across.across and not within.across
    assert [r.ns for r in across.rows] != [r.ns for r in within.rows]


def test_sizes_the_issue_names_compute_with_threaded_formula_groups(tmp_path):
    """Sectioned books of the sizes whose one-section books once showed Err:522 under
    LibreOffice's threaded formula groups (issue 19 part 5), filled and blank, within sections
    and across: no error value anywhere (the tests' LibreOffice runs with threading on, as
    users have it, recalculating on load)."""
    paths = []
    for index, (kind, tables, boards, count) in enumerate((("mitchell", 6, 18, 2), ("mitchell", 9, 18, 2),
                                                           ("mitchell", 8, 16, 3), ("howell", 5, 27, 2))):
        movement = E.movement(kind, tables, boards)
        book, _rows = filled(sections=count, movement=movement, seed=index)
        if index % 2:
            W.write_named(book, "SectionScoring", [SECTION_SCORING.word(False, "en")])
        paths.append(W.save(book, tmp_path / f"{kind}-{tables}x{boards}-{count}.xlsx"))
        paths.append(W.save(W.build("pairs", movement=movement, sections=count), tmp_path / f"blank-{index}.xlsx"))
    done = lo.recalc(paths, tmp_path / "calc")
    assert len(done) == len(paths)
    for path in done:
        values = lo.Values(path)
        assert not values.errors(), (path.name, values.errors()[:3])
        percents = [p for p in values.read("PairPercent") if p not in (None, "")]
        assert len(percents) == (0 if path.stem.startswith("blank") else len(values.read("PairPercent"))
                                 - values.read("PairNumber").count(None)), path.name


def test_printed_section_cards_keep_every_word(tmp_path):
    """Each section's cards printed to PDF, in every language: every word of every card
    (its section's title among them) is in the PDF's own text, none cut short."""
    paths, expected = [], {}
    for lang in LANGUAGES:
        book = section_cards(lang, E.movement("howell", 5, 27))
        path = tmp_path / f"cards-{lang}.xlsx"
        book.save(path)
        paths.append(path)
        words: Counter[str] = Counter()
        for sheet in book.worksheets:
            if sheet.sheet_state == "visible":
                words.update(word for row in sheet.iter_rows() for cell in row
                             if cell.value is not None and not str(cell.value).startswith("=")
                             for word in str(cell.value).split())
        expected[path.stem] = words
    for pdf in lo.to_pdf(paths, tmp_path / "pdf"):
        printed = Counter(word.text for page in lo.pdf_words(pdf) for word in page.words)
        assert not expected[pdf.stem] - printed, (pdf.stem, list((expected[pdf.stem] - printed).items())[:10])
        title = Labels(pdf.stem.split("-")[1], "pairs")("section_card", section="B", card="")
        assert printed[title.split()[0]] >= 2 * 5, pdf.stem  # "Section" on every table card and more
