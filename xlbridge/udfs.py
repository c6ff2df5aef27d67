"""The Excel functions (README.md, "Excel functions"): a thin xlwings layer over the engine.

Each function is one decorator stack: ``@xw.func`` (the docstring is its
description in Excel's function wizard), one :func:`arg` per argument (its
``doc``), then :func:`cells`, the one wrapper that turns cell values into
engine input, broadcasts ranges, and maps :class:`BridgeInputError` to the
runtime's error form. The same module is the classic add-in's
``UDF MODULES`` and, bundled by ``xlbridge lite``, xlwings Lite's main.py.

Functions are named in capitals so that both runtimes show exactly the names
of the contract. Called as plain Python they behave as under the classic
add-in: an error is the text ``#VALUE! <message>``::

    >>> BRIDGESCORE("4S", 10, False), BRIDGESCORE("8S", 10, False)
    (420, '#VALUE! contract "8S": level must be 1-7')
    >>> BRIDGESCORE([["3NT"], ["4S"], [None]], [[9], ["+1"], [None]], 2, [["E"], ["N"], [None]])
    [[-400], [650], ['']]
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Sequence
from typing import Any

import xlwings as xw

from xlbridge import engine
from xlbridge.engine.doubledummy import STRAINS as _STRAINS
from xlbridge.engine.errors import BridgeInputError, describe
from xlbridge.engine.hands import Deal, Hand
from xlbridge.engine.numeric import real_number

try:  # double dummy: DDS, a C++ library, is not in the xlwings Lite bundle (nor is xlbridge.solver)
    from xlbridge import solver as _solver
except ImportError:
    _solver = None  # type: ignore[assignment]

__all__ = [
    "AUCTIONCONTRACT", "AUCTIONDECLARER", "BOARDDEALER", "BOARDVUL", "BRIDGESCORE", "BUTLER",
    "CHICAGODEALER", "CHICAGOLEDGER", "CHICAGOTOTAL", "CHICAGOVUL", "COMPENSATION", "COMPIMPS",
    "CROSSIMPS", "DATUM", "DDTABLE", "DEALHAND", "HANDHCP", "IMPS", "MATCHPOINTS", "MPPERCENT", "NEUBERG",
    "PAIRSRANKING", "PARCONTRACT", "PARSCORE", "PIVOTSEAT", "PIVOTSEATS", "PLACE", "RUBBERLEDGER",
    "RUBBERTOTAL", "VP", "VPSTANDINGS",
]

# xlwings picks its decorators by runtime: under xlwings Lite and xlwings Server
# (Office.js) they come from xlwings.pro.udfs_officejs, and there an exception is
# how a function shows #VALUE! with its message on hover. The classic add-in shows
# an exception's whole traceback instead, so there (and in plain Python) the
# error is returned as text.
OFFICE_JS = getattr(xw.func, "__module__", "") == "xlwings.pro.udfs_officejs"

# Options of every argument: xlwings passes cells on raw and cell() below reads
# them, the same way in every runtime. xlwings' own cleaning would turn an error
# cell into None (a blank, or even the argument's default) unless asked for its
# text, and under Office.js it costs a `from pyodide.ffi import JsNull` per cell.
CELL = {"convert": "raw"}


_CONTRACTS = (
    "The contracts, a deal a row from deal 1: 4S, 3NTX, 2HXX, 4SN (declarer appended) or PASS."
    " A row with a blank contract is skipped."
)
_DECLARERS = "Declarer of each deal, the same rows: N, E, S or W (blank for PASS or a contract naming it)."
_RESULTS = (
    'Tricks taken on each deal, the same rows: 0-13, a negative number for down, or "=",'
    ' "+1", "-2".'
)
_CYCLE = (
    'Optional: the variant: "standard" (default, Laws of Chicago: deal 2 EW, deal 3 NS'
    ' vulnerable) or "duplicate" (deal 2 NS, deal 3 EW).'
)
_CARRY = (
    "Optional: TRUE for the Laws of Chicago: part scores carry toward game within a round,"
    " a part score on deal 4 earns 100. FALSE (default): each deal scored as duplicate."
)
_CALLS = (
    'The auction from the dealer: one cell of text ("1C P 1S P 4S AP") or a range, a call a'
    " cell read row by row (a bidding diagram); blank cells are skipped."
)
_DEALER = "Dealer: N, E, S or W, or the board number (board 1 N, 2 E, ...)."
_DEAL = "A deal in PBN notation: N: and the four hands clockwise, e.g. N:AKQ2.T98.7653.A2 J876.AKQ.42.K743 ..."
_SCORE = "The NS score to rate: a cell, or a column of a traveller."
_FIT = ('Its best trump fit: M8, M9, M10 (major, 10 or more), m8, m9, m10 (minor) or none;'
        ' also "major 9", "no fit".')

# The docs of arguments that several functions share, written once (Excel's function
# wizard shows each under its argument).
SHARED_DOCS = {
    "contracts": _CONTRACTS, "declarers": _DECLARERS, "results": _RESULTS, "cycle": _CYCLE,
    "carry": _CARRY, "calls": _CALLS, "dealer": _DEALER, "score": _SCORE, "fit": _FIT, "deal": _DEAL,
    "players": "Number of players: 4 or 5.",
}


def arg(name: str, doc: str | None = None) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """One argument's decorator: its doc (``doc``, or the shared one of :data:`SHARED_DOCS`)
    and the options every argument has (:data:`CELL`: the raw cell, read by :func:`cell`)."""
    return xw.arg(name, doc=SHARED_DOCS[name] if doc is None else doc, **CELL)

# Excel's error values as text (xlwings' spelling), and by the xlErr code COM uses.
ERROR_CODES = {
    2000: "#NULL!", 2007: "#DIV/0!", 2015: "#VALUE!", 2023: "#REF!", 2029: "#NAME?",
    2036: "#NUM!", 2042: "#N/A", 2043: "#GETTING_DATA", 2045: "#SPILL!", 2046: "#CONNECT!",
    2047: "#BLOCKED!", 2048: "#UNKNOWN!", 2049: "#FIELD!", 2050: "#CALC!",
}
ERROR_VALUES = frozenset({*ERROR_CODES.values(), "#BUSY!", "#PYTHON!"})
# The classic add-in gets an error cell from COM as the number 0x800A0000 + xlErr code.
_COM_ERROR_BASE = -2146828288
_COM_ERRORS = range(_COM_ERROR_BASE + 2000, _COM_ERROR_BASE + 2100)

try:  # xlwings Lite (Pyodide 0.28 and later) passes an empty cell of a range as JsNull
    from pyodide.ffi import JsNull as _JsNull  # type: ignore[import-not-found]
except ImportError:
    _JsNull = type(None)

_REQUIRED = inspect.Parameter.empty


def cell(value: Any, name: str) -> Any:
    """One cell's value as engine input: ``None`` for a blank, the value otherwise.

    Blank is an empty cell (None, or JsNull in xlwings Lite) or whitespace-only
    text; a whole float is an int; a data-type cell (an Office.js dict) is its
    basic value. An Excel error value raises :class:`BridgeInputError`: the text
    ``#N/A`` ..., Office.js's error object, COM's error number, or the
    ``#VALUE! ...`` text of another function of this module.

    >>> cell("  ", "result") is None, cell(10.0, "result"), cell(-0.5, "imps")
    (True, 10, -0.5)
    >>> cell({"type": "Error", "basicValue": "#N/A", "errorType": "NotAvailable"}, "result")
    Traceback (most recent call last):
    ...
    xlbridge.engine.errors.BridgeInputError: result #N/A: an error value; fix the cell it comes from
    """
    kind = type(value)
    if kind is float:
        # Excel's numbers are floats: 10.0 is 10, so messages read "board 0", not "board 0.0".
        return int(value) if value.is_integer() else value
    if value is None or kind is _JsNull:
        return None
    if kind is str or isinstance(value, str):
        text = value.strip()
        if not text:
            return None
        if text[0] == "#" and (text in ERROR_VALUES or text.startswith("#VALUE! ")):
            raise _error_value(name, text.split()[0])
        return value
    if kind is int and value in _COM_ERRORS:
        code = value - _COM_ERROR_BASE
        raise _error_value(name, ERROR_CODES.get(code, f"#{code}"))
    if isinstance(value, dict):
        if value.get("type") == "Error":
            raise _error_value(name, str(value.get("basicValue") or "#VALUE!"))
        return cell(value.get("basicValue"), name)
    return value


def _error_value(name: str, code: str) -> BridgeInputError:
    return BridgeInputError(f"{name} {code}: an error value; fix the cell it comes from")


def single(value: Any) -> Any:
    """The value of a single cell however it is wrapped: ``[[x]]``, ``[x]`` or ``x``.

    >>> single([[4]]), single(["4S"]), single([]), single(None)
    (4, '4S', None, None)
    """
    while isinstance(value, list | tuple):
        if not value:
            return None
        if len(value) > 1:
            return value
        value = value[0]
    return value


def grid(value: Any, name: str) -> Sequence[Sequence[Any]] | None:
    """A range argument as rows of cells, or ``None`` for a single value.

    A 1x1 range is a single value. A flat sequence is a row, as in Excel: xlwings
    passes a one-row range so under Office.js, and COM an array such as {1,2,3}.

    >>> grid([[1, 2], [3, 4]], "x"), grid((5, 6), "x"), grid([[7]], "x"), grid(8, "x")
    ([[1, 2], [3, 4]], [(5, 6)], None, None)
    """
    if not isinstance(value, list | tuple) or not value:
        return None
    rows = value if isinstance(value[0], list | tuple) else [value]
    try:
        widths = set(map(len, rows))  # one pass in C: ranges are long
    except TypeError:
        widths = {-1}
    if len(widths) != 1:
        raise BridgeInputError(f"{name}: rows of different lengths; give a rectangular range")
    if len(rows) == 1 and len(rows[0]) <= 1:
        return None
    return rows


def whole(value: Any, name: str) -> tuple[Any, ...]:
    """A whole-range argument (not broadcast) as its non-blank cells, row by row.

    >>> whole([[420.0], [None], ["450"]], "field"), whole(None, "field")
    ((420, '450'), ())
    """
    rows = grid(value, name)
    if rows is None:
        rows = [[single(value)]]
    cells = (cell(v, name) for row in rows for v in row)
    return tuple(v for v in cells if v is not None)


def column(value: Any, name: str) -> tuple[Any, ...] | None:
    """A score sheet's column (not broadcast): its cells in order, blanks kept as ``None``
    so that row k of every column is deal k; ``None`` when all are blank.

    A row of cells reads as well as a column; an error cell names its deal.

    >>> column([["4S"], [None], [" "], [10.0]], "contracts"), column([[None], [""]], "honours")
    (('4S', None, None, 10), None)
    >>> column([["4S", "N"], ["3NT", "E"]], "contracts")
    Traceback (most recent call last):
    ...
    xlbridge.engine.errors.BridgeInputError: contracts: a 2x2 range; give one column (or one row), a deal a cell
    """
    rows = grid(value, name)
    if rows is None:
        rows = [[single(value)]]
    elif len(rows) > 1 and len(rows[0]) > 1:
        raise BridgeInputError(
            f"{name}: a {len(rows)}x{len(rows[0])} range; give one column (or one row), a deal a cell"
        )
    cells = []
    for number, raw in enumerate((v for row in rows for v in row), start=1):
        try:
            cells.append(cell(raw, name))
        except BridgeInputError as error:
            raise BridgeInputError(f"deal {number}: {error}") from None
    return tuple(cells) if any(v is not None for v in cells) else None


def failed(error: BridgeInputError) -> str:
    """The runtime's form of a bad input: an exception under Office.js, else ``#VALUE!`` text."""
    if OFFICE_JS:
        raise xw.XlwingsError(str(error)) from None
    return f"#VALUE! {error}"


def _plain(result: Any) -> Any:
    """Engine values as Excel takes them: enums as their text, sequences as a row."""
    if isinstance(result, str):
        return str(result)
    if isinstance(result, list | tuple):
        return [_plain(r) for r in result]
    return result


def cells(
    *, row: Sequence[str] | None = None, whole_ranges: Sequence[str] = (), columns: Sequence[str] = ()
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """The one wrapper of every Excel function: ranges in, arrays out, element-wise errors.

    The decorated function is written for one result, taking engine input: each
    argument is ``None`` when blank, and blank optionals get their default. The
    wrapper calls it once per element of the broadcast shape of the other
    arguments (single values broadcast; different shapes are an input error).

    ``row``: when all these arguments are blank the element is ``""`` (an empty
    template row); default the first argument. ``whole_ranges``: arguments that
    are by nature a set of results (a board's field); they arrive as a tuple of
    their non-blank cells and are never broadcast. ``columns``: the parallel
    columns of a score sheet, a deal a row (contracts, declarers, results); they
    arrive as :func:`column` reads them, blanks kept in place, ``None`` when all
    blank, and are never broadcast either.

    A result is a single value unless some broadcast argument is a range. An
    element's result may itself be a list: a 1xN row, or rows (a ledger) when
    nothing broadcasts; over a column of elements each row result is a row of
    the answer (a blank or bad element fills the first cell of its row).

    >>> @cells()
    ... def double(x, factor=2):
    ...     return engine.numeric.real_number(x, "x") * factor
    >>> double(3), double([[1], [None], ["a"]], None)
    (6.0, [[2.0], [''], ['#VALUE! x "a": must be a number']])
    """

    def decorate(function: Callable[..., Any]) -> Callable[..., Any]:
        parameters = inspect.signature(function).parameters
        names = tuple(parameters)
        defaults = tuple(p.default for p in parameters.values())
        optional = tuple(i for i, d in enumerate(defaults) if d is not _REQUIRED)
        readers = tuple(
            whole if n in whole_ranges else column if n in columns else None for n in names
        )
        is_whole = tuple(reader is not None for reader in readers)
        row_names = tuple(row) if row is not None else names[:1]
        unknown = set(row_names) - set(names) or {*whole_ranges, *columns} - set(names)
        if unknown:
            raise TypeError(f"{function.__name__}: no argument {sorted(unknown)[0]}")
        row_at = tuple(names.index(n) for n in row_names)

        def element(values: list[Any]) -> Any:
            """One result from cells already read: "" for an empty row."""
            for i in row_at:
                if values[i] is not None and values[i] != ():
                    break
            else:
                return ""
            for i in optional:
                if values[i] is None:
                    values[i] = defaults[i]
            result = function(*values)
            return result if type(result) in (int, float) else _plain(result)

        @functools.wraps(function)
        def wrapper(*args: Any) -> Any:
            if len(args) > len(names) or _REQUIRED in defaults[len(args):]:
                raise TypeError(f"{function.__name__}: {len(names)} arguments, not {len(args)}")
            args += defaults[len(args):]
            try:
                # Per argument: a range to broadcast over, or one value (a whole
                # range, read into its non-blank cells, counts as one value).
                ranges: dict[int, Sequence[Sequence[Any]]] = {}
                values: list[Any] = []
                for i, (name, value) in enumerate(zip(names, args, strict=True)):
                    reader = readers[i]
                    if reader is not None:
                        values.append(reader(value, name))
                        continue
                    rows = grid(value, name)
                    if rows is None:
                        values.append(single(value))
                    else:
                        ranges[i] = rows
                        values.append(None)
                shape = _shape({names[i]: rows for i, rows in ranges.items()})
                if shape is None:
                    return element([
                        v if is_whole[i] else cell(v, names[i]) for i, v in enumerate(values)
                    ])
            except BridgeInputError as error:
                return failed(error)
            height, width = shape
            for i, value in enumerate(values):
                if not is_whole[i] and i not in ranges:
                    try:
                        values[i] = cell(value, names[i])
                    except BridgeInputError as error:
                        # A bad single value is the error of every element, not of the call.
                        return [[f"#VALUE! {error}"] * width for _ in range(height)]
            ranged = [(i, names[i], rows) for i, rows in ranges.items()]
            result = []
            for r in range(height):
                out = []
                for c in range(width):
                    these = values.copy()
                    try:
                        for i, name, rows in ranged:
                            these[i] = cell(rows[r][c], name)
                        out.append(element(these))
                    except BridgeInputError as error:
                        out.append(f"#VALUE! {error}")
                result.append(out)
            return _spread(result, [names[i] for i in ranges])

        return wrapper

    return decorate


def _spread(result: list[list[Any]], ranged: list[str]) -> Any:
    """A broadcast result whose elements are rows (lists) as one block: a column of
    elements gives a row each; a blank or bad element fills the first cell of its row."""
    rows = [v for out in result for v in out if isinstance(v, list)]
    if not rows:
        return result
    widths = {len(v) for v in rows}
    if any(isinstance(item, list) for v in rows for item in v):  # a ledger per element
        return failed(BridgeInputError(f"{ranged[0]}: give one cell here, not a range"))
    if len(result[0]) != 1:
        return failed(BridgeInputError(
            f"{ranged[0]}: a {len(result)}x{len(result[0])} range; give one column,"
            f" each row's answer is {max(widths)} cells wide"
        ))
    width = max(widths)
    return [
        v + [""] * (width - len(v)) if isinstance(v, list) else [v] + [""] * (width - 1)
        for (v,) in result
    ]


def _shape(ranges: dict[str, Sequence[Sequence[Any]]]) -> tuple[int, int] | None:
    """The common shape of the range arguments; ``None`` when there are none."""
    shape = None
    first = ""
    for name, rows in ranges.items():
        this = (len(rows), len(rows[0]))
        if shape is None:
            shape, first = this, name
        elif this != shape:
            raise BridgeInputError(
                f"{name}: a {this[0]}x{this[1]} range, but {first} is {shape[0]}x{shape[1]};"
                " give ranges of the same shape, or one cell"
            )
    return shape


def flag(value: Any, name: str) -> bool:
    """A TRUE/FALSE argument: booleans, 1/0 or blank (FALSE).

    >>> flag(True, "average"), flag(0.0, "average"), flag(None, "average")
    (True, False, False)
    """
    if value is None or isinstance(value, bool):
        return bool(value)
    if isinstance(value, int | float) and value in (0, 1):
        return bool(value)
    raise BridgeInputError(f"{name} {describe(value)}: must be TRUE or FALSE")


@functools.lru_cache(maxsize=256)
def _by_score(
    method: Callable[[list[float], Any], list[Any]], field: tuple[Any, ...], option: Any, name: str
) -> dict[float, Any]:
    """One board's (or ranking's) results by score. The engine rates the whole field
    once per call, not once per row; equal scores always get equal results."""
    values = [real_number(v, name) for v in field]
    return dict(zip(values, method(values, option), strict=True))


def _rated(
    method: Callable[[list[float], Any], list[Any]],
    score: Any,
    field: tuple[Any, ...],
    option: Any = None,
    names: tuple[str, str, str] = ("score", "field", "the field's results"),
) -> Any:
    """``score``'s result among ``field``, which holds it once; ``names`` name the two
    arguments, and the field in the message when ``score`` is not in it."""
    nested = next((value for value in field if isinstance(value, list | tuple | dict | set)), None)
    if nested is not None:  # a range of ranges: one value a cell is what the field holds
        raise BridgeInputError(f"{names[1]} {describe(nested)}: must be a column of numbers, one a cell")
    found = _by_score(method, field, option, names[1]).get(real_number(score, names[0]), _REQUIRED)
    if found is _REQUIRED:
        raise BridgeInputError(f"{names[0]} {describe(score)}: not among {names[2]}")
    return found


def _cross(values: list[float], average: bool) -> list[float]:
    return engine.cross_imps(values, average=average)


def _places(values: list[float], _option: Any) -> list[str]:
    return engine.place_labels(engine.rank(values))


# ---------------------------------------------------------------- the functions
# Argument names are valid VBA names that VBA does not reserve (the classic add-in
# writes them into VBA): hence "cycle" (not "variant") and "mpscale"/"vpscale" (not
# "scale", a reserved special form of VBA).


@xw.func
@arg("contract", "Contract, e.g. 4S, 3NTX, 2HXX, 4SXN (declarer appended) or PASS.")
@arg("result", 'Tricks taken 0-13, a negative number for down, or "=", "+1", "-2".'
    ' Blank: the row is unfinished and shows "".')
@arg("vulnerable", "Is declarer vulnerable: TRUE/FALSE, V/NV, Yes/No. With declarer also the board's"
    " vulnerability (None, NS, EW, All) or its board number.")
@arg("declarer", "Optional: N, E, S or W. Given, the score is North-South's (negative when East-West"
    " scored), as in a traveller's NS column.")
@cells(row=("contract", "result"))
def BRIDGESCORE(contract: Any, result: Any, vulnerable: Any, declarer: Any = None) -> Any:
    """Duplicate score of one deal: declarer's, or North-South's when declarer is given."""
    if result is None and not engine.is_passed_out(contract):
        engine.parse_contract(contract)  # a contract that cannot be is said at once, before its result
        return ""  # contract in, result not yet: an unfinished row
    return engine.score(contract, result, vulnerable, declarer)


@xw.func
@arg("difference", "A score difference, e.g. 620-170; or your score when other is given.")
@arg("other", "Optional: the score to compare with; the IMPs are for difference minus other."
    " Blank counts as 0.")
@cells()
def IMPS(difference: Any, other: Any = 0) -> Any:
    """IMPs for a score difference (or difference minus other), carrying its sign."""
    return engine.imps(real_number(difference, "difference") - real_number(other, "other"))


@xw.func
@arg("imps", "The side's IMP margin; negative for the losing side. Fractions (cross-IMPs, Butler)"
    " are allowed.")
@arg("boards", "Number of boards in the match, 1 or more.")
@arg("vpscale", 'Optional: the scale, "WBF" (default): the WBF 20-VP continuous scale with its'
    " official tables.")
@cells()
def VP(imps: Any, boards: Any, vpscale: Any = "WBF") -> Any:
    """Victory points of the side with IMP margin imps over boards boards (WBF 20-VP scale)."""
    return engine.vp(imps, boards, vpscale)


@xw.func
@arg("deal", "Chicago deal number: 1, 2, 3, ...; deals 5-8 repeat deals 1-4.")
@arg("cycle", 'Optional: the variant: "standard" (default, Laws of Chicago: deal 2 EW, deal 3 NS'
    ' vulnerable) or "duplicate" (deal 2 NS, deal 3 EW).')
@cells()
def CHICAGOVUL(deal: Any, cycle: Any = "standard") -> Any:
    """Vulnerability of a Chicago deal: None, NS, EW or All."""
    return engine.chicago_vul(deal, cycle)


@xw.func
@arg("deal", "Chicago deal number: 1, 2, 3, ...")
@cells()
def CHICAGODEALER(deal: Any) -> Any:
    """Dealer of a Chicago deal: N, E, S, W in turn."""
    return engine.chicago_dealer(deal)


@xw.func
@arg("board", "Board number, 1 or more; the cycle repeats every 16 boards.")
@cells()
def BOARDVUL(board: Any) -> Any:
    """Vulnerability of a duplicate board: None, NS, EW or All."""
    return engine.board_vul(board)


@xw.func
@arg("board", "Board number, 1 or more: board 1 N, 2 E, 3 S, 4 W, 5 N ...")
@cells()
def BOARDDEALER(board: Any) -> Any:
    """Dealer of a duplicate board: N, E, S or W."""
    return engine.board_dealer(board)


@xw.func
@arg("score")
@arg("field", "Every NS score on this board, this one included (one copy of score is left out)."
    " Blank cells are skipped.")
@arg("mpscale", "Optional: the scale, 2 (default: 2 per score beaten, 1 per tie) or 1 (1 and 0.5).")
@cells(whole_ranges=("field",))
def MATCHPOINTS(score: Any, field: Any, mpscale: Any = 2) -> Any:
    """Matchpoints of score against the other results on the board."""
    return _rated(engine.matchpoints, score, field, engine.mp_scale(mpscale))


@xw.func
@arg("score")
@arg("field", "Every NS score on this board, this one included. Blank cells are skipped.")
@cells(whole_ranges=("field",))
def MPPERCENT(score: Any, field: Any) -> Any:
    """Matchpoints of score against the board's field as a percentage of the top, 0-100."""
    return engine.mp_percent(_rated(engine.matchpoints, score, field, 2), len(field))


@xw.func
@arg("mp", "Matchpoints scored on the board.")
@arg("results", "Number of results the board has (n).")
@arg("expected", "Number of results it should have had (N).")
@arg("mpscale", "Optional: the scale of mp, 2 (default, 2/1/0) or 1 (1/0.5/0).")
@cells()
def NEUBERG(mp: Any, results: Any, expected: Any, mpscale: Any = 2) -> Any:
    """Neuberg: matchpoints scaled to the expected number of results, (M+1)*N/n-1."""
    return engine.neuberg(mp, results, expected, mpscale)


@xw.func
@arg("score")
@arg("field", "Every NS score on this board, this one included (one copy of score is left out)."
    " Blank cells are skipped.")
@arg("average", "Optional: TRUE to divide the sum by the number of comparisons (n-1); FALSE"
    " (default) for the sum.")
@cells(whole_ranges=("field",))
def CROSSIMPS(score: Any, field: Any, average: Any = False) -> Any:
    """Cross-IMPs: score IMPed against every other result on the board, summed."""
    return _rated(_cross, score, field, flag(average, "average"))


@xw.func
@arg("field", "Every NS score on the board. Blank cells are skipped.")
@arg("drop", "Optional: how many highest and how many lowest scores to leave out (default 1).")
@cells(whole_ranges=("field",))
def DATUM(field: Any, drop: Any = 1) -> Any:
    """Butler datum: the mean of the field without its extremes, rounded to the nearest 10."""
    return engine.datum([real_number(v, "field") for v in field], drop)


@xw.func
@arg("score")
@arg("field", "Every NS score on this board, this one included. Blank cells are skipped.")
@arg("drop", "Optional: how many highest and how many lowest scores the datum leaves out"
    " (default 1).")
@cells(whole_ranges=("field",))
def BUTLER(score: Any, field: Any, drop: Any = 1) -> Any:
    """Butler IMPs: score IMPed against the datum of the board's field."""
    return _rated(engine.butler, score, field, drop)


@xw.func
@arg("hcp", "Combined high-card points of the side with more, 20-40 (at 20-20 the dealer's side).")
@arg("fit")
@arg("vulnerable", "Is that side vulnerable: TRUE/FALSE, V/NV, Yes/No.")
@cells(row=("hcp",))
def COMPENSATION(hcp: Any, fit: Any, vulnerable: Any) -> Any:
    """Expected score from the compensation table for a side's points, fit and vulnerability."""
    return engine.compensation(hcp, fit, vulnerable)


@xw.func
@arg("score", "The deal's score from the view of the side with hcp points.")
@arg("hcp", "Combined high-card points of that side, 20-40.")
@arg("fit")
@arg("vulnerable", "Is that side vulnerable: TRUE/FALSE, V/NV, Yes/No.")
@cells()
def COMPIMPS(score: Any, hcp: Any, fit: Any, vulnerable: Any) -> Any:
    """Compensation-table IMPs: score minus the expected score, for the side with hcp points."""
    return engine.compensation_imps(score, hcp, fit, vulnerable)


@xw.func
@arg("total", "The total to place: a cell, or a column of a ranking.")
@arg("totals", "Every total of the ranking, this one included; higher is better. Blank cells are"
    " skipped.")
@cells(whole_ranges=("totals",))
def PLACE(total: Any, totals: Any) -> Any:
    """Place of total in the ranking, ties shared as results lists write them: 1, 2-3, 4."""
    return _rated(_places, total, totals, names=("total", "totals", "the totals"))


# ---------------------------------------------------------------- home bridge
# A score sheet's deal columns (rubber, Chicago) are read whole, a deal a row:
# row k of contracts, declarers, results (and honours) is deal k.

@xw.func
@arg("contracts")
@arg("declarers")
@arg("results")
@arg("honours", 'Optional: honours of each deal, the same rows: blank, "NS 100", "EW 150", or a number'
    " (positive for NS, negative for EW); scored whatever the result.")
@cells(columns=("contracts", "declarers", "results", "honours"))
def RUBBERTOTAL(contracts: Any, declarers: Any, results: Any, honours: Any = None) -> Any:
    """A rubber's totals as a row: North-South's and East-West's, the rubber or unfinished-rubber bonus included."""
    return list(engine.rubber_total(contracts, declarers, results, honours))


@xw.func
@arg("contracts")
@arg("declarers")
@arg("results")
@arg("honours", 'Optional: honours of each deal, the same rows: blank, "NS 100", "EW 150", or a number'
    " (positive for NS, negative for EW).")
@cells(columns=("contracts", "declarers", "results", "honours"))
def RUBBERLEDGER(contracts: Any, declarers: Any, results: Any, honours: Any = None) -> Any:
    """A rubber's score sheet, a row per deal: deal, NS above/below, EW above/below, NS/EW bonus, vulnerability."""
    ledger = engine.rubber_ledger(contracts, declarers, results, honours)
    rows: list[list[Any]] = [[""] * 8 for _ in contracts]
    for line in ledger.lines:
        # The bonuses sit on the last deal, so that each side's column sums make RUBBERTOTAL.
        last = line is ledger.lines[-1]
        rows[line.deal - 1] = [
            line.deal, line.ns_above, line.ns_below, line.ew_above, line.ew_below,
            ledger.ns_bonus if last else 0, ledger.ew_bonus if last else 0, str(line.vulnerability),
        ]
    return rows


@xw.func
@arg("contracts")
@arg("declarers")
@arg("results")
@arg("cycle")
@arg("carry")
@cells(columns=("contracts", "declarers", "results"))
def CHICAGOTOTAL(
    contracts: Any, declarers: Any, results: Any, cycle: Any = "standard", carry: Any = False
) -> Any:
    """Chicago totals as a row: the points North-South gained and the points East-West gained."""
    return list(engine.chicago_totals(contracts, declarers, results, cycle, flag(carry, "carry")))


@xw.func
@arg("contracts")
@arg("declarers")
@arg("results")
@arg("cycle")
@arg("carry")
@cells(columns=("contracts", "declarers", "results"))
def CHICAGOLEDGER(
    contracts: Any, declarers: Any, results: Any, cycle: Any = "standard", carry: Any = False
) -> Any:
    """Chicago scored, a row per deal: deal, dealer, vulnerability, NS score, and the NS and EW totals so far."""
    ledger = engine.chicago_ledger(
        contracts, declarers, results, variant=cycle, carry_partscores=flag(carry, "carry")
    )
    return [
        [line.deal, str(line.dealer), str(line.vulnerability),
         *(("", "", "") if line.ns_score is None else (line.ns_score, line.ns_total, line.ew_total))]
        for line in ledger.lines
    ]


@xw.func
@arg("players")
@arg("round", "Round 1, 2, ... (4 players: 3 rounds, 5 players: 5, then the schedule repeats);"
    " a column of rounds gives a row each.")
@cells(row=("round",))
def PIVOTSEATS(players: Any, round: Any) -> Any:
    """Pivot bridge seating of a round as a row: the players at N, E, S, W and the one sitting out ("" with 4)."""
    seating = engine.pivot_seating(players, round)
    return [*seating.players, "" if seating.sits_out is None else seating.sits_out]


@xw.func
@arg("players")
@arg("round", "Round 1, 2, ... (4 players: 3 rounds, 5 players: 5, then the schedule repeats).")
@arg("seat", 'N, E, S or W (or North, ...), or "Out" for the player sitting out.')
@cells(row=("round",))
def PIVOTSEAT(players: Any, round: Any, seat: Any) -> Any:
    """Pivot bridge: the player at seat in a round, or the one sitting out ("" with 4 players)."""
    seating = engine.pivot_seating(players, round)
    if isinstance(seat, str) and "".join(seat.split()).lower() in ("out", "sitsout"):
        return "" if seating.sits_out is None else seating.sits_out
    try:
        return seating.player(seat)
    except BridgeInputError:
        raise BridgeInputError(f"seat {describe(seat)}: must be N, E, S, W or Out") from None


@xw.func
@arg("calls")
@arg("dealer")
@cells(whole_ranges=("calls",))
def AUCTIONCONTRACT(calls: Any, dealer: Any) -> Any:
    """An auction's final contract with declarer, e.g. 4SXS, or PASS; an illegal or unfinished auction is an error."""
    return str(engine.auction_contract(_auction(calls), dealer))


@xw.func
@arg("calls")
@arg("dealer")
@cells(whole_ranges=("calls",))
def AUCTIONDECLARER(calls: Any, dealer: Any) -> Any:
    """An auction's declarer: N, E, S or W ("" when passed out); an illegal call or unfinished auction is an error."""
    declarer = engine.auction_contract(_auction(calls), dealer).declarer
    return "" if declarer is None else str(declarer)


@xw.func
@arg("boards", "Board number of each result, a row per result (a results table's Board column).")
@arg("ns", "North-South pair of each result, the same rows (blank: a pair from outside the event).")
@arg("ew", "East-West pair of each result, the same rows (blank: a pair from outside the event).")
@arg("contracts", "Contract of each result, the same rows: 4S, 3NTX, 3N, PASS; NP for not played; an adjusted"
    " score A60/40 (NS %/EW %), A60, A50, A40. A row with a blank contract is skipped.")
@arg("declarers", "Declarer of each result, the same rows: N, E, S or W (blank for PASS, NP, A60 ...).")
@arg("tricks", 'Tricks declarer took on each result, the same rows: 0-13 (or "=", "+1", "-2").')
@arg("scoring", 'Optional: "MP" (the default: matchpoints 2/1/0, Neuberg-factored), "Cross-IMPs" (averaged) or'
    ' "Butler".')
@cells(columns=("boards", "ns", "ew", "contracts", "declarers", "tricks"))
def PAIRSRANKING(boards: Any, ns: Any, ew: Any, contracts: Any, declarers: Any, tricks: Any,
                 scoring: Any = "MP") -> Any:
    """A pairs event ranked, a row per pair: pair, place, MP, top, % (IMP scoring: IMPs, boards, IMPs a board)."""
    if contracts is None:
        return ""
    count = len(contracts)
    given = {"boards": boards, "ns": ns, "ew": ew, "declarers": declarers, "tricks": tricks}
    for name, values in given.items():
        if values is not None and len(values) != count:
            raise BridgeInputError(f"{name}: {len(values)} rows, but contracts has {count}")
    blank = (None,) * count
    rows = zip(*((blank if v is None else v) for v in (boards, ns, ew, contracts, declarers, tricks)), strict=True)
    event = engine.pairs_event(list(rows), scoring=scoring)
    ranked = event.ranking()
    if not ranked:
        return ""
    if event.scoring.imps:
        return [[t.pair, t.place, t.imps, t.boards, t.imps_per_board] for t in ranked]
    return [[t.pair, t.place, t.mp, t.top, t.percent] for t in ranked]


@xw.func
@arg("homes", "Home team of each match, a row per match (a bye: the team, with away blank).")
@arg("aways", "Away team of each match, the same rows (blank for a bye).")
@arg("home_imps", "IMPs the home team won in each match, the same rows.")
@arg("away_imps", "IMPs the away team won in each match, the same rows.")
@arg("boards", "Boards of each match, the same rows (a single number for all).")
@arg("byevp", f"Optional: the VPs of a bye, 0-20 (default {engine.BYE_VP}).")
@cells(columns=("homes", "aways", "home_imps", "away_imps", "boards"))
def VPSTANDINGS(homes: Any, aways: Any, home_imps: Any, away_imps: Any, boards: Any,
                byevp: Any = engine.BYE_VP) -> Any:
    """Team standings, best first: team, place, VPs (WBF scale), IMP quotient; ties by their match, then quotient."""
    if homes is None:
        return ""
    count = len(homes)
    given = {"aways": aways, "home_imps": home_imps, "away_imps": away_imps}
    for name, values in given.items():
        if values is not None and len(values) != count:
            raise BridgeInputError(f"{name}: {len(values)} rows, but homes has {count}")
    if boards is not None and len(boards) not in (1, count):
        raise BridgeInputError(f"boards: {len(boards)} rows, but homes has {count}")
    blank = (None,) * count
    each = boards * count if boards is not None and len(boards) == 1 else boards or blank
    matches = []
    for home, away, won, lost, played in zip(homes, aways or blank, home_imps or blank, away_imps or blank, each,
                                             strict=True):
        if home is None:
            continue
        matches.append((home, None) if away is None else (home, away, won, lost, played))
    table = engine.team_standings(matches, bye_vp=byevp)
    return [[s.team, s.place, s.vp, s.quotient if s.imps_against else ""] for s in table] or ""


def _auction(calls: tuple[Any, ...]) -> str:
    """The calls of a range as one text: a cell may hold one call or several ("P P P")."""
    return " ".join(str(call) for call in calls)


# ---------------------------------------------------------------- hands
# A deal is one cell of PBN text. HANDHCP and DEALHAND need only the engine and work
# everywhere; the double-dummy functions need DDS (the dds extra), and where it is
# absent (xlwings Lite, or not installed) they say so in one line. HANDHCP is not HCP:
# chicago.xlsx has a defined name HCP (its input column), and a template's defined name
# never equals a function's (xlbridge/workbooks/names.py).

# What DDTABLE, PARSCORE and PARCONTRACT say where the solver is absent.
NO_SOLVER = "double dummy needs DDS, which xlwings Lite cannot load; elsewhere pip install 'xlbridge[dds]'"


@xw.func
@arg("hand", "One hand in PBN notation, spades first: AKQ2.T98.7653.A2 (x for a spot card).")
@cells()
def HANDHCP(hand: Any) -> Any:
    """High-card points of a hand: A 4, K 3, Q 2, J 1."""
    return Hand.parse(hand).hcp


@xw.func
@arg("deal")
@arg("seat", "N, E, S or W (or North, ...).")
@cells(row=("deal",))
def DEALHAND(deal: Any, seat: Any) -> Any:
    """The hand of a seat in a deal, in PBN notation (AKQ2.T98.7653.A2); "" for a hand the deal does not show."""
    hand = Deal.parse(deal).hand(engine.Seat.parse(seat, "seat"))
    return "" if hand is None else str(hand)


def _solved(deal: Any, board: Any) -> Any:
    """The double-dummy tricks and par of ``deal`` as board ``board``, solved once."""
    if _solver is None or not _solver.available():
        raise BridgeInputError(NO_SOLVER)
    cards, number = Deal.parse(deal), engine.board_number(board)
    if not cards.complete:
        raise BridgeInputError(f"deal {describe(deal)}: not every card is known; double dummy needs all 52")
    try:
        return _solve(cards, number)
    except (RuntimeError, OSError) as error:  # DDS's own failure, still one line in the cell
        raise BridgeInputError(f"deal {describe(deal)}: DDS could not solve it: {error}") from None


@functools.lru_cache(maxsize=256)
def _solve(deal: Deal, board: int) -> Any:
    # a workbook asks for the same deal in several cells: DDS solves it once
    [(tricks, par)] = _solver.solve([(board, deal)])  # type: ignore[union-attr]
    return tricks, par


@xw.func
@arg("deal", "A deal in PBN notation, all 52 cards: N: and the four hands clockwise.")
@cells()
def DDTABLE(deal: Any) -> Any:
    """Double-dummy tricks, 5 rows x 4 columns: rows NT, S, H, D, C; columns declarer N, E, S, W (needs DDS)."""
    tricks, _par = _solved(deal, 1)
    return [[tricks.of(seat, strain) for seat in engine.SEATS] for strain in _STRAINS]


@xw.func
@arg("deal", "A deal in PBN notation, all 52 cards: N: and the four hands clockwise.")
@arg("board", "Board number, 1 or more: it gives the dealer and the vulnerability.")
@cells()
def PARSCORE(deal: Any, board: Any) -> Any:
    """Par score of the deal as that board, North-South's (negative when East-West score) (needs DDS)."""
    return _solved(deal, board)[1].score


@xw.func
@arg("deal", "A deal in PBN notation, all 52 cards: N: and the four hands clockwise.")
@arg("board", "Board number, 1 or more: it gives the dealer and the vulnerability.")
@cells()
def PARCONTRACT(deal: Any, board: Any) -> Any:
    """Par contract(s) of the deal as that board, e.g. NS 4S=, EW 5DX-2 or Pass (needs DDS)."""
    contracts = _solved(deal, board)[1].contracts
    return "; ".join(map(str, contracts)) or "Pass"
