"""What docs/architecture.md promises of the registries: a format is its module and one
entry in ``FORMATS``, a scoring method one record that every view reads. Proved by
registering a new one here and running the commands, which are not changed for it."""

from __future__ import annotations

import csv
import dataclasses
import io
import json
from pathlib import Path

import pytest

from xlbridge import engine, formats, kinds, workbooks
from xlbridge.cli import main
from xlbridge.event import PairsReport, TeamsReport, sample
from xlbridge.formats.format import Format


def _json(report: PairsReport | TeamsReport) -> str:
    """A small format of the test's own: each pair's percentage or IMPs, or the match's VPs."""
    if isinstance(report, TeamsReport):
        return json.dumps({"home": report.vp_home, "away": report.vp_away})
    return json.dumps({str(pair): total.percent for pair, total in sorted(report.scored.pairs.items())})


NEW = Format("json", "a JSON summary", "each pair's percentage", (".json",), (PairsReport,), _json)


@pytest.fixture
def registered(monkeypatch):
    monkeypatch.setitem(formats.FORMATS, NEW.name, NEW)


@pytest.fixture
def books(tmp_path) -> dict[str, Path]:
    paths = {"pairs": tmp_path / "pairs.xlsx", "teams": tmp_path / "teams.xlsx"}
    workbooks.save(kinds.PAIRS.fill(sample.pairs_event()), paths["pairs"])
    workbooks.save(kinds.TEAMS.fill(sample.team_match()), paths["teams"])
    return paths


def test_a_registered_format_is_exported_without_touching_a_command(registered, books, tmp_path, capsys):
    out = tmp_path / "ranking.json"
    assert main(["export", str(books["pairs"]), "--json", str(out)]) == 0
    written = json.loads(out.read_text(encoding="utf-8"))
    expected = engine.pairs_event([r.row for r in sample.pairs_event().results])
    assert written == {str(pair): total.percent for pair, total in sorted(expected.pairs.items())}
    # It writes pairs events only: the kinds that are something else refuse it, naming why.
    assert kinds.PAIRS.exports[-1] == "json" and "json" not in kinds.TEAMS.exports
    capsys.readouterr()
    assert main(["export", str(books["teams"]), "--json", str(tmp_path / "match.json")]) == 2
    assert "--json covers pairs events" in capsys.readouterr().err
    # Nothing is overwritten: the same command again is refused.
    assert main(["export", str(books["pairs"]), "--json", str(out)]) == 2


def test_without_the_entry_the_option_is_unknown(books, tmp_path):
    with pytest.raises(SystemExit):
        main(["export", str(books["pairs"]), "--json", str(tmp_path / "x.json")])


def test_every_view_reads_the_scoring_method_record(monkeypatch, books, tmp_path, capsys):
    """Change Butler's figures in its record alone: text, CSV, the web page and the
    printout all show the new columns."""
    butler = engine.Scoring.BUTLER.method
    figures = (engine.Figure("imps", "Total", "TotalIMPs", "Total", "fixed", "fixed", 11),
               engine.Figure("boards", "Played", "Played", "Played", "whole", "whole", 9))
    monkeypatch.setitem(engine.METHODS, engine.Scoring.BUTLER, dataclasses.replace(butler, figures=figures))
    event = dataclasses.replace(sample.pairs_event(), options={"scoring": "Butler"})
    scored = kinds.PAIRS.score(event)
    totals = scored.rankings()[0][1]
    text = formats.text.dumps(scored).splitlines()
    assert text[2].split() == ["Place", "Pair", "Names", "Total", "Played"]
    rows = list(csv.reader(io.StringIO(formats.csv.dumps(scored))))
    assert rows[0] == ["Field", "Place", "Pair", "Names", "TotalIMPs", "Played"]
    assert rows[1][4:] == [f"{totals[0].imps:.2f}", str(totals[0].boards)]
    assert "<th>Total</th><th>Played</th>" in formats.html.dumps(scored)
    sheet = formats.printout.workbook(scored).active
    assert [sheet.cell(4, column).value for column in (4, 5)] == ["Total", "Played"]
    assert sheet.cell(5, 4).value == round(totals[0].imps, 2) and sheet.cell(5, 5).value == totals[0].boards
