"""A session from its movement: the prefilled pairs workbook, its cards, the command,
and ``xlbridge check`` comparing the results with the movement."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import openpyxl
import pytest

from xlbridge import engine as E
from xlbridge import workbooks as W
from xlbridge.cli import main
from xlbridge.workbooks.cards import boards_text

CASES = [("mitchell", 7, 21, {}), ("mitchell", 8, 24, {"variant": "relay", "pairs": 15, "arrow_switch": True}),
         ("howell", 5, 27, {}), ("howell", 3, 20, {"pairs": 5})]


def xlbridge(*args: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "xlbridge", *map(str, args)], capture_output=True,
                          text=True, timeout=300, check=False)


@pytest.mark.parametrize(("kind", "tables", "boards", "options"), CASES)
def test_the_results_come_prefilled_in_traveller_order(kind, tables, boards, options):
    m = E.movement(kind, tables, boards, **options)
    book = W.build("pairs", movement=m)
    expected = m.results()
    rows = list(zip(*(W.read_named(book, n) for n in ("RoundNo", "TableNo", "Board", "NS", "EW")), strict=True))
    assert rows[:len(expected)] == expected
    assert set(rows[len(expected):]) <= {(None,) * 5}  # the rest, if any, blank
    assert [b for _, _, b, _, _ in expected] == sorted(b for _, _, b, _, _ in expected)
    assert W.read_named(book, "PairNumber")[:m.pairs] == m.pair_numbers
    assert W.read_named(book, "TableCount") == [tables] and W.read_named(book, "BoardCount") == [boards]
    two_winners = kind == "mitchell" and not options.get("arrow_switch")
    assert W.read_named(book, "Fields") == [2 if two_winners else 1]
    assert W.read_named(book, "MovementText") == [f"Movement: {m}"]
    # the Movement sheet holds the movement, row by row, for check
    moved = list(zip(*(W.read_named(book, n) for n in ("MoveRound", "MoveTable", "MoveNS", "MoveEW",
                                                       "MoveBoards")), strict=True))
    assert moved == [(r.round, r.table, r.ns, r.ew, boards_text(r.boards)) for r in m.rows]
    # the rows stay editable for late changes
    for name in ("RoundNo", "TableNo", "Board", "NS", "EW"):
        assert not W.named_cells(book, name)[0].protection.locked


def test_cards_one_a_table_a_pair_and_a_board():
    m = E.movement("howell", 4, 14, pairs=7)
    book = W.build("pairs", movement=m)
    sheets = {ws.title: ws for ws in book.worksheets}
    titles = {name: [c.value for c in sheets[name]["A"] if isinstance(c.value, str) and c.font.sz == 14]
              for name in ("Table cards", "Guide cards", "Paper travellers", "Score cards")}
    assert titles["Table cards"] == [f"Table {t}" for t in range(1, 5)]
    assert titles["Guide cards"] == [f"Pair {p}" for p in range(1, 8)]
    assert titles["Paper travellers"] == [f"Board {b}" for b in range(1, 15)]
    assert titles["Score cards"] == [f"Pair {p}: score card" for p in range(1, 8)]
    # pair 7's guide card: its sit-out round, and otherwise table, direction, opponent, boards
    guide = sheets["Guide cards"]
    start = next(c.row for c in guide["A"] if c.value == "Pair 7")
    lines = [[guide.cell(r, c).value for c in range(1, 6)] for r in range(start + 4, start + 4 + m.rounds)]
    for line, row in zip(lines, m.of_pair(7), strict=True):
        if row.sits_out:
            assert line[2] == "sits out"
        else:
            assert line == [row.round, row.table, row.direction(7), row.opponent(7), boards_text(row.boards)]
    # every card sheet prints with page breaks between cards
    for name in titles:
        assert sheets[name].row_breaks.brk or len(titles[name]) <= 2


def fill(book: openpyxl.Workbook, count: int, seed: int = 1) -> list[tuple]:
    """Random results into the first ``count`` prefilled rows; returns them."""
    rng = random.Random(seed)
    results = []
    for _ in range(count):
        contract = rng.choice(["4S", "3NT", "2H", "PASS", "A60/40", "5DX"])
        if contract == "PASS" or contract.startswith("A"):
            results.append((contract, None, None))
        else:
            need = E.parse_contract(contract).tricks_needed
            results.append((contract, rng.choice("NESW"), need + rng.choice([-2, -1, 0, 0, 1])))
    for i, name in enumerate(("Contract", "Declarer", "Tricks")):
        W.write_named(book, name, [r[i] for r in results])
    return results


def test_check_knows_the_movement(tmp_path: Path):
    m = E.movement("mitchell", 7, 21)
    book = W.build("pairs", movement=m)
    count = len(m.results())
    fill(book, count - 3)  # three results not in yet
    cells = {name: W.named_cells(book, name) for name in ("Board", "NS", "EW", "RoundNo", "TableNo")}
    cells["EW"][10].value = 13  # a wrong pair at its round and table
    row = cells["Board"][10].row
    round_no, table = cells["RoundNo"][10].value, cells["TableNo"][10].value
    place = m.at(round_no, table)
    board = cells["Board"][10].value
    for name in ("Board", "NS", "EW", "RoundNo", "TableNo", "Contract", "Declarer", "Tricks"):
        W.named_cells(book, name)[20].value = None  # a row gone altogether
    gone = m.results()[20]
    path = W.save(book, tmp_path / "session.xlsx")
    done = xlbridge("check", path)
    assert done.returncode == 1, done.stdout
    assert (f"Results!A{row}: board {board}, round {round_no}, table {table}: the movement has NS "
            f"{place.ns} v EW {place.ew} on boards {boards_text(place.boards)}") in done.stdout.splitlines()
    lines = done.stdout.splitlines()
    waiting = [line for line in lines if line.endswith(": no result yet")]
    assert len(waiting) == 3
    for (r, t, b, _, _), line in zip(m.results()[-3:], waiting, strict=True):
        assert line == f"board {b} (round {r}, table {t}): no result yet"
    assert (f"board {gone[2]} (round {gone[0]}, table {gone[1]}: NS {gone[3]} v EW {gone[4]}): "
            "no row in the results") in lines


def test_the_command_writes_a_session_and_refuses_what_cannot_be(tmp_path: Path):
    done = xlbridge("workbooks", "pairs", "--movement", "howell", "--tables", "5", "--boards", "27",
                    "--out", tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"{tmp_path / 'pairs.xlsx'}: Howell, 5 tables, 10 pairs: 9 rounds of 3 boards"
    book = openpyxl.load_workbook(tmp_path / "pairs.xlsx")
    assert "Table cards" in book.sheetnames and len(W.read_named(book, "MoveRound")) == 45
    again = xlbridge("workbooks", "--movement", "howell", "--tables", "5", "--boards", "27", "--out", tmp_path)
    assert again.returncode == 2 and "already exists" in again.stderr and "--force" in again.stderr
    bad = xlbridge("workbooks", "--movement", "mitchell", "--tables", "7", "--boards", "20", "--out", tmp_path)
    assert bad.returncode == 2
    assert bad.stderr.strip().splitlines() == [
        "xlbridge: boards 20: a 7-table Mitchell has 7 board sets, so boards must be a multiple of 7 (14 or 21)"]
    half = xlbridge("workbooks", "--movement", "mitchell", "--out", tmp_path)
    assert half.returncode == 2 and "needs --movement, --tables and --boards" in half.stderr


def test_arrow_switch_spread_from_the_command_line(tmp_path, capsys):
    """Spread switching where it compares everybody (15 tables: rounds 8 and 15); refused in one
    line where it would leave pairs never compared (21 tables), nothing written."""
    assert main(["workbooks", "pairs", "--movement", "mitchell", "--tables", "15", "--boards", "30",
                 "--arrow-switch", "spread", "--out", str(tmp_path / "a")]) == 0
    assert "arrow-switch rounds 8, 15" in capsys.readouterr().out
    assert main(["workbooks", "pairs", "--movement", "mitchell", "--tables", "21", "--boards", "21",
                 "--arrow-switch", "spread", "--out", str(tmp_path / "b")]) == 2
    err = capsys.readouterr().err.strip()
    assert "63 pairs of pairs would never sit the same way" in err and len(err.splitlines()) == 1
    assert not (tmp_path / "b" / "pairs.xlsx").exists()


@pytest.mark.parametrize(("tables", "boards", "options"), [(8, 24, {"variant": "skip"}), (5, 27, {})])
def test_setup_expects_the_movements_own_results(tables, boards, options):
    """'Results entered ... of N': an 8-table skip Mitchell of 24 boards plays 7 rounds of 3
    boards at its 8 tables, so N is the movement's 168 rows, not 8 x 24; a Howell's is its rows."""
    plan = E.movement("mitchell" if options else "howell", tables, boards, **options)
    setup = W.build("pairs", movement=plan)["Setup"]
    label = next(row for row in range(15, 25) if setup[f"A{row}"].value == "Results entered")
    assert setup[f"E{label}"].value == f"={len(plan.results())}"
    assert len(plan.results()) == (168 if options else 135)
