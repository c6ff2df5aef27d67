"""Results: tricks taken, or relative to the contract (docs/rules.md §1)."""

from __future__ import annotations

import functools
import math
import re

from .contract import Contract, parse_contract
from .errors import BridgeInputError, describe
from .numeric import whole_number

_RELATIVE = re.compile(r"([+-])(\d{1,2})|=|MADE|M")
_WHOLE = re.compile(r"\d{1,2}")


def tricks_taken(contract: Contract, result: object) -> int:
    """Tricks declarer took, 0-13, from a result in any accepted form.

    A number 0-13 is tricks taken and a negative number is down that many;
    text may also be ``=``, ``+n`` or ``-n`` relative to the contract.

    >>> from xlbridge.engine.contract import parse_contract
    >>> c = parse_contract("4S")
    >>> tricks_taken(c, 10), tricks_taken(c, "+1"), tricks_taken(c, -2), tricks_taken(c, "=")
    (10, 11, 8, 10)
    """
    contract = parse_contract(contract)  # a Contract as it is, or its text
    if isinstance(result, bool) or result is None:
        raise BridgeInputError(f"result {describe(result)}: {_ACCEPTED}")
    if isinstance(result, int | float):
        if not (isinstance(result, int) or (math.isfinite(result) and result == int(result))):
            raise BridgeInputError(f"result {describe(result)}: tricks must be a whole number")
        number = int(result)
        if number >= 0:
            return _checked(contract, number, result)
        return _checked(contract, contract.tricks_needed + number, result)
    if isinstance(result, str):
        return _tricks_from_text(contract, result)
    raise BridgeInputError(f"result {describe(result)}: {_ACCEPTED}")


_ACCEPTED = "give tricks 0-13, or =, +n, -n"


@functools.lru_cache(maxsize=4096)
def _tricks_from_text(contract: Contract, text: str) -> int:
    key = "".join(text.split()).upper()
    if not key or len(key) > 6:
        raise BridgeInputError(f"result {describe(text)}: {_ACCEPTED}")
    if _WHOLE.fullmatch(key):
        return _checked(contract, int(key), text)
    match = _RELATIVE.fullmatch(key)
    if match is None:
        if re.fullmatch(r"\d+[.,]\d*", key):
            raise BridgeInputError(f"result {describe(text)}: tricks must be a whole number")
        raise BridgeInputError(f"result {describe(text)}: {_ACCEPTED}")
    if match[1] is None:
        return _checked(contract, contract.tricks_needed, text)
    amount = int(match[2])
    if match[1] == "-" and amount == 0:
        raise BridgeInputError(f"result {describe(text)}: down needs 1 or more")
    sign = 1 if match[1] == "+" else -1
    return _checked(contract, contract.tricks_needed + sign * amount, text)


def _checked(contract: Contract, tricks: int, shown: object) -> int:
    if 0 <= tricks <= 13:
        return tricks
    need = contract.tricks_needed
    raise BridgeInputError(
        f"result {describe(shown)}: tricks must be 0-13 "
        f"(for {contract.level}{contract.strain}: -{need} to +{13 - need})"
    )


def relative_result(contract: Contract, tricks: int) -> str:
    """Write tricks taken relative to the contract: ``=``, ``+1``, ``-2``.

    >>> from xlbridge.engine.contract import parse_contract
    >>> relative_result(parse_contract("3NT"), 8), relative_result("4S", 10)
    ('-1', '=')
    """
    contract = parse_contract(contract)
    diff = whole_number(tricks, "tricks", 0, 13) - contract.tricks_needed
    return "=" if diff == 0 else f"{diff:+d}"
