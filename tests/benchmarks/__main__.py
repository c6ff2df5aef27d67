"""Run every benchmark module (``bench_*.py`` here) and print one table of ratios.

    python -m tests.benchmarks            # all of them
    python -m tests.benchmarks scoring    # only modules whose name contains "scoring"

Each module defines ``run() -> list[Row]``; a row compares our side with a
baseline measured in the same run, since these machines are too noisy for
absolute targets.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
from pathlib import Path

from .timing import Row, format_table


def main(argv: list[str]) -> int:
    """Run the selected benchmark modules and print their rows."""
    here = Path(__file__).parent
    names = sorted(m.name for m in pkgutil.iter_modules([str(here)]) if m.name.startswith("bench_"))
    if argv:
        names = [n for n in names if any(a in n for a in argv)]
    rows: list[Row] = []
    for name in names:
        print(f"running {name} ...", file=sys.stderr, flush=True)
        module = importlib.import_module(f"{__package__}.{name}")
        rows.extend(module.run())
    print(format_table(rows))
    failed = [r for r in rows if r.target is not None and not r.met]
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
