"""Conventions other programs score pairs by (docs/rules.md §7): each an option of the engine's
``pairs_event`` with hand-worked figures, and an option of ``xlbridge import``, which also finds
it from a file's published figures and says so in one line before it writes."""

from __future__ import annotations

import dataclasses
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.varied import varied_event
from xlbridge import formats, kinds
from xlbridge.commands import conventions
from xlbridge.engine import BridgeInputError, pairs_event
from xlbridge.event import score_pairs
from xlbridge.formats.results import Imported, Published

# Board 1 has four results; board 2 three (one table fouled it): N = 4.
ROWS = [(1, 1, 2, "4S", "N", 10), (1, 3, 4, "4S", "N", 11), (1, 5, 6, "4S", "N", 9), (1, 7, 8, "3N", "S", 9),
        (2, 1, 4, "2H", "E", 8), (2, 3, 6, "2H", "E", 9), (2, 5, 8, "2H", "E", 10)]


def ns(event) -> list[float]:
    return [row.ns for row in event.rows]


def test_missing_results_counted_as_ties_instead_of_neuberg():
    # Board 2: NS +100, -110, -140 beat 2, 1, 0 others (4, 2, 0 on 2/1/0). The missing fourth
    # result is a tie for each: 5, 3, 1 of a top of 6. Neuberg: (M+1)*4/3-1 = 5.67, 3, 0.33.
    ties = pairs_event(ROWS, missing_as_ties=True)
    assert ns(ties)[4:] == [5.0, 3.0, 1.0]
    assert [round(v, 2) for v in ns(pairs_event(ROWS))[4:]] == [5.67, 3.0, 0.33]
    assert ns(ties)[:4] == ns(pairs_event(ROWS))[:4]  # a full board is the same either way
    assert [row.top for row in ties.rows] == [6.0] * 7
    # Pair 1: 420 on board 1 beats the two 400s: 4; +100 on board 2: 5. 9 of 12.
    assert ties.pairs[1].mp == 9.0 and ties.pairs[1].percent == 75.0


def test_missing_as_ties_changes_nothing_where_every_board_is_full():
    full = [row for row in ROWS if row[0] == 1]
    assert pairs_event(full, missing_as_ties=True).pairs == pairs_event(full).pairs


def test_each_boards_matchpoints_rounded_before_they_are_added():
    # Board 2 Neuberg-factored: 17/3, 3, 1/3 for NS; EW 1/3, 3, 17/3. To 0.1, halves up.
    rounded = pairs_event(ROWS, round_mp="0.1")
    assert [(r.ns, r.ew) for r in rounded.rows][4:] == [(5.7, 0.3), (3.0, 3.0), (0.3, 5.7)]
    # Pair 1: 4 on board 1, 5.7 on board 2 (not 5.67): 9.7 of 12.
    assert rounded.pairs[1].mp == pytest.approx(9.7)
    assert rounded.pairs[1].percent == pytest.approx(100 * 9.7 / 12)
    assert pairs_event(ROWS).pairs[1].mp == pytest.approx(4 + 17 / 3)
    # Halves go up: 1.5 to a step of 1 is 2 (board 1 without its fourth result: 4, 2, 0 -> 4.33 ...).
    assert ns(pairs_event(ROWS[:2], round_mp=1, neuberg=False)) == [0.0, 2.0]


def test_a_total_scaled_to_the_boards_a_pair_would_have_played():
    rows = [(1, 1, 2, "3N", "N", 10), (1, 3, 4, "3N", "N", 8), (2, 1, 2, "4S", "N", 10), (2, 3, 4, "4S", "N", 10),
            (3, 1, 2, "1N", "N", 8)]
    butler = pairs_event(rows, scoring="Butler", scale_to_boards=3)
    plain = pairs_event(rows, scoring="Butler")
    # Pair 3 played boards 1 and 2 only: its IMPs times 3/2, its average on board 3.
    assert butler.pairs[3].imps == plain.pairs[3].imps * 3 / 2
    assert butler.pairs[3].imps_per_board == plain.pairs[3].imps_per_board
    assert butler.pairs[1].imps == plain.pairs[1].imps  # played all 3


def test_scaled_matchpoints_change_only_with_a_penalty():
    # Ruter's way: a pair that sat out boards gets its average on them, and then the penalty
    # comes off a total of every board. Pair 3 plays 1 of 2 boards: 1 of 2 MP; scaled to 2
    # boards, 2 of 4. A 1 MP penalty: 1/4 = 25%, where over its own board it would be 0/2 = 0%.
    rows = [(1, 1, 2, "4S", "N", 10), (1, 3, 4, "4S", "N", 10), (2, 1, 2, "4S", "N", 10),
            (2, 5, 6, "4S", "N", 9)]
    scaled = pairs_event(rows, scale_to_boards=2)
    assert scaled.pairs[3].percent == pairs_event(rows).pairs[3].percent == 50.0
    assert pairs_event(rows, scale_to_boards=2, penalties={3: 1}).pairs[3].percent == 25.0
    assert pairs_event(rows, penalties={3: 1}).pairs[3].percent == 0.0


def test_an_adjusted_score_is_imps_a_comparison_in_cross_imps():
    rows = [(1, 1, 2, "4S", "N", 10), (1, 3, 4, "4S", "N", 10), (1, 5, 6, "4S", "N", 9), (1, 7, 8, "A60/40", "", ""),
            (2, 1, 2, "4S", "N", 10), (2, 7, 8, "4S", "N", 10), (2, 5, 6, "PASS/A40", "", "")]
    summed = pairs_event(rows, scoring="Cross-IMPs", crossimps="total", adjusted_per_comparison=1.5)
    # Board 1 has 3 real results: 60% is +1.5 against each, 4.5; 40% is -4.5.
    assert (summed.rows[3].ns, summed.rows[3].ew) == (4.5, -4.5)
    # The split score's given side (EW 40%) on board 2, with 3 real results (PASS is one).
    assert summed.rows[6].ew == -4.5
    averaged = pairs_event(rows, scoring="Cross-IMPs", adjusted_per_comparison=1.5)
    assert (averaged.rows[3].ns, averaged.rows[3].ew) == (1.5, -1.5)
    standard = pairs_event(rows, scoring="Cross-IMPs", crossimps="total")
    assert (standard.rows[3].ns, standard.rows[3].ew) == (3.0, -3.0)
    assert [r.ns for r in summed.rows[:3]] == [r.ns for r in standard.rows[:3]]  # real results unchanged


@pytest.mark.parametrize(("options", "words"), [
    ({"round_mp": "0.1", "scoring": "Butler"}, "matchpoint rounding \"0.1\": only for MP scoring, not Butler"),
    ({"round_mp": 0}, "matchpoint rounding 0: must be a number above 0"),
    ({"adjusted_per_comparison": 1.5}, "adjusted IMPs a comparison 1.5: only for Cross-IMPs scoring"),
    ({"scale_to_boards": "many"}, "boards to scale to"),
    ({"missing_as_ties": "maybe"}, "missing results as ties"),
])
def test_a_convention_given_wrongly_is_one_line(options, words):
    with pytest.raises(BridgeInputError) as raised:
        pairs_event(ROWS, **options)
    assert words in str(raised.value) and "\n" not in str(raised.value)


# --- import --------------------------------------------------------------------------------


def imported(event, published_by: dict[str, object]) -> Imported:
    """The event as a file would hold it, with the figures its program published scoring by
    ``published_by`` (to 2 decimals)."""
    report = score_pairs(dataclasses.replace(event, options={**event.options, **published_by}))
    figures = {pair: Published(pair, f"{(total.imps if report.imps else total.percent):.2f}")
               for pair, total in report.scored.pairs.items()}
    return Imported(event, figures)


@pytest.mark.parametrize(("scoring", "options", "flag"), [
    ("MP", {"neuberg": False}, "no-neuberg"),
    ("MP", {"missing_as_ties": True}, "missing-as-ties"),
    ("MP", {"round_mp": "0.1"}, "round-mp"),
    ("Butler", {"scale_to_boards": 27}, "scale-to-boards"),
])
def test_import_finds_the_convention_the_figures_show(scoring, options, flag):
    event = varied_event(scoring=scoring)
    chosen = conventions.found(imported(event, options))
    assert [convention.flag for convention, _ in chosen.conventions] == [flag]
    assert chosen.options == options and chosen.found
    assert conventions.found(imported(event, {})).conventions == ()  # the standard way: nothing to find
    # Figures no known convention gives: nothing is claimed.
    wrong = imported(event, {})
    off = {pair: Published(pair, f"{figure.number + 1:.2f}") for pair, figure in wrong.published.items()}
    assert conventions.found(dataclasses.replace(wrong, published=off)).conventions == ()


def xlbridge(*args: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "xlbridge", *map(str, args)],
                          capture_output=True, text=True, timeout=300, check=False)


def exported(tmp_path: Path, scoring: str, options: dict[str, object]) -> Path:
    """A PBN file as another program would write it: the event's results and the figures
    that program published, scoring by ``options``."""
    event = varied_event(scoring=scoring)
    report = score_pairs(dataclasses.replace(event, options={**event.options, **options}))
    path = tmp_path / "event.pbn"
    path.write_text(formats.pbn.FORMAT.dumps(dataclasses.replace(report, event=event)), encoding="utf-8")
    return path


def test_a_convention_the_workbook_cannot_compute_is_said_and_the_exit_is_1(tmp_path):
    # pairs.xlsx rounds matchpoints to decimals; to half a matchpoint it cannot.
    path = exported(tmp_path, "MP", {"round_mp": "0.5"})
    done = xlbridge("import", path, "--out", tmp_path / "event.xlsx", "--round-mp", "0.5")
    lines = done.stdout.splitlines()
    assert done.returncode == 1, done.stdout + done.stderr
    assert lines[0] == "Note: scored each board's matchpoints rounded to 0.5 (--round-mp 0.5)"
    assert lines[1].startswith("Note: pairs.xlsx cannot score each board's matchpoints rounded to 0.5: the workbook "
                               "scores the standard way")
    assert lines[2].startswith("Wrote ")  # said before it writes
    assert re.search(r"^0 differences scoring as the file does, each board's matchpoints rounded to 0\.5 "
                     r"\(--round-mp 0\.5\) \(18 published figures compared\)$", done.stdout, flags=re.M)
    # The workbook itself scores the standard way.
    checked = kinds.check(kinds.read(tmp_path / "event.xlsx"))
    assert "round_mp" not in checked.event.options


@pytest.mark.parametrize(("scoring", "options", "setup"), [
    ("MP", {"round_mp": "0.1"}, {"round_mp": "0.1"}),
    ("MP", {"missing_as_ties": True}, {"missing_as_ties": True}),
    ("Butler", {"scale_to_boards": 27}, {"scale_to_boards": 27}),
])
def test_the_conventions_the_workbook_holds_reach_its_setup(tmp_path, scoring, options, setup):
    """Found from the file's figures, each goes into pairs.xlsx's Setup, and the workbook then
    scores as the file did."""
    path = exported(tmp_path, scoring, options)
    done = xlbridge("import", path, "--out", tmp_path / "event.xlsx", "--compare")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Note: scored as the file's figures show: " in done.stdout and "pairs.xlsx cannot" not in done.stdout
    assert re.search(r"^0 differences \(\d+ published figures compared\)$", done.stdout, flags=re.M)
    read = kinds.check(kinds.read(tmp_path / "event.xlsx")).event.options
    assert {key: read.get(key) for key in setup} == setup


def test_a_convention_the_workbook_holds_reaches_its_setup(tmp_path):
    path = exported(tmp_path, "MP", {"neuberg": False})
    done = xlbridge("import", path, "--out", tmp_path / "event.xlsx", "--compare")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Note: scored as the file's figures show: matchpoints over each board's own top" in done.stdout
    assert "pairs.xlsx cannot" not in done.stdout
    assert re.search(r"^0 differences \(18 published figures compared\)$", done.stdout, flags=re.M)
    assert kinds.check(kinds.read(tmp_path / "event.xlsx")).event.options.get("neuberg") is False


def test_a_convention_given_on_the_command_line(tmp_path):
    path = exported(tmp_path, "Butler", {"scale_to_boards": 30})  # not the 27 import would try
    done = xlbridge("import", path, "--out", tmp_path / "event.xlsx", "--scale-to-boards", 30)
    assert done.stdout.splitlines()[0] == ("Note: scored each pair's total scaled to 30 boards (its average on "
                                           "boards it sat out) (--scale-to-boards 30)")
    assert done.returncode == 0 and "differ" not in done.stdout  # the workbook scales too (ScaleToBoards)
    assert kinds.check(kinds.read(tmp_path / "event.xlsx")).event.options["scale_to_boards"] == 30


@pytest.mark.parametrize(("args", "words"), [
    (("--round-mp", "0.1"), "--round-mp: only for MP scoring; "),
    (("--scale-to-boards", "0"), '--scale-to-boards: boards to scale to "0": must be a whole number'),
])
def test_a_convention_that_does_not_fit_is_refused_in_one_line(tmp_path, args, words):
    path = exported(tmp_path, "Butler", {})
    done = xlbridge("import", path, "--out", tmp_path / "event.xlsx", *args)
    assert done.returncode == 2 and words in done.stderr, done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and not (tmp_path / "event.xlsx").exists()


def test_a_file_scored_the_standard_way_has_no_convention_note(tmp_path):
    done = xlbridge("import", exported(tmp_path, "MP", {}), "--out", tmp_path / "event.xlsx")
    assert done.returncode == 0 and "Note: scored" not in done.stdout, done.stdout
