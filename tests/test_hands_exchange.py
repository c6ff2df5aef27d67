"""Deals through the exchange formats: an event's ``hands`` written by PBN and USEBIO export
(the deal, and in PBN the double-dummy tags) and read back by import, into the event and
the workbook's Hands sheet. Round trips: deals -> event with hands -> export -> import give
the same deals and results; endplay's PBN parser (a reader nobody here wrote) reads the
exported deals equal.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from xlbridge import solver
from xlbridge.cli import main
from xlbridge.engine.handrecord import HandRecord
from xlbridge.engine.hands import Deal, deals
from xlbridge.event import sample, score_event, score_pairs, score_teams
from xlbridge.formats import handrecords, pbn, usebio
from xlbridge.formats.pbn import games
from xlbridge.kinds import check, read


def with_hands(event, boards, solve=True):
    """The event with a deal for each of ``boards`` (the last one's hands partly hidden),
    solved by DDS when it is here."""
    dealt = dict(zip(boards, deals(len(boards), seed="test_hands_exchange"), strict=True))
    solved = solver.solve(list(dealt.items())) if solve and solver.available() else [(None, None)] * len(dealt)
    hands = {board: HandRecord(board, deal, tricks, par)
             for (board, deal), (tricks, par) in zip(dealt.items(), solved, strict=True)}
    last = max(boards)  # East and West not known: written and read as "-"
    north, _east, south, _west = hands[last].deal.hands
    hands[last] = HandRecord(last, Deal((north, None, south, None)))
    return dataclasses.replace(event, hands=hands)


def pairs():
    event = sample.pairs_event()
    boards = sorted({result.board for result in event.results})
    return with_hands(event, boards[:-1])  # the last board: no deal


def results(event):
    return [(r.board, r.ns, r.ew, r.play) for r in event.results]


def test_pbn_export_writes_each_known_deal_and_its_double_dummy_tags():
    event = pairs()
    text = pbn.dumps(score_pairs(event))
    written = {int(game.value("Board")): game for game in games(text)}
    for board, game in written.items():
        record = event.hands.get(board)
        if record is None:
            assert game.value("Deal") == pbn.UNKNOWN_DEAL and game.value("OptimumScore") is None
            continue
        assert Deal.parse(game.value("Deal")) == record.deal
        if record.tricks is not None:
            assert game.value("DoubleDummyTricks") == record.tricks.hex()
            assert game.value("OptimumScore") == record.par.optimum_score()
            assert game.value("ParContract") == record.par.contract_text()
            assert len(game.tables["OPTIMUMRESULTTABLE"].rows) == 20
        else:
            assert game.value("DoubleDummyTricks") is None and "OPTIMUMRESULTTABLE" not in game.tables
    assert len([board for board in written if board in event.hands]) == len(event.hands) > 20


@pytest.mark.parametrize("fmt", [pbn, usebio])
def test_a_pairs_event_round_trips_with_its_deals(fmt):
    event = pairs()
    imported = fmt.loads(fmt.dumps(score_pairs(event)))
    assert results(imported.event) == results(event)
    assert {board: record.deal for board, record in imported.event.hands.items()} == \
        {board: record.deal for board, record in event.hands.items()}
    if fmt is pbn:  # USEBIO has no element for them
        assert dict(imported.event.hands) == dict(event.hands)


@pytest.mark.parametrize("fmt", [pbn, usebio])
def test_a_team_match_round_trips_with_its_deals(fmt):
    match = sample.team_match()
    match = with_hands(match, [board.board for board in match.boards])
    imported = fmt.loads(fmt.dumps(score_teams(match)))
    assert [(b.board, b.open, b.closed) for b in imported.event.boards] == \
        [(b.board, b.open, b.closed) for b in match.boards]
    assert {board: record.deal for board, record in imported.event.hands.items()} == \
        {board: record.deal for board, record in match.hands.items()}


def test_a_team_event_round_trips_its_deals_through_usebio():
    event = sample.team_event()
    event = with_hands(event, sorted({board.board for board in event.boards}), solve=False)
    imported = usebio.loads(usebio.dumps(score_event(event)))
    assert dict(imported.event.hands) == dict(event.hands)


def test_endplay_reads_the_exported_deals_equal():
    parsers = pytest.importorskip("endplay.parsers.pbn", reason="endplay (the test extra) reads the files back")
    event = pairs()
    boards = parsers.loads(pbn.dumps(score_pairs(event)))
    complete = {board: record for board, record in event.hands.items() if record.deal.complete}
    read_back = {board.board_num: Deal.parse(board.deal.to_pbn()) for board in boards
                 if board.board_num in complete}
    assert read_back == {board: record.deal for board, record in complete.items()} and len(read_back) > 20
    for board in boards:
        if board.board_num in complete and complete[board.board_num].tricks is not None:
            assert board.info["DoubleDummyTricks"] == complete[board.board_num].tricks.hex()


def test_a_deal_that_cannot_be_read_is_a_note_and_the_results_import():
    event = pairs()
    text = pbn.dumps(score_pairs(event))
    first = str(event.hands[1].deal)
    broken = text.replace(f'[Deal "{first}"]', '[Deal "' + first.replace("A", "K", 1) + '"]', 1)
    imported = pbn.loads(broken)
    assert results(imported.event) == results(event) and 1 not in imported.event.hands
    assert len(imported.event.hands) == len(event.hands) - 1
    assert [note for note in imported.notes if note.startswith("deal not imported: ")] == [
        next(note for note in imported.notes if note.startswith("deal not imported: board 1 (line 15): deal \""))]


@pytest.mark.parametrize("suffix", [".pbn", ".xml"])
def test_import_writes_the_deals_into_the_workbooks_hands_sheet(tmp_path, suffix, capsys):
    event = pairs()
    report = score_pairs(event)
    source = tmp_path / f"results{suffix}"
    source.write_text((pbn if suffix == ".pbn" else usebio).dumps(report), encoding="utf-8")
    out = tmp_path / "event.xlsx"
    assert main(["import", str(source), "--out", str(out)]) == 0, capsys.readouterr()
    checked = check(read(out))
    assert not checked.problems, [str(p) for p in checked.problems]
    assert results(checked.event) == results(event)
    assert {board: record.deal for board, record in checked.event.hands.items()} == \
        {board: record.deal for board, record in event.hands.items()}
    if suffix == ".pbn":  # the tricks and par too
        assert dict(checked.event.hands) == dict(event.hands)
    # and out again from the workbook: the deal file reader finds the same deals
    again = tmp_path / "again.pbn"
    assert main(["export", str(out), "--pbn", str(again)]) == 0, capsys.readouterr()
    assert {record.board: record.deal for record in handrecords.read(again.read_text(encoding="utf-8")).records} == \
        {board: record.deal for board, record in event.hands.items()}


REAL = Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "real-results" / "results"


def test_real_results_files_import_their_deals():
    found = {}
    for relative in ("ruter_no/2019-09-14.pbn", "pbntools_kops/PCH1003.pbn", "compscore_au/mp_pairs_howell.xml",
                     "ukbridgeclub_usebio/mp-pairs_usebio.xml"):
        path = REAL / relative
        if not path.is_file():
            pytest.skip(f"no real results files at {REAL} (CI has them beside the project)")
        imported = (pbn if path.suffix == ".pbn" else usebio).loads(path.read_bytes())
        boards = {result.board for result in imported.event.results}
        found[relative] = (len(imported.event.hands), len(boards))
        assert all(record.deal.complete for record in imported.event.hands.values())
    # every board its deal: Ruter's tables and par read with it; the UK sample writes a void "-"
    assert found == {"ruter_no/2019-09-14.pbn": (48, 48), "pbntools_kops/PCH1003.pbn": (26, 26),
                     "compscore_au/mp_pairs_howell.xml": (27, 27), "ukbridgeclub_usebio/mp-pairs_usebio.xml": (22, 22)}
