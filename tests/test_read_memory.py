"""Reading a results file takes memory in proportion to the file, whatever its shape.

A 4.9 MB PBN with one long line once peaked at 855 MB on import: the PBN reader's patterns
for a quoted value (``"(?:[^"\\\\]|\\\\.)*"``) pushed a backtracking frame for every
character, about 185 bytes a byte. Each file here is read as ``xlbridge import`` reads it
(:func:`xlbridge.commands.import_.load`), in-process under :mod:`tracemalloc`, and must be
refused in one line (none of them is a results file) with its peak memory under
:data:`RATIO` times its size.
"""

from __future__ import annotations

import tracemalloc
from pathlib import Path

import pytest

from xlbridge.commands import CommandError
from xlbridge.commands.import_ import load

RATIO = 40
"""Peak traced memory over file size: generous (a decoded copy of the text and its lines
are a few times the file), and far below the 185 the long line took."""

SIZE = 2_000_000  # big enough that the file dominates what tracemalloc sees; the cost was linear

REAL = Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "real-results" / "results"

# A small results file in xlbridge's own words, so that the test runs without the real ones.
OWN = b"""% PBN 2.1
[Event "Club pairs"]
[Board "1"]
[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;Result\\2R"]
 1  2 3NT N  9
 3  4 4S  S 10

"""


def _real() -> bytes:
    """A real PBN file from the field when the folder is there, else xlbridge's own."""
    found = sorted(REAL.glob("*/*.pbn")) if REAL.is_dir() else []
    return found[0].read_bytes() if found else OWN


def _fill(head: bytes, unit: bytes, tail: bytes = b"\n") -> bytes:
    return head + unit * ((SIZE - len(head) - len(tail)) // len(unit)) + tail


SHAPES = {
    "one long tag value": lambda real: _fill(b'[Event "', b"x", b'"]\n') + real,
    "one long tag value of escaped quotes": lambda real: _fill(b'[Event "', b'\\"', b'"]\n') + real,
    "one long line of quoted names in a table": lambda real: _fill(b'[Board "1"]\n[ScoreTable "A;B"]\n', b'"a b" '),
    "one long line of numbers in a table": lambda real: _fill(b'[Board "1"]\n[ScoreTable "A;B"]\n', b"12 "),
    "a real file with its line breaks replaced": lambda real: _one_line(real),
    "a table of a million short rows": lambda real: _fill(b'[Board "1"]\n[ScoreTable "A;B"]\n', b"1 2\n"),
}


def _one_line(real: bytes) -> bytes:
    kept = b" ".join(line for line in real.splitlines() if not line.startswith(b"%"))
    return _fill(b"", kept + b" ")


@pytest.mark.parametrize("shape", SHAPES)
def test_reading_takes_memory_in_proportion_to_the_file(shape, tmp_path):
    data = SHAPES[shape](_real())
    assert SIZE * 0.9 < len(data) < 5_000_000  # under import's bound, so the reader does read it
    path = tmp_path / "long.pbn"
    path.write_bytes(data)
    tracemalloc.start()
    try:
        with pytest.raises(CommandError) as refused:
            load(path)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert "\n" not in str(refused.value) and len(str(refused.value)) < 300  # one line, naming the problem
    assert peak < RATIO * len(data), f"{shape}: peak {peak / 1e6:.0f} MB for a {len(data) / 1e6:.1f} MB file"
