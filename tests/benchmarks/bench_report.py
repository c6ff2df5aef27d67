"""What the layers above the engine cost when a filled book is reported: each result made a
``Play`` (its texts parsed once) and scored as an event, beside the engine scoring the same
rows from their texts; and reading and checking a filled book, beside scoring it.

Ratios only, measured side by side in one run (docs/architecture.md has the layers).
"""

from __future__ import annotations

import dataclasses
import tempfile
from pathlib import Path

import xlbridge
from xlbridge import kinds, workbooks
from xlbridge.event import PairResult, Play, sample, score_pairs

from .timing import Row, best_of


def _event(copies: int = 4):
    """The sample evening four times over (about 1,000 results), boards renumbered."""
    event = sample.pairs_event()
    boards = max(r.board for r in event.results)
    results = tuple(dataclasses.replace(r, board=r.board + k * boards)
                    for k in range(copies) for r in event.results)
    return dataclasses.replace(event, results=results, boards=boards * copies)


def run() -> list[Row]:
    """The event path against the engine, and reading a book against scoring it."""
    event = _event()
    rows = [r.row for r in event.results]
    engine = best_of(lambda: xlbridge.pairs_event(rows), repeat=5)
    made = best_of(lambda: [PairResult(r.board, r.ns, r.ew, Play(r.play.contract, r.play.declarer, r.play.tricks))
                            for r in event.results], repeat=5)
    scored = best_of(lambda: score_pairs(event), repeat=5)
    out = [
        Row(f"event: make {len(rows)} results (parse once)", made, engine, "pairs_event on their texts",
            note="cost of Play parsing its texts"),
        Row(f"event: score_pairs, {len(rows)} results", scored, engine, "pairs_event on their texts",
            limit=1.5, note="the parsed outcomes go down unchanged"),
    ]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "pairs.xlsx"
        workbooks.save(kinds.PAIRS.fill(sample.pairs_event(), fit=True), path)
        checked = kinds.check(kinds.read(path))
        read = best_of(lambda: kinds.check(kinds.read(path)), repeat=3)
        score = best_of(lambda: kinds.PAIRS.score(checked.event), repeat=5)
        out.append(Row(f"kinds: score a checked pairs book ({len(checked.event.results)} results)", score,
                       read, "reading and checking it", note="openpyxl reading the book dominates a report"))
    return out
