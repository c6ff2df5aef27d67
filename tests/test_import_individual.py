"""``xlbridge import`` of an individual: other programs' files (Ruter's PBN, a USEBIO
``EVENT_TYPE="INDIVIDUAL"``) and our own exports read back into individual.xlsx, which
then scores each player as the file published; what cannot be read is one line."""

from __future__ import annotations

import re
from pathlib import Path

import openpyxl
import pytest

from xlbridge import workbooks as W
from xlbridge.cli import main
from xlbridge.engine import individual
from xlbridge.event import Play
from xlbridge.event.individual import IndividualEvent, IndividualResult, Player, score_individual
from xlbridge.formats import pbn, usebio
from xlbridge.formats.individual_results import ImportedIndividual
from xlbridge.formats.results import ResultsFileError
from xlbridge.kinds import INDIVIDUAL, read

REAL = Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "real-results" / "results"
RUTER = REAL / "ruter_fi" / "indi.pbn"
UK = REAL / "ukbridgeclub_usebio" / "individual_usebio.xml"
NO_REAL = f"no real results files at {REAL} (CI has them beside the project)"


def event_of(players: int = 12, per_round: int = 2) -> IndividualEvent:
    """A whole individual on the engine's movement: varied results, an adjusted score and a
    board not played among them, names with a quote and a non-ASCII letter."""
    movement = individual(players, per_round)
    results = []
    for index, (s, board) in enumerate((seat, b) for seat in movement.seatings for b in seat.boards):
        if index == 7:
            play = Play("A60/40")
        elif index == 11:
            play = Play("NP")
        else:
            contract, declarer = (("4S", "N"), ("3NT", "E"), ("2H", "S"), ("5DX", "W"))[index % 4]
            play = Play(contract, declarer, 7 + (index * 5 + board) % 5)
        results.append(IndividualResult(s.round, s.table, board, s.players, play))
    names = tuple(Player(n, f'Åsa "{n}" Berg' if n % 5 == 0 else f"Player {n}") for n in range(1, players + 1))
    return IndividualEvent("Club individual", "2025-03-14", names, tuple(results))


def ranking(report) -> list[tuple[int, str, float]]:
    return [(p.player, p.place, round(p.percent, 9)) for p in report.ranking()]


@pytest.mark.parametrize("fmt", [pbn, usebio], ids=["pbn", "usebio"])
def test_our_export_read_back_is_the_same_event_and_ranking(fmt):
    event = event_of()
    report = score_individual(event)
    imported = fmt.loads(fmt.dumps(report))
    assert isinstance(imported, ImportedIndividual)
    again = imported.event
    assert (again.name, again.date) == (event.name, event.date)
    assert sorted((r.board, r.seats, r.play) for r in again.results) == \
        sorted((r.board, r.seats, r.play) for r in event.results)
    assert [p.name for p in again.players] == [p.name for p in event.players]
    assert ranking(score_individual(again)) == ranking(report)
    assert {n: p.value for n, p in imported.published.items()} == \
        {p.player: f"{p.percent:.2f}" for p in report.ranking()}


@pytest.mark.parametrize("suffix", [".pbn", ".xml"])
def test_import_writes_individual_xlsx_that_scores_as_the_file(tmp_path, capsys, suffix):
    event = event_of(13)  # one player sits out each round
    report = score_individual(event)
    path = tmp_path / f"club{suffix}"
    path.write_text((pbn if suffix == ".pbn" else usebio).dumps(report), encoding="utf-8")
    out = tmp_path / "imported.xlsx"
    assert main(["import", str(path), "--out", str(out), "--compare"]) == 0
    printed = capsys.readouterr().out
    assert "0 differences (13 published figures compared)" in printed
    filled = read(out)
    assert filled.kind is INDIVIDUAL
    checked = INDIVIDUAL.check(filled)
    assert not checked.problems
    assert ranking(INDIVIDUAL.score(checked.event)) == ranking(report)
    # Round and table are in PBN, so the book keeps the movement; USEBIO has neither.
    book = openpyxl.load_workbook(out)
    moved = [v for v in W.read_named(book, "MoveRound") if v is not None]
    assert (len(moved) > 0) == (suffix == ".pbn")


def test_an_unreadable_line_is_one_line_and_nothing_is_written(tmp_path, capsys):
    report = score_individual(event_of())
    text = pbn.dumps(report)
    lines = text.splitlines()
    row = next(i for i, line in enumerate(lines) if line.startswith("[ScoreTable")) + 1
    cells = lines[row].split()
    cells[4] = cells[2]  # the North player sits East too
    lines[row] = " ".join(cells)
    path = tmp_path / "bad.pbn"
    path.write_text("\n".join(lines), encoding="utf-8")
    out = tmp_path / "bad.xlsx"
    assert main(["import", str(path), "--out", str(out)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and f"line {row + 1}" in err and "sits twice at one table" in err, err
    assert not out.exists()


def test_a_player_missing_from_the_list_or_on_a_board_twice_is_named():
    report = score_individual(event_of())
    text = re.sub(r"<N_PLAYER_NUMBER>\d+<", "<N_PLAYER_NUMBER>99<", usebio.dumps(report), count=1)
    with pytest.raises(ResultsFileError, match=r"^board \d+, line \d+: North player 99 is not among the 12 players"):
        usebio.loads(text)
    event = event_of()
    first = event.results[0]  # the same four players on the same board again, on a line of their own
    with pytest.raises(ResultsFileError, match=rf"player {first.seats[0]} plays board {first.board} twice \(also"):
        usebio.loads(usebio.dumps(score_individual(event)).replace("</BOARD>", _line(first) + "</BOARD>", 1))


def _line(result: IndividualResult) -> str:
    north, east, south, west = result.seats
    return (f"<TRAVELLER_LINE><N_PLAYER_NUMBER>{north}</N_PLAYER_NUMBER><S_PLAYER_NUMBER>{south}</S_PLAYER_NUMBER>"
            f"<E_PLAYER_NUMBER>{east}</E_PLAYER_NUMBER><W_PLAYER_NUMBER>{west}</W_PLAYER_NUMBER>"
            "<CONTRACT>4S</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>10</TRICKS><SCORE>420</SCORE>"
            "</TRAVELLER_LINE>")


def test_an_imps_individual_and_a_pairs_option_are_refused_in_one_line(tmp_path, capsys):
    text = pbn.dumps(score_individual(event_of())).replace('[Scoring "MatchPoints"]', '[Scoring "IMP"]')
    with pytest.raises(ResultsFileError, match="an individual here is scored by matchpoints"):
        pbn.loads(text)
    path = tmp_path / "club.pbn"
    path.write_text(pbn.dumps(score_individual(event_of())), encoding="utf-8")
    code = main(["import", str(path), "--out", str(tmp_path / "x.xlsx"), "--missing-as-ties"])
    err = capsys.readouterr().err.strip()
    assert code == 2 and "--missing-as-ties: scores a pairs event" in err and len(err.splitlines()) == 1
    assert not (tmp_path / "x.xlsx").exists()


@pytest.mark.skipif(not RUTER.is_file(), reason=NO_REAL)
def test_ruters_48_player_individual_is_reproduced_player_by_player(tmp_path, capsys):
    """Ruter's Swedish individual (48 players, 31 rounds of 2 boards at 12 tables, beyond the
    sizes the template offers): imported in the file's own movement, every player's
    published percentage reproduced, adjusted scores (A+ and A- to both sides) among them."""
    out = tmp_path / "indi.xlsx"
    assert main(["import", str(RUTER), "--out", str(out), "--compare"]) == 0
    printed = capsys.readouterr().out
    assert "individual, 48 players, 62 boards, 744 results, matchpoints 2/1/0" in printed
    assert "0 differences (48 published figures compared)" in printed
    # A table whose players change seats between the round's two boards: said, not hidden.
    assert "round 18, table 12: the players sit otherwise on board 36" in printed
    imported = pbn.loads(RUTER.read_bytes())
    scored = score_individual(imported.event)
    best = scored.ranking()[0]
    assert (best.player, f"{best.percent:.2f}") == (27, "59.90")  # the file's first line
    # Its 817.0 matchpoints: boards 35 and 36 had three adjusted results, the other nine
    # Neuberg-factored to 12 (fractions), which the file prints to 0.1 a row.
    assert abs(best.mp - 817.0) < 0.05
    assert imported.event.name_of(27) == "Lars-Göran Niklasson"  # Latin-1, read as such


@pytest.mark.skipif(not UK.is_file(), reason=NO_REAL)
def test_the_uk_sample_individual_is_refused_in_one_line(tmp_path, capsys):
    """Its lines have a SCORE and no contract (and example player numbers, 101 ..., that
    are not its players): nothing xlbridge can score, said in one line."""
    out = tmp_path / "uk.xlsx"
    assert main(["import", str(UK), "--out", str(out)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "board 1, line 148: SCORE 80 without a CONTRACT" in err, err
    assert not out.exists()
