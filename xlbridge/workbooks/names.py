"""Workbook-level defined names: the templates' public contract (docs/workbooks.md).

Scripts, ``xlbridge`` itself and a director's own formulas find the inputs and outputs
of a template by name, never by layout. :func:`write_named` and :func:`read_named`
fill and read them with openpyxl.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from openpyxl import Workbook
from openpyxl.cell.cell import Cell
from openpyxl.utils.cell import range_boundaries

from ..engine import OptionError

# xlbridge's own Excel functions (xlbridge.udfs.__all__, kept equal by a test; the
# workbooks do not import the xlwings layer), and SCORE, kept free for a plain name.
XLBRIDGE_FUNCTIONS = frozenset((
    "AUCTIONCONTRACT", "AUCTIONDECLARER", "BOARDDEALER", "BOARDVUL", "BRIDGESCORE", "BUTLER",
    "CHICAGODEALER", "CHICAGOLEDGER", "CHICAGOTOTAL", "CHICAGOVUL", "COMPENSATION", "COMPIMPS",
    "CROSSIMPS", "DATUM", "IMPS", "MATCHPOINTS", "MPPERCENT", "NEUBERG", "PAIRSRANKING", "PIVOTSEAT",
    "PIVOTSEATS", "PLACE", "RUBBERLEDGER", "RUBBERTOTAL", "VP", "VPSTANDINGS", "SCORE",
    "DDTABLE", "DEALHAND", "HANDHCP", "PARCONTRACT", "PARSCORE",
))

# Excel's worksheet functions (Excel 2010 to 365). A defined name equal to one is
# invalid OOXML, and Excel with the add-in loaded would misread formulas using it.
EXCEL_FUNCTIONS = frozenset((
    "ABS", "ACCRINT", "ACCRINTM", "ACOS", "ACOSH", "ACOT", "ACOTH", "ADDRESS", "AGGREGATE",
    "AMORDEGRC", "AMORLINC", "AND", "ARABIC", "AREAS", "ARRAYTOTEXT", "ASC", "ASIN", "ASINH",
    "ATAN", "ATAN2", "ATANH", "AVEDEV", "AVERAGE", "AVERAGEA", "AVERAGEIF", "AVERAGEIFS",
    "BAHTTEXT", "BASE", "BESSELI", "BESSELJ", "BESSELK", "BESSELY", "BETADIST", "BETAINV",
    "BIN2DEC", "BIN2HEX", "BIN2OCT", "BINOMDIST", "BITAND", "BITLSHIFT", "BITOR", "BITRSHIFT",
    "BITXOR", "BYCOL", "BYROW", "CALL", "CEILING", "CELL", "CHAR", "CHIDIST", "CHIINV", "CHITEST",
    "CHOOSE", "CHOOSECOLS", "CHOOSEROWS", "CLEAN", "CODE", "COLUMN", "COLUMNS", "COMBIN", "COMBINA",
    "COMPLEX", "CONCAT", "CONCATENATE", "CONFIDENCE", "CONVERT", "CORREL", "COS", "COSH", "COT",
    "COTH", "COUNT", "COUNTA", "COUNTBLANK", "COUNTIF", "COUNTIFS", "COUPDAYBS", "COUPDAYS",
    "COUPDAYSNC", "COUPNCD", "COUPNUM", "COUPPCD", "COVAR", "CRITBINOM", "CSC", "CSCH",
    "CUBEKPIMEMBER", "CUBEMEMBER", "CUBEMEMBERPROPERTY", "CUBERANKEDMEMBER", "CUBESET",
    "CUBESETCOUNT", "CUBEVALUE", "CUMIPMT", "CUMPRINC", "DATE", "DATEDIF", "DATEVALUE", "DAVERAGE",
    "DAY", "DAYS", "DAYS360", "DB", "DBCS", "DCOUNT", "DCOUNTA", "DDB", "DEC2BIN", "DEC2HEX",
    "DEC2OCT", "DECIMAL", "DEGREES", "DELTA", "DEVSQ", "DGET", "DISC", "DMAX", "DMIN", "DOLLAR",
    "DOLLARDE", "DOLLARFR", "DPRODUCT", "DROP", "DSTDEV", "DSTDEVP", "DSUM", "DURATION", "DVAR",
    "DVARP", "EDATE", "EFFECT", "ENCODEURL", "EOMONTH", "ERF", "ERFC", "ERROR", "EVEN", "EXACT",
    "EXP", "EXPAND", "EXPONDIST", "FACT", "FACTDOUBLE", "FALSE", "FDIST", "FILTER", "FILTERXML",
    "FIND", "FINDB", "FINV", "FISHER", "FISHERINV", "FIXED", "FLOOR", "FORECAST", "FORMULATEXT",
    "FREQUENCY", "FTEST", "FV", "FVSCHEDULE", "GAMMA", "GAMMADIST", "GAMMAINV", "GAMMALN", "GAUSS",
    "GCD", "GEOMEAN", "GESTEP", "GETPIVOTDATA", "GROUPBY", "GROWTH", "HARMEAN", "HEX2BIN",
    "HEX2DEC", "HEX2OCT", "HLOOKUP", "HOUR", "HSTACK", "HYPERLINK", "HYPGEOMDIST", "IF", "IFERROR",
    "IFNA", "IFS", "IMABS", "IMAGE", "IMAGINARY", "IMARGUMENT", "IMCONJUGATE", "IMCOS", "IMCOSH",
    "IMCOT", "IMCSC", "IMCSCH", "IMDIV", "IMEXP", "IMLN", "IMLOG10", "IMLOG2", "IMPOWER",
    "IMPRODUCT", "IMREAL", "IMSEC", "IMSECH", "IMSIN", "IMSINH", "IMSQRT", "IMSUB", "IMSUM",
    "IMTAN", "INDEX", "INDIRECT", "INFO", "INT", "INTERCEPT", "INTRATE", "IPMT", "IRR", "ISBLANK",
    "ISERR", "ISERROR", "ISEVEN", "ISFORMULA", "ISLOGICAL", "ISNA", "ISNONTEXT", "ISNUMBER",
    "ISODD", "ISOMITTED", "ISOWEEKNUM", "ISPMT", "ISREF", "ISTEXT", "JIS", "KURT", "LAMBDA",
    "LARGE", "LCM", "LEFT", "LEFTB", "LEN", "LENB", "LET", "LINEST", "LN", "LOG", "LOG10", "LOGEST",
    "LOGINV", "LOGNORMDIST", "LOOKUP", "LOWER", "MAKEARRAY", "MAP", "MATCH", "MAX", "MAXA",
    "MAXIFS", "MDETERM", "MDURATION", "MEDIAN", "MID", "MIDB", "MIN", "MINA", "MINIFS", "MINUTE",
    "MINVERSE", "MIRR", "MMULT", "MOD", "MODE", "MONTH", "MROUND", "MULTINOMIAL", "MUNIT", "N",
    "NA", "NEGBINOMDIST", "NETWORKDAYS", "NOMINAL", "NORMDIST", "NORMINV", "NORMSDIST", "NORMSINV",
    "NOT", "NOW", "NPER", "NPV", "NUMBERVALUE", "OCT2BIN", "OCT2DEC", "OCT2HEX", "ODD", "ODDFPRICE",
    "ODDFYIELD", "ODDLPRICE", "ODDLYIELD", "OFFSET", "OR", "PDURATION", "PEARSON", "PERCENTILE",
    "PERCENTOF", "PERCENTRANK", "PERMUT", "PERMUTATIONA", "PHI", "PHONETIC", "PI", "PIVOTBY", "PMT",
    "POISSON", "POWER", "PPMT", "PRICE", "PRICEDISC", "PRICEMAT", "PROB", "PRODUCT", "PROPER", "PV",
    "PY", "QUARTILE", "QUOTIENT", "RADIANS", "RAND", "RANDARRAY", "RANDBETWEEN", "RANK", "RATE",
    "RECEIVED", "REDUCE", "REGISTER", "REGEXEXTRACT", "REGEXREPLACE", "REGEXTEST", "REPLACE",
    "REPLACEB", "REPT", "RIGHT", "RIGHTB", "ROMAN", "ROUND", "ROUNDDOWN", "ROUNDUP", "ROW", "ROWS",
    "RRI", "RSQ", "RTD", "SCAN", "SEARCH", "SEARCHB", "SEC", "SECH", "SECOND", "SEQUENCE",
    "SERIESSUM", "SHEET", "SHEETS", "SIGN", "SIN", "SINH", "SKEW", "SLN", "SLOPE", "SMALL", "SORT",
    "SORTBY", "SQRT", "SQRTPI", "STANDARDIZE", "STDEV", "STDEVA", "STDEVP", "STDEVPA", "STEYX",
    "STOCKHISTORY", "SUBSTITUTE", "SUBTOTAL", "SUM", "SUMIF", "SUMIFS", "SUMPRODUCT", "SUMSQ",
    "SUMX2MY2", "SUMX2PY2", "SUMXMY2", "SWITCH", "SYD", "T", "TAKE", "TAN", "TANH", "TBILLEQ",
    "TBILLPRICE", "TBILLYIELD", "TDIST", "TEXT", "TEXTAFTER", "TEXTBEFORE", "TEXTJOIN", "TEXTSPLIT",
    "TIME", "TIMEVALUE", "TINV", "TOCOL", "TODAY", "TOROW", "TRANSLATE", "TRANSPOSE", "TREND",
    "TRIM", "TRIMMEAN", "TRIMRANGE", "TRUE", "TRUNC", "TTEST", "TYPE", "UNICHAR", "UNICODE",
    "UNIQUE", "UPPER", "USDOLLAR", "VALUE", "VALUETOTEXT", "VAR", "VARA", "VARP", "VARPA", "VDB",
    "VLOOKUP", "VSTACK", "WEBSERVICE", "WEEKDAY", "WEEKNUM", "WEIBULL", "WORKDAY", "WRAPCOLS",
    "WRAPROWS", "XIRR", "XLOOKUP", "XMATCH", "XNPV", "XOR", "YEAR", "YEARFRAC", "YIELD",
    "YIELDDISC", "YIELDMAT", "ZTEST",
))

_NAME = re.compile(r"[A-Za-z_\\][A-Za-z0-9_.]*\Z")
_A1 = re.compile(r"([A-Za-z]{1,3})(\d+)\Z")
_R1C1 = re.compile(r"[RrCc]\d*\Z|[Rr]\d*[Cc]\d*\Z")


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a template's defined name, or None when it can.

    >>> name_problem("ScoreNS") is None, name_problem("IMPS"), name_problem("AB12")
    (True, 'IMPS is a function name', 'AB12 looks like a cell reference')
    """
    if not _NAME.match(name) or len(name) > 255:
        return f"{name} is not a valid name"
    if name.upper() in EXCEL_FUNCTIONS or name.upper() in XLBRIDGE_FUNCTIONS:
        return f"{name} is a function name"
    cell = _A1.match(name)
    if cell and (len(cell[1]) < 3 or cell[1].upper() <= "XFD"):
        return f"{name} looks like a cell reference"
    if _R1C1.match(name):
        return f"{name} looks like an R1C1 reference"
    return None


def named_cells(workbook: Workbook, name: str) -> list[Cell]:
    """The cells of a workbook-level name, row by row (a column or a single cell).

    Raises :class:`KeyError` when the workbook has no such name.
    """
    defined = workbook.defined_names.get(name)
    if defined is None:
        raise KeyError(f"no defined name {name!r} in this workbook")
    cells: list[Cell] = []
    for title, ref in defined.destinations:
        sheet = workbook[title]
        min_col, min_row, max_col, max_row = range_boundaries(ref.replace("$", ""))
        for row in sheet.iter_rows(min_row, max_row, min_col, max_col):
            cells.extend(row)
    return cells


def set_value(cell: Cell, value: Any) -> None:
    """Write a value; text is always stored as text, even ``=HYPERLINK(...)`` or ``+358``.

    openpyxl turns any string starting with ``=`` into a formula: a player's name
    must never become one.
    """
    cell.value = value
    if isinstance(value, str):
        cell.data_type = "s"


def write_named(workbook: Workbook, name: str, values: Iterable[Any]) -> None:
    """Fill a named range from the top; ``None`` leaves a cell blank.

    Raises :class:`~xlbridge.engine.BridgeInputError` when there are more values than cells.
    """
    cells = named_cells(workbook, name)
    values = list(values)
    if len(values) > len(cells):
        raise OptionError(f"{name}: {len(values)} values for {len(cells)} cells")
    for cell, value in zip(cells, values, strict=False):
        set_value(cell, value)


def read_named(workbook: Workbook, name: str) -> list[Any]:
    """The values of a named range, top to bottom (formulas as text unless ``data_only``)."""
    return [cell.value for cell in named_cells(workbook, name)]
