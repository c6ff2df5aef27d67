"""Numbers as spreadsheets deliver them: ints, floats, numeric text."""

from __future__ import annotations

import math

from .errors import BridgeInputError, describe


def whole_number(value: object, what: str, low: int | None = None, high: int | None = None) -> int:
    """Return ``value`` as an int, or raise BridgeInputError naming ``what``.

    Excel passes every number as a float, so ``4.0`` is 4; ``4.5``, booleans,
    NaN and text that is not a whole number are errors.

    >>> whole_number(4.0, "board", 1)
    4
    >>> whole_number(" 12 ", "board", 1)
    12
    """
    number: int | None = None
    if isinstance(value, bool):
        number = None
    elif isinstance(value, int):
        number = value
    elif isinstance(value, float):
        if math.isfinite(value) and value == int(value):
            number = int(value)
    elif isinstance(value, str):
        text = value.strip()
        if len(text) <= 12:
            try:
                number = int(text)
            except ValueError:
                try:
                    as_float = float(text)
                except ValueError:
                    as_float = math.nan
                if math.isfinite(as_float) and as_float == int(as_float):
                    number = int(as_float)
    if number is None:
        raise BridgeInputError(f"{what} {describe(value)}: {_accepted(low, high)}")
    if (low is not None and number < low) or (high is not None and number > high):
        raise BridgeInputError(f"{what} {describe(value)}: {_accepted(low, high)}")
    return number


def _accepted(low: int | None, high: int | None) -> str:
    if low is not None and high is not None:
        return f"must be a whole number {low}-{high}"
    if low is not None:
        return f"must be a whole number, {low} or more"
    return "must be a whole number"


def column_of(values: object, what: str) -> list[object]:
    """The values of a column (a list, a tuple, any iterable but text), or BridgeInputError.

    >>> column_of((420, 450), "scores"), column_of(range(2), "scores")
    ([420, 450], [0, 1])
    """
    if isinstance(values, str | bytes | dict) or not hasattr(values, "__iter__"):
        raise BridgeInputError(f"{what} {describe(values)}: must be a column of values (a list or a range)")
    return list(values)


def real_number(value: object, what: str) -> float:
    """Return ``value`` as a finite float, or raise BridgeInputError naming ``what``.

    >>> real_number("-4.5", "imps")
    -4.5
    """
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        raise BridgeInputError(f"{what} {describe(value)}: must be a number")
    try:
        number = float(value.strip()) if isinstance(value, str) and len(value) < 20 else float(value)
    except (ValueError, OverflowError):  # text that is no number; an int too large for a float
        number = math.nan
    if not math.isfinite(number):
        raise BridgeInputError(f"{what} {describe(value)}: must be a number")
    return number
