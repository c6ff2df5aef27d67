"""``xlbridge report --csv/--pdf`` as issue 18 asks: an existing file is replaced only with
``--force``, and a name a spreadsheet would run as a formula is written as text."""

from __future__ import annotations

import csv
import dataclasses

from xlbridge import kinds, workbooks
from xlbridge.cli import main
from xlbridge.event import Pair, sample


def test_report_refuses_to_replace_a_csv_without_force(tmp_path, capsys):
    book = tmp_path / "pairs.xlsx"
    workbooks.save(kinds.PAIRS.fill(sample.pairs_event()), book)
    out = tmp_path / "ranking.csv"
    out.write_text("last week's ranking", encoding="utf-8")
    assert main(["report", str(book), "--csv", str(out)]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "already exists" in captured.err and "--force" in captured.err
    assert out.read_text(encoding="utf-8") == "last week's ranking"
    assert main(["report", str(book), "--csv", str(out), "--force"]) == 0
    assert out.read_text(encoding="utf-8").startswith("Field,Place,Pair,Names")


def test_a_formula_in_a_name_reaches_the_csv_as_text(tmp_path):
    event = sample.pairs_event()
    hostile = {1: "=HYPERLINK(\"http://x\",\"win\")", 2: "+1+1", 3: "@SUM(A1)", 4: "-2+3"}
    pairs = tuple(Pair(p.number, hostile.get(p.number, p.names)) for p in event.pairs)
    book = tmp_path / "pairs.xlsx"
    workbooks.save(kinds.PAIRS.fill(dataclasses.replace(event, pairs=pairs)), book)
    out = tmp_path / "ranking.csv"
    assert main(["report", str(book), "--csv", str(out)]) == 0
    with out.open(newline="", encoding="utf-8") as handle:
        rows = {int(row["Pair"]): row for row in csv.DictReader(handle)}
    assert {number: rows[number]["Names"] for number in hostile} == {
        number: "'" + names for number, names in hostile.items()}
    assert all(not row["Names"].startswith(("=", "+", "-", "@")) for row in rows.values())
    # Numbers stay numbers, negative ones too (a text's quote would make float() fail).
    assert all(float(row[column]) == float(row[column]) for row in rows.values() for column in ("MP", "Percent"))
