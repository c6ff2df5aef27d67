"""Template workbooks: generating them, and LibreOffice recalculating a full pairs event.

    python -m tests.benchmarks workbooks

Rows are absolute times (no baseline): the whole set generated and saved, the largest
book (pairs, 30 tables x 36 boards) built and saved, and LibreOffice recalculating that
book filled with 1,080 results, next to the same run on a tiny book (soffice's own start),
and on the blank book (loading and saving every formula), so the differences show what
the results themselves cost: an upper bound for what a director waits after typing (a
full recalculation, where typing one result recalculates only what depends on it).
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from openpyxl import Workbook

from tests import lo
from tests.benchmarks.timing import Row, best_of
from tests.test_shared_formulas import plain
from tests.test_teams_event_book import full_swiss
from tests.test_workbooks_fill import pairs_scenario
from xlbridge import workbooks as W
from xlbridge.engine import movement
from xlbridge.workbooks.pairs import SECTION_SCORING


def _set(folder: Path) -> None:
    W.write_set(folder, force=True)


def two_sections(scenario) -> Workbook:
    """The filled 30 x 36 book's results as two sections of 15 tables (issue 19 part 6):
    tables 1-15 section A, 16-30 section B, each pair numbered within its section (NS 1-15,
    EW 16-30), the same boards, contracts and results."""
    book = W.build("pairs", tables=15, boards=36, sections=2)
    inputs = scenario.inputs
    sections, ns, ew = [], [], []
    for north, east in zip(inputs["NS"], inputs["EW"], strict=True):
        table = east - 30  # the scenario's EW pair at table t is 30 + t, its NS pair t
        first = table <= 15
        sections.append("A" if first else "B")
        ns.append(north if first else north - 15)
        ew.append(15 + (table if first else table - 15))
    W.write_named(book, "Section", sections)
    W.write_named(book, "NS", ns)
    W.write_named(book, "EW", ew)
    for name in ("Board", "Contract", "Declarer", "Tricks"):
        W.write_named(book, name, inputs[name])
    return book


def sections(folder: Path, scenario, filled: Path) -> list[Row]:
    """LibreOffice recalculating the filled 30 x 36 book as one section and as two of 15
    tables, side by side in one run (issue 19's target: two sections within 1.2x), across the
    field and within sections."""
    paths = {"one": filled}
    book = two_sections(scenario)
    paths["across"] = W.save(book, folder / "sections" / "pairs-two-across.xlsx", force=True)
    W.write_named(book, "SectionScoring", [SECTION_SCORING.word(False, "en")])
    paths["within"] = W.save(book, folder / "sections" / "pairs-two-within.xlsx", force=True)
    took = {label: best_of(lambda p=path: lo.recalc([p], folder / "out-sections"), repeat=3)
            for label, path in paths.items()}
    entered = lo.Values(folder / "out-sections" / "pairs-two-within.xlsx").read("ResultsEntered")[0]
    return [Row(f"workbooks: LO recalc 2 sections x 15 tables x 36, {label}", took[label], took["one"],
                "one section of 30 tables, the same results", limit=1.2,
                note=f"{entered} results; {took[label] / took['one']:.2f}x the time")
            for label in ("across", "within")]


def run() -> list[Row]:
    """Time generation and LibreOffice recalculation."""
    rows = []
    with tempfile.TemporaryDirectory(prefix="bench_workbooks_") as temp:
        folder = Path(temp)
        rows.append(Row(f"workbooks: generate the whole set ({len(W.TEMPLATES)} files)",
                        best_of(lambda: _set(folder / "set"), repeat=3),
                        note=f"{', '.join(W.TEMPLATES)}; build + atomic save"))
        build = best_of(lambda: W.build("pairs"), repeat=3)
        rows.append(Row("workbooks: build pairs 30x36 (openpyxl)", build,
                        note="1,080 result rows, 36 travellers"))
        book = W.build("pairs")
        save = best_of(lambda: W.save(book, folder / "pairs.xlsx", force=True), repeat=3)
        rows.append(Row("workbooks: save pairs 30x36", save))
        # A session from its movement, every card sheet included, against today's blank
        # pairs.xlsx (30 x 36), both built and saved (issue 10's budget: 2x).
        blank = best_of(lambda: W.save(W.build("pairs"), folder / "blank.xlsx", force=True), repeat=3)
        for kind, tables, boards in (("mitchell", 15, 30), ("howell", 10, 38)):
            plan = movement(kind, tables, boards)
            took = best_of(lambda p=plan: W.save(W.build("pairs", movement=p), folder / "session.xlsx",
                                                 force=True), repeat=3)
            rows.append(Row(f"workbooks: {tables}-table {kind} session", took, blank,
                            "blank pairs.xlsx 30x36", limit=2.0,
                            note=f"{took / blank:.2f}x the time; {len(plan.results())} rows, 4 card sheets"))

        scenario = pairs_scenario(13, full=True)
        filled = W.save(scenario.build(), folder / "filled" / "pairs-full.xlsx")
        if not lo.soffice_available():
            rows.append(Row("workbooks: LibreOffice recalc (skipped)", 0.0,
                            note="soffice not installed"))
            return rows
        tiny = Workbook()
        tiny.active["A1"] = "=1+1"
        tiny_path = W.save(tiny, folder / "tiny" / "tiny.xlsx")
        lo.recalc([tiny_path], folder / "warm")  # the profile's first start is slower
        blank = W.save(W.build("pairs"), folder / "blank" / "pairs-blank.xlsx")
        start = best_of(lambda: lo.recalc([tiny_path], folder / "out1"), repeat=3)
        empty = best_of(lambda: lo.recalc([blank], folder / "out1"), repeat=3)
        full = best_of(lambda: lo.recalc([filled], folder / "out2"), repeat=3)
        computed = lo.Values(folder / "out2" / "pairs-full.xlsx").read("ResultsEntered")
        rows.append(Row("workbooks: LibreOffice start + tiny book", start,
                        note="soffice's fixed cost"))
        rows.append(Row("workbooks: LibreOffice load+save pairs 30x36 blank", empty,
                        note="every formula, no results"))
        rows.append(Row("workbooks: LibreOffice recalc pairs 30x36 filled", full,
                        note=f"{computed[0]} results: ~{full - empty:.2f} s more than blank"))
        rows += sections(folder, scenario, filled)
        # The same filled book with every cell's formula written out (openpyxl's own save),
        # against it as xlbridge writes it, each column's runs shared (workbooks/shared.py).
        unshared = folder / "unshared" / "pairs-full.xlsx"
        unshared.parent.mkdir()
        unshared.write_bytes(plain(scenario.build()))
        written_out = best_of(lambda: lo.recalc([unshared], folder / "out6"), repeat=3)
        rows.append(Row("workbooks: LO recalc 30x36 filled, formulas shared", full, written_out,
                        "each cell's formula written out", limit=0.9,
                        note=f"{filled.stat().st_size:,} against {unshared.stat().st_size:,} bytes; "
                             f"{full / written_out:.2f}x the time"))
        # A real session: about 5% of the rows adjusted or not played (issue 9's budget: 1.3x).
        real = pairs_scenario(13, full=True, adjusted=0.05)
        adjusted_rows = sum(1 for c in real.inputs["Contract"] if str(c).upper()[:1] in ("A", "N"))
        real_path = W.save(real.build(), folder / "real" / "pairs-real.xlsx")
        both = {}
        for label, path in (("plain", filled), ("real", real_path)):
            both[label] = best_of(lambda p=path: lo.recalc([p], folder / "out3"), repeat=3)
        rows.append(Row("workbooks: LO recalc 30x36, 5% adjusted/NP", both["real"], both["plain"],
                        "the same book without them", limit=1.3,
                        note=f"{adjusted_rows} of 1080 rows; {both['real'] / both['plain']:.2f}x the time"))
        # Weighted scores (Law 12C1(c)) are rare: a session with ten of them, against the same
        # session without (the hidden Weighted sheet and each row's two helpers; budget 1.3x).
        weighted = pairs_scenario(13, full=True, adjusted=0.05, weighted=0.01)
        count = sum(1 for c in weighted.inputs["Contract"] if "%" in str(c))
        weighted_path = W.save(weighted.build(), folder / "weighted" / "pairs-weighted.xlsx")
        took = best_of(lambda: lo.recalc([weighted_path], folder / "out5"), repeat=3)
        rows.append(Row("workbooks: LO recalc 30x36, weighted scores", took, both["real"],
                        "the same session without them", limit=1.3,
                        note=f"{count} of 1080 rows; {took / both['real']:.2f}x the time"))
        # The largest team event a club runs: a 40-team Swiss of 9 rounds of 8 boards, every
        # round drawn and played (2,880 boards), beside the filled pairs event above.
        swiss = full_swiss(40, 9, 8)
        swiss_path = W.save(swiss, folder / "swiss" / "teams-event-full.xlsx")
        took = best_of(lambda: lo.recalc([swiss_path], folder / "out4"), repeat=3)
        rows.append(Row("workbooks: LO recalc teams-event 40 teams x 9 rounds filled", took, full,
                        "pairs 30x36 filled", note=f"2,880 boards; {took / full:.2f}x the pairs event's time"))
        t0 = time.perf_counter()
        lo.Values(folder / "out2" / "pairs-full.xlsx")
        rows.append(Row("workbooks: read the recalculated book back", time.perf_counter() - t0))
    return rows
