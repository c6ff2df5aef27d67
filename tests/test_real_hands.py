"""Deal files from the field (../shared/data/real-results: handrecords/ from a dozen dealing
and club programs, results/ from club scoring programs; sources in its MANIFEST.tsv) read by
the deal-file reader, ``formats.handrecords.read``, deal by deal.

Every .pbn file there is read: each deal is kept, or refused with its board, line and
reason, and a section that cannot be read is refused alone, never the file. The files
below are the ones with a refusal, or with no deal; every other file reads every board it
numbers with nothing refused. The files are not copied into the project: most sources
state no licence.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from xlbridge.engine.hands import Deal
from xlbridge.formats.handrecords import read, sections
from xlbridge.formats.pbn import games

REAL = Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "real-results"
FILES = sorted(path for folder in ("handrecords", "results") if (REAL / folder).is_dir()
               for path in (REAL / folder).rglob("*.pbn"))
SKIP = f"no real files at {REAL} (CI has them beside the project)"

# (deals read, deals refused, what each refusal says): each file with a refusal or no deal.
EXPECTED = {
    # BBA's practice files: one board number, several deals (board 1 twice)
    "bba/1D-P-1H-P-2D-P-2S.pbn": (4, 1, {"a different deal from line 77's under the same number"}),
    # Big Deal's test output: four (test2: five) sets of boards 1-99 in one file
    "bigdeal/test1.pbn": (99, 297, {"under the same number"}),
    "bigdeal/test2.pbn": (99, 396, {"under the same number"}),
    "bigdeal_bcdd/test1.bcdd.pbn": (99, 297, {"under the same number"}),
    # BridgeComposer lessons: exercises numbered 1-1, 1-2 that show a suit or two of a hand
    "bridgecomposer/ABS2-2 Promotion and Length exercises.pbn": (0, 48, {"a hand has 13"}),
    "bridgecomposer/ABS2-4 Ruffing and Discarding exercises.pbn": (0, 38, {"a hand has 13"}),
    "bridgecomposer/ABS4-1 Stayman exercises.pbn": (1, 33, {"'1-1' is not a board number",
                                                            "BridgeComposer numbers a lesson's exercises"}),
    # endplay's test file: several matches (World Championship, Spingold, ...) in one file
    "endplay_tests/example3.pbn": (128, 3640, {"a different deal from line 153's"}),
    # the PBN standard's test files: every feature, one game at a time
    "pbn_standard_tests/correct_10.pbn": (1, 9, {"no [Board] tag", "cannot read the tag '['",
                                                 "a different deal from line 19's"}),
    "pbn_standard/correct_20.pbn": (15, 25, {"no [Board] tag", "under the same number", "has 12 cards"}),
    # results with no deals: [Deal ""] is no deal, neither read nor refused
    "magiccontest_fi/butler.pbn": (0, 0, set()),
    "ruter_no/2017-10-02.pbn": (0, 0, set()),
    "ruter_fi/team.pbn": (0, 0, set()),
}


def name(path: Path) -> str:
    return f"{path.parent.name}/{path.name}"


def text_of(path: Path) -> str:
    data = path.read_bytes()
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def test_the_list_names_only_files_that_are_there():
    if not FILES:
        pytest.skip(SKIP)
    assert set(EXPECTED) <= {name(path) for path in FILES}


@pytest.mark.skipif(not FILES, reason=SKIP)
@pytest.mark.parametrize("path", FILES, ids=name)
def test_every_deal_is_read_or_refused_with_its_reason(path):
    text = text_of(path)
    found = read(text)
    lines = text.splitlines()
    for refused in found.refused:  # board, a line of the file, and why
        match = re.match(r"board (\S+) \(line (\d+)\): \S", refused)
        assert match and 1 <= int(match[2]) <= len(lines), refused
    boards = {section.board for section in sections(text) if section.record is not None}
    expected = EXPECTED.get(name(path))
    if expected is None:  # every board it numbers, nothing refused
        assert not found.refused and found.records and len(found.records) == len(boards), found.refused[:3]
    else:
        read_count, refused_count, reasons = expected
        assert (len(found.records), len(found.refused)) == (read_count, refused_count), found.refused[:3]
        for reason in reasons:
            assert any(reason in refused for refused in found.refused), (reason, found.refused[:3])
    # a board kept is one the file gives, with the deal it gives first under that number
    first: dict[int, Deal] = {}
    for section in sections(text):
        if section.record is not None:
            first.setdefault(section.record.board, section.record.deal)
    assert {record.board: record.deal for record in found.records} == first


def real(relative: str) -> Path:
    path = REAL / relative
    if not path.is_file():
        pytest.skip(SKIP)
    return path


def test_a_tag_named_in_words_is_read_past():
    # Dealer4 writes [Correction Sequence "1S,P,2S,P,P,P"] after board 1's deal
    found = read(text_of(real("handrecords/dealer4/DF1.pbn")))
    assert [record.board for record in found.records] == list(range(1, 17)) and not found.refused


def test_a_table_with_columns_apart_and_a_table_of_one_cell():
    # BBA writes [OptimumResultTable "Declarer Suit Tricks"] with only the contract played's row
    found = read(text_of(real("handrecords/bba/1C-1H-1S.pbn")))
    assert len(found.records) == 73 and not found.refused
    assert all(record.tricks is None for record in found.records)
    assert len(found.notes) == 73 and all("has 1 of the 20" in note for note in found.notes)


def test_a_board_for_each_table_is_one_board():
    # one game record per table: the same deal again is the same board, nothing refused
    for relative, boards in (("handrecords/lintopbn/41284.pbn", 16), ("results/pbntools_kops/PCH1003.pbn", 26),
                             ("handrecords/endplay_tests/example1.pbn", 1)):
        text = text_of(real(relative))
        copies = sum(1 for game in games(text, lenient=True) if game.value("Deal"))
        found = read(text)
        assert len(found.records) == boards < copies and not found.refused


def test_hidden_hands_are_not_known():
    # BridgeComposer hides a lesson's hands as "..." (four empty suits)
    found = read(text_of(real("handrecords/bridgecomposer/Limit Raise of 1M.pbn")))
    assert [record.board for record in found.records] == [1, 2, 3, 4, 5, 6]
    for record in found.records:
        known = [hand is not None for hand in record.deal.hands]
        assert known == [False, False, True, False] and not record.deal.complete


def test_a_par_for_another_vulnerability_is_left_out_with_a_note():
    # BridgeComposer's test.pbn: every board dealer N, none vulnerable; Bridge Solver
    # Online: Vulnerable "" (its par is scored none vulnerable)
    found = read(text_of(real("handrecords/bridgecomposer/test.pbn")))
    kept = [record.board for record in found.records if record.par is not None]
    assert kept == [1] and all(record.tricks is not None for record in found.records)
    assert any("the file's par is for dealer N, vulnerability None (board 2: dealer E, NS)" in note
               for note in found.notes)
    solver_online = read(text_of(real("handrecords/bridge_solver_online/boards.pbn")))
    assert not any(record.par for record in solver_online.records)
    assert sum(record.tricks is not None for record in solver_online.records) == 102  # the rest: ********


# --- the same, on small texts (no real files needed) ---------------------------------

DEAL = "N:AKQ2.T98.7653.A2 J876.AKQ.42.K743 T95.J76.AKQ.QJT9 43.5432.JT98.865"
OTHER = "N:J876.AKQ.42.K743 AKQ2.T98.7653.A2 T95.J76.AKQ.QJT9 43.5432.JT98.865"


def section(board: object, deal: str, *extra: str) -> str:
    return "\n".join([f'[Board "{board}"]', f'[Deal "{deal}"]', *extra, ""])


def test_a_board_again_with_its_deal_adds_what_it_knows():
    hexed = "9a89a9a89a4343443434"
    text = section(1, DEAL) + "\n" + section(1, DEAL, f'[DoubleDummyTricks "{hexed}"]')
    found = read(text)
    assert not found.refused and found.records[0].tricks.hex() == hexed


def test_a_different_deal_under_a_number_is_refused_the_first_kept():
    found = read(section(1, DEAL) + "\n" + section(1, OTHER))
    assert [str(record.deal) for record in found.records] == [DEAL]
    assert found.refused == ("board 1 (line 5): a different deal from line 2's under the same number; "
                             "the first is kept",)


def test_an_unreadable_section_is_refused_alone():
    text = section(1, DEAL) + "\n" + '[Board "2"]\n[Deal "' + OTHER + '"]\n[Note 7]\n\n' + section(3, OTHER)
    found = read(text)
    assert [record.board for record in found.records] == [1, 3]
    assert found.refused == ("board 2 (line 6): cannot read the tag '[Note 7]'; the section is not read",)


def test_no_deal_is_nothing():
    for deal in ("", "N:- - - -", "W:... ... ... ..."):
        assert read(section(1, deal)) == read("")


@pytest.mark.parametrize("written, score, contracts", [
    ('[OptimumScore "NS 420"]', 420, ""),
    ('[OptimumScore "EW 450"]', -450, ""),
    ('[OptimumScore "NS -100"]\n[ParContract "NS 4SX-1"]', -100, "NS 4SX-1"),
    ('[OptimumScore "EW -100"]', 100, ""),
    ('[OptimumScore "NS 4S; +420"]', 420, "NS 4S="),
    ('[OptimumScore "EW 4H+1; -450"]', -450, "EW 4H+1"),
    ('[OptimumScore "S 3N+1,NS 4S; +430"]', 430, "S 3NT+1; NS 4S="),
    ('[OptimumScore "NS 500"]\n[OptimumContract "4HX E 8"]', 500, "E 4HX-2"),
])
def test_the_par_as_each_program_writes_it(written, score, contracts):
    found = read(section(1, DEAL, *written.split("\n")))
    par = found.records[0].par
    assert par.score == score and "; ".join(map(str, par.contracts)) == contracts


def test_a_sacrifice_without_its_result_takes_it_from_the_tricks():
    # Bridge Solver Online: "E 4Hx; +100": East's 4H doubled, result from the table
    tricks = "".join(["88888", "88888", "99999", "99999"])  # N, S 8 tricks; E, W 9
    found = read(section(1, DEAL, f'[DoubleDummyTricks "{tricks}"]', '[OptimumScore "E 4Hx; +100"]'))
    assert str(found.records[0].par) == "E 4HX-1 +100"
    unknown = read(section(1, DEAL, '[OptimumScore "E 4Hx; +100"]')).records[0].par
    assert unknown.score == 100 and unknown.contracts == ()
