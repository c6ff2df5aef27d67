"""Files and names an attacker or an accident would give ``xlbridge import`` and the writing
commands (issue 18): each is one line and exit status 2, or, where the file is sound but a
name holds characters a workbook cannot, a note and a workbook that reads back. Never a
traceback, a hang or a file xlbridge cannot read."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import openpyxl
import pytest

from xlbridge import kinds

DATA = Path(__file__).parent / "data"
NIGHT = (DATA / "club_night.pbn").read_text(encoding="utf-8")


def xlbridge(*args: object, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "xlbridge", *map(str, args)], capture_output=True, text=True,
                          timeout=timeout, check=False)


def one_line(done: subprocess.CompletedProcess[str]) -> str:
    assert done.returncode == 2, done.stdout + done.stderr
    assert "Traceback" not in done.stderr and len(done.stderr.strip().splitlines()) == 1, done.stderr
    return done.stderr


@pytest.mark.parametrize(("old", "new", "said"), [
    ("A  1 1  1  3 4S", "A  1 1  ²  3 4S", "NS pair \"²\""),              # a superscript digit: isdigit() says yes
    ("A  1 1  1  3 4S", "A  1 1  " + "1" * 5000 + "  3 4S", "NS pair"),   # past int()'s 4,300 digits
    ('[Board "2"]', '[Board "1' + "0" * 5000 + '"]', "board"),
    ("4S    N 10", "4S    N ¹⁰", "result"),
])
def test_numbers_that_are_no_numbers(tmp_path, old, new, said):
    source = tmp_path / "night.pbn"
    source.write_text(NIGHT.replace(old, new, 1), encoding="utf-8")
    assert said in one_line(xlbridge("import", source, "--out", tmp_path / "night.xlsx"))
    assert not (tmp_path / "night.xlsx").exists()


def test_characters_a_workbook_cannot_hold_are_left_out_and_said(tmp_path):
    source = tmp_path / "night.pbn"
    source.write_text(NIGHT.replace("Ann Berg", "Ann\x01 Berg\x1b").replace('"Club Night"', '"Club\x07 Night\ufffe"'),
                      encoding="utf-8")
    out = tmp_path / "night.xlsx"
    done = xlbridge("import", source, "--out", out)
    assert done.returncode == 0, done.stderr
    assert "pair 1: characters a workbook cannot hold were left out of the names" in done.stdout
    assert "left out of the event's name" in done.stdout
    assert openpyxl.load_workbook(out)  # it reads back
    checked = kinds.check(kinds.read(out))
    assert checked.clean and checked.event.name == "Club Night"
    assert dict((p.number, p.names) for p in checked.event.pairs)[1] == "Ann Berg - Bo Dahl"


def test_an_xml_encoding_python_does_not_know(tmp_path):
    source = tmp_path / "event.xml"
    source.write_bytes(b'<?xml version="1.0" encoding="klingon"?>\n<USEBIO Version="1.2"/>')
    assert "encoding is not one xlbridge reads" in one_line(xlbridge("import", source, "--out", tmp_path / "e.xlsx"))


def test_a_fifo_with_no_writer_is_refused_at_once(tmp_path):
    fifo = tmp_path / "results.pbn"
    os.mkfifo(fifo)
    assert "not a regular file" in one_line(xlbridge("import", fifo, "--out", tmp_path / "e.xlsx", timeout=30))


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero on this system")
def test_an_endless_file_is_refused_unread(tmp_path):
    assert "not a regular file" in one_line(xlbridge("import", "/dev/zero", "--out", tmp_path / "e.xlsx"))


def test_a_name_too_long_for_the_file_system(tmp_path):
    long = tmp_path / ("x" * 300 + ".xlsx")
    assert "cannot write" in one_line(xlbridge("import", DATA / "club_night.pbn", "--out", long))
    assert "cannot write" in one_line(xlbridge("workbooks", "traveller", "--out", tmp_path / ("y" * 300)))


def test_draw_on_a_book_whose_bye_cells_were_cut_to_one(tmp_path):
    """RoundBye edited down to one cell: drawing round 2 is refused in one line (it was an
    IndexError), and the book is left as it was."""
    from openpyxl.workbook.defined_name import DefinedName

    from xlbridge import workbooks as W

    book = W.build("teams-event", teams=5, rounds=3, boards=1, swiss=True)
    rows = [i for i, r in enumerate(W.read_named(book, "MatchRound")) if r == 1]
    columns = {name: W.read_named(book, name) for name in ("OpenContract", "ClosedContract")}
    for i in rows:
        columns["OpenContract"][i] = columns["ClosedContract"][i] = "PASS"
    for name, values in columns.items():
        W.write_named(book, name, values)
    first = book.defined_names["RoundBye"].attr_text.split(":")[0]
    del book.defined_names["RoundBye"]
    book.defined_names["RoundBye"] = DefinedName("RoundBye", attr_text=first)
    path = W.save(book, tmp_path / "event.xlsx")
    before = path.read_bytes()
    assert "RoundBye has 1 cell" in one_line(xlbridge("draw", path))
    assert path.read_bytes() == before
