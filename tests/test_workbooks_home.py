"""rubber.xlsx and chicago.xlsx as generated (names, validation, protection, lookup tables,
print set-up, Finnish), random legal fills with the engine's expectations (recalculated
in LibreOffice by test_workbooks_home_lo.py), and `xlbridge check`/`report` on them.
"""

from __future__ import annotations

import random
import re
from typing import Any

import openpyxl
import pytest

from tests.test_workbooks_fill import Scenario
from xlbridge import engine as E
from xlbridge import workbooks as W
from xlbridge.cli import main
from xlbridge.engine.chicago import VARIANTS
from xlbridge.engine.compensation import FITS
from xlbridge.engine.rubber import parse_honours
from xlbridge.workbooks import chicago, lookup, rubber
from xlbridge.workbooks.i18n import Labels
from xlbridge.workbooks.names import name_problem

CELLS = {
    "rubber": {"TotalNS", "TotalEW", "BonusNS", "BonusEW", "GamesNS", "GamesEW", "PlayersNS",
               "PlayersEW", "EventName", "EventDate"},
    "chicago": {"TotalNS", "TotalEW", "TotalIMPsNS", "ChicagoCycle", "PlayersNS", "PlayersEW",
                "EventName", "EventDate"},
}
COLUMNS = {
    "rubber": (rubber.DEALS, ["Contract", "Declarer", "Tricks", "Honours", "DealVul", "AboveNS",
                              "BelowNS", "AboveEW", "BelowEW", "Check"]),
    "chicago": (4 * chicago.ROUNDS, ["Contract", "Declarer", "Tricks", "HCP", "Fit", "ScoreNS",
                                     "ScoreEW", "RunningNS", "RunningEW", "IMPsNS", "Check"]),
}
INPUTS = {
    "rubber": ["Contract", "Declarer", "Tricks", "Honours", "PlayersNS", "PlayersEW", "EventName",
               "EventDate"],
    "chicago": ["Contract", "Declarer", "Tricks", "HCP", "Fit", "ChicagoCycle", "PlayersNS",
                "PlayersEW", "EventName", "EventDate"],
}
PORTABLE = {"ABS", "AND", "COUNT", "COUNTIF", "IF", "IFERROR", "INDEX", "INT", "ISNUMBER", "MATCH",
            "MOD", "N", "NOT", "OR", "SIGN", "SUM", "SUMIF", "TRIM"}
HOME = ("rubber", "chicago")


@pytest.fixture(scope="module")
def books() -> dict[str, openpyxl.Workbook]:
    return {name: W.build(name) for name in HOME}


def test_registered():
    assert {"rubber", "chicago"} <= set(W.TEMPLATES)
    assert W.TEMPLATES.index("rubber") < W.TEMPLATES.index("chicago")


@pytest.mark.parametrize("name", HOME)
def test_every_public_name_is_defined_with_its_shape(books, name):
    book = books[name]
    for cell in CELLS[name]:
        assert len(W.named_cells(book, cell)) == 1, cell
    length, columns = COLUMNS[name]
    for column in columns:
        cells = W.named_cells(book, column)
        assert len(cells) == length, column
        assert len({c.column for c in cells}) == 1, column
    internal = {n for n in book.defined_names if n.startswith("tbl")}
    assert set(book.defined_names) - internal == CELLS[name] | set(columns)
    for defined in book.defined_names:
        assert name_problem(defined) is None, defined
    assert "Variant" not in book.defined_names


@pytest.mark.parametrize("name", HOME)
def test_inputs_are_unlocked_and_validated_formulas_locked(books, name):
    book = books[name]
    for input_name in INPUTS[name]:
        for cell in W.named_cells(book, input_name):
            assert cell.protection.locked is False, (input_name, cell.coordinate)
            rules = [dv for dv in cell.parent.data_validations.dataValidation
                     if cell.coordinate in dv.sqref]
            assert len(rules) == 1, (input_name, cell.coordinate)
            assert rules[0].showErrorMessage and rules[0].errorStyle == "stop"
            assert rules[0].error and len(rules[0].error) <= 255, input_name
    for sheet in book.worksheets:
        assert sheet.protection.sheet and not sheet.protection.password
        for row in sheet.iter_rows():
            for cell in row:
                if cell.data_type == "f":
                    assert cell.protection.locked, (sheet.title, cell.coordinate)
                    functions = set(re.findall(r"([A-Z][A-Z0-9.]*)\(", cell.value))
                    assert functions <= PORTABLE, (functions - PORTABLE, cell.value)
                    assert not re.search(r"(?<![\w$])\$?[A-Z]{1,3}:\$?[A-Z]{1,3}(?![\w$])",
                                         cell.value)


def column_values(book: openpyxl.Workbook, name: str) -> list[list[Any]]:
    cells = W.named_cells(book, name)
    width = len({c.column for c in cells})
    values = [c.value for c in cells]
    return [values[i:i + width] for i in range(0, len(values), width)]


def test_rubber_tables_are_the_engines(books):
    book = books["rubber"]
    below, above = column_values(book, "tblRubBelow"), column_values(book, "tblRubAbove")
    for (_, contract), row_below, row_above in zip(lookup.spellings(), below, above, strict=True):
        for vul in (False, True):
            for tricks in range(14):
                parts = E.score_parts(contract, tricks, vul)
                i = tricks + 14 * vul
                assert row_below[i] == (parts.below if parts.made else 0)
                assert row_above[i] == (parts.above if parts.made else -parts.penalty)
    honours = [c.value for c in W.named_cells(book, "tblHonours")]
    assert honours == ["NS 100", "NS 150", "EW 100", "EW 150"]
    for text, ns, ew in zip(honours, W.read_named(book, "tblHonNS"), W.read_named(book, "tblHonEW"),
                            strict=True):
        claim = parse_honours(text)
        assert (ns, ew) == ((claim.points, 0) if claim.side is E.Side.NS else (0, claim.points))
    dv = [d for d in book.worksheets[0].data_validations.dataValidation
          if "Honours" in (d.error or "") or "honours" in (d.error or "")]
    assert dv and dv[0].type == "list" and "Lookup" in dv[0].formula1


def test_chicago_tables_are_the_engines(books):
    book = books["chicago"]
    vul = W.read_named(book, "tblChicagoVul")
    decl = column_values(book, "tblChicagoDeclVul")
    for v, variant in enumerate(VARIANTS):
        for deal in range(1, 5):
            row = v * 4 + deal - 1
            assert vul[row] == str(E.chicago_vul(deal, variant))
            assert decl[row] == [int(E.chicago_vul(deal, variant).is_vulnerable(s)) for s in E.SEATS]
            assert W.read_named(book, "tblChicagoDealer")[row] == str(E.chicago_dealer(deal))
    fits = W.read_named(book, "tblFits")
    assert [E.Fit.parse(text) for text in fits] == list(FITS)
    assert len({text.lower() for text in fits}) == len(fits)  # a dropdown ignores case
    comp = column_values(book, "tblComp")
    for hcp, row in zip(range(20, 41), comp, strict=True):
        assert row == [E.compensation(hcp, fit, vul) for vul in (False, True) for fit in FITS]
    assert comp[-1][FITS.index(E.Fit.NONE) + 7] == E.compensation(40, "none", True)  # above 33
    assert W.read_named(book, "ChicagoCycle") == ["standard"]
    assert W.read_named(W.build("chicago", cycle="duplicate"), "ChicagoCycle") == ["duplicate"]


@pytest.mark.parametrize("paper", ["A4", "Letter"])
@pytest.mark.parametrize("name", HOME)
def test_print_setup(name, paper):
    book = W.build(name, paper=paper)
    sheet = book.worksheets[0]
    assert sheet.page_setup.paperSize == W.PAPERS[paper]
    assert sheet.print_area and sheet.sheet_properties.pageSetUpPr.fitToPage
    assert sheet.page_setup.fitToWidth == 1 and sheet.page_setup.fitToHeight == 1
    assert "&P" in sheet.oddFooter.center.text
    for row in sheet.iter_rows():
        for cell in row:
            assert cell.font.name == "Arial", cell.coordinate


def test_finnish_labels_same_names(books):
    for name in HOME:
        finnish = W.build(name, lang="fi")
        assert {n: d.attr_text.split("!")[1] for n, d in finnish.defined_names.items()} == {
            n: d.attr_text.split("!")[1] for n, d in books[name].defined_names.items()}
    assert W.build("rubber", lang="fi").sheetnames[0] == "Robberi"
    values = {c.value for row in W.build("rubber", lang="fi").worksheets[0].iter_rows(max_row=6)
              for c in row}
    assert {"Me", "He", "Honöörit"} <= values
    assert W.read_named(W.build("chicago", lang="fi"), "tblChicagoFlags")[-1] == "sopivuus?"


def test_options():
    assert len(W.named_cells(W.build("chicago", rounds=6), "Contract")) == 24
    with pytest.raises(ValueError):
        W.build("chicago", rounds=0)
    with pytest.raises(ValueError):
        W.build("chicago", cycle="Variant")
    book = W.build("rubber", we="=HYPERLINK(1)", they="+358")
    assert W.read_named(book, "PlayersNS") == ["=HYPERLINK(1)"]
    assert W.named_cells(book, "PlayersNS")[0].data_type == "s"


# --- random legal fills, and what the engine says --------------------------------------------

RUBBER_POOL = ["4S", "4H", "3NT", "2S", "1NT", "2H", "3C", "5D", "2C", "1S", "6S", "6NT", "PASS",
               "7H", "2DX", "3HX", "1NTXX"]


def _deal(rng: random.Random, pool: list[str]) -> tuple:
    contract = rng.choice(pool)
    if contract == "PASS":
        return "PASS", None, None
    need = E.parse_contract(contract).tricks_needed
    tricks = max(0, min(13, need + rng.choice([-2, -1, 0, 0, 0, 0, 1, 1, 2])))
    return contract, rng.choice("NESW"), tricks


def _honours(rng: random.Random, contract: str) -> str | None:
    if contract == "PASS" or rng.random() > 0.2:
        return None
    choices = ["NS 150", "EW 150"] if "NT" in contract else ["NS 100", "NS 150", "EW 100", "EW 150"]
    return rng.choice(choices)


def rubber_expected(rows: list[tuple], flags: dict[int, str] | None = None) -> dict[str, list]:
    """The engine's values for ``rows`` (contract, declarer, tricks, honours); rows in
    ``flags`` (0-based) are flagged in the sheet and count as blank."""
    flags = flags or {}
    clean = [(None, None, None, None) if i in flags else row for i, row in enumerate(rows)]
    ledger = E.rubber_ledger(*[[row[c] for row in clean] for c in range(4)])
    lines = {line.deal: line for line in ledger.lines}
    expected: dict[str, list] = {k: [] for k in ("AboveNS", "BelowNS", "AboveEW", "BelowEW",
                                                  "DealVul", "Check")}
    state = E.Vulnerability.NONE
    ended = False
    for i, row in enumerate(rows):
        line = lines.get(i + 1)
        for key, attr in (("AboveNS", "ns_above"), ("BelowNS", "ns_below"), ("AboveEW", "ew_above"),
                          ("BelowEW", "ew_below")):
            expected[key].append(getattr(line, attr) if line else None)
        shown = not ended and (row[0] is not None or (i > 0 and rows[i - 1][0] is not None))
        expected["DealVul"].append(str(state) if shown else None)
        expected["Check"].append(flags.get(i))
        if line:
            state, ended = line.vulnerability, line.finished
    if rows and rows[-1][0] is not None and not ended and len(rows) < rubber.DEALS:
        expected["DealVul"].append(str(state))  # the next deal's, shown in advance
    scored = bool(ledger.lines)
    expected["TotalNS"] = [ledger.ns_total if scored else None]
    expected["TotalEW"] = [ledger.ew_total if scored else None]
    expected["BonusNS"] = [ledger.ns_bonus if scored else None]
    expected["BonusEW"] = [ledger.ew_bonus if scored else None]
    expected["GamesNS"] = [ledger.ns_games if scored else None]
    expected["GamesEW"] = [ledger.ew_games if scored else None]
    return expected


def rubber_scenario(seed: int, *, mess: bool = False, finish: bool = True,
                    long: bool = False) -> Scenario:
    """A random rubber (played to its end when ``finish``), blank rows in between; with
    ``mess`` some rows are impossible and one comes after the end; ``long`` starts with
    18 contracts going down, more entries above the line than the pad has slots."""
    rng = random.Random(seed)
    rows: list[tuple] = []
    if long:
        for _ in range(18):
            contract = rng.choice(["2S", "3C", "2NT", "3HX"])
            need = E.parse_contract(contract).tricks_needed
            rows.append((contract, rng.choice("NESW"), need - rng.choice([1, 1, 2]),
                         rng.choice([None, None, "NS 100", "EW 150"]) if "NT" not in contract else None))
    while len(rows) < rubber.DEALS - (8 if mess else 0):
        if rng.random() < 0.1:
            rows.append((None, None, None, None))
            continue
        contract, declarer, tricks = _deal(rng, RUBBER_POOL)
        rows.append((contract, declarer, tricks, _honours(rng, contract)))
        ledger = E.rubber_ledger(*[[r[c] for r in rows] for c in range(4)])
        if not finish and ledger.finished:
            rows.pop()  # stop one deal short of the end
            break
        if ledger.finished or (not finish and max(ledger.ns_games, ledger.ew_games) == 1 and len(rows) > 6):
            break
    flags: dict[int, str] = {}
    if mess:
        bad = [("8S", "N", 9, None, "flag_contract"), ("4S", "Q", 10, None, "flag_declarer"),
               ("4S", "N", 14, None, "flag_tricks"), ("3NT", "S", 9, "NS 100", "flag_honours"),
               ("PASS", None, None, "EW 150", "flag_honours"), ("2H", "E", 8, "EW 99", "flag_honours")]
        for contract, declarer, tricks, honours, key in bad:
            at = rng.randrange(len(rows))
            rows.insert(at, (contract, declarer, tricks, honours))
            flags = {(i + 1 if i >= at else i): v for i, v in flags.items()}
            flags[at] = Labels("en", "rubber")(key)
        ledger = E.rubber_ledger(*[[None if i in flags else r[c] for i, r in enumerate(rows)]
                                   for c in range(4)])
        if ledger.finished:
            rows.append(("1NT", "N", 7, None))
            flags[len(rows) - 1] = Labels("en", "rubber")("flag_over")
    inputs = {name: [row[c] for row in rows]
              for c, name in enumerate(("Contract", "Declarer", "Tricks", "Honours"))}
    return Scenario("rubber", f"rubber-{seed}", inputs, rubber_expected(rows, flags))


def _common(key: str) -> str:
    return Labels("en")(key)


FIT_TEXT = {fit: chicago.fit_text(fit) for fit in FITS}


def chicago_expected(rows: list[tuple], variant: str, flags: dict[int, str] | None = None,
                     no_imps: set[int] | None = None) -> dict[str, list]:
    """The engine's values for ``rows`` (contract, declarer, tricks, hcp, fit); rows in
    ``flags`` count as blank, rows in ``no_imps`` are scored without compensation."""
    flags, no_imps = flags or {}, no_imps or set()
    clean = [(None,) * 5 if i in flags else ((*row[:3], None, None) if i in no_imps else row)
             for i, row in enumerate(rows)]
    ledger = E.chicago_ledger(*[[row[c] for row in clean] for c in range(5)], variant=variant)
    expected: dict[str, list] = {k: [] for k in ("ScoreNS", "ScoreEW", "RunningNS", "RunningEW",
                                                  "IMPsNS", "Check")}
    for i, line in enumerate(ledger.lines):
        scored = line.ns_score is not None
        expected["ScoreNS"].append(line.ns_score)
        expected["ScoreEW"].append(-line.ns_score if scored else None)
        expected["RunningNS"].append(line.ns_total if scored else None)
        expected["RunningEW"].append(line.ew_total if scored else None)
        expected["IMPsNS"].append(line.imps_ns)
        expected["Check"].append(flags.get(i))
    scores = [line.ns_score for line in ledger.lines if line.ns_score is not None]
    imps = [line.imps_ns for line in ledger.lines if line.imps_ns is not None]
    expected["TotalNS"] = [ledger.ns_total if scores else None]
    expected["TotalEW"] = [ledger.ew_total if scores else None]
    expected["TotalIMPsNS"] = [ledger.imps_ns if imps else None]
    return expected


def chicago_scenario(seed: int, *, variant: str = "standard", deals: int = 32,
                     mess: bool = False) -> Scenario:
    """Random Chicago deals, about half with compensation inputs, some rows blank."""
    rng = random.Random(seed)
    pool = [*RUBBER_POOL, "3NTX", "4SX", "5CX", "7NT"]
    rows: list[tuple] = []
    for _ in range(deals):
        if rng.random() < 0.1:
            rows.append((None,) * 5)
            continue
        contract, declarer, tricks = _deal(rng, pool)
        if rng.random() < 0.5:
            hcp = rng.choice([0, 7, 13, 19, 20, 21, 25, 28, 33, 34, 37, 40, rng.randrange(41)])
            rows.append((contract, declarer, tricks, hcp, FIT_TEXT[rng.choice(FITS)]))
        else:
            rows.append((contract, declarer, tricks, None, None))
    flags: dict[int, str] = {}
    no_imps: set[int] = set()
    if mess:
        en = Labels("en", "chicago")
        problems = [(("4S", "N", 10, 25, None), en("flag_fit"), True),
                    (("4S", "N", 10, None, "major 8"), en("flag_hcp"), True),
                    (("4S", "N", 10, 41, "major 8"), en("flag_hcp"), True),
                    (("4S", "N", 10, 25, "M8"), en("flag_fit"), True),
                    (("9S", "N", 10, 25, "major 8"), _common("flag_contract"), False),
                    (("3NT", "X", 9, None, None), _common("flag_declarer"), False)]
        spots = rng.sample(range(len(rows)), len(problems))
        for at, (row, flag, scored) in zip(spots, problems, strict=True):
            rows[at] = row
            flags[at] = flag
            if scored:
                no_imps.add(at)
    expected = chicago_expected(rows, variant,
                                {i: v for i, v in flags.items() if i not in no_imps}, no_imps)
    for at in no_imps:
        expected["Check"][at] = flags[at]
    inputs = {name: [row[c] for row in rows]
              for c, name in enumerate(("Contract", "Declarer", "Tricks", "HCP", "Fit"))}
    inputs["ChicagoCycle"] = [variant]
    return Scenario("chicago", f"chicago-{seed}", inputs, expected)


def test_scenarios_are_what_they_say():
    finished = rubber_scenario(1)
    assert finished.expected["BonusNS"][0] in (0, 500, 700)
    assert max(finished.expected["BonusNS"][0], finished.expected["BonusEW"][0]) >= 500
    messy = rubber_scenario(2, mess=True)
    assert sum(1 for flag in messy.expected["Check"] if flag) == 7
    assert "rubber over" in messy.expected["Check"]
    long = rubber_scenario(6, long=True)
    assert sum(1 for v in long.expected["AboveEW"] if v) > rubber.ABOVE_SLOTS
    unfinished = rubber_scenario(3, finish=False)
    assert max(unfinished.expected["GamesNS"][0], unfinished.expected["GamesEW"][0]) <= 1
    part = rubber_scenario(31, finish=False)
    assert (part.expected["BonusNS"][0], part.expected["BonusEW"][0]) == (400, 100)
    chic = chicago_scenario(4, mess=True)
    assert sum(1 for flag in chic.expected["Check"] if flag) == 6
    assert any(v is not None for v in chic.expected["IMPsNS"])


# --- xlbridge check and report on filled sheets -----------------------------------------------


def _filled(tmp_path, scenario: Scenario):
    return W.save(scenario.build(), tmp_path / f"{scenario.label}.xlsx")


def test_check_accepts_a_clean_rubber_and_chicago(tmp_path, capsys):
    for scenario in (rubber_scenario(5), chicago_scenario(6)):
        path = _filled(tmp_path, scenario)
        assert main(["check", str(path)]) == 0, capsys.readouterr()
        out = capsys.readouterr().out
        assert "no problems" in out and scenario.template in out.lower()


def test_check_names_the_cells_of_a_messy_rubber(tmp_path, capsys):
    scenario = rubber_scenario(7, mess=True)
    path = _filled(tmp_path, scenario)
    assert main(["check", str(path)]) == 1
    out = capsys.readouterr().out
    first = rubber.FIRST
    rows = {i + first for i, flag in enumerate(scenario.expected["Check"]) if flag}
    found = {int(m) for m in re.findall(r"Rubber![A-Z]+(\d+):", out)}
    assert found == rows, out
    assert "rubber ended on deal" in out
    assert "100 is impossible at no-trump" in out
    assert "passed-out" in out


def test_check_names_the_cells_of_a_messy_chicago(tmp_path, capsys):
    scenario = chicago_scenario(8, mess=True)
    path = _filled(tmp_path, scenario)
    assert main(["check", str(path)]) == 1
    out = capsys.readouterr().out
    rows = {i + chicago.FIRST for i, flag in enumerate(scenario.expected["Check"]) if flag}
    found = {int(m) for m in re.findall(r"Chicago![A-Z]+(\d+):", out)}
    assert found == rows, out
    assert "write it as major 8" in out or "major 8" in out


def test_check_refuses_a_bad_chicago_cycle(tmp_path, capsys):
    scenario = chicago_scenario(9, deals=4)
    scenario.inputs["ChicagoCycle"] = ["Vanderbilt"]
    path = _filled(tmp_path, scenario)
    assert main(["check", str(path)]) == 1
    assert "Chicago!C5" in capsys.readouterr().out


def test_report_declines_home_sheets_in_one_line(tmp_path, capsys):
    for scenario in (rubber_scenario(10), chicago_scenario(11)):
        path = _filled(tmp_path, scenario)
        assert main(["report", str(path)]) == 2
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and "xlbridge check" in err[0], err


@pytest.mark.parametrize("name", HOME)
def test_shipped_workbooks_are_current_and_check_clean(tmp_path, capsys, name):
    from tests.test_workbooks import SHIPPED, fingerprint

    shipped = SHIPPED / W.file_name(name)
    fresh = W.save(W.build(name), tmp_path / W.file_name(name))
    assert fingerprint(shipped) == fingerprint(fresh), (
        f"{shipped} is stale: run xlbridge workbooks {name} --out workbooks --force")
    assert main(["check", str(shipped)]) == 0
    assert "no problems" in capsys.readouterr().out
