"""``xlbridge import``: results files from other programs into a pairs workbook that scores
the same. Round trips through ``xlbridge export``, hand-written files in the shapes real
programs write (their figures derived by hand below), and bad or hostile files."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from pathlib import Path

import openpyxl
import pytest

from tests import lo
from tests.varied import varied_event
from xlbridge import kinds, workbooks
from xlbridge.engine import Side
from xlbridge.event import scored as report

DATA = Path(__file__).parent / "data"


def xlbridge(*args: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "xlbridge", *map(str, args)],
                          capture_output=True, text=True, timeout=300, check=False)


def scored_workbook(path: Path) -> report.PairsReport:
    """A pairs workbook read back, checked (no problems) and scored by the engine."""
    checked = kinds.check(kinds.read(path))
    assert checked.problems == ()
    return report.score_pairs(checked.event)


@pytest.fixture(scope="module", params=[{}, {"scoring": "Butler", "fields": 2}, {"scoring": "Cross-IMPs"}],
                ids=["matchpoints", "butler-two-winners", "cross-imps"])
def filled(request, tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("filled") / "event.xlsx"
    workbooks.save(kinds.PAIRS.fill(varied_event(**request.param)), path)
    return path


@pytest.mark.parametrize(("flag", "suffix"), [("--pbn", "pbn"), ("--usebio", "xml")])
def test_export_then_import_scores_the_same(filled, tmp_path, flag, suffix):
    exported = tmp_path / f"event.{suffix}"
    assert xlbridge("export", filled, flag, exported).returncode == 0
    out = tmp_path / "imported.xlsx"
    done = xlbridge("import", exported, "--out", out, "--compare")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 differences" in done.stdout
    before, after = scored_workbook(filled), scored_workbook(out)
    assert after.scored.scoring == before.scored.scoring and after.scored.fields == before.scored.fields
    assert after.scored.pairs == before.scored.pairs
    assert after.names == before.names

    def rows(scored: report.PairsReport) -> dict[tuple[object, ...], object]:
        return {(r.board, r.ns, r.ew, r.play.declarer, r.play.tricks): row
                for r, row in zip(scored.event.results, scored.scored.rows, strict=True)}

    assert rows(after) == rows(before)


@pytest.mark.parametrize(("flag", "suffix"), [("--pbn", "pbn"), ("--usebio", "xml")])
def test_boards_numbered_past_99_go_out_and_come_back(tmp_path, flag, suffix):
    """A championship's later session numbers its boards on (Ruter's sm2.pbn: 67-105): the
    sample evening's 27 boards as 79-105, written, exported and imported, score the same."""
    event = varied_event()
    later = dataclasses.replace(event, boards=event.boards + 78, results=tuple(
        dataclasses.replace(result, board=result.board + 78) for result in event.results))
    book = workbooks.save(kinds.PAIRS.fill(later), tmp_path / "later.xlsx")
    exported = tmp_path / f"later.{suffix}"
    assert xlbridge("export", book, flag, exported).returncode == 0
    out = tmp_path / "imported.xlsx"
    done = xlbridge("import", exported, "--out", out, "--compare")
    assert done.returncode == 0 and "0 differences" in done.stdout, done.stdout + done.stderr
    before, after = scored_workbook(book), scored_workbook(out)
    assert {result.board for result in after.event.results} == set(range(79, 106))
    assert after.scored.pairs == before.scored.pairs == report.score_pairs(later).scored.pairs


# --- files in the wild ------------------------------------------------------------
#
# club_night.pbn and club_night_flat.xml: one evening, 3 boards, 2 results a board (a Bye
# line is no result), so every board's top is 2 on the 2/1/0 scale.
#   Board 1: 1-3 +420, 2-4 -50            -> NS1 2, EW3 0; NS2 0, EW4 2
#   Board 2: 1-4 +600 (alone: Neuberg (0+1)*2/1-1 = 1 of 2) -> NS1 1, EW4 1;
#            2-3 A60/40: the session rule keeps 60 for NS2 (its real 0%) and 40 for EW3
#            (its real 50%, higher)       -> NS2 1.2, EW3 0.8
#   Board 3: 1-3 -110 (2H by E), visitors NS v 4: pass out 0 -> NS1 0, EW3 2; EW4 0
#   Pair 1: 3 of 6 = 50%; pair 4: 3 of 6 = 50%; pair 3: 2.8 of 6 = 46.67%; pair 2: 1.2 of 4 = 30%.
CLUB_NIGHT = {1: (50.0, "1-2"), 4: (50.0, "1-2"), 3: (280 / 6, "3"), 2: (30.0, "4")}


@pytest.mark.parametrize("name", ["club_night.pbn", "club_night_flat.xml"])
def test_a_club_evening_from_another_program(tmp_path, name):
    out = tmp_path / "night.xlsx"
    done = xlbridge("import", DATA / name, "--out", out, "--compare")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 differences (4 published figures compared)" in done.stdout
    scored = scored_workbook(out)
    assert {p: (pytest.approx(t.percent), t.place) for p, t in scored.scored.pairs.items()} == CLUB_NIGHT
    assert scored.event.name == "Club Night"
    assert len(scored.event.results) == 6  # the three Bye lines are no results
    # USEBIO has each player's name: joined with " – "; the PBN file has the pair's names as written
    assert scored.names[1] == ("Ann Berg – Bo Dahl" if name.endswith(".xml") else "Ann Berg - Bo Dahl")
    assert scored.names[2] == ("Gus Ivar – Hanna Jühl" if name.endswith(".xml") else "Gus Ivar & Hanna Juhl")
    adjusted = [r for r in scored.event.results if r.play.scored_otherwise]
    assert [(r.board, r.ns, r.ew, r.play.contract) for r in adjusted] == [(2, 2, 3, "A60/40")]
    visitors = [r for r in scored.event.results if r.ns is None]
    assert [(r.board, r.ew) for r in visitors] == [(3, 4)]


# cross_imps_sections.xml: two winners, cross-IMPs averaged over the other real results.
#   Board 1: 1-4 +420, 2-5 +450, 3-6 A60/40 -> 420 v 450 is 1 IMP: NS1 -1, EW4 +1, NS2 +1, EW5 -1;
#            the adjusted score +3 for NS3, -3 for EW6
#   Board 2 (NS vul): 1-5 +600, 2-6 -100, 3-4 pass out 0
#            +600: v -100 12, v 0 12 -> 12; -100: -12 and -3 -> -7.5; 0: -12 and +3 -> -4.5
#   Board 3: 1-6 -110, 2-4 not played, 3 v visitors +90 -> 200 is 5 IMPs: NS1 -5, EW6 +5, NS3 +5
#   NS: 1 -1+12-5 = 6, 3 3-4.5+5 = 3.5, 2 1-7.5 = -6.5; EW: 6 -3+7.5+5 = 9.5, 4 1+4.5 = 5.5, 5 -1-12 = -13
CROSS_IMPS = {1: (6.0, "1", Side.NS), 3: (3.5, "2", Side.NS), 2: (-6.5, "3", Side.NS),
              6: (9.5, "1", Side.EW), 4: (5.5, "2", Side.EW), 5: (-13.0, "3", Side.EW)}


def test_a_cross_imp_event_with_sessions_and_sections(tmp_path):
    out = tmp_path / "imps.xlsx"
    done = xlbridge("import", DATA / "cross_imps_sections.xml", "--out", out, "--compare")
    assert done.returncode == 0, done.stdout + done.stderr
    scored = scored_workbook(out)
    assert str(scored.scored.scoring) == "Cross-IMPs" and scored.scored.fields == 2
    assert {p: (t.imps, t.place, t.field) for p, t in scored.scored.pairs.items()} == CROSS_IMPS
    assert scored.names[2] == "Smith & Co – Cai Eng"
    assert len(scored.event.results) == 9  # the HANDSET's BOARD is a hand record, not results


# mitchell_numbered_from_1.xml: NS 1-2 and EW 1-2, two results a board (top 2).
#   Board 1: NS1-EW1 +420, NS2-EW2 -50   -> NS1 2, EW1 0; NS2 0, EW2 2
#   Board 2: NS1-EW2 +600, NS2-EW1 +630  -> NS2 2, EW1 0; NS1 0, EW2 2
#   NS1 2/4 = 50%, NS2 50%; EW1 0/4 = 0%, EW2 4/4 = 100%. In the workbook EW n is pair 2+n.
def test_each_direction_numbered_from_1_is_renumbered(tmp_path):
    out = tmp_path / "mitchell.xlsx"
    done = xlbridge("import", DATA / "mitchell_numbered_from_1.xml", "--out", out, "--compare")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "East-West pair n is pair 2+n here" in done.stdout and "0 differences (4 published" in done.stdout
    scored = scored_workbook(out)
    assert {p: (t.percent, t.place, t.field) for p, t in scored.scored.pairs.items()} == {
        1: (50.0, "1-2", Side.NS), 2: (50.0, "1-2", Side.NS), 3: (0.0, "2", Side.EW), 4: (100.0, "1", Side.EW)}
    assert scored.names == {1: "Ann Berg – Bo Dahl", 2: "Cai Eng – Dan Falk", 3: "Eva Gren – Fred Holm",
                            4: "Gus Ivar – Hanna Juhl"}


def test_compare_names_every_difference_and_exits_1(tmp_path):
    changed = tmp_path / "changed.pbn"
    changed.write_text((DATA / "club_night.pbn").read_text(encoding="utf-8").replace("46.67", "47.67"),
                       encoding="utf-8")
    out = tmp_path / "night.xlsx"
    done = xlbridge("import", changed, "--out", out, "--compare")
    assert done.returncode == 1
    different = [line for line in done.stdout.splitlines() if "DIFFERENT" in line]
    assert len(different) == 1 and different[0].split()[:3] == ["3", "47.67", "46.67"]
    assert "1 difference (4 published figures compared)" in done.stdout
    assert out.exists()  # the workbook is written: the file's figure is what differs


# --- bad and hostile files ----------------------------------------------------------


def _line_of(text: str, needle: str) -> int:
    return next(number for number, line in enumerate(text.splitlines(), start=1) if needle in line)


def test_a_bad_line_is_named_by_file_board_and_line_and_nothing_is_written(tmp_path):
    text = (DATA / "club_night.pbn").read_text(encoding="utf-8").replace('A  1 2  1  4 3NT ', 'A  1 2  1  4 8NT ')
    bad = tmp_path / "bad.pbn"
    bad.write_text(text, encoding="utf-8")
    out = tmp_path / "never.xlsx"
    done = xlbridge("import", bad, "--out", out)
    assert done.returncode == 2 and not out.exists()
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1
    assert f"{bad}: board 2, line {_line_of(text, ' 8NT ')}: " in lines[0] and '"8NT"' in lines[0]


@pytest.mark.parametrize(("content", "message"), [
    ("<USEBIO>\n <EVENT>\n</USEBIO>\n", "line 3: not well-formed XML"),
    ('<?xml version="1.0"?>\n<!DOCTYPE u [<!ENTITY a "x">]>\n<USEBIO>&a;</USEBIO>', "declares entities"),
    ("<USEBIO><EVENT><BOARD><BOARD_NUMBER>1</BOARD_NUMBER><TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER>"
     "<EW_PAIR_NUMBER>1</EW_PAIR_NUMBER><CONTRACT>4S</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>10</TRICKS>"
     "</TRAVELLER_LINE></BOARD></EVENT></USEBIO>", "board 1, line 1: EW pair 1: is also the NS pair"),
    # Boards are numbered to 999 (a championship's later sessions number theirs on, 67-105).
    ("<USEBIO><EVENT><BOARD><BOARD_NUMBER>1000</BOARD_NUMBER></BOARD></EVENT></USEBIO>",
     "board \"1000\": must be a board number 1-999"),
    ('<USEBIO>\n<EVENT EVENT_TYPE="SWISS_PAIRS"><BOARD_SCORING_METHOD>VPS</BOARD_SCORING_METHOD></EVENT></USEBIO>',
     "line 2: Swiss pairs with BOARD_SCORING_METHOD VPS: xlbridge scores a Swiss pairs board by Butler IMPs or "
     "cross-IMPs"),
])
def test_bad_usebio_files(tmp_path, content, message):
    bad = tmp_path / "bad.xml"
    bad.write_text(content, encoding="utf-8")
    out = tmp_path / "never.xlsx"
    done = xlbridge("import", bad, "--out", out)
    assert done.returncode == 2 and not out.exists()
    assert len(done.stderr.strip().splitlines()) == 1 and message in done.stderr, done.stderr


@pytest.mark.parametrize(("content", "message"), [
    ('[Event "x"]\n[Board "1"]\n[Deal "N:- - - -"]\n', "no [ScoreTable]"),
    ('[Event "x"]\n[Board "1"]\n[Contract "4S"]\n', "board 1, line 2: a game record with no players' names"),
    ('[Board "1"]\n[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;Result\\2R"]\n1 2 4S N\n',
     "line 3: 4 values for the 5 columns"),
    ('[Board "1"]\n[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;Result\\2R"]\n'
     '1 2 4S N 10\n3 2 4S N 9\n', "board 1, line 4: pair 2 plays the board twice (also line 3)"),
    ('[Board "1"]\n[Scoring "Rubber"]\n[ScoreTable "PairId_NS;PairId_EW;Contract"]\n1 2 Pass\n', "Scoring 'Rubber'"),
    (f'[Event "{"x" * 121}"]\n[Board "1"]\n[ScoreTable "PairId_NS;PairId_EW;Contract"]\n1 2 Pass\n',
     "the event's name is 121 characters; the limit is 120"),
    ('[Board "1"]\n[ScoreTable "PairId_NS;PairId_EW;Contract"]\n1 2 4S\n',
     'board 1, line 3: contract "4S": needs a declarer and the tricks taken'),
])
def test_bad_pbn_files(tmp_path, content, message):
    bad = tmp_path / "bad.pbn"
    bad.write_text(content, encoding="utf-8")
    done = xlbridge("import", bad, "--out", tmp_path / "never.xlsx")
    assert done.returncode == 2 and not (tmp_path / "never.xlsx").exists()
    assert len(done.stderr.strip().splitlines()) == 1 and message in done.stderr, done.stderr


def test_files_over_the_size_bound_are_refused_unread(tmp_path):
    big = tmp_path / "big.pbn"
    big.write_bytes(b"%" * 5_000_001)
    done = xlbridge("import", big, "--out", tmp_path / "never.xlsx")
    assert done.returncode == 2 and "5 MB" in done.stderr and not (tmp_path / "never.xlsx").exists()


def test_text_beginning_with_equals_stays_text(tmp_path):
    text = (DATA / "club_night.pbn").read_text(encoding="utf-8")
    text = text.replace('"Ann Berg - Bo Dahl"', '"=HYPERLINK(\\"http://example.com\\",\\"win\\")"')
    text = text.replace('[Event "Club Night"]', '[Event "=1+1"]', 1)
    hostile = tmp_path / "hostile.pbn"
    hostile.write_text(text, encoding="utf-8")
    out = tmp_path / "hostile.xlsx"
    assert xlbridge("import", hostile, "--out", out).returncode == 0
    book = openpyxl.load_workbook(out)
    event_name = workbooks.named_cells(book, "EventName")[0]
    assert (event_name.value, event_name.data_type) == ("=1+1", "s")
    names = {cell.value: cell.data_type for cell in workbooks.named_cells(book, "PairName") if cell.value}
    assert names['=HYPERLINK("http://example.com","win")'] == "s"
    assert all(kind == "s" for kind in names.values())


def test_an_existing_workbook_is_replaced_only_with_force(tmp_path):
    out = tmp_path / "night.xlsx"
    out.write_bytes(b"results of last week")
    done = xlbridge("import", DATA / "club_night.pbn", "--out", out)
    assert done.returncode == 2 and "already exists" in done.stderr
    assert out.read_bytes() == b"results of last week"
    assert xlbridge("import", DATA / "club_night.pbn", "--out", out, "--force").returncode == 0
    assert scored_workbook(out).scored.pairs[2].percent == pytest.approx(30.0)


def test_latin1_pbn_and_unreadable_paths(tmp_path):
    text = (DATA / "club_night.pbn").read_text(encoding="utf-8").replace("Hanna Juhl", "Hanna Jühl")
    latin = tmp_path / "latin.pbn"
    latin.write_bytes(text.encode("latin-1"))  # older programs write Latin-1
    out = tmp_path / "latin.xlsx"
    assert xlbridge("import", latin, "--out", out).returncode == 0
    assert scored_workbook(out).names[2] == "Gus Ivar & Hanna Jühl"
    for path in (tmp_path / "missing.pbn", tmp_path):
        done = xlbridge("import", path, "--out", tmp_path / "never.xlsx")
        assert done.returncode == 2 and done.stderr.startswith(f"xlbridge: cannot read {path}")
    assert not (tmp_path / "never.xlsx").exists()


@lo.requires_soffice
def test_the_imported_workbooks_own_formulas_score_as_the_files(tmp_path):
    # The workbook scores the event itself: LibreOffice recalculating the imported books
    # must give the figures worked out by hand above, with no error value anywhere.
    books = []
    for name in ("club_night.pbn", "cross_imps_sections.xml"):
        out = tmp_path / f"{Path(name).stem}.xlsx"
        assert xlbridge("import", DATA / name, "--out", out).returncode == 0
        books.append(out)
    night, imps = (lo.Values(path) for path in lo.recalc(books, tmp_path / "calc"))
    assert not night.errors() and not imps.errors()
    percents = {p: v for p, v in zip(night.read("PairNumber"), night.read("PairPercent"), strict=True)
                if p and v is not None}  # pair 5 sat out on its Bye lines: listed, no figure
    assert percents == {pair: pytest.approx(percent, abs=1e-9) for pair, (percent, _) in CLUB_NIGHT.items()}
    totals = {p: v for p, v in zip(imps.read("PairNumber"), imps.read("PairIMPs"), strict=True)
              if p and v is not None}
    assert totals == {pair: pytest.approx(figure, abs=1e-9) for pair, (figure, _, _) in CROSS_IMPS.items()}
