"""``xlbridge report`` end to end: it equals the engine on the demo books, from the inputs.

Expected numbers are computed here straight from the sample events with the
engine's public functions, independently of :mod:`xlbridge.director.report`.
"""

from __future__ import annotations

import csv
import dataclasses
import io
import os
import re
import subprocess
import sys
import zipfile
from collections import defaultdict
from pathlib import Path

import openpyxl
import pytest

from tests import lo
from xlbridge import engine, kinds, workbooks
from xlbridge.event import PairsEvent, sample


def run_report(*args: str | Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "xlbridge", "report", *map(str, args)],
                          capture_output=True, text=True, timeout=300, check=False, env=env)


@pytest.fixture(scope="module")
def books(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The demo's sample books (full-size templates here, unlike the demo's fitted ones)."""
    folder = tmp_path_factory.mktemp("report")
    paths = {"pairs": folder / "pairs.xlsx", "teams": folder / "teams.xlsx"}
    workbooks.save(kinds.PAIRS.fill(sample.pairs_event()), paths["pairs"])
    workbooks.save(kinds.TEAMS.fill(sample.team_match()), paths["teams"])
    return paths


def engine_percentages(event: PairsEvent) -> dict[int, tuple[float, float]]:
    """Each pair's matchpoints and percentage, result by result with the engine."""
    by_board = defaultdict(list)
    for result in event.results:
        play = result.play
        points = 0 if play.passed_out else engine.score(play.contract, play.tricks, result.board,
                                                        play.declarer)
        by_board[result.board].append((result, points))
    mp, most = defaultdict(float), defaultdict(float)
    for rows in by_board.values():
        field = [points for _, points in rows]
        top = engine.top(len(field))
        for result, points in rows:
            ns = engine.matchpoints_against(points, field)
            mp[result.ns] += ns
            mp[result.ew] += top - ns
            most[result.ns] += top
            most[result.ew] += top
    return {pair: (mp[pair], 100 * mp[pair] / most[pair]) for pair in mp}


def test_pairs_report_equals_the_engine(books, tmp_path: Path) -> None:
    out = tmp_path / "ranking.csv"
    done = run_report(books["pairs"], "--csv", out)
    assert done.returncode == 0, done.stdout + done.stderr
    event = sample.pairs_event()
    expected = engine_percentages(event)
    with out.open(encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert len(rows) == len(event.pairs)
    for row in rows:
        mp, percent = expected[int(row["Pair"])]
        assert float(row["MP"]) == pytest.approx(mp)
        assert row["Percent"] == f"{percent:.2f}"
    # ranked by percentage, shared places written as 7-9
    places = engine.place_labels(engine.rank([expected[int(r["Pair"])][1] for r in rows]))
    assert [r["Place"] for r in rows] == places
    percents = [float(r["Percent"]) for r in rows]
    assert percents == sorted(percents, reverse=True)
    names = {p.number: p.names for p in event.pairs}
    assert all(r["Names"] == names[int(r["Pair"])] for r in rows)
    # and the terminal shows the same table
    for row in rows:
        assert re.search(rf"^\s*{re.escape(row['Place'])}\s+{row['Pair']}\s+{re.escape(row['Names'])}"
                         rf"\s+.*{re.escape(row['Percent'])}$", done.stdout, re.MULTILINE), row


def test_teams_report_equals_the_engine(books, tmp_path: Path) -> None:
    out = tmp_path / "match.csv"
    done = run_report(books["teams"], "--csv", out)
    assert done.returncode == 0, done.stdout + done.stderr
    match = sample.team_match()
    margin = 0
    with out.open(encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    for board, row in zip(match.boards, rows, strict=False):
        scores = [0 if p.passed_out else engine.score(p.contract, p.tricks, board.board, p.declarer)
                  for p in (board.open, board.closed)]
        imps = engine.imps(scores[0] - scores[1])
        margin += imps
        assert (int(row["OpenScore"]), int(row["ClosedScore"])) == tuple(scores)
        assert int(row["IMPsHome"]) - int(row["IMPsAway"]) == imps
    total, vps = rows[-2], rows[-1]
    assert int(total["IMPsHome"]) - int(total["IMPsAway"]) == margin
    home_vp, away_vp = engine.vp(margin, len(match.boards)), engine.vp(-margin, len(match.boards))
    assert (float(vps["IMPsHome"]), float(vps["IMPsAway"])) == (home_vp, away_vp)
    assert f"{home_vp:.2f}-{away_vp:.2f} VP" in done.stdout
    assert (match.home if margin > 0 else match.away) + f" win by {abs(margin)} IMP" in done.stdout


def test_traveller_report_equals_the_engine(tmp_path: Path) -> None:
    event = sample.pairs_event()
    board = 5
    results = [r for r in event.results if r.board == board]
    book = workbooks.build("traveller", board=board)
    for name, values in (("NS", [r.ns for r in results]), ("EW", [r.ew for r in results]),
                         ("Contract", [r.play.contract for r in results]),
                         ("Declarer", [r.play.declarer or None for r in results]),
                         ("Tricks", [r.play.tricks for r in results])):
        workbooks.write_named(book, name, values)
    path = workbooks.save(book, tmp_path / "traveller.xlsx")
    out = tmp_path / "traveller.csv"
    done = run_report(path, "--csv", out)
    assert done.returncode == 0, done.stdout + done.stderr
    scores = [0 if r.play.passed_out else engine.score(r.play.contract, r.play.tricks, board,
                                                       r.play.declarer) for r in results]
    with out.open(encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert [int(r["ScoreNS"]) for r in rows] == scores
    assert [float(r["MPNS"]) for r in rows] == engine.matchpoints(scores)


def test_report_refuses_a_book_with_problems_and_writes_nothing(books, tmp_path: Path) -> None:
    book = openpyxl.load_workbook(books["pairs"])
    workbooks.named_cells(book, "Contract")[3].value = "9NT"
    path = tmp_path / "bad.xlsx"
    book.save(path)
    out = tmp_path / "never.csv"
    done = run_report(path, "--csv", out)
    assert done.returncode == 1
    assert 'Results!D8: contract "9NT": level must be 1-7' in done.stderr
    assert "fix them first" in done.stderr
    assert done.stdout == "" and not out.exists()


def test_pdf_without_libreoffice_is_one_clear_line(books, tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "SOFFICE"}
    env["PATH"] = str(tmp_path)  # nothing there: no soffice, no libreoffice
    out = tmp_path / "ranking.csv"
    done = run_report(books["pairs"], "--csv", out, "--pdf", tmp_path / "r.pdf", env=env)
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "LibreOffice is not installed" in lines[0], done.stderr
    assert not out.exists() and not (tmp_path / "r.pdf").exists()


@lo.needs_soffice[0]
@lo.needs_soffice[1]
def test_pdf_for_the_notice_board(books, tmp_path: Path) -> None:
    pdf = tmp_path / "notice" / "ranking.pdf"
    done = run_report(books["pairs"], "--pdf", pdf)
    assert done.returncode == 0, done.stdout + done.stderr
    assert lo.pdf_pages(pdf) == 1
    [page] = lo.pdf_words(pdf)
    event = sample.pairs_event()
    best = max(engine_percentages(event).items(), key=lambda item: item[1][1])
    assert f"{best[1][1]:.2f}" in page.text
    assert event.name.split()[0] in page.text
    assert all(word.x_max <= page.width for word in page.words)
    words = page.text.split()
    assert "Top" in words and "432" in words  # the Top column, as the console and CSV have
    assert "264" in words and "264.0" not in words  # whole matchpoints print whole
    header = [w.text for w in page.words if w.y_max < 60]  # the page header: event and date
    assert " ".join(header) == f"{event.name} {event.date}" and "xlbridge" not in page.text

    match_pdf = tmp_path / "match.pdf"
    done = run_report(books["teams"], "--pdf", match_pdf, "--paper", "Letter")
    assert done.returncode == 0, done.stdout + done.stderr
    [page] = lo.pdf_words(match_pdf)
    assert round(page.width) == 612  # Letter
    assert "win by" in page.text and sample.team_match().away.split()[0] in page.text
    assert "Kallio Bridge Club" in page.text  # a team's name whole, not cut at 14 characters


def test_printouts_leave_room_for_every_heading() -> None:
    from xlbridge.event import scored as reports
    from xlbridge.formats import printout

    event = sample.pairs_event()
    traveller = dataclasses.replace(event, results=tuple(r for r in event.results if r.board == 5))
    match = sample.team_match()
    for book in (printout.pairs_printout(reports.score_pairs(event)),
                 printout.traveller_printout(reports.score_pairs(traveller)),
                 printout.teams_printout(reports.score_teams(match))):
        sheet = book.active
        for cell in sheet[4]:
            if not cell.value:
                continue
            # Bold 11 pt is about 1.1 characters of the column's width unit, plus an indent
            # each side; a team's name may wrap, so there only its longest word must fit.
            text = str(cell.value)
            need = max(map(len, text.split())) if text in (match.home, match.away) else len(text)
            assert sheet.column_dimensions[cell.column_letter].width >= need * 1.1 + 2, text


def _set_cell_in_xml(path: Path, out: Path, sheet_part: str, ref: str, value: int) -> None:
    """Change one number in a sheet's XML, leaving every cached formula value as it was."""
    with zipfile.ZipFile(path) as source:
        parts = {info.filename: source.read(info) for info in source.infolist()}
    xml = parts[sheet_part].decode("utf-8")
    pattern = re.compile(rf'(<c r="{ref}"[^>]*>)<v>[^<]*</v>')
    assert pattern.search(xml), f"{ref} not found as a plain number in {sheet_part}"
    parts[sheet_part] = pattern.sub(rf"\g<1><v>{value}</v>", xml, count=1).encode("utf-8")
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as target:
        for name, data in parts.items():
            target.writestr(name, data)
    out.write_bytes(buffer.getvalue())


@lo.needs_soffice[0]
@lo.needs_soffice[1]
def test_report_computes_from_inputs_not_cached_values(books, tmp_path: Path) -> None:
    """A book LibreOffice calculated, then edited without recalculating: its cached
    IMPs are stale, and the report follows the edited input, not the cache."""
    [calculated] = lo.recalc([books["teams"]], tmp_path / "calc")
    book = openpyxl.load_workbook(calculated)
    tricks_cell = workbooks.named_cells(book, "OpenTricks")[0]
    sheet_index = book.sheetnames.index(tricks_cell.parent.title) + 1
    board = sample.team_match().boards[0]
    new_tricks = board.open.tricks - 3  # three more down in the open room on board 1
    edited = tmp_path / "edited.xlsx"
    _set_cell_in_xml(calculated, edited, f"xl/worksheets/sheet{sheet_index}.xml",
                     tricks_cell.coordinate, new_tricks)
    cached = openpyxl.load_workbook(edited, data_only=True)
    stale = workbooks.read_named(cached, "BoardIMPs")[0]
    open_score = engine.score(board.open.contract, new_tricks, 1, board.open.declarer)
    closed_score = engine.score(board.closed.contract, board.closed.tricks, 1, board.closed.declarer)
    fresh = engine.imps(open_score - closed_score)
    assert fresh != stale
    out = tmp_path / "match.csv"
    done = run_report(edited, "--csv", out)
    assert done.returncode == 0, done.stdout + done.stderr
    with out.open(encoding="utf-8") as handle:
        first = next(csv.DictReader(handle))
    assert int(first["OpenScore"]) == open_score
    assert int(first["IMPsHome"]) - int(first["IMPsAway"]) == fresh


def test_report_needs_a_scorable_template(tmp_path: Path) -> None:
    book = openpyxl.Workbook()
    path = tmp_path / "accounts.xlsx"
    book.save(path)
    done = run_report(path)
    assert done.returncode == 2 and "not an xlbridge template" in done.stderr


def real_session(path: Path, **setup: object) -> list[tuple]:
    """The sample pairs event with what real sessions hold: adjusted scores, boards not
    played, a pair from outside the event, NT written N; and ``setup`` options typed on
    Setup. Returns the rows as written."""
    event = sample.pairs_event()
    rows = [result.row for result in event.results]
    changes = {3: (None, None, "A60/40"), 40: (None, None, "NP"), 77: (None, None, "a40"),
               120: (None, None, "A50/60"), 200: (None, None, "np")}
    for index, (declarer, tricks, contract) in changes.items():
        board, ns, ew = rows[index][:3]
        rows[index] = (board, ns, ew, contract, declarer, tricks)
    board, _, ew, *rest = rows[150]
    rows[150] = (board, None, ew, *rest)  # a pair from outside the event
    book = kinds.PAIRS.fill(event)
    for i, name in enumerate(("Board", "NS", "EW", "Contract", "Declarer", "Tricks")):
        workbooks.write_named(book, name, [row[i] for row in rows])
    for name, value in setup.items():
        workbooks.write_named(book, name, [value])
    workbooks.save(book, path)
    return rows


@pytest.mark.parametrize("setup", [{}, {"Scoring": "Butler", "Fields": 2},
                                   {"Scoring": "Cross-IMPs", "CrossIMPsMode": "Total"},
                                   {"SessionRule": "No", "UseNeuberg": "No"}],
                         ids=["mp", "butler-two-fields", "cross-imps-total", "raw"])
def test_a_real_session_reports_what_pairs_event_says(tmp_path: Path, setup) -> None:
    path = tmp_path / "real.xlsx"
    rows = real_session(path, **setup)
    out = tmp_path / "ranking.csv"
    done = run_report(path, "--csv", out)
    assert done.returncode == 0, done.stdout + done.stderr
    keywords = {"Scoring": "scoring", "Fields": "fields", "CrossIMPsMode": "crossimps",
                "SessionRule": "session_rule", "UseNeuberg": "neuberg"}
    options = {keywords[k]: (v == "Yes" if v in ("Yes", "No") else v) for k, v in setup.items()}
    scored = engine.pairs_event(rows, **options)
    with out.open(encoding="utf-8") as handle:
        lines = list(csv.DictReader(handle))
    assert len(lines) == len(scored.pairs) == 18
    for line in lines:
        total = scored.pairs[int(line["Pair"])]
        assert line["Place"] == total.place
        assert line["Field"] == (str(total.field) if total.field else "")
        if scored.scoring.imps:
            assert float(line["IMPs"]) == pytest.approx(total.imps, abs=0.005)
            assert "MP" not in line
        else:
            assert line["Percent"] == f"{total.percent:.2f}"
    if setup.get("Fields") == 2:
        assert "North-South\n" in done.stdout and "East-West\n" in done.stdout
        assert [line["Field"] for line in lines] == ["NS"] * 9 + ["EW"] * 9


@lo.needs_soffice[0]
@lo.needs_soffice[1]
def test_report_check_and_the_workbook_agree_on_a_real_session(tmp_path: Path) -> None:
    path = tmp_path / "real.xlsx"
    real_session(path)
    [calculated] = lo.recalc([path], tmp_path / "calc")
    sheet = lo.Values(calculated)
    percents = dict(zip(sheet.read("PairNumber"), sheet.read("PairPercent"), strict=True))
    out = tmp_path / "ranking.csv"
    done = run_report(path, "--csv", out)
    assert done.returncode == 0, done.stderr
    with out.open(encoding="utf-8") as handle:
        for line in csv.DictReader(handle):
            assert line["Percent"] == f"{percents[int(line['Pair'])]:.2f}"
    checked = subprocess.run([sys.executable, "-m", "xlbridge", "check", str(path)],
                             capture_output=True, text=True, timeout=120, check=False)
    assert checked.returncode == 0, checked.stdout
    assert "Neuberg-factored" in checked.stdout


def test_a_workbook_with_no_results_says_so(tmp_path: Path) -> None:
    for name in ("pairs", "teams", "traveller"):
        path = workbooks.save(workbooks.build(name), tmp_path / f"{name}.xlsx")
        done = run_report(path)
        assert done.returncode == 1, (name, done.stdout)
        assert done.stdout == ""
        assert done.stderr.strip() == f"{path}: no results yet; type them in the workbook, then report again"
