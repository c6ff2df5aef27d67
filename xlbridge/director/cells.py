"""Reading a filled template's cells into engine values, one problem per cell.

Each problem names its cell (``Results!D17``) and says what is wrong in the
engine's words (``contract "8S": level must be 1-7``), so a director can go
straight to the cell. The same pass turns the inputs into the event values the
report scores, so the report never scores anything the check would refuse.
Every kind's check (:mod:`xlbridge.kinds`) is built from these readers.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TypeVar

from ..engine import (
    PASSED_OUT,
    Adjusted,
    BridgeInputError,
    Contract,
    Seat,
    Split,
    is_not_played,
    looks_weighted,
    mp_scale,
    parse_contract,
    parse_split,
    parse_weighted,
    tricks_taken,
)
from ..engine.adjusted import adjusted_spellings, looks_adjusted
from ..engine.errors import describe
from ..engine.numeric import whole_number
from ..event import Play
from ..event.model import NOT_PLAYED
from ..workbooks.lookup import spellings
from .names import Cell, NamedCells

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing to fix, at one cell."""

    cell: Cell
    message: str

    @property
    def address(self) -> str:
        """Where to fix it, e.g. ``Results!D17``."""
        return self.cell.address

    def __str__(self) -> str:
        return f"{self.address}: {self.message}"


class Problems:
    """Collects problems; turns engine errors on a cell into one problem each."""

    def __init__(self) -> None:
        self.found: list[Problem] = []

    def add(self, cell: Cell, message: str) -> None:
        self.found.append(Problem(cell, message))

    def parse(self, cell: Cell, parser: Callable[[object], T]) -> T | None:
        """``parser(cell.value)``, or None after recording its error at the cell."""
        if cell.formula:
            self.add(cell, f"holds a formula ({str(cell.value)[:20]}); type the value itself")
            return None
        try:
            return parser(cell.value)
        except BridgeInputError as error:
            self.add(cell, str(error))
            return None

    def sorted(self) -> tuple[Problem, ...]:
        return tuple(sorted(self.found, key=lambda p: (p.cell.sheet, p.cell.row, p.cell.column)))


def pair_number(value: object) -> int:
    return whole_number(value, "pair", 1)


def board_number(value: object) -> int:
    return whole_number(value, "board", 1)


_SPELLINGS = frozenset(text for text, _ in spellings())


def _as_sheet_reads(value: object) -> str:
    """The text as the sheets' formulas compare it: TRIM'd, case not significant."""
    return " ".join(str(value).split()).upper()


def _contract(value: object) -> Contract:
    """A contract in a form the templates' formulas look up (``4SX``, ``3N``, ``PASS``).

    The engine reads more (``4S*``, ``4♠``, ``P``, a declarer appended), but the
    workbook's lookup table holds only the standard spellings (and no-trump as
    ``N``), so a director would see a flag in the sheet: say which one to use.
    """
    parsed = parse_contract(value)
    if parsed.declarer is not None:
        raise BridgeInputError(f"contract {describe(value)}: write {parsed.with_declarer(None)} "
                               f"here and the declarer ({parsed.declarer}) in its own column")
    if _as_sheet_reads(value) not in _SPELLINGS:
        raise BridgeInputError(f"contract {describe(value)}: write it as {parsed} "
                               "(the workbook reads 4S, 3NTX, 2HXX, PASS ...)")
    return parsed


def _code(value: object) -> Adjusted | str | None:
    """``NP`` or an adjusted score as a pairs row's Contract cell holds it, or None for
    a contract; an adjusted score the sheet would not read is an error."""
    if is_not_played(value):
        if _as_sheet_reads(value) != NOT_PLAYED:
            raise BridgeInputError(f"contract {describe(value)}: write NP for a board not played")
        return NOT_PLAYED
    if not looks_adjusted(value):
        return None
    adjusted = Adjusted.parse(value)
    if _as_sheet_reads(value) not in _ADJUSTED_SPELLINGS:
        raise BridgeInputError(f"adjusted score {describe(value)}: write it as {adjusted}")
    return adjusted


_ADJUSTED_SPELLINGS = frozenset(text for text, _ in adjusted_spellings())


def _split(value: object) -> Split | None:
    """A split score as a pairs row's Contract cell holds it (``A60/4S``), or None; its
    table result must be spelled as the sheet reads contracts."""
    split = parse_split(value)
    if split is not None:
        if _as_sheet_reads(split.contract) not in _SPELLINGS:
            raise BridgeInputError(f"split score {describe(value)}: write the table result as a contract "
                                   "the workbook reads (4S, 3NTX, PASS ...), e.g. A60/4S")
        if len(str(value).split()) > 1:
            raise BridgeInputError(f"split score {describe(value)}: write it without spaces, as {split}")
    return split


def _weighted(value: object) -> str:
    """A weighted score as a pairs book's Contract cell holds it (``60% 4SN= 40% 4SN-1``),
    written as the sheet reads it: each weight and each result a word, the result as the
    engine writes it (contract, declarer, result)."""
    weighted = parse_weighted(value)
    if " ".join(str(value).split()).upper() != str(weighted):
        raise BridgeInputError(f"weighted score {describe(value)}: write it as {weighted}")
    return str(weighted)


def _declarer(value: object) -> Seat:
    seat = Seat.parse(value)
    if str(value).strip().upper() != seat.value:
        raise BridgeInputError(f"declarer {describe(value)}: write {seat}")
    return seat


def _tricks(contract: Contract) -> Callable[[object], int]:
    """Tricks as the templates take them: a whole number 0-13 (typed, not text)."""

    def parse(value: object) -> int:
        if isinstance(value, str):
            try:
                taken = tricks_taken(contract, value)
            except BridgeInputError:
                raise BridgeInputError(f"tricks {describe(value)}: type the tricks declarer "
                                       "took, a number 0-13") from None
            raise BridgeInputError(f"tricks {describe(value)}: type the tricks declarer took "
                                   f"as a number ({taken}), not as text")
        number = whole_number(value, "tricks")
        if number > 13:
            raise BridgeInputError(f"tricks {describe(value)}: must be 0-13, the tricks declarer took")
        if number < 0:
            raise BridgeInputError(f"tricks {describe(value)}: type the tricks declarer took, "
                                   f"0-13 (down {-number} in {contract} is "
                                   f"{contract.tricks_needed + number} tricks)")
        return tricks_taken(contract, number)

    return parse


def read_play(problems: Problems, contract: Cell, declarer: Cell, tricks: Cell,
              codes: bool = False, weighted: bool = False) -> Play | None:
    """One result: contract, declarer and tricks; None (with problems) when unusable.
    With ``codes`` (a pairs row) the contract may also be ``NP``, an adjusted score or a
    split score (``A60/4S``, its table result read as a contract); with ``weighted`` (a
    pairs book's row) a weighted score (``60% 4SN= 40% 4SN-1``)."""
    if contract.blank:
        problems.add(contract, "no contract (type PASS for a passed-out board)")
        return None
    if codes and looks_weighted(contract.value):
        if not weighted:
            problems.add(contract, f"weighted score {describe(contract.value)}: a traveller does not score "
                                   "weighted scores; enter the session in the pairs workbook")
            return None
        text = problems.parse(contract, _weighted)
        ok = text is not None
        for cell, what in ((declarer, "declarer"), (tricks, "tricks")):
            if not cell.blank:
                problems.add(cell, f"{what} must be blank for a weighted score (each result names its declarer)")
                ok = False
        return Play(text) if ok else None
    split = None
    if codes:
        known = len(problems.found)
        split = problems.parse(contract, _split)
        if len(problems.found) > known:
            return None
        if split is not None:  # the table result is read as the contract cell would be
            contract = replace(contract, value=split.contract)
    spell = str if split is None else split.spell
    if codes and (is_not_played(contract.value) or looks_adjusted(contract.value)):
        code = problems.parse(contract, _code)
        if code is None:
            return None
        ok = True
        for cell, what in ((declarer, "declarer"), (tricks, "tricks")):
            if not cell.blank:
                problems.add(cell, f"{what} must be blank for {code} (or type the contract played)")
                ok = False
        return Play(str(code)) if ok else None
    parsed = problems.parse(contract, _contract)
    seat = None if declarer.blank else problems.parse(declarer, _declarer)
    if parsed is None:
        return None
    if parsed.passed_out:
        ok = True
        for cell, what in ((declarer, "declarer"), (tricks, "tricks")):
            if not cell.blank:
                problems.add(cell, f"the board was passed out, so {what} must be blank "
                                   "(or correct the contract)")
                ok = False
        return Play(spell(PASSED_OUT)) if ok else None
    if declarer.blank:
        problems.add(declarer, f"no declarer for {parsed}: give N, E, S or W")
    if tricks.blank:
        problems.add(tricks, f"no tricks for {parsed}: give the tricks declarer took, 0-13")
        return None
    taken = problems.parse(tricks, _tricks(parsed))
    if seat is None or taken is None:
        return None
    return Play(spell(parsed), str(seat), taken)


def in_use(cells: Sequence[Cell]) -> bool:
    return any(not cell.blank for cell in cells)


def rows_of(problems: Problems, cells: NamedCells, names: Sequence[str]) -> list[tuple[Cell, ...]]:
    """The rows of equal-length named columns (cut to the shortest, with a problem)."""
    columns = [cells.column(name) for name in names]
    lengths = {len(column) for column in columns}
    if len(lengths) > 1:
        shortest = min(lengths)
        first = next(column[0] for column in columns if column)
        problems.add(first, "the named columns " + ", ".join(names) + " differ in length "
                            f"({', '.join(str(len(c)) for c in columns)}); only the first "
                            f"{shortest} rows are checked")
    return list(zip(*columns, strict=False))


def text_of(cells: NamedCells, name: str, default: str = "") -> str:
    value = cells.value(name)
    if value is None:
        return default
    if hasattr(value, "strftime"):
        return value.strftime("%Y-%m-%d")
    return str(value).strip()


def mp_scale_of(problems: Problems, cells: NamedCells) -> int:
    cell = cells.cell("MPScale")
    if cell is None or cell.blank:
        return 2
    return problems.parse(cell, _mp_scale_cell) or 2


def count_of(problems: Problems, cells: NamedCells, name: str, what: str) -> tuple[int, Cell] | None:
    """A setup count such as ``BoardCount``: (value, its cell), or None when blank."""
    cell = cells.cell(name)
    if cell is None or cell.blank:
        return None
    value = problems.parse(cell, lambda v: whole_number(v, what, 1))
    return None if value is None else (value, cell)


def _mp_scale_cell(value: object) -> int:
    # A setup dropdown may show the scale as text, e.g. "2/1/0" or "1/½/0".
    if isinstance(value, str) and "/" in value:
        value = value.split("/")[0]
    return mp_scale(value)


def describe_numbers(numbers: Sequence[int]) -> str:
    """``1-18`` for a run, else the numbers themselves.

    >>> describe_numbers([1, 2, 3]), describe_numbers([1, 3, 4])
    ('1-3', '1, 3, 4')
    """
    ordered = sorted(numbers)
    if ordered and ordered == list(range(ordered[0], ordered[-1] + 1)) and len(ordered) > 2:
        return f"{ordered[0]}-{ordered[-1]}"
    return ", ".join(map(str, ordered))


def whole_in(problems: Problems, cell: Cell, what: str, high: int) -> int | None:
    """The cell's whole number 1-``high``, or None after recording why not."""

    def parse(value: object) -> int:
        return whole_number(value, what, 1, high)

    return problems.parse(cell, parse)
