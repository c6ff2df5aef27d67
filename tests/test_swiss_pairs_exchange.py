"""A Swiss pairs event exported (``xlbridge export --pbn/--usebio``) and read back: by our
own import into swiss-pairs.xlsx, which reproduces every figure the file carries (each
table's IMPs on the field, each match's VPs, each pair's total), and for PBN by endplay's
PBN reader, an independent one. What cannot be read is one line, nothing written."""

from __future__ import annotations

import re

import openpyxl
import pytest

from tests.test_swiss_pairs import play  # random legal results in a round's drawn rows
from xlbridge import kinds
from xlbridge import workbooks as W
from xlbridge.cli import main
from xlbridge.formats import pbn, usebio
from xlbridge.formats.results import ResultsFileError
from xlbridge.formats.swiss_pairs import ImportedSwissPairs, imps_text

EXTENSIONS = {"pbn": "pbn", "usebio": "xml"}


@pytest.fixture(scope="module", params=[(9, 3, "butler"), (8, 3, "cross-imps")], ids=["butler-bye", "cross-imps"])
def event(request, tmp_path_factory):
    """A whole Swiss pairs event run through ``xlbridge draw``: the book and its report."""
    pairs, rounds, method = request.param
    folder = tmp_path_factory.mktemp("swiss")
    assert main(["workbooks", "swiss-pairs", "--pairs", str(pairs), "--rounds", str(rounds), "--boards", "3",
                 "--scoring", method, "--out", str(folder)]) == 0
    path = folder / "swiss-pairs.xlsx"
    for number in range(1, rounds + 1):
        book = openpyxl.load_workbook(path)
        play(book, {number}, seed=40 + number)
        if number == 1:
            W.write_named(book, "PairName", ["Ann & Bo", 'Cy "Ace" Dee', "Åsa – Eki"]
                          + [None] * (len(W.read_named(book, "PairName")) - 3))
        W.save(book, path, force=True)
        if number < rounds:
            assert main(["draw", str(path)]) == 0
    checked = kinds.check(kinds.read(path))
    assert checked.clean, checked.problems
    return path, kinds.SWISS_PAIRS.score(checked.event)


def standings(report) -> list[tuple[int, str, float, float, float]]:
    return [(s.team, s.place, round(s.vp, 9), round(s.imps_for, 9), round(s.imps_against, 9))
            for s in report.standings()]


@pytest.mark.parametrize("fmt", ["pbn", "usebio"])
def test_exported_and_imported_back_every_figure_agrees(event, fmt, tmp_path, capsys):
    path, report = event
    out = tmp_path / f"event.{EXTENSIONS[fmt]}"
    assert main(["export", str(path), f"--{fmt}", str(out)]) == 0
    back = tmp_path / "back.xlsx"
    capsys.readouterr()
    assert main(["import", str(out), "--out", str(back), "--compare"]) == 0
    printed = capsys.readouterr().out
    figures = len(report.field.boards) + 2 * len(report.matches) + len(report.event.pairs)
    assert f"0 differences ({figures} published figures compared)" in printed, printed
    assert "Swiss pairs, " + ("Butler IMPs" if report.event.method == "butler" else "cross-IMPs") in printed
    checked = kinds.check(kinds.read(back))
    # USEBIO has each player's name, not the pair's: read back as the players joined by " – ".
    names = {n: name if fmt == "pbn" else " – ".join(usebio.players(name)) for n, name in report.event.pairs.items()}
    assert checked.clean and checked.event.pairs == names
    again = kinds.SWISS_PAIRS.score(checked.event)
    assert standings(again) == standings(report)
    assert dict(checked.event.byes) == {r: p for r, p in report.event.byes.items() if r in report.rounds_begun}
    assert sorted(checked.event.boards, key=_key) == sorted(report.event.boards, key=_key)


def _key(board):
    return board.round, board.ns, board.board


def test_endplay_reads_every_table_and_the_standings(event):
    endplay_pbn = pytest.importorskip("endplay.parsers.pbn", reason="endplay is a test dependency")
    _path, report = event
    boards = endplay_pbn.loads(pbn.dumps(report))
    assert [b.board_num for b in boards] == sorted({f.board for f in report.field.boards})
    read = []
    for board in boards:
        table = board.info["ScoreTable"]
        names = [h["name"] for h in table["headers"]]
        for row in table["rows"]:
            cells = dict(zip(names, row, strict=True))
            score = int(cells["Score_NS"]) if cells["Score_NS"] != "-" else -int(cells["Score_EW"])
            read.append((int(cells["Round"]), int(cells["PairId_NS"]), int(cells["PairId_EW"]), board.board_num,
                         score, cells["IMP_NS"], cells["VP_NS"], cells["VP_EW"]))
    vps = {(m.round, m.home, m.away): (f"{m.vp_home:.2f}", f"{m.vp_away:.2f}") for m in report.matches}
    assert sorted(read) == sorted((f.round, f.ns, f.ew, f.board, f.score, imps_text(f.imps),
                                   *vps[f.round, f.ns, f.ew]) for f in report.field.boards)
    totals = boards[0].info["TotalScoreTable"]
    assert [h["name"] for h in totals["headers"]] == ["Rank", "PairId", "Names", "TotalScoreVP", "NrRounds"]
    # endplay splits a table's row at every space, a quoted name's too ("Ann & Bo" is three
    # values): PairId is the second value and TotalScoreVP the last but one all the same.
    got = {int(row[1]): row[-2] for row in totals["rows"]}
    assert got == {s.team: f"{s.vp:.2f}" for s in report.standings()}


def test_usebio_says_swiss_pairs_with_its_matches_and_byes(event):
    _path, report = event
    text = usebio.dumps(report)
    assert '<EVENT EVENT_TYPE="SWISS_PAIRS">' in text and "<MATCH_SCORING_METHOD>VPS</MATCH_SCORING_METHOD>" in text
    method = "BUTLER_IMPS" if report.event.method == "butler" else "CROSS_IMPS"
    assert f"<BOARD_SCORING_METHOD>{method}</BOARD_SCORING_METHOD>" in text
    byes = [r for r in report.event.byes if r in report.rounds_begun]
    assert text.count("<MATCH>") == len(report.matches) + len(byes)
    assert text.count("<EW_PAIR_NUMBER>") == len(report.matches) + len(report.field.boards)
    assert isinstance(usebio.loads(text), ImportedSwissPairs)


def test_a_pair_at_two_tables_or_an_adjusted_score_is_one_line(event, tmp_path, capsys):
    _path, report = event
    first = report.matches[0]
    # The first match's EW pair typed as the second match's NS pair: at two tables in round 1.
    second = next(m for m in report.matches if m.round == first.round and first.home not in (m.home, m.away)
                  and first.away not in (m.home, m.away))
    text = re.sub(rf"(<MATCH>\s*<ROUND_NUMBER>{first.round}</ROUND_NUMBER>\s*<NS_PAIR_NUMBER>{first.home}"
                  rf"</NS_PAIR_NUMBER>\s*<EW_PAIR_NUMBER>){first.away}<", rf"\g<1>{second.home}<",
                  usebio.dumps(report), count=1)
    with pytest.raises(ResultsFileError, match=rf"round {first.round}: pair {second.home} plays"):
        usebio.loads(text)
    written = pbn.dumps(report)
    lines = written.splitlines()
    row = next(i for i, line in enumerate(lines) if line.startswith("[ScoreTable")) + 1
    cells = lines[row].split()
    cells[3:6] = ["-", "-", "-"]  # no contract: an adjusted score, which Swiss pairs do not score
    lines[row] = " ".join(cells)
    path = tmp_path / "adjusted.pbn"
    path.write_text("\n".join(lines), encoding="utf-8")
    out = tmp_path / "x.xlsx"
    assert main(["import", str(path), "--out", str(out)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and f"line {row + 1}" in err, err
    assert not out.exists()


def test_a_file_whose_vps_differ_says_so(event, tmp_path, capsys):
    """A figure changed in the file: import writes the book, names the figure and exits 1."""
    _path, report = event
    standing = report.standings()[0]
    text = usebio.dumps(report).replace(f"<TOTAL_SCORE>{standing.vp:.2f}</TOTAL_SCORE>",
                                        f"<TOTAL_SCORE>{standing.vp + 1:.2f}</TOTAL_SCORE>", 1)
    path = tmp_path / "changed.xml"
    path.write_text(text, encoding="utf-8")
    assert main(["import", str(path), "--out", str(tmp_path / "x.xlsx"), "--compare"]) == 1
    printed = capsys.readouterr().out
    assert re.search(rf"pair {standing.team}: total VPs .* DIFFERENT by -1\.00", printed), printed
    assert "1 difference (" in printed


def test_export_offers_every_format_for_swiss_pairs():
    assert set(kinds.SWISS_PAIRS.exports) == {"pbn", "usebio", "html"}
