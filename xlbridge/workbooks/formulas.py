"""Formula text shared by the templates (native functions only, see docs/workbooks.md).

Every function takes cell references as text and returns a formula without the
leading ``=``. A result row goes through three hidden helpers and a status:

- ``contract_index``: the contract's row in ``tblContracts`` (1 is PASS, 0 unknown);
- ``seat_index``: the declarer's position in ``tblSeats`` (0 unknown);
- ``status``: 0 blank or half-filled, 1 good, 2 or more a flag (``lookup.FLAGS``).

Only a good row has a score; everything downstream counts numbers only, so blank and
flagged rows drop out without a single error value.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .lookup import CYCLE, flag_code


def _exact_index(value: str, table: str) -> str:
    # MATCH with 0 treats * ? ~ as wildcards ("?" would match "N"): confirm the hit.
    # "=" compares text case-insensitively, as MATCH does, so "4s" is 4S.
    found = f"MATCH(TRIM({value}),{table},0)"
    return f'IF({value}="","",IFERROR(IF(INDEX({table},{found})=TRIM({value}),{found},0),0))'


def contract_index(contract: str) -> str:
    """The contract's row in ``tblContracts``: 1 PASS, 0 unknown, ``""`` blank."""
    return _exact_index(contract, "tblContracts")


def seat_index(declarer: str) -> str:
    """The declarer's position in ``tblSeats`` (N E S W): 0 unknown, ``""`` blank."""
    return _exact_index(declarer, "tblSeats")


def whole_in(value: str, low: int | str, high: int | str | None = None) -> str:
    """TRUE when ``value`` is a whole number from ``low`` (to ``high``); never an error."""
    bounds = f"{value}>={low}" + (f",{value}<={high}" if high is not None else "")
    return f"IF(ISNUMBER({value}),AND({bounds},{value}=INT({value})),FALSE)"


def incomplete(contract_idx: str, contract: str, declarer: str, tricks: str,
               required: Sequence[str] = ()) -> str:
    """TRUE for a blank or half-filled row: no contract, or a contract other than PASS
    without declarer or tricks, or any ``required`` cell blank."""
    blanks = [f'{cell}=""' for cell in (*required, contract)]
    blanks.append(f'AND({contract_idx}<>1,OR({declarer}="",{tricks}=""))')
    return f"OR({','.join(blanks)})"


def bad_contract(contract_idx: str) -> str:
    """TRUE when the contract is not one of ``tblContracts``."""
    return f"{contract_idx}=0"


def bad_declarer(contract_idx: str, seat_idx: str) -> str:
    """TRUE when a played contract has no known declarer."""
    return f"AND({contract_idx}<>1,{seat_idx}=0)"


def bad_tricks(contract_idx: str, tricks: str) -> str:
    """TRUE when a played contract's tricks are not a whole number 0-13."""
    return f"AND({contract_idx}<>1,NOT({whole_in(tricks, 0, 13)}))"


def status(blank: str, checks: Sequence[tuple[str, str]]) -> str:
    """0 when ``blank``, else the code of the first ``(condition, flag)`` that holds,
    else 1 (good). IF evaluates lazily, so later checks may assume earlier ones passed."""
    formula = "1"
    for condition, flag in reversed(checks):
        formula = f"IF({condition},{flag_code(flag)},{formula})"
    return f"IF({blank},0,{formula})"


def flag(status_cell: str) -> str:
    """The row's flag text, ``""`` for blank and good rows."""
    return f'IF({status_cell}<2,"",INDEX(tblFlags,{status_cell}-1))'


def cycle(board: str) -> str:
    """The board's row in the 16-board vulnerability cycle."""
    return f"MOD({board}-1,{CYCLE})+1"


def ns_score(contract_idx: str, seat_idx: str, tricks: str, board: str) -> str:
    """North-South's score of a good row: declarer's score from ``tblScores`` (column
    tricks + 1, or 15 + tricks when declarer is vulnerable), signed for NS."""
    vulnerable = f"INDEX(tblDeclVul,{cycle(board)},{seat_idx})"
    played = f"INDEX(tblScores,{contract_idx},{tricks}+1+14*{vulnerable})"
    return f"IF({contract_idx}=1,0,{played}*INDEX(tblSeatSign,{seat_idx}))"


def imps(difference: str) -> str:
    """IMPs for a score difference, with its sign (``tblImpLow``: bands' lower ends)."""
    return f"SIGN({difference})*(MATCH(ABS({difference}),tblImpLow,1)-1)"


def half_scale(scale_cell: str) -> str:
    """1 for the 2/1/0 scale, 0.5 for 1/½/0 (anything but 1 counts as 2)."""
    return f"IF({scale_cell}=1,0.5,1)"


# --- pairs rows: a contract, NP or an adjusted score ------------------------------------


def row_code_index(contract: str) -> str:
    """The row's position in ``tblRowCodes`` (1 ``NP``, 2... adjusted), 0 if none."""
    return _exact_index(contract, "tblRowCodes")


def split_index(contract: str) -> str:
    """The row's position in ``tblSplits`` (a split score such as ``A60/4S``), 0 if none."""
    return _exact_index(contract, "tblSplits")


def looks_adjusted(contract: str) -> str:
    """TRUE when the text is meant as an adjusted score: ``A`` and a digit."""
    text = f"TRIM({contract})"
    return f'AND(LEFT({text},1)="A",ISNUMBER(-MID({text},2,1)))'


def entry_incomplete(contract_idx: str, code_idx: str, contract: str, declarer: str, tricks: str,
                     required: Sequence[str] = ()) -> str:
    """TRUE for a blank or half-filled pairs row: no contract, any ``required`` cell
    blank, or a played contract without declarer or tricks. ``NP`` and adjusted
    scores (or text meant as one) need neither."""
    blanks = [f'{cell}=""' for cell in (*required, contract)]
    # A split score (A60/4S) has a contract: it needs declarer and tricks as the contract does.
    blanks.append(f'AND({code_idx}=0,{contract_idx}<>1,NOT(AND(N({contract_idx})=0,{looks_adjusted(contract)})),'
                  f'OR({declarer}="",{tricks}=""))')
    return f"OR({','.join(blanks)})"


def entry_checks(contract_idx: str, code_idx: str, seat_idx: str, contract: str, declarer: str,
                 tricks: str) -> list[tuple[str, str]]:
    """The contract, declarer and tricks flags of a pairs row, for :func:`status`: an
    adjusted score or ``NP`` has no declarer and no tricks."""
    played = f"AND({code_idx}=0,{contract_idx}<>1)"
    return [
        (f"AND({contract_idx}=0,{code_idx}=0,{looks_adjusted(contract)})", "flag_adjusted"),
        (f"AND({contract_idx}=0,{code_idx}=0)", "flag_contract"),
        (f'OR(AND({played},{seat_idx}=0),AND({code_idx}>0,{declarer}<>""))', "flag_declarer"),
        (f'OR(AND({played},NOT({whole_in(tricks, 0, 13)})),AND({code_idx}>0,{tricks}<>""))',
         "flag_tricks"),
    ]


def entry_kind(status_cell: str, code_idx: str) -> str:
    """1 a played (or passed-out) result, 2 an adjusted score, 3 not played; ``""``
    for a blank or flagged row."""
    return f'IF({status_cell}<>1,"",IF({code_idx}=0,1,IF({code_idx}=1,3,2)))'


def pair_bad(ns: str, ew: str, unknown: Callable[[str], str]) -> str:
    """TRUE when a typed pair number is not one (``unknown(cell)``), or both are the same
    pair; a blank pair number is fine (a pair from outside the event)."""
    bad = [f'AND({cell}<>"",{unknown(cell)})' for cell in (ns, ew)]
    return f'OR({",".join(bad)},AND({ns}<>"",{ns}={ew}))'


def pair_twice(ns: str, ew: str, count: Callable[[str], str]) -> str:
    """TRUE when a pair of the row plays where it already played (``count(cell)`` rows)."""
    seen = [f'AND({cell}<>"",{count(cell)}>1)' for cell in (ns, ew)]
    return f"OR({','.join(seen)})"


def neuberg(raw: str, expected: str, results: str) -> str:
    """Neuberg's formula on the 2/1/0 scale: ``(M + 1) * N / n - 1``."""
    return f"({raw}+1)*{expected}/{results}-1"


# --- weighted scores: 60% 4SN= 40% 4SN-1 (Law 12C1(c)) -----------------------------------

WORD = 100  # a cell's words are cut at spaces, each padded to this width: a weighted score is at most this long


def looks_weighted(contract: str) -> str:
    """TRUE when the cell is meant as a weighted score: it holds a ``%``."""
    return f'ISNUMBER(FIND("%",{contract}))'


def word(text: str, number: int) -> str:
    """The ``number``-th word (1 first) of ``text``, its words cut at spaces; ``""`` past the last."""
    return f'TRIM(MID(SUBSTITUTE(TRIM(UPPER({text}))," ",REPT(" ",{WORD})),{(number - 1) * WORD + 1},{WORD}))'


def words(text: str) -> str:
    """How many words ``text`` has (0 when blank)."""
    return f'IF(TRIM({text})="",0,LEN(TRIM({text}))-LEN(SUBSTITUTE(TRIM({text})," ",""))+1)'


def percent_word(text: str) -> str:
    """The number a word such as ``60%`` gives, 0 when it is not one."""
    return f'IFERROR(IF(RIGHT({text},1)="%",VALUE(LEFT({text},LEN({text})-1)),0),0)'


def played_score(played: str, board: str) -> str:
    """North-South's score on ``board`` of a played result written as one word, ``4SXN-1``
    (contract, declarer, result as the engine writes it; ``PASS``); ``""`` or an error when it is not one."""
    at = f'MIN(IFERROR(FIND("=",{played}),99),IFERROR(FIND("+",{played}),99),IFERROR(FIND("-",{played}),99))'
    contract, seat, result = f"LEFT({played},{at}-2)", f"MID({played},{at}-1,1)", f"MID({played},{at},3)"
    # The sign apart: LibreOffice's VALUE does not read "+2".
    offset = f'IF({result}="=",0,IF(LEFT({result},1)="+",1,-1)*VALUE(MID({result},2,2)))'
    # The word must be the result written back: "4SN+0" or "4SN=5" is no result.
    written = f'LEFT({played},{at}-1)&IF({offset}=0,"=",IF({offset}>0,"+","")&{offset})'
    tricks = f"(VALUE(LEFT({played},1))+6+{offset})"
    score = ns_score(contract_index(contract), seat_index(seat), tricks, board)
    return (f'IF({played}="PASS",0,IF(AND({written}={played},{contract_index(contract)}>1,'
            f'{seat_index(seat)}>0,{tricks}>=0,{tricks}<=13),{score},""))')
