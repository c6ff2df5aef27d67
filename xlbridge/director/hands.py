"""A book's Hands sheet read into hand records, one problem a cell: the deal in PBN's
notation, the 20 double-dummy tricks, the par score and contracts of each board
(:mod:`xlbridge.workbooks.hands` lays the sheet out; docs/workbooks.md names its cells).

A board's row counts once anything is typed in it. Its deal must read as a deal
(:meth:`~xlbridge.engine.hands.Deal.parse`: the card missing or written twice is named); its
tricks are all 20 whole numbers 0-13 or none; its par a whole score with the contracts as
PBN writes them (``NS 4S=; EW 5DX-2``, ``Pass``) or nothing. Tricks or a par without a deal
are a problem too: they would belong to no cards.
"""

from __future__ import annotations

import re

from ..engine import BridgeInputError
from ..engine.doubledummy import Par, ParContract, Tricks
from ..engine.errors import describe
from ..engine.handrecord import HandRecord
from ..engine.hands import Deal
from ..engine.numeric import whole_number
from .cells import Problems
from .names import Cell, NamedCells

NAMES = ("HandBoard", "HandDeal", "HandTricks", "HandParScore", "HandParContract")
"""The Hands sheet's defined names this reads."""


def read_hands(problems: Problems, cells: NamedCells) -> dict[int, HandRecord]:
    """Every board's hand record on the book's Hands sheet (none when it has no such sheet),
    by board; a cell that does not read is a problem at that cell, and its board is left out."""
    boards = cells.column("HandBoard")
    if not boards:
        return {}
    deals, scores, contracts = (cells.column(name) for name in ("HandDeal", "HandParScore", "HandParContract"))
    rows: dict[int, list[Cell]] = {}
    for cell in cells.column("HandTricks"):  # a block: a row a board, 20 columns
        rows.setdefault(cell.row, []).append(cell)
    records: dict[int, HandRecord] = {}
    for index, board_cell in enumerate(boards):
        deal_cell = deals[index] if index < len(deals) else None
        tricks = sorted(rows.get(board_cell.row, []), key=lambda cell: cell.column)
        score = scores[index] if index < len(scores) else None
        contract = contracts[index] if index < len(contracts) else None
        typed = [cell for cell in (deal_cell, *tricks, score, contract) if cell is not None and not cell.blank]
        if not typed:
            continue
        if not isinstance(board_cell.value, int) or board_cell.value < 1:
            problems.add(board_cell, f"board {describe(board_cell.value)}: the Hands sheet's board numbers are "
                                     "fixed; write a new template to have them back")
            continue
        board = board_cell.value
        if deal_cell is None or deal_cell.blank:
            problems.add(typed[0], f"board {board}: double-dummy tricks or a par, but no deal in "
                                   f"{deal_cell.address if deal_cell else 'HandDeal'}; paste the deal or clear them")
            continue
        deal = problems.parse(deal_cell, _deal)
        found = _tricks(problems, board, tricks)
        par = _par(problems, board, score, contract)
        if deal is None or found is False or par is False:
            continue
        records[board] = HandRecord(board, deal, found or None, par or None)
    return records


def _deal(value: object) -> Deal:
    """A deal as a Hands cell holds it: PBN's notation, a hand not known ``-``."""
    if not isinstance(value, str):
        raise BridgeInputError(f"deal {describe(value)}: paste it as text in PBN notation, N:AKQ2.T98.7653.A2 …")
    return Deal.parse(re.sub(r"\s+", " ", value))


def _tricks(problems: Problems, board: int, cells: list[Cell]) -> Tricks | bool | None:
    """The 20 tricks, or None when none is typed, or False after a problem."""
    given = [cell for cell in cells if not cell.blank]
    if not given:
        return None
    if len(given) != 20 or len(cells) != 20:
        missing = next((cell for cell in cells if cell.blank), given[0])
        problems.add(missing, f"board {board}: {len(given)} of the 20 double-dummy tricks; give all 20 or none")
        return False
    values = []
    for cell in cells:
        number = problems.parse(cell, lambda value: whole_number(_number(value, "double-dummy tricks"),
                                                                 "double-dummy tricks", 0, 13))
        if number is None:
            return False
        values.append(number)
    return Tricks(tuple(tuple(values[5 * d:5 * d + 5]) for d in range(4)))


def _par(problems: Problems, board: int, score: Cell | None, contract: Cell | None) -> Par | bool | None:
    """The par, or None when neither cell is typed, or False after a problem."""
    if (score is None or score.blank) and (contract is None or contract.blank):
        return None
    if score is None or score.blank:
        assert contract is not None
        problems.add(contract, f"board {board}: par contracts but no par score beside them; type the score "
                               "(North-South's view) or clear the contracts")
        return False
    points = problems.parse(score, lambda value: whole_number(_number(value, "par score"), "par score", -7600, 7600))
    found: tuple[ParContract, ...] | None = ()
    if contract is not None and not contract.blank:
        found = problems.parse(contract, _contracts)
    if points is None or found is None:
        return False
    return Par(points, found)


def _number(value: object, what: str) -> object:
    """A number typed as a number: the sheet's formulas do not count text that looks like one."""
    if isinstance(value, str):
        raise BridgeInputError(f"{what} {describe(value)}: type it as a number, not as text")
    return value


def _contracts(value: object) -> tuple[ParContract, ...]:
    """The par contracts as PBN's ``[ParContract]`` writes them, ``;`` between; ``Pass`` none.

    >>> [str(c) for c in _contracts("NS 4S=; NS 5DX-1")], _contracts("Pass")
    (['NS 4S=', 'NS 5DX-1'], ())
    """
    if not isinstance(value, str):
        raise BridgeInputError(f"par contract {describe(value)}: write it as NS 4S= (several with ; between) "
                               "or Pass")
    parts = [part for part in re.split(r"[;,]", value) if part.strip()]
    if [part.strip().upper() for part in parts] == ["PASS"]:
        return ()
    return tuple(ParContract.parse(part) for part in parts)
