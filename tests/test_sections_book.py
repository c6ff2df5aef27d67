"""pairs.xlsx of two or more sections (issue 19 part 6): the book's structure, its Setup
option, its cards, `check` and `report` of a filled book, and the command's bad input.

The formulas' figures are LibreOffice's business: tests/test_sections_lo.py recalculates a
filled book and compares every figure with :func:`xlbridge.engine.sections_event`.
"""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import openpyxl
import pytest

from tests.test_cards_print import assert_every_text_fits
from xlbridge import engine as E
from xlbridge import kinds
from xlbridge import workbooks as W
from xlbridge.engine import BridgeInputError, OptionError, sections_event
from xlbridge.event import score_pairs
from xlbridge.workbooks import cards
from xlbridge.workbooks.book import Book
from xlbridge.workbooks.i18n import LANGUAGES, Labels
from xlbridge.workbooks.pairs import SECTION_SCORING

MITCHELL = E.movement("mitchell", 5, 20)  # 5 tables, 10 pairs, 5 rounds of 4 boards


def xlbridge(*args: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "xlbridge", *map(str, args)], capture_output=True, text=True,
                          timeout=120)


def filled(sections: int = 2, seed: int = 5, movement: E.Movement | None = None,
           lang: str = "en") -> tuple[openpyxl.Workbook, list[tuple]]:
    """A sectioned book from the movement (by default :data:`MITCHELL`), every prefilled row
    given a result (one adjusted); returns it and its rows (section, board, ns, ew, contract,
    declarer, tricks)."""
    movement = movement or MITCHELL
    book = W.build("pairs", movement=movement, sections=sections, lang=lang)
    rng = random.Random(seed)
    count = sections * len(movement.results())
    plays = []
    for index in range(count):
        if index == 7:
            plays.append(("A60/40", None, None))
            continue
        contract = rng.choice(["4S", "3NT", "2H", "5DX"])
        plays.append((contract, rng.choice("NESW"), E.parse_contract(contract).tricks_needed + rng.choice([-1, 0, 1])))
    for i, name in enumerate(("Contract", "Declarer", "Tricks")):
        W.write_named(book, name, [play[i] for play in plays])
    columns = [W.read_named(book, name)[:count] for name in ("Section", "Board", "NS", "EW")]
    return book, [(*inputs, *play) for *inputs, play in zip(*columns, plays, strict=True)]


def test_two_sections_each_run_the_movement_with_the_same_boards():
    book = W.build("pairs", movement=MITCHELL, sections=2)
    results = MITCHELL.results()
    sections = W.read_named(book, "Section")
    assert sections[:2 * len(results)] == ["A"] * len(results) + ["B"] * len(results)
    boards, ns, ew = (W.read_named(book, name) for name in ("Board", "NS", "EW"))
    for half in (0, len(results)):  # each section's rows are the movement's
        assert [(b, n, e) for b, n, e in zip(boards[half:], ns[half:], ew[half:], strict=False)][:len(results)] == [
            (board, north, east) for _, _, board, north, east in results]
    # Both sections' pairs, numbered within their section; every results row a slot on its board.
    listed = [(s, n) for s, n in zip(W.read_named(book, "PairSection"), W.read_named(book, "PairNumber"),
                                     strict=True) if n is not None]
    assert listed == [(s, n) for s in "AB" for n in MITCHELL.pair_numbers]
    assert W.read_named(book, "Sections") == ["A", "B"]
    assert W.read_named(book, "BoardSlots") == [2 * MITCHELL.tables]
    assert len(W.read_named(book, "Board")) == 2 * MITCHELL.tables * MITCHELL.boards
    assert W.read_named(book, "SectionScoring") == [SECTION_SCORING.word(True, "en")]
    assert W.read_named(book, "TableCount") == [MITCHELL.tables]
    for name in ("PairSectionPlace", "PairPlace"):
        assert len(W.read_named(book, name)) == len(W.read_named(book, "PairNumber"))


def test_three_sections_and_a_blank_book():
    book = W.build("pairs", tables=4, boards=12, sections=3)
    assert W.read_named(book, "Sections") == ["A", "B", "C"]
    assert [s for s in W.read_named(book, "PairSection") if s] == [s for s in "ABC" for _ in range(8)]
    assert W.read_named(book, "Section") == [None] * (3 * 4 * 12)  # typed by the director
    assert W.read_named(book, "BoardSlots") == [12]


def test_a_book_of_one_section_has_none_of_it():
    book = W.build("pairs", movement=MITCHELL)
    names = set(book.defined_names)
    assert not names & {"Section", "Sections", "PairSection", "PairSectionPlace", "SectionScoring"}
    assert not any("SectionScorings" in name for name in names)


@pytest.mark.parametrize("count", [0, -2, 27])  # 1, the default: a book of one section
def test_a_section_count_out_of_range_is_refused(count):
    with pytest.raises(OptionError, match=f"sections {count}: must be 2-26"):
        W.build("pairs", tables=5, boards=10, sections=count)


def test_the_scoring_words_in_every_language():
    assert [SECTION_SCORING.words(lang) for lang in LANGUAGES] == [
        ("Across the field", "Within sections"), ("Koko kenttä", "Sektioittain"), ("По всему полю", "По секциям")]
    for lang in LANGUAGES:
        across, within = SECTION_SCORING.words(lang)
        assert SECTION_SCORING.parse(f" {across.upper()} ") is True
        assert SECTION_SCORING.parse(within) is False
    with pytest.raises(BridgeInputError,
                       match='section scoring "apart": choose Across the field or Within sections, or a word'):
        SECTION_SCORING.parse("apart")


def section_cards(lang: str, movement: E.Movement) -> openpyxl.Workbook:
    """A book of the movement's sheets only, for sections A and B, with a long event name."""
    book = Book(lang=lang, namespace="pairs", event="Kallio Bridge Club Tuesday")
    names = book.sheet("names")
    book.put(names, "A1", "Kallio Bridge Club Tuesday")
    book.define("EventName", names, "A1")
    book.define("EventDate", names, "A2")
    cards.build(book, movement, sections=("A", "B"))
    names.sheet_state = "hidden"
    workbook = book.finish()
    workbook.active = 1
    return workbook


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_card_names_its_section_and_fits(lang):
    workbook = section_cards(lang, E.movement("mitchell", 15, 30, arrow_switch=True))
    t = Labels(lang, "pairs")
    assert assert_every_text_fits(workbook, lang) > 100
    sheet = workbook[t("table_cards")[:31]]
    titles = [cell.value for cell in sheet["A"] if isinstance(cell.value, str) and cell.font.sz == 14]
    assert titles == [t("section_card", section=s, card=t("table_card", table=table))
                      for s in "AB" for table in range(1, 16)]
    guide = workbook[t("guide_cards")[:31]]
    assert t("section_card", section="B", card=t("pair_card", pair=30)) in [cell.value for cell in guide["A"]]


def test_check_and_report_score_a_sectioned_book(tmp_path: Path):
    book, rows = filled()
    W.write_named(book, "SectionScoring", ["Sektioittain"])  # any language's word
    path = W.save(book, tmp_path / "sections.xlsx")
    checked = kinds.check(kinds.read(path))
    assert checked.problems == ()
    event = checked.event
    assert event.sections == ("A", "B") and event.across is False
    assert {(p.section, p.number) for p in event.pairs} == {(s, n) for s in "AB" for n in range(1, 11)}
    assert [(r.section, r.board, r.ns, r.ew) for r in event.results] == [row[:4] for row in rows]
    report = score_pairs(event)
    expected = sections_event(rows, across=False, fields=2)
    assert report.sectioned is not None and set(report.sectioned.pairs) == set(expected.pairs)
    for key, line in expected.pairs.items():
        mine = report.sectioned.pairs[key]
        assert (mine.total.percent, mine.total.place, mine.section_place) == (
            pytest.approx(line.total.percent), line.total.place, line.section_place)
    done = xlbridge("report", path)
    assert done.returncode == 0, done.stderr
    assert "within sections" in done.stdout
    best = expected.ranking(E.Side.NS, section="B")[0]
    assert f"{best.total.percent:.2f}" in done.stdout


def test_check_names_a_row_of_no_section_and_a_pair_not_in_its_section(tmp_path: Path):
    book, _rows = filled()
    section, ns = W.named_cells(book, "Section"), W.named_cells(book, "NS")
    section[3].value = "C"
    section[4].value = None
    ns[len(MITCHELL.results()) + 2].value = 12  # section B has pairs 1-10
    path = W.save(book, tmp_path / "bad.xlsx")
    done = xlbridge("check", path)
    assert done.returncode == 1
    lines = done.stdout.splitlines()
    assert f"Results!{section[3].coordinate}: section C: the book's sections are A, B" in lines
    assert f"Results!{section[4].coordinate}: no section (the book's sections are A, B)" in lines
    assert f"Results!{ns[len(MITCHELL.results()) + 2].coordinate}: pair 12 is not in section B (its pairs are 1-10)" \
        in lines


def test_the_command_writes_one_book_and_refuses_bad_counts(tmp_path: Path):
    done = xlbridge("workbooks", "pairs", "--sections", "2", "--movement", "mitchell", "--tables", "5", "--boards",
                    "20", "--out", tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"{tmp_path / 'pairs.xlsx'}: {MITCHELL}, 2 sections"
    book = openpyxl.load_workbook(tmp_path / "pairs.xlsx")
    assert W.read_named(book, "Sections") == ["A", "B"]
    again = xlbridge("workbooks", "pairs", "--sections", "2", "--tables", "5", "--out", tmp_path)
    assert again.returncode == 2 and "already exists" in again.stderr
    blank = xlbridge("workbooks", "pairs", "--sections", "3", "--tables", "8", "--boards", "24", "--out",
                     tmp_path / "blank")
    assert blank.returncode == 0, blank.stderr
    assert W.read_named(openpyxl.load_workbook(tmp_path / "blank" / "pairs.xlsx"), "BoardSlots") == [24]
    for args, line in ((["--sections", "1"], "xlbridge: --sections 1: must be 2-26 (one section: leave --sections "
                                             "out)"),
                       (["--sections", "3", "--tables", "30"], "xlbridge: sections 3 x tables 30: at most 60 tables "
                                                                "in all"),
                       (["--sections", "2", "--pairs", "9"], "xlbridge: --variant, --arrow-switch and --pairs need "
                                                            "--movement")):
        bad = xlbridge("workbooks", "pairs", *args, "--out", tmp_path / "bad")
        assert bad.returncode == 2
        assert bad.stderr.strip().splitlines() == [line]


@pytest.mark.parametrize("movements", [(E.movement("howell", 5, 27),) * 2,
                                       (E.movement("mitchell", 8, 24), E.movement("howell", 5, 27))],
                         ids=["two-howells", "mitchell-and-howell"])
def test_a_sectioned_books_relay_stands_are_numbered_not_lettered(movements):
    """'relay stand A' on section B's card reads as section A: in a book of sections the
    stands are relay stand 1, 2 ... on the cards, the Movement sheet and its set-up."""
    sectioned = W.build("pairs", movement=movements) if len(set(movements)) > 1 else \
        W.build("pairs", movement=movements[0], sections=2)
    plain = W.build("pairs", movement=movements[-1])

    def texts(book) -> str:
        return " | ".join(str(cell.value) for sheet in book.worksheets for row in sheet.iter_rows()
                          for cell in row if isinstance(cell.value, str) and "stand" in cell.value)

    assert "relay stand 1" in texts(sectioned) and "relay stand A" not in texts(sectioned)
    assert "relay stand A" in texts(plain) and "relay stand 1" not in texts(plain)
