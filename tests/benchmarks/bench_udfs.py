"""One array call scoring a 1,000-row traveller column vs 1,000 one-cell calls.

Both go through xlwings' Office.js custom-function path (``custom_functions_call``),
as xlwings Lite and xlwings Server call the functions, in a harness subprocess
(tests/officejs/harness.py). Measured twice:

- as CPython runs it: xlwings 0.37.8 tries ``from pyodide.ffi import JsNull`` for
  every argument (and every cell it cleans; ours are read raw, so none), and on
  CPython that import fails each time (about 0.1 ms); xlwings Server users pay this;
- as xlwings Lite runs it: there the import succeeds from the module cache, so
  the harness installs a stand-in ``pyodide.ffi`` first. Lite users see this row.
"""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path
from typing import Any

import xlwings

from .timing import Row

ROWS = 1000
TARGET = 20.0

_spec = importlib.util.spec_from_file_location(
    "officejs_harness", Path(__file__).resolve().parents[1] / "officejs" / "harness.py"
)
assert _spec is not None and _spec.loader is not None
harness = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(harness)


def traveller(rows: int = ROWS, seed: int = 7) -> list[tuple[Any, Any, Any, Any]]:
    """Rows of (contract, result, board, declarer) as a director types them."""
    rng = random.Random(seed)
    contracts = ["1NT", "2H", "3NT", "4S", "4SX", "3C", "5DX", "6NT", "2SXX", "PASS", "4H"]
    out = []
    for _ in range(rows):
        contract = rng.choice(contracts)
        level = 0 if contract == "PASS" else int(contract[0])
        tricks = max(0, min(13, level + 6 + rng.choice([-2, -1, 0, 0, 0, 1, 2])))
        out.append((contract, float(tricks), float(rng.randint(1, 32)), rng.choice("NESW")))
    return out


def calls(rows: list[tuple[Any, Any, Any, Any]]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The one array call, and the one-cell calls, for the same rows."""
    version = xlwings.__version__
    columns = [[[row[i]] for row in rows] for i in range(4)]
    array = harness.call_data("BRIDGESCORE", *columns, version=version)
    singles = [
        harness.call_data("BRIDGESCORE", *([[v]] for v in row), version=version) for row in rows
    ]
    return array, singles


def measure(
    running: Any, array: dict[str, Any], singles: list[dict[str, Any]]
) -> tuple[float, float]:
    """Seconds for the array call and for all the one-cell calls: the fastest runs,
    taken in turns so that a busy spell of the machine hits both alike."""
    array_s = singles_s = float("inf")
    for _ in range(4):
        array_s = min(array_s, running.time([array], repeat=5))
        singles_s = min(singles_s, running.time(singles, repeat=1))
    return array_s, singles_s


def row(name: str, array_s: float, singles_s: float, note: str) -> Row:
    """A table row: ours is the array call, the baseline the one-cell calls."""
    per_array = array_s / ROWS * 1e6
    per_single = singles_s / ROWS * 1e6
    return Row(
        name=name,
        ours=array_s,
        baseline=singles_s,
        baseline_name=f"{ROWS:,} one-cell calls",
        target=TARGET,
        note=f"per row: {per_array:.1f} vs {per_single:.0f} us; {note}",
    )


def run() -> list[Row]:
    """Both measurements, side by side in one harness process."""
    array, singles = calls(traveller())
    running = harness.Harness("xlbridge.udfs")
    try:
        check = running.call(array)["ok"]
        assert len(check) == ROWS and all(isinstance(r[0], int) for r in check), check[:3]
        cpython = measure(running, array, singles)
        running.request(op="stub_pyodide")
        lite = measure(running, array, singles)
    finally:
        running.close()
    # The one-cell calls pay the failed import once per argument (to_scalar); the
    # array call not at all, since its arguments are read raw (xlbridge.udfs.CELL).
    per_import = (cpython[1] - lite[1]) / (4 * ROWS) * 1e6
    return [
        row(f"BRIDGESCORE {ROWS:,}-row column, CPython", *cpython,
            f"one-cell calls incl. a failed pyodide import per argument, ~{per_import:.0f} us"
            " each (xlwings Server)"),
        row(f"BRIDGESCORE {ROWS:,}-row column, as in Lite", *lite,
            "that import succeeds, as in Pyodide: what Lite users see"),
    ]
