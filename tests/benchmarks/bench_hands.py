"""Hands benchmarks: double dummy for a 36-board session, DDS's batch call (what
``xlbridge deal`` and ``xlbridge.solver`` use) against the deals solved one by one; and
dealing 100,000 deals, its time against endplay's dealer, its peak memory, and the
uniformity test of tests/test_hands.py on all of them."""

from __future__ import annotations

import tracemalloc

from xlbridge import solver
from xlbridge.engine.hands import deal, deals

from .timing import Row, best_of

BOARDS = 36
COUNT = 100_000


def dd_rows() -> list[Row]:
    """One session solved twice a way, the faster run kept: ``solver.solve`` (DDS's
    CalcAllTables in batches of 32, then DealerPar) against endplay's ``calc_dd_table``
    a deal at a time (tables only, no par: the batch does more and is still compared)."""
    if not solver.available():
        return [Row(f"double dummy: {BOARDS} boards (skipped)", 0.0, note=solver.INSTALL)]
    from endplay.dds import calc_dd_table
    from endplay.types import Deal as Cards

    session = deals(BOARDS, seed="bench")
    boards = list(enumerate(session, start=1))
    batch = best_of(lambda: solver.solve(boards), repeat=2)
    each = best_of(lambda: [calc_dd_table(Cards(str(one))) for one in session], repeat=2)
    return [Row(f"double dummy: {BOARDS} boards, batch + par", batch, each, "one by one",
                note="DDS through endplay, every core")]


def dealing_rows() -> list[Row]:
    """100,000 deals: time (ours with a seed, against endplay's dealer without
    constraints), peak memory while dealing them (tracemalloc), and the chi-square p-values."""
    from endplay.dealer import generate_deals

    ours = best_of(lambda: deals(COUNT, seed="bench"), repeat=2)
    secret = best_of(lambda: deals(COUNT), repeat=1)
    theirs = best_of(lambda: list(generate_deals(produce=COUNT, seed=1)), repeat=1)
    tracemalloc.start()
    kept = deals(COUNT, seed="bench")
    _current, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    del kept
    from tests.test_hands import verdict  # python -m tests.benchmarks runs from the project root

    found: dict[str, float] = {}
    tested = best_of(lambda: found.update(verdict(deal, COUNT)), repeat=1)
    return [
        Row(f"dealing: {COUNT:,} deals, seeded", ours, theirs, "endplay generate_deals",
            note=f"peak memory {peak / 2**20:.0f} MiB holding them all ({peak / COUNT:.0f} B a deal)"),
        Row(f"dealing: {COUNT:,} deals, the OS's randomness", secret, note="secrets.SystemRandom"),
        Row(f"uniformity: {COUNT:,} deals dealt and tested", tested,
            note=", ".join(f"{name} p={p:.3f}" for name, p in found.items()) + " (biased below 0.001)"),
    ]


def run() -> list[Row]:
    """Both, in one run."""
    return dd_rows() + dealing_rows()
