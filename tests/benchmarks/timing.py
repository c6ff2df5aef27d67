"""Small timing helpers shared by the benchmark modules."""

from __future__ import annotations

import gc
import time
from collections.abc import Callable
from dataclasses import dataclass


def best_of(function: Callable[[], object], repeat: int = 3, setup: Callable[[], object] | None = None) -> float:
    """The fastest of ``repeat`` runs of ``function``, in seconds; ``setup`` runs untimed before each."""
    times = []
    for _ in range(repeat):
        if setup is not None:
            setup()
        # As timeit does: a collection landing in one run but not another is noise.
        gc.collect()
        gc.disable()
        try:
            start = time.perf_counter()
            function()
            times.append(time.perf_counter() - start)
        finally:
            gc.enable()
    return min(times)


@dataclass(frozen=True)
class Row:
    """One line of the benchmark table.

    ``ours`` and ``baseline`` are seconds for the same work; ``ratio`` is
    baseline / ours (how many times faster we are). A row without a baseline
    is an absolute time, reported for information.
    """

    name: str
    ours: float
    baseline: float | None = None
    baseline_name: str = ""
    target: float | None = None
    note: str = ""
    limit: float | None = None  # for a cost: ours may take at most this many times the baseline

    @property
    def ratio(self) -> float | None:
        """How many times faster than the baseline."""
        return None if self.baseline is None else self.baseline / self.ours

    @property
    def met(self) -> bool:
        """Whether the ratio reaches the target, or the cost stays within its limit."""
        if self.limit is not None:
            return self.baseline is not None and self.ours <= self.limit * self.baseline
        return self.target is None or (self.ratio is not None and self.ratio >= self.target)


def format_table(rows: list[Row]) -> str:
    """Render rows as a fixed-width table."""
    header = f"{'benchmark':<46} {'ours':>10} {'baseline':>10} {'ratio':>8} {'target':>7}  note"
    lines = [header, "-" * len(header)]
    for r in rows:
        base = f"{r.baseline:10.4f}" if r.baseline is not None else f"{'':>10}"
        ratio = f"{r.ratio:7.1f}x" if r.ratio is not None else f"{'':>8}"
        if r.limit is not None:
            target = f"<={r.limit:.1f}x"
        else:
            target = f"{r.target:6.0f}x" if r.target is not None else ""
        target = f"{target:>7}"
        flag = "" if r.met else "  (below target)"
        note = " ".join(x for x in (r.baseline_name and f"vs {r.baseline_name}", r.note) if x)
        lines.append(f"{r.name:<46} {r.ours:10.4f} {base} {ratio} {target}  {note}{flag}")
    lines.append("times in seconds; ratio = baseline / ours (a <= target: ours / baseline at most that)")
    return "\n".join(lines)
