"""Swiss pairs (issue 22, part 3): the engine's scoring on the field worked by hand, the book
as written, a whole event through ``xlbridge draw`` round by round (no rematch, the report's
VPs the engine's on the typed rows) and bad input said in one line with nothing lost. The
LibreOffice recalculation is tests/test_swiss_pairs_lo.py."""

from __future__ import annotations

import random
from pathlib import Path

import openpyxl
import pytest

from xlbridge import engine as E
from xlbridge import kinds
from xlbridge import workbooks as W
from xlbridge.cli import main
from xlbridge.engine.swiss_pairs import swiss_pairs_event
from xlbridge.workbooks import swiss_pairs as SP

RESULT = ("Contract", "Declarer", "Tricks")
CONTRACTS = ["4S", "3NT", "4H", "2S", "1NT", "3C", "5D", "PASS", "3NTX", "2HX"]


def play(book, rounds: set[int], seed: int, *, skip: float = 0.0) -> None:
    """Random legal results in every drawn row of ``rounds`` (``skip``: the share left blank)."""
    rng = random.Random(seed)
    round_no, ns = W.read_named(book, "MatchRound"), W.read_named(book, "MatchNS")
    columns = {name: W.read_named(book, name) for name in RESULT}
    for i in range(len(round_no)):
        if round_no[i] not in rounds or ns[i] is None or rng.random() < skip:
            continue
        contract = rng.choice(CONTRACTS)
        declarer = tricks = None
        if contract != "PASS":
            declarer = rng.choice("NESW")
            tricks = max(0, min(13, E.parse_contract(contract).tricks_needed + rng.choice((-2, -1, 0, 0, 1, 2))))
        for name, value in zip(RESULT, (contract, declarer, tricks), strict=True):
            columns[name][i] = value
    for name, values in columns.items():
        W.write_named(book, name, values)


def typed(book) -> list[tuple]:
    """The typed rows with a result, as the engine takes them."""
    rows = zip(*(W.read_named(book, n) for n in ("MatchRound", "MatchNS", "MatchEW", "Board", *RESULT)), strict=True)
    return [(r, ns, ew, board, E.parse_played("PASS" if c == "PASS" else f"{c}{d}{_made(c, t)}"))
            for r, ns, ew, board, c, d, t in rows if c is not None]


def _made(contract: str, tricks: int) -> str:
    over = tricks - E.parse_contract(contract).tricks_needed
    return "=" if over == 0 else f"{over:+d}"


def engine_score(book):
    """The engine's scoring of the typed rows, the book's byes of the rounds begun and its method."""
    byes = {}
    if "RoundBye" in book.defined_names:
        byes = {r: p for r, p in enumerate(W.read_named(book, "RoundBye"), start=1) if p}
    method = SP.METHOD.parse(W.read_named(book, "Scoring")[0])
    return swiss_pairs_event(typed(book), byes, method=method, bye_vp=W.read_named(book, "ByeVP")[0])


def drawn(book, round_no: int) -> list[tuple[int, int | None]]:
    """Round ``round_no``'s tables as its rows hold them (in order), then its bye."""
    seen: list[tuple[int, int | None]] = []
    for r, ns, ew in zip(*(W.read_named(book, n) for n in ("MatchRound", "MatchNS", "MatchEW")), strict=True):
        if r == round_no and ns is not None and (ns, ew) not in seen:
            seen.append((ns, ew))
    if "RoundBye" in book.defined_names and W.read_named(book, "RoundBye")[round_no - 1] is not None:
        seen.append((W.read_named(book, "RoundBye")[round_no - 1], None))
    return seen


# --- the engine, by hand ----------------------------------------------------------------


def test_butler_and_cross_imps_worked_by_hand():
    # Round 1, three tables, boards 1 (none vulnerable) and 2 (NS vulnerable).
    rows = [(1, 1, 2, 1, E.parse_played("4SN=")), (1, 3, 4, 1, E.parse_played("4SN-1")),
            (1, 5, 6, 1, E.parse_played("3NTS+1")), (1, 1, 2, 2, E.parse_played("PASS")),
            (1, 3, 4, 2, E.parse_played("2HE=")), (1, 5, 6, 2, E.parse_played("1NTW-1"))]
    butler = swiss_pairs_event(rows)
    # Board 1: 420, -50, 430; the datum drops the top and the bottom: 420. Board 2: 0, -110, 50: datum 0.
    assert [(b.score, b.datum, b.imps) for b in butler.boards] == [
        (420, 420, 0), (-50, 420, -10), (430, 420, 0), (0, 0, 0), (-110, 0, -3), (50, 0, 2)]
    matches = {(m.home, m.away): m for m in butler.matches}
    assert (matches[3, 4].imps_home, matches[3, 4].imps_away) == (0, 13)
    # 13 IMPs over 2 boards on the WBF scale: the published table's 17.69 to the winner.
    assert (matches[3, 4].vp_home, matches[3, 4].vp_away) == (2.31, 17.69)
    assert (matches[5, 6].vp_home, matches[5, 6].vp_away) == (E.vp(2, 2), E.vp(-2, 2))
    crossed = swiss_pairs_event(rows, method="Cross-IMPs")
    # 420 against -50 (+10) and 430 (0), averaged over 2 comparisons: +5; 0 against -110 (+3) and 50 (-2): +0.5.
    assert [float(b.imps) for b in crossed.boards] == [5.0, -10.0, 5.0, 0.5, -3.5, 3.0]
    m = {(x.home, x.away): x for x in crossed.matches}
    assert (m[1, 2].imps_home, m[1, 2].vp_home) == (5.5, E.vp(5.5, 2))
    assert (m[3, 4].imps_away, m[3, 4].vp_home) == (13.5, E.vp(-13.5, 2))  # interpolated between 13 and 14
    assert E.vp(13, 2) < m[3, 4].vp_away < E.vp(14, 2)  # between the neighbours' VPs


def test_the_engine_refuses_a_pair_twice_in_a_round_and_a_board_twice():
    four = E.parse_played("4SN=")
    with pytest.raises(E.BridgeInputError, match="round 1: pair 2 plays two matches"):
        swiss_pairs_event([(1, 1, 2, 1, four), (1, 3, 2, 2, four)])
    with pytest.raises(E.BridgeInputError, match="round 1, board 1: pair 1's table has two results"):
        swiss_pairs_event([(1, 1, 2, 1, four), (1, 1, 2, 1, four)])
    with pytest.raises(E.BridgeInputError, match="must be Butler or Cross-IMPs"):
        swiss_pairs_event([(1, 1, 2, 1, four)], method="MP")


# --- the book -----------------------------------------------------------------------------


def test_the_book_has_round_one_drawn_and_its_names():
    book = W.build("swiss-pairs", pairs=7, rounds=4, boards=3)
    assert drawn(book, 1) == [(1, 2), (3, 4), (5, 6), (7, None)]
    assert all(drawn(book, r) == [] for r in (2, 3, 4))
    for name in ("MatchRound", "MatchNS", "MatchEW", "Board", "Contract", "Declarer", "Tricks", "PairNumber",
                 "PairName", "PairVP", "PairPlace", "Scoring", "ByeVP", "RoundBye"):
        assert name in book.defined_names, name
    assert len(W.read_named(book, "MatchRound")) == 4 * 3 * 3
    assert W.read_named(book, "Board")[:4] == [1, 2, 3, 1]  # each table plays the round's boards
    assert kinds.detect(book.defined_names).name == "swiss-pairs"


@pytest.mark.parametrize("argv, message", [
    (["--pairs", "3", "--rounds", "2"], "pairs 3: must be 4-60"),
    (["--pairs", "6", "--rounds", "6"], "a Swiss of 6 pairs has 1-5 rounds"),
    (["--pairs", "6", "--rounds", "3", "--boards", "17"], "boards 17: must be 1-16"),
    (["--pairs", "6"], "needs --pairs and --rounds"),
])
def test_impossible_events_are_refused_in_one_line(tmp_path, capsys, argv, message):
    assert main(["workbooks", "swiss-pairs", "--out", str(tmp_path), *argv]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1
    assert not (tmp_path / "swiss-pairs.xlsx").exists()


def test_the_command_writes_the_book_and_never_overwrites(tmp_path, capsys):
    argv = ["workbooks", "swiss-pairs", "--pairs", "8", "--rounds", "3", "--boards", "2", "--scoring", "cross-imps",
            "--out", str(tmp_path)]
    assert main(argv) == 0
    path = tmp_path / "swiss-pairs.xlsx"
    assert W.read_named(openpyxl.load_workbook(path), "Scoring") == ["Cross-IMPs"]
    before = path.read_bytes()
    assert main(argv) == 2 and "already exists" in capsys.readouterr().err
    assert path.read_bytes() == before


# --- a whole event through xlbridge draw -----------------------------------------------------


@pytest.mark.parametrize("pairs, rounds, method", [(9, 5, "butler"), (8, 4, "cross-imps")])
def test_draw_runs_a_whole_swiss_pairs_event(tmp_path, capsys, pairs, rounds, method):
    assert main(["workbooks", "swiss-pairs", "--pairs", str(pairs), "--rounds", str(rounds), "--boards", "3",
                 "--scoring", method, "--out", str(tmp_path)]) == 0
    path = tmp_path / "swiss-pairs.xlsx"
    met: set[frozenset[int]] = set()
    byes: list[int] = []
    for number in range(1, rounds + 1):
        book = openpyxl.load_workbook(path)
        for ns, ew in drawn(book, number):
            if ew is None:
                byes.append(ns)
            else:
                assert frozenset((ns, ew)) not in met, f"round {number}: {ns} v {ew} again"
                met.add(frozenset((ns, ew)))
        play(book, {number}, seed=number)
        W.save(book, path, force=True)
        # The report's VPs and standings are the engine's on the typed rows.
        scored = engine_score(book)
        assert main(["report", str(path)]) == 0
        shown = capsys.readouterr().out
        checked = kinds.check(kinds.read(path))
        assert checked.clean, checked.problems
        report = kinds.SWISS_PAIRS.score(checked.event)
        assert report.standings() == scored.standings()
        assert [(m.home, m.away, m.vp_home, m.vp_away) for m in report.matches] == [
            (m.home, m.away, m.vp_home, m.vp_away) for m in scored.matches]
        leader = scored.standings()[0]
        assert f"{leader.vp:.2f}" in shown
        if number == rounds:
            break
        order = [s.team for s in scored.standings()]
        history = [m for r in range(1, number + 1) for m in drawn(book, r)]
        assert main(["draw", str(path)]) == 0
        assert f"round {number + 1} drawn" in capsys.readouterr().out
        after = openpyxl.load_workbook(path)
        assert drawn(after, number + 1) == E.swiss_draw(order, history, round=number + 1)
        assert typed(after) == typed(book)  # the results so far are kept
    assert len(byes) == len(set(byes)) == (rounds if pairs % 2 else 0)
    assert len(met) == rounds * (pairs // 2)
    assert main(["draw", str(path)]) == 2
    assert f"all {rounds} rounds have results" in capsys.readouterr().err


def _signed(value: int) -> str:
    return f"{value:+d}" if value else "0"


def _saved(book, folder: Path, name: str = "event.xlsx") -> Path:
    return W.save(book, folder / name)


def test_a_draw_after_an_unfinished_round_is_refused_and_nothing_lost(tmp_path, capsys):
    book = W.build("swiss-pairs", pairs=6, rounds=3, boards=2)
    play(book, {1}, seed=3)
    for name in RESULT:
        W.named_cells(book, name)[0].value = None  # table 1's first board not in
    path = _saved(book, tmp_path)
    before = path.read_bytes()
    assert main(["draw", str(path)]) == 2
    err = capsys.readouterr().err
    assert "round 1 is not finished (round 1, 1 v 2: 1 of 2 boards)" in err and err.count("\n") == 1
    assert path.read_bytes() == before
    assert main(["draw", str(path), "--force"]) == 0  # the director's choice: round 2 drawn anyway
    assert "round 2 drawn" in capsys.readouterr().out
    forced = path.read_bytes()
    assert main(["draw", str(path)]) == 2  # still unfinished, and round 2 is drawn: refused again
    assert path.read_bytes() == forced
    assert typed(openpyxl.load_workbook(path)) == typed(book)  # the results typed are all there


def test_a_pair_twice_in_a_round_is_a_problem_at_its_cell_and_no_draw(tmp_path, capsys):
    book = W.build("swiss-pairs", pairs=6, rounds=3, boards=2)
    play(book, {1}, seed=5)
    ew = W.named_cells(book, "MatchEW")
    ew[2].value = ew[3].value = 2  # table 2 (3 v 4) typed as 3 v 2: pair 2 at two tables
    path = _saved(book, tmp_path)
    before = path.read_bytes()
    checked = kinds.check(kinds.read(path))
    assert [p.message for p in checked.problems] == ["round 1: pair 2 plays two matches (1 v 2 and 3 v 2)"]
    assert checked.problems[0].address.endswith("B7")
    assert main(["draw", str(path)]) == 1
    out = capsys.readouterr()
    assert "pair 2 plays two matches" in out.out + out.err
    assert path.read_bytes() == before


def test_export_writes_the_web_page_pbn_and_usebio(tmp_path, capsys):
    book = W.build("swiss-pairs", pairs=5, rounds=2, boards=2, names=["Ann & Bo", "Cy & Di", None, "Ed & Flo", "Gus"])
    play(book, {1}, seed=11)
    path = _saved(book, tmp_path)
    scored = engine_score(book)
    assert main(["export", str(path), "--html", str(tmp_path / "event.html")]) == 0
    page = (tmp_path / "event.html").read_text(encoding="utf-8")
    assert "<h2>Standings</h2>" in page and "VP NS" in page and "IMPs EW" in page
    leader = scored.standings()[0]
    assert f"{leader.vp:.2f}" in page and "Pair 3" in page and "Ann &amp; Bo" in page
    # Each round's tables board by board: the score, the board's datum and NS's IMPs on the field.
    cells = page.replace('<td class="text">', "<td>")
    for b in scored.boards:
        tail = "".join(f"<td>{v}</td>" for v in (_signed(b.score), _signed(b.datum), _signed(int(b.imps))))
        assert f"<tr><td>{b.board}</td><td>{b.ns}</td><td>{b.ew}</td>" in cells
        assert tail + "</tr>" in cells, (b, tail)
    # PBN and USEBIO too (tests/test_swiss_pairs_exchange.py reads them back, figure by figure).
    assert main(["export", str(path), "--usebio", str(tmp_path / "event.xml")]) == 0
    assert '<EVENT EVENT_TYPE="SWISS_PAIRS">' in (tmp_path / "event.xml").read_text(encoding="utf-8")


def test_the_report_and_its_printout_speak_of_pairs(tmp_path, capsys):
    from xlbridge.formats import printout

    book = W.build("swiss-pairs", pairs=4, rounds=2, boards=1)
    play(book, {1}, seed=2)
    checked = kinds.check(kinds.read(_saved(book, tmp_path)))
    report = kinds.SWISS_PAIRS.score(checked.event)
    assert report.heading == "Swiss pairs" and report.sides == ("NS", "EW")
    sheet = printout.workbook(report).active
    texts = [str(cell.value) for row in sheet.iter_rows() for cell in row if cell.value is not None]
    assert "Pair" in texts and "Team" not in texts
    header = next(row for row in sheet.iter_rows() if any(cell.value == "VP" for cell in row))
    column = next(cell.column for cell in header if cell.value == "VP")
    shown = [sheet.cell(header[0].row + k, column).value for k in range(1, 5)]
    assert shown == [s.vp for s in report.standings()]


def test_a_result_typed_among_another_rounds_rows_is_a_problem_at_its_cell(tmp_path):
    book = W.build("swiss-pairs", pairs=6, rounds=3, boards=2)
    play(book, {1}, seed=4)
    W.named_cells(book, "MatchRound")[1].value = 2  # round 1's second row typed as round 2
    checked = kinds.check(kinds.read(_saved(book, tmp_path)))
    [problem] = checked.problems
    assert problem.address.endswith("A6")
    assert problem.message == ("round 2: this row is among round 1's rows; type round 1, or move the result to "
                               "round 2's rows")
