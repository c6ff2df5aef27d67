"""Real results files nobody here had seen when import was written: what Ruter, EBUScore,
RealBridge, ScoreBridge, Pianola, BBO's extractor, NZ Scorer, BridgeComposer and Compscore wrote
for real clubs, found in public repositories (tests/data/real/README.md names each file's source).

Those whose repository's licence allows copying are kept in ``tests/data/real/``; the others
are fetched by ``tools/fetch_real.py`` into ``../realmore`` beside the project, and tested when
they are there (CI has no network: they are skipped there, saying so).

Each file reproduces every figure it publishes, or is named below with the reason it does not:
refused in one line, imported with figures that differ (said, exit 1), scored by another
program's convention that import finds from the figures, or published without figures to
compare. A file that starts agreeing fails its entry here, so the lists only shrink.
"""

from __future__ import annotations

import csv
import hashlib
import re
from pathlib import Path

import pytest

from tests.test_real_files import imports_as_listed

HERE = Path(__file__).resolve().parent
KEPT = HERE / "data" / "real"
FETCHED = HERE.parent.parent / "realmore"  # tools/fetch_real.py's folder
LISTED = KEPT / "fetched.tsv"

PROGRAMS = {
    "ruter_no": "Ruter (Norway)", "ruter_fi": "Ruter (Finland)", "ebuscore_usebio": "EBUScore Pairs (England)",
    "ebuscore_teams_usebio": "EBUScore Teams (England)", "realbridge_usebio": "RealBridge (England)",
    "scorebridge_usebio": "ScoreBridge (England)", "pianola_usebio": "Pianola (England)",
    "bbo_extractor_usebio": "BBO Extractor (England)", "nz_scorer_usebio": "Scorer (New Zealand)",
    "bridgecomposer_acbl": "BridgeComposer (an ACBL club)",
    "compscore_au": "Compscore 3 (Australian clubs)",
}
"""Each folder's program, as a director would name it (the test ids)."""

# Refused in one line, with the reason the line gives.
REFUSED = {
    # Point-a-board teams (each board won, drawn or lost): xlbridge scores IMPs and VPs.
    "ebuscore_teams_usebio/point-a-board_usebio.xml": "BOARD_SCORING_METHOD PAB (point-a-board: each board won, "
                                                      "drawn or lost): xlbridge scores team matches by IMPs and VPs",
    # The file's own slip: contract "42" beside SCORE 480 (4S made with 2 over); import does not guess.
    # (Written 4S, 14 of its 17 cross-IMP totals agree with --scale-to-boards 24, as three pairs played
    # 16 boards of 24; pair 2 is 0.01 apart, and pairs 16 and 17's totals are not their own lines'.)
    "pianola_usebio/cross-imp-pairs_usebio.xml": 'contract "42"',
    # A league's standings: each match's IMPs and VPs, no board's contract.
    "ruter_fi/div2.pbn": "the file has 30 matches' IMPs and VPs but no board's contract and result",
}

# Imported, but the workbook's figures differ from the file's: why, shown from the file.
DIFFERENT = {
    # A 3/4 Howell with a phantom, whose totals for pairs 4 and 8 are not its travellers'. Scorer's
    # own file (the repository's examples/) gives them 120 and 61 matchpoints of 192; matchpointed
    # from this file's scores they have 118 and 63, and its own line matchpoints make them 61.08%
    # and 33.42%, not the 62.5% and 31.77% it prints. The other 9 pairs agree.
    "nz_scorer_usebio/three_quarter_howell_with_phantom.xml": "pairs 4 and 8's totals are not their travellers'",
    # A 21-table Mitchell whose published totals are not the sums of its own traveller lines: 40 of
    # its 42 pairs differ (pair 8 EW: total 554, its lines' matchpoints add to 565.4), and each
    # percentage is that total over 27 x 40. A later file of the session is the next entry.
    "compscore_au/mp_pairs_mitchell_02.xml": "its totals are not the sums of its own lines",
    # The same session, with two adjusted scores added on board 1. Its own line matchpoints are not
    # its scores' on two lines: board 3's 1NS-1EW is coded A5050 but given 23 and 11 of 40 (57.5%
    # and 27.5%, not 50% each), and board 4's 1NS-21EW -650 is given 21/19 where the field's other
    # -650s get 19/21. So pairs 1NS, 1EW and 21EW differ (by 5, 9 and 2 matchpoints of 1080); the
    # other 39 agree.
    "compscore_au/mp_pairs_mitchell_adjusted_02.xml": "two lines' matchpoints are not their scores'",
}

# Scored by a convention other than xlbridge's standard one (docs/rules.md §7), which import finds
# from the figures and puts on the workbook's Setup, which then reproduces every figure.
CONVENTION = {
    # EBUScore prints each line's matchpoints to 0.01 and publishes the sums of those.
    "ebuscore_usebio/00201600+002321.xml": "--round-mp 0.01",
    "ebuscore_usebio/00210009+002061.xml": "--round-mp 0.01",
    "ebuscore_usebio/multi-section_usebio.xml": "--round-mp 0.01",
    # Ruter's IMP;Cross2: a pair's cross-IMPs over all its comparisons (0.13 for 2.09 over 16 boards).
    "ruter_fi/liigaButler1b.pbn": "--imps-per-board",
}

# Imported with no published totals to compare (two sections, each line's matchpoints only).
UNPUBLISHED = {"bridgecomposer_acbl/SPR PBN File 0 1766528722-gmeDcSvigL@D251223M.pbn"}


def name(path: Path) -> str:
    return f"{path.parent.name}/{path.name}"


def title(path: Path) -> str:
    """The test id: the program that wrote the file, then the file."""
    return f"{PROGRAMS.get(path.parent.name, path.parent.name)}: {path.name}"


def listed() -> list[dict[str, str]]:
    with LISTED.open(newline="", encoding="utf-8") as handle:
        return list(csv.DictReader(handle, delimiter="\t"))


def fetched() -> list[Path]:
    """The listed files present in the fetch folder with their listed SHA-256."""
    found = []
    for entry in listed():
        path = FETCHED / entry["file"]
        if path.is_file() and hashlib.sha256(path.read_bytes()).hexdigest() == entry["sha256"]:
            found.append(path)
    return found


KEPT_FILES = sorted(p for p in KEPT.rglob("*") if p.is_file() and p.suffix.lower() in (".pbn", ".xml"))
FETCHED_FILES = fetched()
NOT_FETCHED = f"no fetched real files at {FETCHED} (run tools/fetch_real.py; it needs the network)"


def check(path: Path, tmp_path: Path, capsys) -> None:
    """Import ``path`` with --compare and require what its entry above says."""
    imports_as_listed(path, tmp_path, capsys, REFUSED, DIFFERENT, CONVENTION, UNPUBLISHED)


def test_every_listed_file_names_its_program_source_and_licence():
    entries = listed()
    assert len({entry["file"] for entry in entries}) == len(entries) >= 40
    for entry in entries:
        assert entry["file"].split("/")[0] in PROGRAMS, entry
        assert re.fullmatch(r"[0-9a-f]{40}", entry["commit"]) and re.fullmatch(r"[0-9a-f]{64}", entry["sha256"])
        assert entry["licence"] and "/" in entry["repository"], entry
    assert {path.parent.name for path in KEPT_FILES} <= set(PROGRAMS)
    readme = (KEPT / "README.md").read_text(encoding="utf-8")
    for path in KEPT_FILES:  # a kept file's source and licence are in the README
        assert f"`{name(path)}`" in readme, name(path)


def test_the_lists_name_only_files_that_are_listed_or_kept():
    known = {entry["file"] for entry in listed()} | {name(path) for path in KEPT_FILES}
    assert (set(REFUSED) | set(DIFFERENT) | set(CONVENTION) | UNPUBLISHED) <= known


@pytest.mark.parametrize("path", KEPT_FILES, ids=title)
def test_a_kept_real_file_imports_to_its_published_figures(path, tmp_path, capsys):
    check(path, tmp_path, capsys)


@pytest.mark.skipif(not FETCHED_FILES, reason=NOT_FETCHED)
@pytest.mark.parametrize("path", FETCHED_FILES, ids=title)
def test_a_fetched_real_file_imports_to_its_published_figures(path, tmp_path, capsys):
    check(path, tmp_path, capsys)

