"""Deals typed as rows of cells: contract, declarer and result in parallel columns.

Shared by the score sheets that read a column per field (rubber, Chicago), so
that a blank row, a missing declarer or a bad result reads the same everywhere.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from .contract import Contract, parse_contract
from .errors import BridgeInputError, describe
from .result import tricks_taken
from .seat import Seat

T = TypeVar("T")


def is_blank(value: object) -> bool:
    """True for an empty cell: None or text of only spaces."""
    return value is None or (isinstance(value, str) and not value.strip())


def parse_deal(contract: object, declarer: object, result: object) -> tuple[Contract, int]:
    """Parse a played deal: the contract with its declarer set, and tricks taken.

    A passed-out deal needs neither declarer nor result (its tricks are 0).

    >>> contract, tricks = parse_deal("4S", "n", "+1")
    >>> str(contract), tricks
    ('4SN', 11)
    """
    played = parse_contract(contract)
    if not is_blank(declarer):
        seat = Seat.parse(declarer)
        if played.declarer is not None and played.declarer is not seat:
            raise BridgeInputError(
                f"declarer {describe(declarer)}: contract {describe(str(played))} "
                f"names {played.declarer}"
            )
        played = played.with_declarer(seat)
    if played.passed_out:
        return played, 0
    if played.declarer is None:
        raise BridgeInputError(f"declarer is blank: give N, E, S or W for {played}")
    if is_blank(result):
        raise BridgeInputError(f"result is blank: give tricks 0-13, or =, +n, -n for {played}")
    return played, tricks_taken(played, result)


def check_deal(
    contract: object, declarer: object, tricks: object
) -> tuple[Contract, Seat | None]:
    """Validate the parsed fields of a deal value; return the contract with declarer set."""
    if not isinstance(contract, Contract):
        raise BridgeInputError(
            f"contract {describe(contract)}: must be a Contract; use .parse() for text"
        )
    if declarer is not None and not isinstance(declarer, Seat):
        raise BridgeInputError(
            f"declarer {describe(declarer)}: must be a Seat; use .parse() for text"
        )
    if contract.passed_out:
        return contract, None
    if declarer is not None and contract.declarer not in (None, declarer):
        raise BridgeInputError(
            f"declarer {declarer}: contract {describe(str(contract))} names {contract.declarer}"
        )
    seat = declarer or contract.declarer
    if seat is None:
        raise BridgeInputError(f"declarer is blank: give N, E, S or W for {contract}")
    if isinstance(tricks, bool) or not isinstance(tricks, int) or not 0 <= tricks <= 13:
        raise BridgeInputError(f"tricks {describe(tricks)}: must be a whole number 0-13")
    return contract.with_declarer(seat), seat


def for_deal(number: int, parse: Callable[[], T]) -> T:
    """Run ``parse``; an input error in it is reported as belonging to deal ``number``."""
    try:
        return parse()
    except BridgeInputError as error:
        raise BridgeInputError(f"deal {number}: {error}") from None


def deal_rows(contracts: object, **columns: Sequence[object] | None) -> list[tuple[object, ...]]:
    """The rows of parallel input columns, contracts first; a column given as None is blank."""
    if isinstance(contracts, str) or not isinstance(contracts, Sequence):
        raise BridgeInputError("contracts: must be a column of values, one per deal")
    count = len(contracts)
    checked: list[Sequence[object]] = [contracts]
    for name, values in columns.items():
        if values is None:
            values = (None,) * count
        elif isinstance(values, str) or not isinstance(values, Sequence):
            raise BridgeInputError(f"{name}: must be a column of values, one per deal")
        elif len(values) != count:
            raise BridgeInputError(f"{name}: {len(values)} rows, but contracts has {count}")
        checked.append(values)
    return list(zip(*checked, strict=True))
